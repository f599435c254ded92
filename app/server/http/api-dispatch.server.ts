/**
 * The API's routes answered without Remix's router (decision 051). Remix matches a request by
 * rebuilding, ranking and trying every route's pattern each time: on a défi's rush that matching
 * was most of what a call cost the Worker when D1 was not asked. An API route is a resource
 * route, a loader and an action that answer a Response (apiRoute, http.server.ts), so this calls
 * them as Remix would, with the same request, params and context, but finds them through
 * patterns compiled once from the build's own route list.
 *
 * It answers only when the choice cannot differ from Remix's: exactly one route without a splat
 * matches (the catch-all `*` page ranks below any of them), the method has its export, and the
 * path has no encoded character. Anything else (a trailing slash, HEAD, an ambiguous path, an
 * encoded character, a page) goes to Remix as before.
 */
import type { AppLoadContext, ServerBuild } from "@remix-run/cloudflare";
import { errorResponse } from "./refusal.server";
import { localeOf } from "../i18n/i18n.server";

type Params = Record<string, string | undefined>;
type DataFunction = (args: { request: Request; params: Params; context: AppLoadContext }) => Promise<unknown> | unknown;
type RouteEntry = { id: string; path?: string; parentId?: string; index?: boolean; module: { loader?: unknown; action?: unknown; default?: unknown } };

/** A path's segments: a fixed one in lower case, or a param (one whole, non-empty segment). */
type Segment = { fixed: string } | { param: string };
type Compiled = { segments: Segment[]; api: boolean; loader?: DataFunction; action?: DataFunction };
/** Every route Remix could choose, compiled once; and the prefixes where it alone must choose. */
export type ApiRoutes = { routes: Compiled[]; remixOnly: string[] };

/** A route's address from the root: its parents' paths, then its own. */
function fullPath(routes: Record<string, RouteEntry | undefined>, route: RouteEntry): string {
  const parts: string[] = [];
  for (let r: RouteEntry | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
  return "/" + parts.join("/").replace(/\/+/g, "/").replace(/^\//, "");
}

/**
 * The build's routes as patterns. An API route is one under /api/ with no default export. A
 * route with a splat or an optional segment (the catch-all page excepted, which ranks below every
 * other) leaves the addresses under its fixed part to Remix: its ranking is Remix's to apply.
 */
export function apiRoutesOf(build: Pick<ServerBuild, "routes">): ApiRoutes {
  const all = build.routes as unknown as Record<string, RouteEntry | undefined>;
  const routes: Compiled[] = [];
  const remixOnly: string[] = [];
  for (const route of Object.values(all)) {
    if (!route) continue;
    const path = fullPath(all, route);
    if (/[*?]/.test(path)) {
      if (path !== "/*") remixOnly.push(path.slice(0, path.search(/[:*?]/)).toLowerCase());
      continue;
    }
    const { loader, action } = route.module;
    routes.push({
      segments: path.split("/").map((s) => (s.startsWith(":") ? { param: s.slice(1) } : { fixed: s.toLowerCase() })),
      api: path.startsWith("/api/") && !route.module.default,
      loader: typeof loader === "function" ? (loader as DataFunction) : undefined,
      action: typeof action === "function" ? (action as DataFunction) : undefined,
    });
  }
  return { routes, remixOnly };
}

/**
 * The params when the path's segments are the route's, fixed ones compared without case (as Remix
 * does), or null. Compared segment by segment rather than through URLPattern: matching every
 * route this way costs a call a few microseconds, where URLPattern cost it a third of a ms.
 */
function matchSegments(route: Segment[], segments: string[], lowerSegments: string[]): Params | null {
  if (route.length !== segments.length) return null;
  const groups: Params = {};
  for (let i = 0; i < route.length; i++) {
    const r = route[i]!;
    if ("fixed" in r) {
      if (r.fixed !== lowerSegments[i]) return null;
    } else {
      if (!segments[i]) return null;
      groups[r.param] = segments[i];
    }
  }
  return groups;
}

/** The one API route and its params for this request, or null when Remix must choose. */
export function findApiRoute(api: ApiRoutes, method: string, pathname: string): { run: DataFunction; params: Params } | null {
  // An encoded character could be a fixed segment written another way (`n%65w` is Remix's `new`):
  // such a path is Remix's to read. Without one, the path is its own decoding.
  const lower = pathname.toLowerCase();
  if (!lower.startsWith("/api/") || method === "HEAD" || pathname.includes("%")) return null;
  if (api.remixOnly.some((prefix) => lower.startsWith(prefix))) return null;
  const segments = pathname.split("/");
  const lowerSegments = lower.split("/");
  let found: { route: Compiled; groups: Params } | null = null;
  for (const route of api.routes) {
    const groups = matchSegments(route.segments, segments, lowerSegments);
    if (!groups) continue;
    if (found) return null;
    found = { route, groups };
  }
  if (!found?.route.api) return null;
  const run = method === "GET" ? found.route.loader : found.route.action;
  if (!run) return null;
  return { run, params: found.groups };
}

/**
 * The answer of the API route for this request, or null to let Remix answer. What the route
 * throws is answered as apiRoute answers it (a Response as it is, anything else as a refusal).
 */
export async function answerApi(api: ApiRoutes, request: Request, pathname: string, context: AppLoadContext): Promise<Response | null> {
  const found = findApiRoute(api, request.method, pathname);
  if (!found) return null;
  try {
    const answer = await found.run({ request, params: found.params, context });
    return answer instanceof Response ? answer : Response.json(answer);
  } catch (error) {
    if (error instanceof Response) return error;
    return errorResponse(error, localeOf(request));
  }
}
