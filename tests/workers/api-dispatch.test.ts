import { describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/cloudflare";
import { answerApi, apiRoutesOf, findApiRoute } from "~/server/http/api-dispatch.server";

/**
 * The API's routes found without Remix's router (app/server/http/api-dispatch.server.ts): only
 * where Remix could not choose another route; everywhere else, null (Remix answers). URLPattern is
 * the runtime's, hence a test in workerd.
 */

const answer = (name: string) => async ({ params }: { params: Record<string, string | undefined> }) => Response.json({ name, params });
const page = () => null;

/** A build's route list as Remix writes it: flat routes under the root. */
function buildOf(routes: Record<string, { path?: string; index?: boolean; module: Record<string, unknown> }>) {
  const all: Record<string, unknown> = { root: { id: "root", path: "", module: { default: page } } };
  for (const [id, r] of Object.entries(routes)) all[id] = { id, parentId: "root", ...r };
  return { routes: all } as unknown as Pick<ServerBuild, "routes">;
}

const build = buildOf({
  state: { path: "api/defi/:code/state", module: { loader: answer("state"), action: answer("state") } },
  join: { path: "api/defi/:code/join", module: { action: answer("join") } },
  newDefi: { path: "api/defis/new", module: { loader: answer("new"), action: answer("new") } },
  oneDefi: { path: "api/defis/:gameId", module: { loader: answer("one"), action: answer("one") } },
  files: { path: "api/files/*", module: { loader: answer("files") } },
  apiPage: { path: "api/help", module: { default: page, loader: answer("help") } },
  catchAll: { path: "*", module: { default: page, loader: answer("catch-all") } },
});
const api = apiRoutesOf(build);

async function found(method: string, path: string) {
  const hit = findApiRoute(api, method, path);
  if (!hit) return null;
  return (await hit.run({ request: new Request(`https://x${path}`, { method }), params: hit.params, context: {} as never })) as Response;
}

describe("the API's routes without Remix's router", () => {
  it("answers the one route a path can only be, with its params", async () => {
    await expect((await found("GET", "/api/defi/ABC123/state"))!.json()).resolves.toEqual({ name: "state", params: { code: "ABC123" } });
    await expect((await found("POST", "/api/defi/XYZ789/join"))!.json()).resolves.toEqual({ name: "join", params: { code: "XYZ789" } });
    // Remix matches without regard to case; so does this, when one route alone matches.
    await expect((await found("GET", "/API/Defi/x/STATE"))!.json()).resolves.toEqual({ name: "state", params: { code: "x" } });
  });

  it("leaves to Remix whatever it could choose otherwise, or answer otherwise", () => {
    // A fixed segment and a param both match: Remix's ranking chooses.
    expect(findApiRoute(api, "GET", "/api/defis/new")).toBeNull();
    // A route with a splat under /api: its addresses are Remix's.
    expect(findApiRoute(api, "GET", "/api/files/a/b")).toBeNull();
    // An encoded character: `n%65w` is Remix's `new`, and Remix decodes params.
    expect(findApiRoute(api, "GET", "/api/defis/n%65w")).toBeNull();
    expect(findApiRoute(api, "POST", "/api/defi/A%20B%2FC/join")).toBeNull();
    // A page (a default export), HEAD, a method without its export, a trailing slash, a page address.
    expect(findApiRoute(api, "GET", "/api/help")).toBeNull();
    expect(findApiRoute(api, "HEAD", "/api/defi/x/state")).toBeNull();
    expect(findApiRoute(api, "GET", "/api/defi/x/join")).toBeNull();
    expect(findApiRoute(api, "GET", "/api/defi/x/state/")).toBeNull();
    expect(findApiRoute(api, "GET", "/defi/x")).toBeNull();
  });

  it("answers what a route throws as an API route answers it", async () => {
    const throwing = apiRoutesOf(
      buildOf({
        response: { path: "api/a", module: { loader: () => Promise.reject(new Response("gone", { status: 410 })) } },
        error: { path: "api/b", module: { loader: () => Promise.reject(new Error("boom")) } },
        data: { path: "api/c", module: { loader: () => ({ ok: true }) } },
      }),
    );
    const ask = (path: string) => answerApi(throwing, new Request(`https://x${path}`), path, {} as never);
    expect((await ask("/api/a"))!.status).toBe(410);
    const failed = (await ask("/api/b"))!;
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { error: string }).error).toMatch(/\S/);
    await expect((await ask("/api/c"))!.json()).resolves.toEqual({ ok: true });
    await expect(ask("/page")).resolves.toBeNull();
  });
});
