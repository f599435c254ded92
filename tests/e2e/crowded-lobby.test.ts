import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLL_PAGE_SIZE } from "~/features/presenter/lobby-pages";
import type { TestAccount, TestQuiz } from "../support/factory";
import { TestPhone } from "../support/room-sockets";
import { openBrowser, PRESENTER, screenshot, seriousViolations, signIn } from "../support/browser";
import { app, baseURL, make } from "../support/e2e";
import { socketsFrom } from "../support/served";
import { PARIS_CITY_MAP } from "../fixtures/paris";

/**
 * A lobby of hundreds: the big screen keeps a bounded page (the newest arrivals and pages of
 * names, docs/decisions/028) and the presenter can still find anyone and kick them.
 */
const SPOT = { lat: 48.8584, lng: 2.2945 };
/** Well past the sixty players a lobby shows as chips. */
const CROWD = 300;
/** Elements of the whole page, at most, whatever the room's size (a chip per player was ~9). */
const MAX_ELEMENTS = 1_500;

let admin: TestAccount;
let quiz: TestQuiz;

beforeAll(async () => {
  const photo = await make.photo(new Uint8Array(readFileSync(path.resolve("db/seed/pictures/tour.jpg"))));
  admin = await app.admin();
  quiz = await make.quiz(admin, {
    name: "Salle comble",
    description: "Trois cents joueurs",
    mapSettings: PARIS_CITY_MAP,
    questions: [{ name: "Tour Eiffel", ...SPOT, photo }],
  });
}, 120_000);

/**
 * `n` phones seated from five addresses: a venue's Wi-Fi, within the room's per-address caps.
 * A minute for all of them: the shared server seats hundreds at once more slowly on a busy machine.
 */
async function crowd(room: string, n: number): Promise<TestPhone[]> {
  const phones = Array.from({ length: n }, (_, i) => new TestPhone(socketsFrom(app, `127.0.0.${40 + (i % 5)}`), room));
  await Promise.all(phones.map((p) => p.seated(60_000)));
  return phones;
}

/** The presenter page, reached as a presenter does: the launch address, then where it leads. */
async function openLobby(page: Page, launch: string): Promise<string> {
  await page.goto(`${baseURL}${launch}`);
  await page.locator('[data-step="lobby"]').waitFor({ timeout: 30_000 });
  return ((await page.getByTestId("room-code").textContent()) ?? "").replace(/\D/g, "");
}

