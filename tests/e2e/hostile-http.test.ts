import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, LAPTOP, openBrowser, PHONE, screenshot, signIn } from "../support/browser";
import { app, baseURL, make } from "../support/e2e";

/**
 * What a person sees of the HTTP side of a hostile audience (decision 012): an unfinished quiz on
 * its card, the login form and the home page's room form once their throttle is reached.
 * Throttled browsers speak from addresses of their own (CF-Connecting-IP, which the local server
 * keeps when a client sends it), so that the rest of the suite, all on 127.0.0.1, is untouched.
 */

const TOO_MANY = "Trop de tentatives, réessayez dans quelques minutes";

/** An address of its own for each run and retry (an IPv6 /64 of the documentation range). */
const freshAddress = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
const contexts: BrowserContext[] = [];

async function browserAt(viewport: { width: number; height: number }, ip?: string) {
  const context = await openBrowser(viewport);
  if (ip) await context.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
  contexts.push(context);
  return context;
}

afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe("A quiz whose map was never confirmed", () => {
  let unique = "";
  let cookie = "";
  beforeAll(async () => {
    const photo = await make.photo(new Uint8Array(readFileSync(path.resolve("db/seed/pictures/tour.jpg"))));
    const mj = await make.mj({ canEdit: false });
    cookie = await app.cookieFor(mj);
    unique = (await make.quiz(mj, { name: "Phares à finir", mapSettings: null, questions: [{ lat: 48.36, lng: -4.62, photo }] })).uniqueName;
    await make.quiz(mj, { name: "Phares prêts", questions: [{ lat: 48.36, lng: -4.62, photo }] });
  }, 60_000);

  it("is marked « À terminer » with the reason on its card, and 'Terminer' opens the wizard on it", async () => {
    for (const [size, viewport] of [["phone", PHONE], ["laptop", LAPTOP]] as const) {
      const context = await browserAt(viewport);
      await signIn(context, cookie, baseURL);
      const page = await context.newPage();
      await page.goto(`${baseURL}/mj`);
      await hydrated(page, ".quiz-card button");
      const card = page.locator(`article[data-quiz="${unique}"]`);
      await card.scrollIntoViewIfNeeded();
      expect(await card.locator(".unfinished-badge").textContent()).toBe("À terminer");
      expect(await card.textContent()).toContain("Ce quiz n'est pas terminé : confirmez sa carte dans l'éditeur avant de le lancer");
      expect(await card.getByRole("link", { name: "Lancer" }).count()).toBe(0);
      expect(await card.getByLabel("Temps de réponse").count()).toBe(0);
      await screenshot(page, `quiz-card-unfinished-${size}`);
      if (size === "laptop") {
        await card.getByRole("link", { name: "Terminer" }).click();
        await page.waitForURL(`${baseURL}/quiz/${unique}/edit`);
        await page.getByRole("heading", { name: "Modifier le quiz" }).waitFor();
      }
    }
  });
});

describe("Throttles, as a person meets them", () => {
  it("the login form says to wait after 10 wrong passwords", async () => {
    const mj = await make.mj();
    const context = await browserAt(LAPTOP, freshAddress());
    const page = await context.newPage();
    await page.goto(`${baseURL}/mj`);
    await hydrated(page);
    /** Sends the form and waits for the server's answer. */
    const submit = async (password: string) => {
      await page.getByLabel("Identifiant").fill(mj.mail);
      await page.getByLabel("Mot de passe").fill(password);
      const answered = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Connexion" }).click();
      return (await answered).status();
    };
    for (let i = 0; i < 10; i++) {
      expect(await submit(`pas-le-bon-${i}`)).toBe(403);
      await expect.poll(() => page.getByRole("alert").textContent()).toBe("Identifiant / Mot de passe incorrect");
    }
    // Even the right password now waits.
    expect(await submit(mj.password)).toBe(429);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(TOO_MANY);
    await screenshot(page, "login-throttled");
    expect(new URL(page.url()).pathname).toBe("/mj");
  });

  it("the home page's room form says to wait once an address has tried 50 unknown numbers", async () => {
    const ip = freshAddress();
    const base = 600_000 + Math.floor(Math.random() * 300_000);
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${baseURL}/api/game/check/${base + i}`, { headers: { "CF-Connecting-IP": ip } });
      expect(res.status).toBe(404);
    }
    const context = await browserAt(PHONE, ip);
    const page = await context.newPage();
    await page.goto(baseURL);
    await hydrated(page);
    await page.getByLabel("Numéro de la salle").fill(String(base + 50));
    await page.getByRole("button", { name: "Rejoindre" }).click();
    await expect.poll(() => page.getByText(TOO_MANY).count()).toBe(1);
    await screenshot(page, "home-room-throttled");
  });
});
