import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestAccount, TestQuiz } from "../support/factory";
import { hydrated, LAPTOP, openBrowser, PHONE, PRESENTER, signIn, tapMap } from "../support/browser";
import { app, baseURL, closeRoom, launch, make } from "../support/e2e";

/**
 * Every screen works under the Content-Security-Policy (issue 10, item 10): each page hydrates
 * (its scripts ran: the nonce of Remix's inline scripts is accepted) and the browser reports no
 * violation, neither as a `securitypolicyviolation` event nor in the console.
 */

type Watched = { page: Page; violations: string[] };

/** A page whose CSP violations are collected from its first script on. */
async function watched(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (msg) => {
    if (/Content.Security.Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return { page, violations };
}

async function violationsOf({ page, violations }: Watched): Promise<string[]> {
  const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  return [...violations, ...events];
}

/** Opens `url`, waits for React to take the page over, and returns what the CSP refused. */
async function visit(w: Watched, url: string): Promise<string[]> {
  const res = await w.page.goto(`${baseURL}${url}`);
  expect(res?.headers()["content-security-policy"], url).toContain("'nonce-");
  await hydrated(w.page, "a, button");
  return violationsOf(w);
}

const SEED = path.resolve("db/seed/pictures");
const MAP = { center: { lat: 48.8625, lng: 2.32 }, zoom: 12, bounds: { north: 48.905, south: 48.82, east: 2.42, west: 2.22 } };

let admin: TestAccount;
let mj: TestAccount;
let quiz: TestQuiz;
let mjQuiz: TestQuiz;
let screen: BrowserContext;
let phoneContext: BrowserContext;

beforeAll(async () => {
  const photo = await make.photo(new Uint8Array(readFileSync(path.join(SEED, "tour.jpg"))));
  [admin, mj] = await Promise.all([app.admin(), make.mj({ edition: true })]);
  quiz = await make.quiz(admin, {
    name: "Paris sous CSP",
    mapSettings: MAP,
    questions: [
      { name: "Tour", lat: 48.8584, lng: 2.2945, photo },
      { name: "Rue", lat: 48.8606, lng: 2.3376, streetview: { pano: "PANO_csp_e2e", lat: 48.8606, lng: 2.3376, heading: 90, pitch: 0 } },
    ],
  });
  const folder = await make.folder(mj, { name: "Soirées CSP" });
  mjQuiz = await make.quiz(mj, { name: "Quiz de l'MJ", folder, mapSettings: MAP, questions: [{ lat: 48.8584, lng: 2.2945, photo }] });
  screen = await openBrowser(LAPTOP);
  await signIn(screen, await app.cookieFor(admin), baseURL);
  await signIn(screen, await app.cookieFor(mj), baseURL);
  phoneContext = await openBrowser(PHONE);
}, 120_000);

afterAll(async () => {
  await screen?.close();
  await phoneContext?.close();
});

describe("Every screen runs under the Content-Security-Policy", () => {
  it("public pages, dashboards, admin screens and the wizard", async () => {
    const w = await watched(screen);
    const folderId = mjQuiz.folderId!;
    const pages = [
      "/",
      "/map",
      `/watch?quiz=${quiz.uniqueName}`,
      `/question?quiz=${quiz.uniqueName}&questionNumber=0`,
      `/question?quiz=${quiz.uniqueName}&questionNumber=1`,
      "/pres",
      "/pres/mj",
      "/pres/sound",
      "/pres/points",
      "/pres/lobby",
      "/pres/restart",
      "/mj",
      `/mj/${folderId}/${encodeURIComponent("Soirées CSP")}/folder`,
      "/mj/lobby",
      "/quiz/new",
      `/quiz/${mjQuiz.uniqueName}/edit`,
    ];
    for (const url of pages) expect({ url, violations: await visit(w, url) }).toEqual({ url, violations: [] });
    await w.page.close();
  });

  it("a whole game: the presenter's launch, lobby, question and results map, the phone's join and question map", async () => {
    const presenterContext = await openBrowser(PRESENTER);
    try {
      await signIn(presenterContext, await app.cookieFor(admin), baseURL);
      const pres = await watched(presenterContext);
      // The launch page posts its form by script, then lands on the room's lobby.
      await pres.page.goto(`${baseURL}/pres/${quiz.uniqueName}?time=15`);
      await pres.page.waitForURL(/[?&]room=\d{6}/, { timeout: 30_000 });
      const room = new URL(pres.page.url()).searchParams.get("room")!;
      await pres.page.locator('[data-step="lobby"]').waitFor({ timeout: 20_000 });

      const phone = await watched(phoneContext);
      await phone.page.goto(`${baseURL}/play/${room}`);
      await phone.page.getByText("Salon d'attente").waitFor({ timeout: 20_000 });

      await pres.page.getByRole("button", { name: "Lancer la partie" }).click();
      await pres.page.locator('[data-step="question"]').waitFor({ timeout: 20_000 });
      await phone.page.locator("[data-offline-map]").waitFor({ timeout: 20_000 });
      await tapMap(phone.page, 0.5, 0.5);
      await phone.page.getByRole("button", { name: "Répondre" }).click();
      await pres.page.locator('[data-step="resultsQuestion"]').waitFor({ timeout: 30_000 });

      expect(await violationsOf(pres)).toEqual([]);
      expect(await violationsOf(phone)).toEqual([]);

      // A room with icons to choose: the phone's pseudo picker.
      const defined = await launch({ icon: "defined" });
      const picker = await watched(phoneContext);
      expect(await visit(picker, `/join/${defined.room}`)).toEqual([]);
      await closeRoom(defined);
    } finally {
      await presenterContext.close();
    }
  });
});
