/**
 * How every route answers. A route module is `loader`/`action` -> one call into app/server ->
 * a response; what they all share lives here, once:
 * - the method guard: a method a route does not take answers 405 « Méthode non autorisée »;
 * - the Origin check: a change (any method but GET/HEAD) sent from another site answers 403
 *   « Authentification incorrecte » before anything is read;
 * - refusals: a `Refusal` thrown anywhere becomes `{ error }` with its status, worded in the
 *   asker's language, anything else a logged 500 with the generic sentence (refusal.server.ts
 *   decides both).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { errorAnswer, errorResponse, Refusal, type ErrorBody } from "./refusal.server";
import { localeOf } from "../i18n/i18n.server";

const READS = new Set(["GET", "HEAD"]);

/** An Origin header that names another site. No Origin at all (old browsers, scripts) passes. */
export function isForeignOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== new URL(request.url).origin;
}

function assertSameOrigin(request: Request): void {
  if (isForeignOrigin(request)) throw Refusal.forbidden();
}

/**
 * For the Worker entry, before Remix: a change from another site gets the app's own 403.
 * Remix would otherwise refuse a cross-site page action itself, as a bare 500 that reads as a
 * crash. Returns null when the request may go on.
 */
export function foreignOriginRefusal(request: Request): Response | null {
  if (READS.has(request.method) || !isForeignOrigin(request)) return null;
  return errorResponse(Refusal.forbidden(), localeOf(request));
}

/**
 * The request as Remix gets it. Remix compares a page action's Origin with the Host (or
 * X-Forwarded-Host) header itself and throws a bare 500 when they differ or Host is missing (a
 * proxy, a script, a test): foreignOriginRefusal has already judged the Origin against the URL
 * the Worker serves, so Remix is handed that same host and no forwarded one. One rule decides,
 * and its refusal is the app's own 403.
 */
export function forRemix(request: Request): Request {
  const host = new URL(request.url).host;
  if (request.headers.get("Host") === host && !request.headers.has("X-Forwarded-Host")) return request;
  const headers = new Headers(request.headers);
  headers.set("Host", host);
  headers.delete("X-Forwarded-Host");
  return new Request(request, { headers });
}

/** A JSON answer of an API route: per account and live, so never cached. */
export function sendJson(body: unknown, init: number | ResponseInit = 200): Response {
  const options = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(options.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...options, headers });
}

type Args = LoaderFunctionArgs | ActionFunctionArgs;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type ApiHandler = (args: Args) => Promise<Response> | Response;

/** Remix's `data()` or a Response (a redirect): already an answer, passed on as it is. */
function isAnswer(thrown: unknown): boolean {
  return (
    thrown instanceof Response ||
    (typeof thrown === "object" && thrown !== null && (thrown as { type?: unknown }).type === "DataWithResponseInit")
  );
}

/**
 * An API route (a resource route answering JSON or media): one handler per method it takes.
 * The route exports the result as both its loader and its action, so that every other method,
 * GET included, meets the same 405:
 *   export const action = apiRoute({ POST: ... });
 *   export const loader = action;
 */
export function apiRoute(handlers: Partial<Record<Method, ApiHandler>>) {
  const allowed = Object.keys(handlers);
  return async function handle(args: Args): Promise<Response> {
    try {
      const method = args.request.method === "HEAD" ? "GET" : args.request.method;
      const handler = handlers[method as Method];
      if (!handler) throw Refusal.methodNotAllowed(allowed);
      if (!READS.has(method)) assertSameOrigin(args.request);
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      return errorResponse(error, localeOf(args.request));
    }
  };
}

/**
 * The loader of a page: a refusal shows the route's error boundary with `{ error }` and its
 * status; redirects go through.
 */
export function pageLoader<A extends [Args, ...unknown[]], T>(load: (...args: A) => Promise<T>) {
  return async (...args: A): Promise<T> => {
    try {
      return await load(...args);
    } catch (error) {
      if (isAnswer(error)) throw error;
      const { status, body, headers } = errorAnswer(error, localeOf(args[0].request));
      throw data<ErrorBody>(body, { status, headers });
    }
  };
}

/**
 * The action of a page (its forms and fetchers): Origin checked first; a refusal comes back as
 * `{ error }` data with its status, for the form to show; redirects go through.
 */
export function pageAction<A extends [Args, ...unknown[]], T>(act: (...args: A) => Promise<T>) {
  return async (...args: A) => {
    try {
      assertSameOrigin(args[0].request);
      return await act(...args);
    } catch (error) {
      if (isAnswer(error)) throw error;
      const { status, body, headers } = errorAnswer(error, localeOf(args[0].request));
      return data<ErrorBody>(body, { status, headers });
    }
  };
}
