import { describe, expect, it } from "vitest";
import { app, cookieOf, get, make, post, postJson, shownMarkup } from "../support/workers";

describe("logins: sessions, refusals and their French messages", () => {
  it("shows the admin login at /pres and the MJ login at /mj", async () => {
    const pres = await shownMarkup(await get("/pres"));
    expect(pres).toContain(">Mail<");
    expect(pres).toContain(">Mot de passe<");
    expect(pres).toContain(">Connexion<");
    expect(pres).not.toContain("Modifier les points");
    const mjPage = await (await get("/mj")).text();
    expect(mjPage).toContain(">Identifiant<");
    expect(mjPage).toContain(">Connexion<");
  });

  it("answers the admin login call: 400 empty, 403 wrong, 200 with a jwt and the cookie", async () => {
    await app.admin();
    let res = await postJson("/api/auth/login", { identifiant: "", password: "" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Tous les champs sont obligatoires" });
    res = await postJson("/api/auth/login", { identifiant: "admin@repere.test", password: "nope" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Identifiant / Mot de passe incorrect" });
    res = await postJson("/api/auth/login", { identifiant: "nobody@repere.test", password: "nope" });
    expect(res.status).toBe(403);
    res = await postJson("/api/auth/login", { identifiant: " Admin@Repere.test ", password: "admin-test-password" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { jwt: string };
    expect(body.jwt.split(".")).toHaveLength(3);
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toContain(`auth_admin=${body.jwt}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).toMatch(/Path=\//);
    // The token opens the dashboard.
    const page = await (await get("/pres", `auth_admin=${body.jwt}`)).text();
    expect(page).toContain("Administration");
    expect(page).toContain("Modifier les points");
  });

  it("answers the MJ login call, refuses an expired MJ with a clear message and the admin on the MJ side", async () => {
    const camille = await make.mj({ password: "secret-camille" });
    let res = await postJson("/api/auth/mj/login", { identifiant: camille.mail, password: "secret-camille" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(/^auth_mj=/);
    const old = await make.mj({ password: "secret-old", expired: true });
    res = await postJson("/api/auth/mj/login", { identifiant: old.mail, password: "secret-old" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/Votre accès a expiré/);
    // Expiry is only told to someone who knows the password.
    res = await postJson("/api/auth/mj/login", { identifiant: old.mail, password: "wrong" });
    expect(await res.json()).toEqual({ error: "Identifiant / Mot de passe incorrect" });
    res = await postJson("/api/auth/mj/login", { identifiant: "admin@repere.test", password: "admin-test-password" });
    expect(res.status).toBe(403);
    res = await postJson("/api/auth/login", { identifiant: camille.mail, password: "secret-camille" });
    expect(res.status).toBe(403);
    res = await postJson("/api/auth/mj/login", {});
    expect(res.status).toBe(400);
  });

  it("checks tokens: 200 valid, 401 none, 403 bad or expired, and deletes the cookie", async () => {
    const root = await app.admin();
    expect((await get("/api/auth/check", await cookieOf(root))).status).toBe(200);
    const none = await get("/api/auth/check");
    expect(none.status).toBe(401);
    const bad = await get("/api/auth/check", "auth_admin=abc.def.ghi");
    expect(bad.status).toBe(403);
    expect(bad.headers.get("Set-Cookie")).toMatch(/^auth_admin=; Path=\/; Max-Age=0/);
    const camille = await make.mj();
    expect((await get("/api/auth/mj/check", await cookieOf(camille))).status).toBe(200);
    // An MJ token is not an admin token.
    expect((await get("/api/auth/check", (await cookieOf(camille)).replace("auth_mj", "auth_admin"))).status).toBe(403);
    const old = await make.mj({ expired: true });
    const expired = await get("/api/auth/mj/check", await cookieOf(old));
    expect(expired.status).toBe(403);
    expect(expired.headers.get("Set-Cookie")).toMatch(/^auth_mj=; Path=\/; Max-Age=0/);
  });

  it("logs in from the page form: messages on the form, cookie and redirect on success", async () => {
    await app.admin();
    let res = await post("/pres?index", { intent: "login", identifiant: "", password: "" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Tous les champs sont obligatoires");
    res = await post("/pres?index", { intent: "login", identifiant: "admin@repere.test", password: "x" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Identifiant / Mot de passe incorrect");
    res = await post("/pres?index", { intent: "login", identifiant: "admin@repere.test", password: "admin-test-password" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/pres");
    expect(res.headers.get("Set-Cookie")).toMatch(/^auth_admin=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax/);

    const old = await make.mj({ password: "pw-old", expired: true });
    res = await post("/mj?index", { intent: "login", identifiant: old.mail, password: "pw-old" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Votre accès a expiré");
  });

  it("deletes a bad or expired cookie on a page load and shows the login", async () => {
    const bad = await get("/pres", "auth_admin=not-a-token");
    expect(bad.status).toBe(200);
    expect(bad.headers.get("Set-Cookie")).toMatch(/^auth_admin=; Path=\/; Max-Age=0/);
    expect(await bad.text()).toContain(">Connexion<");
    const old = await make.mj({ expired: true });
    const expired = await get("/mj", await cookieOf(old));
    expect(expired.headers.get("Set-Cookie")).toMatch(/^auth_mj=; Path=\/; Max-Age=0/);
    expect(await expired.text()).toContain(">Identifiant<");
  });

  it("logs an MJ out: cookie cleared, back home", async () => {
    const camille = await make.mj();
    const res = await post("/mj?index", { intent: "logout" }, await cookieOf(camille));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.get("Set-Cookie")).toMatch(/^auth_mj=; Path=\/; Max-Age=0/);
    const api = await post("/api/auth/logout", { side: "mj" }, await cookieOf(camille));
    expect(api.status).toBe(302);
    expect(api.headers.get("Set-Cookie")).toMatch(/^auth_mj=; Path=\/; Max-Age=0/);
    expect((await post("/api/auth/logout", {}, undefined, "https://evil.example")).status).toBe(403);
  });
});

describe("dashboards", () => {
  it("titles and buttons: admin 'Administration' with its tools, MJ 'Maîtres du jeu' with 'Déconnexion'", async () => {
    const root = await app.admin();
    const adminPage = await shownMarkup(await get("/pres", await cookieOf(root)));
    expect(adminPage).toContain("<h1>Administration</h1>");
    for (const label of [
      "Nouveau",
      "Modifier les points",
      "Redémarrer",
      "Mettre à jour la photo du Lobby",
      "Créer un dossier",
      "Gérer les sons",
      "Maîtres du jeu",
    ]) {
      expect(adminPage).toContain(label);
    }
    expect(adminPage).toContain('action="/pres/restart"');
    expect(adminPage).toContain('href="/pres/sound"');
    expect(adminPage).toContain('href="/pres/mj"');
    expect(adminPage).not.toContain("Déconnexion");

    const camille = await make.mj();
    const mjPage = await shownMarkup(await get("/mj", await cookieOf(camille)));
    expect(mjPage).toContain("<h1>Maîtres du jeu</h1>");
    expect(mjPage).toContain("Déconnexion");
    expect(mjPage).toContain('href="/quiz/new"');
    for (const label of ["Modifier les points", "Redémarrer", "Gérer les sons", 'href="/pres/mj"']) {
      expect(mjPage).not.toContain(label);
    }
  });

  it("an admin cookie does not open the MJ side, an MJ cookie does not open the admin side", async () => {
    const root = await app.admin();
    const camille = await make.mj();
    expect(await (await get("/mj", await cookieOf(root))).text()).toContain(">Identifiant<");
    expect(await (await get("/pres", await cookieOf(camille))).text()).toContain(">Mail<");
  });
});
