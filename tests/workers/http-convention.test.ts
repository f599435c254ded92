import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SHARED_ROUTES } from "../../app/shared-routes";

/**
 * The conventions every route shares, checked on every route file so that a new route cannot
 * forget them: a change from another site gets the app's own 403 (never Remix's bare 500), and
 * an API route answers a method it does not take with the one French 405.
 */
const ORIGIN = "http://localhost";
/** The sweeps send a few hundred requests one after the other: seconds on a loaded machine. */
const SWEEP = { timeout: 60_000 };
const routeFiles = Object.keys(import.meta.glob("../../app/routes/*.{ts,tsx}"));

/** The address a flat route file answers, every parameter filled with "1". */
function urlOf(file: string): string {
  const name = file.slice(file.lastIndexOf("/") + 1).replace(/\.tsx?$/, "");
  const segments = name
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => (s.startsWith("$") ? "1" : s.replace(/_$/, "")));
  return `/${segments.join("/")}`;
}

/** The addresses of a module shared by several (app/shared-routes.ts), parameters filled with "1". */
const shared = (page: boolean) =>
  SHARED_ROUTES.filter((r) => r.file.endsWith(".tsx") === page).flatMap((r) => r.paths.map((p) => `/${p.replace(/:\w+/g, "1")}`));

const pages = [...routeFiles.filter((f) => f.endsWith(".tsx")).map(urlOf), ...shared(true)];
const apis = [...routeFiles.filter((f) => /\/api\.[^/]*\.ts$/.test(f)).map(urlOf), ...shared(false)];

function send(path: string, method: string, origin: string) {
  const form = new FormData();
  form.set("intent", "logout");
  return SELF.fetch(`${ORIGIN}${path}`, {
    method,
    body: method === "GET" || method === "HEAD" ? undefined : form,
    headers: { Host: "localhost", Origin: origin },
    redirect: "manual",
  });
}

describe("a change sent from another site", () => {
  it("gets the app's 403 « Authentification incorrecte » on every page and API route", SWEEP, async () => {
    expect(pages).toContain("/pres");
    expect(pages).toContain("/mj/salle/1");
    expect(apis).toContain("/api/game/launch");
    expect(apis).toContain("/api/auth/mj/login");
    for (const path of [...pages, ...pages.map((p) => `${p}?index`), "/pres.data?index", ...apis]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const res = await send(path, method, "https://evil.example");
        expect({ path, method, status: res.status }).toEqual({ path, method, status: 403 });
        expect(await res.json()).toEqual({ error: "Authentification incorrecte" });
      }
    }
  });

  it("is refused even when a proxy passes the other site's name as Host", async () => {
    const res = await SELF.fetch(`${ORIGIN}/mj?index`, {
      method: "POST",
      body: new URLSearchParams({ intent: "logout" }),
      headers: { Host: "evil.example", Origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(res.status).toBe(403);
  });

  it("leaves reads from another site alone, and changes from our own pages", async () => {
    expect((await send("/pres", "GET", "https://evil.example")).status).toBe(200);
    const logout = await send("/mj?index", "POST", ORIGIN);
    expect(logout.status).toBe(302);
    expect(logout.headers.get("Location")).toBe("/");
  });
});

describe("the method guard", () => {
  it("answers 405 « Méthode non autorisée » with Allow on every API route, for each method it does not take", SWEEP, async () => {
    for (const path of apis) {
      const put = await send(path, "PUT", ORIGIN);
      expect({ path, status: put.status }).toEqual({ path, status: 405 });
      expect(await put.json()).toEqual({ error: "Méthode non autorisée" });
      const allowed = (put.headers.get("Allow") ?? "").split(", ");
      expect(allowed.length, path).toBeGreaterThan(0);
      for (const method of ["GET", "POST", "PATCH", "DELETE"].filter((m) => !allowed.includes(m))) {
        const res = await send(path, method, ORIGIN);
        expect({ path, method, status: res.status }).toEqual({ path, method, status: 405 });
        expect(res.headers.get("Allow")).toBe(put.headers.get("Allow"));
        expect(await res.json()).toEqual({ error: "Méthode non autorisée" });
      }
    }
  });
});
