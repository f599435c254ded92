import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRoute, foreignOriginRefusal, isForeignOrigin, pageAction, pageLoader, sendJson } from "./http.server";
import { m } from "@common/i18n/words";
import { Refusal } from "./refusal.server";

afterEach(() => vi.restoreAllMocks());

const SITE = "https://repere.example";

function args(method: string, headers: Record<string, string> = {}) {
  const request = new Request(`${SITE}/api/thing`, { method, headers, body: method === "GET" || method === "HEAD" ? null : "x" });
  return { request, context: {} as AppLoadContext, params: {} };
}

/** What Remix's data() hands back: the body and the response init. */
type Data = { type: string; data: unknown; init: { status?: number; headers?: HeadersInit } | null };

describe("Origin", () => {
  it("lets through no Origin and our own, refuses another site and an opaque one", () => {
    expect(isForeignOrigin(args("POST").request)).toBe(false);
    expect(isForeignOrigin(args("POST", { Origin: SITE }).request)).toBe(false);
    expect(isForeignOrigin(args("POST", { Origin: "https://evil.example" }).request)).toBe(true);
    expect(isForeignOrigin(args("POST", { Origin: "http://repere.example" }).request)).toBe(true);
    expect(isForeignOrigin(args("POST", { Origin: "null" }).request)).toBe(true);
  });

  it("answers a cross-site change with the app's 403 before any route, and lets reads through", async () => {
    expect(foreignOriginRefusal(args("GET", { Origin: "https://evil.example" }).request)).toBeNull();
    expect(foreignOriginRefusal(args("POST", { Origin: SITE }).request)).toBeNull();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = foreignOriginRefusal(args(method, { Origin: "https://evil.example" }).request)!;
      expect(res.status, method).toBe(403);
      expect(await res.json()).toEqual({ error: "Authentification incorrecte" });
    }
  });
});

describe("sendJson", () => {
  it("is never cached unless the route says otherwise", () => {
    expect(sendJson({ ok: true }).headers.get("Cache-Control")).toBe("no-store");
    expect(sendJson([], 201).status).toBe(201);
    const cached = sendJson({}, { headers: { "Cache-Control": "public, max-age=60" } });
    expect(cached.headers.get("Cache-Control")).toBe("public, max-age=60");
  });
});

describe("apiRoute", () => {
  it("answers 405 with the methods it takes, for GET too", async () => {
    const post = vi.fn(() => sendJson({ ok: true }));
    const handle = apiRoute({ POST: post, PATCH: post });
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await handle(args(method));
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("POST, PATCH");
      expect(await res.json()).toEqual({ error: "Méthode non autorisée" });
    }
    expect(post).not.toHaveBeenCalled();
    expect((await handle(args("PATCH"))).status).toBe(200);
  });

  it("serves HEAD with the GET handler", async () => {
    expect((await apiRoute({ GET: () => sendJson([1]) })(args("HEAD"))).status).toBe(200);
  });

  it("refuses a change from another site before its handler runs", async () => {
    const post = vi.fn(() => sendJson({ ok: true }));
    const res = await apiRoute({ POST: post })(args("POST", { Origin: "https://evil.example" }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Authentification incorrecte" });
    expect(post).not.toHaveBeenCalled();
  });

  it("turns a refusal into { error } with its status and headers", async () => {
    const handle = apiRoute({
      GET: () => {
        throw Refusal.forbidden(undefined, { "Set-Cookie": "auth_admin=; Max-Age=0" });
      },
    });
    const res = await handle(args("GET"));
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBe("auth_admin=; Max-Age=0");
    expect(await res.json()).toEqual({ error: "Authentification incorrecte" });
  });

  it("hides a crash behind the generic 500", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const handle = apiRoute({
      POST: async () => {
        throw new Error("secret detail");
      },
    });
    const res = await handle(args("POST"));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Une erreur est survenue au niveau du serveur" });
  });

  it("passes a response thrown on purpose (a redirect) as it is", async () => {
    const handle = apiRoute({
      POST: () => {
        throw redirect("/");
      },
    });
    const res = await handle(args("POST"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });
});

describe("pageAction", () => {
  it("gives the form { error } data with the status of a refusal", async () => {
    const act = pageAction(async (_args: ReturnType<typeof args>, side: string) => {
      throw Refusal.notAuthenticated({ "Set-Cookie": `${side}=; Max-Age=0` });
    });
    const result = (await act(args("POST"), "auth_mj")) as unknown as Data;
    expect(result.type).toBe("DataWithResponseInit");
    expect(result.data).toEqual({ error: "Non authentifié" });
    expect(result.init?.status).toBe(401);
    expect(new Headers(result.init?.headers).get("Set-Cookie")).toBe("auth_mj=; Max-Age=0");
  });

  it("checks the Origin first", async () => {
    const inner = vi.fn(async () => ({ message: "fait" }));
    const result = (await pageAction(inner)(args("POST", { Origin: "https://evil.example" }))) as unknown as Data;
    expect(result.data).toEqual({ error: "Authentification incorrecte" });
    expect(result.init?.status).toBe(403);
    expect(inner).not.toHaveBeenCalled();
    expect(await pageAction(inner)(args("POST", { Origin: SITE }))).toEqual({ message: "fait" });
  });

  it("lets redirects through and hides crashes", async () => {
    const moved = pageAction(async () => {
      throw redirect("/pres");
    });
    await expect(moved(args("POST"))).rejects.toBeInstanceOf(Response);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const crash = pageAction(async () => {
      throw new Error("boom");
    });
    const result = (await crash(args("POST"))) as unknown as Data;
    expect(result.data).toEqual({ error: "Une erreur est survenue au niveau du serveur" });
    expect(result.init?.status).toBe(500);
  });
});

describe("pageLoader", () => {
  it("throws a refusal as { error } data for the error boundary, and lets redirects through", async () => {
    const missing = pageLoader(async () => {
      throw Refusal.notFound(m("common.quizNotFound"));
    });
    const thrown = (await missing(args("GET")).catch((e: unknown) => e)) as Data;
    expect(thrown.type).toBe("DataWithResponseInit");
    expect(thrown.data).toEqual({ error: "Quiz introuvable" });
    expect(thrown.init?.status).toBe(404);
    const login = pageLoader(async () => {
      throw redirect("/mj");
    });
    const moved = await login(args("GET")).catch((e: unknown) => e);
    expect(moved).toBeInstanceOf(Response);
    expect(await pageLoader(async () => ({ view: "login" }))(args("GET"))).toEqual({ view: "login" });
  });
});
