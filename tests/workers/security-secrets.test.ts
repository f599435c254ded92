import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../server";
import LOCAL_DEFAULTS from "~/server/auth/local-defaults.json";
import { eq } from "drizzle-orm";
import { accounts } from "@db/schema";
import { verifyPassword } from "~/server/auth/password.server";
import { unique } from "../support/factory";
import { app, db, make, ORIGIN, postData } from "../support/workers";

/**
 * A deployment with the repository's local secrets, or weak ones, serves nothing (the local
 * defaults are public). The Worker is called here with the environment a deployment would give
 * it; the host in the request's URL says where it runs.
 */

const STRONG = { JWT_SECRET: "a-production-secret-of-forty-characters!", ADMIN_PASSWORD: "un-mot-de-passe-solide" };

async function serve(url: string, vars: Partial<Env>, init?: RequestInit) {
  const ctx = createExecutionContext();
  const request = new Request(url, init) as Request<unknown, IncomingRequestCfProperties>;
  const res = await worker.fetch(request, { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a deployment with weak secrets", () => {
  const weak: [string, Partial<Env>, string][] = [
    ["the local JWT_SECRET", { ...STRONG, JWT_SECRET: LOCAL_DEFAULTS.JWT_SECRET }, "JWT_SECRET is the local development default"],
    ["a 31-character JWT_SECRET", { ...STRONG, JWT_SECRET: "x".repeat(31) }, "JWT_SECRET is missing or shorter than 32 characters"],
    ["no JWT_SECRET", { ...STRONG, JWT_SECRET: undefined }, "JWT_SECRET is missing or shorter than 32 characters"],
    ["the local ADMIN_PASSWORD", { ...STRONG, ADMIN_PASSWORD: LOCAL_DEFAULTS.ADMIN_PASSWORD }, "ADMIN_PASSWORD is the local development default"],
    ["an 11-character ADMIN_PASSWORD", { ...STRONG, ADMIN_PASSWORD: "onze-signes" }, "ADMIN_PASSWORD is shorter than 12 characters"],
  ];

  it.each(weak)("with %s, answers every request with the French 503 page and names the variable in the logs, never its value", async (_, vars, logged) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [path, init] of [
      ["/", undefined],
      ["/pres", undefined],
      ["/api/auth/login", { method: "POST", body: "{}", headers: { "Content-Type": "application/json", Origin: "https://repere.example" } }],
      ["/parties/game-room/123456", { headers: { Upgrade: "websocket" } }],
      ["/api/csp-report", { method: "POST", body: "{}", headers: { "Content-Type": "application/csp-report" } }],
    ] as [string, RequestInit | undefined][]) {
      const res = await serve(`https://repere.example${path}`, vars, init);
      expect({ path, status: res.status }).toEqual({ path, status: 503 });
      expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
      const page = await res.text();
      expect(page).toContain("<h1>Installation non configurée</h1>");
      expect(page).toContain("Administrateur : définissez des secrets de production");
    }
    const said = errors.mock.calls.map((c) => c.join(" ")).join("\n");
    expect(said).toContain(logged);
    for (const value of [vars.JWT_SECRET, vars.ADMIN_PASSWORD]) if (value) expect(said).not.toContain(value);
  });

  it("serves with production-grade secrets, and without ADMIN_PASSWORD (it only creates a missing admin)", async () => {
    for (const vars of [STRONG, { ...STRONG, ADMIN_PASSWORD: undefined }]) {
      const res = await serve("https://repere.example/", vars);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Repère");
    }
  });

  it("serves the developer's machine with the local defaults: localhost, 127.0.0.1, [::1]", async () => {
    for (const origin of ["http://localhost:5173", "http://127.0.0.1:8787", "http://[::1]:5173"]) {
      const res = await serve(`${origin}/`, { JWT_SECRET: LOCAL_DEFAULTS.JWT_SECRET, ADMIN_PASSWORD: LOCAL_DEFAULTS.ADMIN_PASSWORD });
      expect({ origin, status: res.status }).toEqual({ origin, status: 200 });
    }
  });

  it("the test Worker itself is configured for production: a non-local host is served", async () => {
    expect((await SELF.fetch("https://repere.example/")).status).toBe(200);
    expect((await SELF.fetch(`${ORIGIN}/`)).status).toBe(200);
  });
});

describe("the published local admin password", () => {
  const published = [LOCAL_DEFAULTS.ADMIN_PASSWORD, ` ${LOCAL_DEFAULTS.ADMIN_PASSWORD.toUpperCase()} `];
  const refusal = "Ce mot de passe est publié avec Repère (le mot de passe local par défaut) : choisissez-en un autre";

  it("cannot become the administrator's new password", async () => {
    const admin = await make.account({ role: "admin", password: "mot-de-passe-actuel" });
    const cookie = await app.cookieFor(admin);
    for (const password of published) {
      const res = await postData("/pres/password", { current: "mot-de-passe-actuel", password, confirm: password }, cookie);
      expect({ password, status: res.status }).toEqual({ password, status: 400 });
      expect(await res.text()).toContain(refusal.replace("'", "&#x27;"));
    }
    // Nothing changed: the current password still opens, the published one does not.
    const login = (password: string) =>
      SELF.fetch(`${ORIGIN}/api/auth/login`, {
        method: "POST",
        body: JSON.stringify({ identifiant: admin.mail, password }),
        headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "192.0.2.91" },
      });
    expect((await login(LOCAL_DEFAULTS.ADMIN_PASSWORD)).status).toBe(403);
    expect((await login("mot-de-passe-actuel")).status).toBe(200);
  });

  it("cannot be given to a game master, at creation or later", async () => {
    const asAdmin = await app.cookieFor(await make.account({ role: "admin" }));
    const mj = await make.mj();
    for (const password of published) {
      for (const [method, fields] of [
        ["POST", { name: "Camille", mail: `${unique("camille")}@repere.test`, password, expiration: "2099-12-31", nb_game: "" }],
        ["PATCH", { id: String(mj.id), name: mj.name, mail: mj.mail, password, expiration: "2099-12-31", nb_game: "" }],
      ] as const) {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.set(k, v);
        const res = await SELF.fetch(`${ORIGIN}/api/pres/admin/mj`, { method, body: form, headers: { Origin: ORIGIN, Cookie: asAdmin } });
        expect({ fields, status: res.status }).toEqual({ fields, status: 400 });
        expect(await res.json()).toEqual({ error: refusal });
      }
    }
    expect(await verifyPassword(mj.password, (await db().select().from(accounts).where(eq(accounts.id, mj.id)))[0]!.passwordHash)).toBe(true);
  });
});
