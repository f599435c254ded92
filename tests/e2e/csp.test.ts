import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestAccount, TestQuiz } from "../support/factory";
import { hydrated, LAPTOP, openBrowser, PHONE, PRESENTER, roomOfScreen, signIn, tapMap } from "../support/browser";
import { postJson } from "../support/app";
import { app, baseURL, closeRoom, launch, make } from "../support/e2e";
import { shownMap, tapGoogleMap } from "../support/google-maps";
import { googleSuite } from "../support/google-server";
import { PARIS_CITY_MAP } from "../fixtures/paris";

/**
 * Every screen works under the Content-Security-Policy (decision 012): each page hydrates (its scripts ran: the
 * nonce of Remix's inline scripts is accepted) and the browser reports no violation of the
 * enforced policy, neither as a `securitypolicyviolation` event nor in the console (what
 * Google's strict policy, sent Report-Only, would refuse is reported, not counted here). Then the same on
 * the Google path: a server with a Maps key, whose pages load Google's map (the fake Maps script,
 * served as https://maps.googleapis.com so the policy judges the real address) and the Street
 * View embed.
 */

type Watched = { page: Page; violations: string[] };

/** A page whose CSP violations are collected from its first script on. */
async function watched(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      // Google's strict policy, sent Report-Only, reports what it would refuse: nothing is refused.
      if (e.disposition === "report") return;
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (msg) => {
    if (/Content.Security.Policy/i.test(msg.text()) && !/\[Report Only\]|policy is report-only/i.test(msg.text())) violations.push(msg.text());
  });
  return { page, violations };
}

async function violationsOf({ page, violations }: Watched): Promise<string[]> {
  const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  return [...violations, ...events];
}

/** Opens `url`, waits for React to take the page over, and returns what the CSP refused. */
async function visit(w: Watched, url: string, origin = baseURL): Promise<string[]> {
  const res = await w.page.goto(`${origin}${url}`);
  expect(res?.headers()["content-security-policy"], url).toContain("'nonce-");
  await hydrated(w.page, "a, button");
  return violationsOf(w);
}

const SEED = path.resolve("db/seed/pictures");

let admin: TestAccount;
let mj: TestAccount;
let quiz: TestQuiz;
let mjQuiz: TestQuiz;
let screen: BrowserContext;
let phoneContext: BrowserContext;

