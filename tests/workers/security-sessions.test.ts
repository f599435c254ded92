import { env, SELF } from "cloudflare:test";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { make, ORIGIN, postData } from "../support/workers";

/** Sessions end when they should (a logout, a new password), and their cookies are Secure off localhost. */

async function loginToken(side: "admin" | "mj", identifiant: string, password: string, origin = ORIGIN): Promise<string> {
  const res = await SELF.fetch(`${origin}${side === "admin" ? "/api/auth/login" : "/api/auth/mj/login"}`, {
    method: "POST",
    body: JSON.stringify({ identifiant, password }),
    headers: { "Content-Type": "application/json", Origin: origin },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { jwt: string }).jwt;
}

const checkMj = (token: string) => SELF.fetch(`${ORIGIN}/api/auth/mj/check`, { headers: { Cookie: `auth_mj=${token}` } });
const checkBearer = (token: string) => SELF.fetch(`${ORIGIN}/api/auth/mj/check`, { headers: { Authorization: `Bearer ${token}` } });

describe("sessions", () => {
  it("logging out ends every session of the account, on every device, cookie or Bearer", async () => {
    const mj = await make.mj();
    const phone = await loginToken("mj", mj.mail, mj.password);
    const laptop = await loginToken("mj", mj.mail, mj.password);
    expect((await checkMj(phone)).status).toBe(200);
    expect((await checkBearer(laptop)).status).toBe(200);

    const out = await SELF.fetch(`${ORIGIN}/mj?index`, {
      method: "POST",
      body: new URLSearchParams({ intent: "logout" }),
      headers: { Origin: ORIGIN, Cookie: `auth_mj=${phone}` },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("Set-Cookie")).toMatch(/^auth_mj=; .*Max-Age=0/);

    // The copied token (a stolen cookie, the other device) no longer opens anything.
    for (const res of [await checkMj(phone), await checkMj(laptop), await checkBearer(laptop)]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Authentification incorrecte" });
    }
    const dashboard = await (await SELF.fetch(`${ORIGIN}/mj`, { headers: { Cookie: `auth_mj=${laptop}` } })).text();
    expect(dashboard).toContain(">Connexion<");
    // Logging in again works.
    expect((await checkMj(await loginToken("mj", mj.mail, mj.password))).status).toBe(200);
  });

  it("the JSON logout does the same", async () => {
    const mj = await make.mj();
    const token = await loginToken("mj", mj.mail, mj.password);
    const out = await SELF.fetch(`${ORIGIN}/api/auth/logout`, {
      method: "POST",
      body: new URLSearchParams({ side: "mj" }),
      headers: { Origin: ORIGIN, Cookie: `auth_mj=${token}` },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    expect((await checkMj(token)).status).toBe(403);
  });

  it("a new password set by the admin ends the MJ's sessions; the new password opens a new one", async () => {
    const admin = await make.account({ role: "admin" });
    const adminToken = await loginToken("admin", admin.mail, admin.password);
    const mj = await make.mj({ password: "ancien-secret" });
    const before = await loginToken("mj", mj.mail, "ancien-secret");

    // Saving the MJ without a password keeps the sessions.
    const keep = new FormData();
    for (const [k, v] of Object.entries({ id: String(mj.id), name: mj.name, mail: mj.mail, password: "", expiration: "2099-01-01", nb_game: "" })) keep.set(k, v);
    let res = await SELF.fetch(`${ORIGIN}/api/pres/admin/mj`, { method: "PATCH", body: keep, headers: { Origin: ORIGIN, Cookie: `auth_admin=${adminToken}` } });
    expect(res.status).toBe(200);
    expect((await checkMj(before)).status).toBe(200);

    keep.set("password", "nouveau-secret");
    res = await SELF.fetch(`${ORIGIN}/api/pres/admin/mj`, { method: "PATCH", body: keep, headers: { Origin: ORIGIN, Cookie: `auth_admin=${adminToken}` } });
    expect(res.status).toBe(200);
    expect((await checkMj(before)).status).toBe(403);
    const after = await loginToken("mj", mj.mail, "nouveau-secret");
    expect((await checkMj(after)).status).toBe(200);
    // The admin's own session is untouched.
    expect((await SELF.fetch(`${ORIGIN}/api/auth/check`, { headers: { Cookie: `auth_admin=${adminToken}` } })).status).toBe(200);
  });

  it("refuses a token signed with the right key but without a session version (issued before versions existed)", async () => {
    const mj = await make.mj();
    const legacy = await new SignJWT({ role: "mj" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(mj.id))
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    expect((await checkMj(legacy)).status).toBe(403);
  });
});

describe("the administrator's own password", () => {
  const checkAdmin = (token: string) => SELF.fetch(`${ORIGIN}/api/auth/check`, { headers: { Cookie: `auth_admin=${token}` } });
  const change = (token: string, fields: Record<string, string>) => postData("/pres/password", fields, `auth_admin=${token}`);

  it("changes on the dashboard: the other sessions end, this one goes on with its new cookie, the new password logs in", async () => {
    const admin = await make.account({ role: "admin", password: "ancien-mot-de-passe" });
    const here = await loginToken("admin", admin.mail, "ancien-mot-de-passe");
    const elsewhere = await loginToken("admin", admin.mail, "ancien-mot-de-passe");
    const res = await change(here, { current: "ancien-mot-de-passe", password: "nouveau-mot-de-passe", confirm: "nouveau-mot-de-passe" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Mot de passe changé : vos autres sessions sont fermées");
    const fresh = /^auth_admin=([^;]+);/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
    expect(fresh).toBeTruthy();
    // The other device, and the old token of this one, no longer open anything.
    expect((await checkAdmin(elsewhere)).status).toBe(403);
    expect((await checkAdmin(here)).status).toBe(403);
    // This browser stays logged in with the cookie it was given.
    expect((await checkAdmin(fresh!)).status).toBe(200);
    // The old password is gone, the new one opens.
    const old = await SELF.fetch(`${ORIGIN}/api/auth/login`, {
      method: "POST",
      body: JSON.stringify({ identifiant: admin.mail, password: "ancien-mot-de-passe" }),
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "192.0.2.77" },
    });
    expect(old.status).toBe(403);
    expect((await checkAdmin(await loginToken("admin", admin.mail, "nouveau-mot-de-passe"))).status).toBe(200);
  });

  it("refuses a wrong current password, a short or mistyped new one, and the same again, changing nothing", async () => {
    const admin = await make.account({ role: "admin", password: "mot-de-passe-actuel" });
    const token = await loginToken("admin", admin.mail, "mot-de-passe-actuel");
    const cases: [Record<string, string>, number, string][] = [
      [{ current: "pas-le-bon-mot", password: "nouveau-mot-de-passe", confirm: "nouveau-mot-de-passe" }, 403, "Mot de passe actuel incorrect"],
      [{ current: "mot-de-passe-actuel", password: "onze-signes", confirm: "onze-signes" }, 400, "Le mot de passe doit contenir au moins 12 caractères"],
      [{ current: "mot-de-passe-actuel", password: "nouveau-mot-de-passe", confirm: "nouveau-mot-de-pass" }, 400, "Les deux nouveaux mots de passe ne sont pas identiques"],
      [{ current: "mot-de-passe-actuel", password: "mot-de-passe-actuel", confirm: "mot-de-passe-actuel" }, 400, "Le nouveau mot de passe doit être différent de l'actuel"],
      [{ current: "", password: "nouveau-mot-de-passe", confirm: "nouveau-mot-de-passe" }, 400, "Tous les champs sont obligatoires"],
    ];
    for (const [fields, status, error] of cases) {
      const res = await change(token, fields);
      expect({ fields, status: res.status }).toEqual({ fields, status });
      expect(await res.text()).toContain(error);
    }
    expect((await checkAdmin(token)).status).toBe(200);
    expect((await checkAdmin(await loginToken("admin", admin.mail, "mot-de-passe-actuel"))).status).toBe(200);
  });

  it("is the admin's only: an MJ's session or nobody is refused", async () => {
    const mj = await make.mj();
    const mjToken = await loginToken("mj", mj.mail, mj.password);
    const fields = { current: mj.password, password: "nouveau-mot-de-passe", confirm: "nouveau-mot-de-passe" };
    expect((await postData("/pres/password", fields, `auth_mj=${mjToken}`)).status).toBe(403);
    expect((await postData("/pres/password", fields)).status).toBe(401);
    expect((await checkMj(await loginToken("mj", mj.mail, mj.password))).status).toBe(200);
  });
});

describe("cookies", () => {
  it("are Secure on a real host, and not on the developer's machine over http", async () => {
    const mj = await make.mj();
    const cookieAt = async (origin: string) => {
      const res = await SELF.fetch(`${origin}/api/auth/mj/login`, {
        method: "POST",
        body: JSON.stringify({ identifiant: mj.mail, password: mj.password }),
        headers: { "Content-Type": "application/json", Origin: origin },
      });
      expect(res.status).toBe(200);
      return res.headers.get("Set-Cookie")!;
    };
    expect(await cookieAt("https://repere.example")).toMatch(/; Secure$/);
    // Behind a proxy that speaks plain http to the Worker, the host still decides.
    expect(await cookieAt("http://repere.example")).toMatch(/; Secure$/);
    expect(await cookieAt("http://localhost")).not.toMatch(/Secure/);
    expect(await cookieAt("http://127.0.0.1:8787")).not.toMatch(/Secure/);
    // Logging out clears the cookies with the same flags.
    const logout = (origin: string) =>
      SELF.fetch(`${origin}/api/auth/logout`, { method: "POST", headers: { Origin: origin }, redirect: "manual" });
    expect((await logout("https://repere.example")).headers.get("Set-Cookie")).toMatch(/; Secure/);
    expect((await logout("http://localhost")).headers.get("Set-Cookie")).not.toMatch(/Secure/);
  });
});
