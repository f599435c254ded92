/**
 * The workshop's language follows its account: the switch, used while logged in, keeps the choice
 * with the account; a login hands the device the account's language; the pages are worded in the
 * request's language.
 */
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "@db/schema";
import { cookieOf, db, get, make, ORIGIN, post, postJson } from "../support/workers";

const localeOf = async (id: number) => (await db().select({ locale: accounts.locale }).from(accounts).where(eq(accounts.id, id)))[0]?.locale;

/** The language switch as the page's own fetch sends it. */
function switchTo(lang: string, cookie?: string) {
  const body = new FormData();
  body.append("lang", lang);
  return SELF.fetch(`${ORIGIN}/api/lang`, {
    method: "POST",
    body,
    headers: { Host: "localhost", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

const langCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("lang="));

describe("the workshop in its account's language", () => {
  it("keeps the language chosen with the switch on every account logged in on the device", async () => {
    const mj = await make.mj();
    const admin = await make.account({ role: "admin" });
    const both = `${await cookieOf(mj)}; ${await cookieOf(admin)}`;
    const res = await switchTo("de", both);
    expect(res.status).toBe(200);
    expect(langCookie(res)).toMatch(/^lang=de; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(await localeOf(mj.id)).toBe("de");
    expect(await localeOf(admin.id)).toBe("de");

    // Nobody logged in: the device alone keeps it; a stale session changes nothing.
    const other = await make.mj();
    expect((await switchTo("en")).status).toBe(200);
    expect((await switchTo("en", "auth_mj=forged.token.here")).status).toBe(200);
    expect(await localeOf(other.id)).toBeNull();
    // Not a language of the app: refused, nothing kept.
    expect((await switchTo("xx", await cookieOf(mj))).status).toBe(400);
    expect(await localeOf(mj.id)).toBe("de");
  });

  it("hands the device the account's language at login, and loads the page again whole when it changes", async () => {
    const mj = await make.mj({ password: "mot-de-passe-de-test" });
    await db().update(accounts).set({ locale: "en" }).where(eq(accounts.id, mj.id));
    const res = await post("/mj?index", { intent: "login", identifiant: mj.mail, password: "mot-de-passe-de-test" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/mj");
    expect(langCookie(res)).toMatch(/^lang=en;/);
    expect(res.headers.get("X-Remix-Reload-Document")).toBe("true");
    const session = res.headers.getSetCookie().find((c) => c.startsWith("auth_mj="))!.split(";")[0]!;
    const page = await (await get("/mj", `${session}; lang=en`)).text();
    expect(page).toContain('<html lang="en"');
    expect(page).toContain("Create a folder");

    // Already in that language: an ordinary redirect.
    const again = await SELF.fetch(`${ORIGIN}/mj?index`, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", identifiant: mj.mail, password: "mot-de-passe-de-test" }),
      headers: { Host: "localhost", Origin: ORIGIN, Cookie: "lang=en" },
      redirect: "manual",
    });
    expect(again.headers.get("X-Remix-Reload-Document")).toBeNull();
    expect(langCookie(again)).toMatch(/^lang=en;/);

    // The JSON login hands it too; an account that never chose leaves the device's own.
    const json = await postJson("/api/auth/mj/login", { identifiant: mj.mail, password: "mot-de-passe-de-test" });
    expect(langCookie(json)).toMatch(/^lang=en;/);
    const never = await make.mj({ password: "mot-de-passe-de-test" });
    const plain = await post("/mj?index", { intent: "login", identifiant: never.mail, password: "mot-de-passe-de-test" });
    expect(plain.status).toBe(302);
    expect(langCookie(plain)).toBeUndefined();
    expect(plain.headers.get("X-Remix-Reload-Document")).toBeNull();
  });

  it("words the workshop's pages in the request's language, French by default", async () => {
    const mj = await make.mj();
    const cookie = await cookieOf(mj);
    const fr = await (await get("/mj", cookie)).text();
    expect(fr).toContain('<html lang="fr"');
    expect(fr).toContain("<title>Maîtres du jeu — Repère</title>");
    expect(fr).toContain("Créer un dossier");
    const de = await (await get("/mj", `${cookie}; lang=de`)).text();
    expect(de).toContain("<title>Spielleiter — Repère</title>");
    expect(de).toContain("Ordner erstellen");
    const en = await (await get("/mj/lobby", `${cookie}; lang=en`)).text();
    expect(en).toContain("<title>Lobby picture — Repère</title>");
    expect(en).toContain("Update the lobby picture");
  });
});