beforeAll(async () => {
  const photo = await make.photo(new Uint8Array(readFileSync(path.join(SEED, "tour.jpg"))));
  [admin, mj] = await Promise.all([app.admin(), make.mj({ canEdit: true })]);
  quiz = await make.quiz(admin, {
    name: "Paris sous CSP",
    mapSettings: PARIS_CITY_MAP,
    questions: [
      { name: "Tour", lat: 48.8584, lng: 2.2945, photo },
      { name: "Rue", lat: 48.8606, lng: 2.3376, streetview: { pano: "PANO_csp_e2e", lat: 48.8606, lng: 2.3376, heading: 90, pitch: 0 } },
    ],
  });
  const folder = await make.folder(mj, { name: "Soirées CSP" });
  mjQuiz = await make.quiz(mj, { name: "Quiz de l'MJ", folder, mapSettings: PARIS_CITY_MAP, questions: [{ lat: 48.8584, lng: 2.2945, photo }] });
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
      "/pres/password",
      "/mj",
      `/mj/${folderId}/${encodeURIComponent("Soirées CSP")}/folder`,
      "/mj/lobby",
      "/quiz/new",
      `/quiz/${mjQuiz.uniqueName}/edit`,
    ];
    for (const url of pages) expect({ url, violations: await visit(w, url) }).toEqual({ url, violations: [] });
    await w.page.close();
  });

  it("a défi: its link, a question's photo on the phone, its leaderboard", async () => {
    const created = await postJson(
      app,
      "/api/defis/new",
      { quiz: quiz.uniqueName, deadline: Date.now() + 3_600_000, answerTimeSec: 60, helpZoneM: 500, nameMode: "pseudo" },
      await app.cookieFor(admin),
    );
    const { path: link, gameId } = (await created.json()) as { path: string; gameId: string };
    const w = await watched(phoneContext);
    expect(await visit(w, link)).toEqual([]);
    await w.page.getByRole("button", { name: "Commencer" }).click();
    const photo = w.page.locator(".pl-ptm-photo");
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await w.page.getByRole("button", { name: "Carte" }).click();
    expect(await violationsOf(w)).toEqual([]);
    expect(await visit(w, `${link}/classement`)).toEqual([]);
    // Over: every question's photo, spot and answers on the end page.
    await postJson(app, `/api/defis/${gameId}`, { action: "end" }, await app.cookieFor(admin));
    expect(await visit(w, link)).toEqual([]);
    await w.page.locator(".df-answers-photo").waitFor();
    expect(await violationsOf(w)).toEqual([]);
    await w.page.close();
  });

  it("a whole game: the presenter's launch, lobby, question and results map, the phone's join and question map", async () => {
    const presenterContext = await openBrowser(PRESENTER);
    try {
      await signIn(presenterContext, await app.cookieFor(admin), baseURL);
      const pres = await watched(presenterContext);
      // The launch page posts its form by script, then lands on the room's lobby.
      await pres.page.goto(`${baseURL}/pres/${quiz.uniqueName}?time=15`);
      const room = await roomOfScreen(pres.page);
      await pres.page.locator('[data-step="lobby"]').waitFor({ timeout: 20_000 });

      const phone = await watched(phoneContext);
      await phone.page.goto(`${baseURL}/play/${room}`);
      await phone.page.getByText("Salon d'attente").waitFor({ timeout: 20_000 });

      await pres.page.getByRole("button", { name: "Lancer la partie" }).click();
      await pres.page.locator('[data-step="question"]').waitFor({ timeout: 20_000 });
      await phone.page.locator("[data-offline-map]").waitFor({ timeout: 20_000 });
      await tapMap(phone.page, 0.5, 0.5);
      await phone.page.getByRole("button", { name: "Répondre" }).click();
      await pres.page.locator('[data-step="resultsMap"]').waitFor({ timeout: 30_000 });

      expect(await violationsOf(pres)).toEqual([]);
      expect(await violationsOf(phone)).toEqual([]);
      // « Retour photo & carte »: the room's page of the question just revealed.
      const window = await watched(presenterContext);
      expect(await visit(window, `/salle/${room}/question`)).toEqual([]);

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

describe("The Google path runs under the same policy", () => {
  const TOUR = { lat: 48.85826, lng: 2.29451 };
  const PYRAMIDE = { lat: 48.86098, lng: 2.33585 };
  const suite = googleSuite();

  it("Google's map on /map, /watch, the wizard's map step, the Street View pages, and a whole game", { timeout: 240_000 }, async () => {
    const owner = await suite.server.make.mj({ canEdit: true });
    const photo = await suite.server.make.photo(new Uint8Array(readFileSync(path.join(SEED, "tour.jpg"))));
    const played = await suite.server.make.quiz(owner, {
      name: "Paris chez Google",
      mapSettings: PARIS_CITY_MAP,
      questions: [
        { ...PYRAMIDE, name: "Une pyramide", streetview: { pano: "PANO_csp_google", ...PYRAMIDE, heading: 120, pitch: 5 } },
        { ...TOUR, name: "La tour", photo },
      ],
    });
    const unfinished = await suite.server.make.quiz(owner, { mapSettings: null, questions: [{ ...TOUR, name: "La tour" }] });

    const laptop = await suite.context(LAPTOP);
    const contexts = [laptop.context];
    try {
      await signIn(laptop.context, await suite.server.app.cookieFor(owner), suite.server.baseURL);
      const w = await watched(laptop.context);
      for (const url of ["/map", `/watch?quiz=${played.uniqueName}`]) {
        expect({ url, violations: await visit(w, url, suite.server.baseURL) }).toEqual({ url, violations: [] });
        await w.page.locator("[data-fake-map]").first().waitFor();
      }
      expect(await visit(w, `/question?quiz=${played.uniqueName}&questionNumber=0`, suite.server.baseURL)).toEqual([]);
      await w.page.frameLocator("iframe[title^='Street View']").getByText("Street View simulé").waitFor();

      // The wizard: its coordinates preview and map step are Google maps.
      expect(await visit(w, `/quiz/${unfinished.uniqueName}/edit`, suite.server.baseURL)).toEqual([]);
      await w.page.getByRole("button", { name: "Suivant" }).click();
      await w.page.locator(".wz-map-area [data-fake-map]").waitFor();
      await tapGoogleMap(w.page, { lat: 48.86, lng: 2.33 });
      await w.page.getByText("Centre :").waitFor();
      expect(await visit(w, "/mj", suite.server.baseURL)).toEqual([]);
      expect(await violationsOf(w)).toEqual([]);

      // A game: the presenter's Street View question and results map, the phone's Google map.
      const pres = await suite.context(PRESENTER);
      const phone = await suite.context(PHONE);
      contexts.push(pres.context, phone.context);
      await signIn(pres.context, await suite.server.app.cookieFor(owner), suite.server.baseURL);
      const screen = await watched(pres.context);
      await screen.page.goto(`${suite.server.baseURL}/mj/${played.uniqueName}?icon=random&time=30&help_zone=500&max_player=50`);
      const room = await roomOfScreen(screen.page);
      const player = await watched(phone.context);
      await player.page.goto(`${suite.server.baseURL}/play/${room}`);
      await player.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
      await expect.poll(() => screen.page.getByTestId("capacity").textContent(), { timeout: 20_000 }).toBe("1/50");
      await screen.page.getByRole("button", { name: "Lancer la partie" }).click();
      await screen.page.frameLocator("iframe[title^='Question 1']").getByText("Street View simulé").waitFor({ timeout: 30_000 });
      await shownMap(player.page);
      await tapGoogleMap(player.page, PYRAMIDE);
      await player.page.getByRole("button", { name: "Répondre" }).click();
      await screen.page.locator('[data-step="resultsMap"]').waitFor({ timeout: 30_000 });
      await screen.page.locator("[data-fake-map]").first().waitFor();
      expect(pres.google.embedRequests.length).toBeGreaterThan(0);
      expect(await violationsOf(screen)).toEqual([]);
      expect(await violationsOf(player)).toEqual([]);
    } finally {
      for (const c of contexts) await c.close();
    }
  });
});