/** The page's requests for marker pictures, and how many were ever under way together. */
function markerRequests(page: Page) {
  const seen = { addresses: [] as string[], mostAtOnce: 0 };
  let pending = 0;
  const isMarker = (url: string) => new URL(url).pathname.startsWith("/api/markers/");
  page.on("request", (r) => {
    if (!isMarker(r.url())) return;
    seen.addresses.push(r.url());
    seen.mostAtOnce = Math.max(seen.mostAtOnce, ++pending);
  });
  const settled = (r: { url(): string }) => {
    if (isMarker(r.url())) pending--;
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  return seen;
}

const elements = (page: Page) => page.evaluate(() => document.getElementsByTagName("*").length);

describe("A lobby of three hundred on the big screen", () => {
  it("shows the count, the newest arrivals and pages of every name, in a bounded page; the presenter finds and kicks one; the reveal draws the crowd on one canvas", async () => {
    const browser = await openBrowser(PRESENTER);
    const phones: TestPhone[] = [];
    try {
      await signIn(browser, await app.cookieFor(admin), baseURL);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const pictures = markerRequests(page);
      const room = await openLobby(page, `/pres/${quiz.uniqueName}/player?icon=random&time=15&help_zone=non&max_player=400`);
      phones.push(...(await crowd(room, CROWD - 1)));
      await expect.poll(() => page.getByTestId("capacity").textContent(), { timeout: 20_000 }).toBe(`${CROWD - 1}/400`);
      // One more, alone: the newest arrival, first of the latest shown.
      const newest = await new TestPhone(socketsFrom(app, "127.0.0.46"), room).seated(60_000);
      phones.push(newest);
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe(`${CROWD}/400`);
      const latest = page.getByRole("region", { name: "Derniers arrivés" }).locator(".lobby-player-name");
      await expect.poll(() => latest.first().textContent()).toBe(newest.pseudo);

      // Bounded: a page of names and a few chips, not one chip per player.
      expect(await elements(page)).toBeLessThan(MAX_ELEMENTS);
      const names = page.getByRole("region", { name: "Tous les joueurs" }).getByRole("listitem");
      expect(await names.count()).toBeLessThanOrEqual(ROLL_PAGE_SIZE);
      // The pages go round by themselves, and each holds other players.
      const roll = page.locator("[data-roll-page]");
      expect(await roll.getAttribute("data-roll-pages")).toBe(String(Math.ceil(CROWD / ROLL_PAGE_SIZE)));
      const first = await names.allTextContents();
      await expect.poll(() => roll.getAttribute("data-roll-page"), { timeout: 10_000 }).toBe("2");
      expect(await names.allTextContents()).not.toEqual(first);
      await page.mouse.move(0, 0);
      await screenshot(page, "crowded-lobby-1-pages");
      expect(await seriousViolations(page)).toEqual([]);

      // The presenter looks for a player far down the list and kicks them.
      const target = phones[200]!;
      await page.getByRole("searchbox", { name: "Rechercher un joueur" }).fill(target.pseudo!.toUpperCase());
      const kick = page.getByRole("button", { name: `Exclure ${target.pseudo}`, exact: true });
      await kick.waitFor();
      await screenshot(page, "crowded-lobby-2-search");
      await kick.click();
      await page.getByRole("dialog").getByRole("button", { name: "Exclure" }).click();
      expect((await target.find("player_kicked")).reason).toBe("kick");
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe(`${CROWD - 1}/400`);
      await expect.poll(() => kick.count()).toBe(0);
      expect(await elements(page)).toBeLessThan(MAX_ELEMENTS);

      // The reveal: the crowd's markers on one canvas, the true spot's pin still an element.
      await page.getByRole("button", { name: "Lancer la partie" }).click();
      await page.locator('[data-step="question"]').waitFor({ timeout: 20_000 });
      const players = phones.filter((p) => p !== target);
      await Promise.all(players.map((p, i) => p.play(0, { lat: SPOT.lat + 0.0002 * (i % 40), lng: SPOT.lng + 0.0001 * (i % 7) })));
      await page.locator('[data-step="resultsMap"]').waitFor({ timeout: 20_000 });
      const legend = page.locator(".results-legend .legend-count");
      await expect
        .poll(async () => (await legend.allTextContents()).reduce((n, t) => n + parseInt(t, 10), 0), { timeout: 30_000 })
        .toBe(players.length);
      // Every answer is on the map: drawn, or an element when its name is written beside it (the
      // last zone's few); the true spot is the one element more.
      const canvas = page.locator(".om-marker-canvas");
      const drawn = Number(await canvas.getAttribute("data-drawn-markers"));
      const asElements = (await page.locator("[data-marker-id]").count()) - 1;
      expect(drawn + asElements).toBe(players.length);
      expect(asElements).toBeLessThanOrEqual(6);
      // Pictures are on it: far more painted pixels than a marker's worth.
      const painted = await canvas.evaluate((c: HTMLCanvasElement) => {
        const { data } = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
        return n;
      });
      expect(painted).toBeGreaterThan(40 * 40 * 20);
      await page.waitForTimeout(1_200);
      await screenshot(page, "crowded-lobby-4-results-map");
      // Through the lobby's pages, the search and the reveal, every player's picture was fetched
      // once, one at a time (each is an SVG the page parses: a screenful at once froze the screen).
      expect(pictures.addresses.length).toBeGreaterThan(5);
      expect(new Set(pictures.addresses).size).toBe(pictures.addresses.length);
      expect(pictures.mostAtOnce).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      for (const p of phones) p.close();
      await browser.close();
    }
  }, 180_000);

  it("team mode: one column per team, each with its count and its page of names", async () => {
    const browser = await openBrowser(PRESENTER);
    const phones: TestPhone[] = [];
    try {
      await signIn(browser, await app.cookieFor(admin), baseURL);
      const page = await browser.newPage();
      const room = await openLobby(page, `/pres/${quiz.uniqueName}/team?icon=random&time=15&help_zone=non&max_player=60&max_team=3`);
      phones.push(...(await crowd(room, 150)));
      await expect.poll(() => page.getByTestId("capacity").textContent(), { timeout: 20_000 }).toBe("150/180");
      const columns = page.locator(".lobby-roll .lobby-team");
      expect(await columns.count()).toBe(3);
      const counts = (await columns.locator(".lobby-team-count").allTextContents()).map(Number);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(150);
      expect(await elements(page)).toBeLessThan(MAX_ELEMENTS);
      await page.mouse.move(0, 0);
      await screenshot(page, "crowded-lobby-3-teams");
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      for (const p of phones) p.close();
      await browser.close();
    }
  }, 180_000);
});
