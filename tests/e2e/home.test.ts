import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, openBrowser, screenshot, seriousViolations } from "../support/browser";
import { baseURL } from "../support/e2e";
let browser: BrowserContext;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("Players can look for a room from the home page", () => {
  it("shows the title, the tagline, the form and the footer links", async () => {
    const page = await browser.newPage();
    await page.goto(baseURL + "/");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Repère");
    expect(await page.getByText("Trouvez où les photos ont été prises").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Administration" }).getAttribute("href")).toBe("/pres");
    expect(await page.getByRole("link", { name: "Maîtres du jeu" }).getAttribute("href")).toBe("/mj");
    await screenshot(page, "home-phone");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("says the room does not exist after typing an unknown number", async () => {
    const page = await browser.newPage();
    await page.goto(baseURL + "/");
    await hydrated(page);
    await page.getByLabel("Numéro de la salle").fill("987654");
    const check = page.waitForResponse((r) => r.url().includes("/api/game/check/987654"));
    await page.getByRole("button", { name: "Rejoindre" }).click();
    expect((await check).status()).toBe(404);
    await expect(
      page.getByRole("alert").textContent({ timeout: 10_000 }),
    ).resolves.toBe("Cette salle n'existe pas ou n'est pas accessible");
    await screenshot(page, "home-room-not-found");
    await page.close();
  });

  it("asks for a number before calling the server", async () => {
    const page = await browser.newPage();
    await page.goto(baseURL + "/");
    await hydrated(page);
    let called = false;
    page.on("request", (r) => {
      if (r.url().includes("/api/game/check")) called = true;
    });
    await page.getByLabel("Numéro de la salle").fill("abc");
    await page.getByRole("button", { name: "Rejoindre" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Tous les champs sont obligatoires");
    expect(called).toBe(false);
    await page.close();
  });
});
