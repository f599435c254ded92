import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestAccount, TestQuiz } from "../support/factory";
import type { TestPhone } from "../support/room-sockets";
import { openBrowser, PRESENTER, roomOfScreen, screenshot, seriousViolations, signIn } from "../support/browser";
import { app, baseURL, make, seatPhones } from "../support/e2e";
import { PARIS_CITY_MAP } from "../fixtures/paris";

/** Two Paris landmarks; phones answer at growing distances so that the ranking is spread. */
const SPOTS = [
  { lat: 48.8584, lng: 2.2945, photo: "tour.jpg", name: "Tour Eiffel" },
  { lat: 48.8738, lng: 2.295, photo: "arc.jpg", name: "Arc de Triomphe" },
];
const PLAYERS = 40;

const waitStep = (page: Page, name: string, timeout = 30_000) => page.locator(`[data-step="${name}"]`).waitFor({ timeout });

/** The ranks, pseudos and count of the ranking page on screen. */
async function shownRows(page: Page, scope: string) {
  const rows = page.locator(`${scope} .ranking-table tbody tr`);
  const ranks = (await rows.locator(".ranking-rank").allTextContents()).map(Number);
  const pseudos = await rows.locator(".ranking-pseudo").allTextContents();
  return { ranks, pseudos };
}

/** Ranks go down the pages without going back (ties repeat a rank). */
function expectOrdered(ranks: number[]) {
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
}

/** 'Rangs 17 à 40', or 'Rang 32' when the whole page shares one rank. */
const ranksLabel = (ranks: number[]) => (ranks[0] === ranks.at(-1) ? `Rang ${ranks[0]}` : `Rangs ${ranks[0]} à ${ranks.at(-1)}`);

/** Every phone answers question `q`, phone i a little farther than phone i-1. */
async function answerAll(phones: TestPhone[], q: number) {
  await Promise.all(
    phones.map((p, i) =>
      p.play(q, {
        lat: SPOTS[q]!.lat + 0.00004 * (i + 1) * (q === 0 ? 1 : -1),
        lng: SPOTS[q]!.lng,
      }),
    ),
  );
}

/**
 * The admin's presenter in `browser` launches the quiz, `players` phones join, the game starts and
 * everyone answers question 1: back on the ranking after it. `prepare` runs before the launch.
 */
async function playFirstQuestion(
  browser: BrowserContext,
  players: number,
  phones: TestPhone[],
  prepare: (page: Page) => Promise<void> = async () => {},
) {
  await signIn(browser, await app.cookieFor(admin), baseURL);
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await prepare(page);
  const max = players + 20;
  await page.goto(`${baseURL}/pres/${quiz.uniqueName}/player?icon=random&time=30&help_zone=non&max_player=${max}`);
  const room = await roomOfScreen(page);
  await waitStep(page, "lobby");
  const seated = await seatPhones(room, players);
  phones.push(...seated);
  await expect.poll(() => page.getByTestId("capacity").textContent()).toBe(`${players}/${max}`);
  await page.getByRole("button", { name: "Lancer la partie" }).click();
  await waitStep(page, "question", 15_000);
  await answerAll(seated, 0);
  await waitStep(page, "ranking", 40_000);
  return { page, errors, seated };
}

let admin: TestAccount;
let quiz: TestQuiz;

beforeAll(async () => {
  const photos = await Promise.all(
    SPOTS.map((s) => make.photo(new Uint8Array(readFileSync(path.resolve("db/seed/pictures", s.photo))))),
  );
  admin = await app.admin();
  quiz = await make.quiz(admin, {
    name: "Toute la salle",
    description: "Chacun voit son nom",
    mapSettings: PARIS_CITY_MAP,
    questions: SPOTS.map((s, i) => ({
      name: s.name,
      lat: s.lat,
      lng: s.lng,
      photo: photos[i]!,
    })),
  });
}, 120_000);

describe("Everyone in the room sees their name on the big screen", () => {
  const phones: TestPhone[] = [];
  afterAll(() => {
    for (const p of phones.splice(0)) p.close();
  });

  it("forty players: the ranking pages through all of them, « Pause » holds a page, the end pages from rank 4", async () => {
    const browser = await openBrowser(PRESENTER);
    try {
      // The whole ranking comes over HTTP, never through the socket.
      const rankingFetches: string[] = [];
      const { page, errors, seated } = await playFirstQuestion(browser, PLAYERS, phones, async (page) => {
        page.on("response", (r) => {
          if (/\/api\/game\/\d{6}\/ranking$/.test(r.url())) rankingFetches.push(`${r.status()}`);
        });
      });
      const everyone = seated.map((p) => p.pseudo!).sort();

      // Page 1: the detailed top 16, as many as a room reads in large type. The pages turn by
      // themselves: read each one at once (slow checks wait for a paused page below).
      const ranking = page.locator(".pres-ranking");
      await expect.poll(() => ranking.getAttribute("data-pages")).toBe("2");
      expect(await ranking.getAttribute("data-page")).toBe("1");
      const first = await shownRows(page, ".pres-ranking");
      expect(first.ranks).toHaveLength(16);
      expect(first.ranks[0]).toBe(1);
      expectOrdered(first.ranks);
      // Ties share a rank: the label names the ranks shown.
      await page.getByTestId("ranking-page").filter({ hasText: `${ranksLabel(first.ranks)} · page 1/2` }).waitFor();
      await page.getByRole("status").filter({ hasText: /^Page suivante dans \d s$/ }).waitFor();

      // Page 2 by itself: ranks 17 to 40 in three columns, then the next question.
      await page.locator('.pres-ranking[data-page="2"]').waitFor({ timeout: 8_000 });
      const second = await shownRows(page, ".pres-ranking");
      expect(second.ranks).toHaveLength(PLAYERS - 16);
      expectOrdered([...first.ranks, ...second.ranks]);
      expect([...first.pseudos, ...second.pseudos].sort()).toEqual(everyone);
      await page.getByRole("status").filter({ hasText: /^Question suivante dans \d s$/ }).waitFor();
      await waitStep(page, "question", 8_000);
      await page.getByText("Question 2/2").waitFor();

      // Question 2: « Pause » on page 1 holds it (no page turn, no next question).
      await answerAll(seated, 1);
      await waitStep(page, "ranking", 40_000);
      await page.getByRole("button", { name: "Pause" }).click();
      await page.getByRole("status").filter({ hasText: "En pause" }).waitFor();
      await screenshot(page, "ranking-pages-1-first");
      expect(await seriousViolations(page)).toEqual([]);
      await page.waitForTimeout(9_500);
      expect(await ranking.getAttribute("data-page")).toBe("1");
      expect(await page.locator("[data-step]").getAttribute("data-step")).toBe("ranking");
      // « Page suivante » turns the page and ends the pause; « Pause » again, and a reload comes
      // back to the same paused page.
      await page.getByRole("button", { name: "Page suivante" }).click();
      await page.locator('.pres-ranking[data-page="2"]').waitFor();
      await page.getByRole("status").filter({ hasText: /^Résultats finaux dans \d s$/ }).waitFor();
      await page.getByRole("button", { name: "Pause" }).click();
      await page.reload();
      await page.locator('.pres-ranking[data-page="2"]').waitFor({ timeout: 15_000 });
      await page.getByRole("status").filter({ hasText: "En pause" }).waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, "ranking-pages-2-dense");
      expect(await seriousViolations(page)).toEqual([]);
      // On the last page « Page suivante » asks for the end.
      await page.getByRole("button", { name: "Page suivante" }).click();

      // The end: the podium, then ranks 4 to 40 in pages of 15 that go round (read at once).
      await waitStep(page, "podium", 10_000);
      const rest = page.locator(".end-rest");
      await expect.poll(() => rest.getAttribute("data-pages")).toBe("3");
      const endPages: number[][] = [];
      const endPseudos: string[] = [];
      for (const [n, size] of [
        [1, 15],
        [2, 15],
        [3, PLAYERS - 33],
      ] as const) {
        await page.locator(`.end-rest[data-page="${n}"]`).waitFor({ timeout: 9_000 });
        const rows = await shownRows(page, ".end-rest");
        expect(rows.ranks).toHaveLength(size);
        expect(await page.getByTestId("end-page").textContent()).toBe(`${ranksLabel(rows.ranks)} · page ${n}/3`);
        endPages.push(rows.ranks);
        endPseudos.push(...rows.pseudos);
        if (n === 2) await screenshot(page, "ranking-pages-3-end");
      }
      // The list goes on where the podium stops: from the fourth line, whose rank is 4 or, when it
      // ties with the third (phones answering in the same millisecond), the third's.
      const podiumRanks = (await page.locator(".podium-rank").allTextContents()).map((t) => Number(t.replace(/\D/g, "")));
      expect(podiumRanks).toHaveLength(3);
      expectOrdered([...podiumRanks].sort((a, b) => a - b).concat(endPages.flat()));
      expect(endPages[0]![0]).toBeLessThanOrEqual(4);
      const podium = await page.locator(".podium-name").allTextContents();
      expect([...podium, ...endPseudos].sort()).toEqual(everyone);
      // After the last page, the first again.
      await page.locator('.end-rest[data-page="1"]').waitFor({ timeout: 9_000 });
      expect(await seriousViolations(page)).toEqual([]);

      expect(rankingFetches.length).toBeGreaterThanOrEqual(3);
      expect(rankingFetches.every((s) => s === "200")).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 240_000);

  it("2,000 players: 68 pages of at most 30 lines, the last one with four-digit ranks", async () => {
    const browser = await openBrowser(PRESENTER);
    try {
      // Seating 2,000 sockets is the bench's job (bench/room.ts); here the room's own reply is
      // lengthened to 2,000 lines after the real players, to see what such a room reads.
      const { page, errors } = await playFirstQuestion(browser, 3, phones, async (page) => {
        await page.route(/\/api\/game\/\d{6}\/ranking$/, async (route) => {
          const real = await route.fetch();
          const body = (await real.json()) as {
            ranking: Array<Record<string, unknown>>;
            playersCount: number;
          };
          const extra = Array.from({ length: 2000 - body.ranking.length }, (_, i) => {
            const rank = body.ranking.length + i + 1;
            return {
              rank,
              playerID: `crowd-${rank}`,
              pseudo: `Pastèque turquoise ${rank}`,
              marker: body.ranking[0]!.marker,
              points: 0,
              pointsQuestion: 0,
              classementMove: 0,
            };
          });
          await route.fulfill({
            response: real,
            json: {
              ...body,
              playersCount: 2000,
              ranking: [...body.ranking, ...extra],
            },
          });
        });
      });
      const ranking = page.locator(".pres-ranking");
      await expect.poll(() => ranking.getAttribute("data-pages")).toBe(String(1 + Math.ceil((2000 - 16) / 30)));
      await page.getByRole("button", { name: "Pause" }).click();
      await page.getByRole("button", { name: "Page suivante" }).click();
      await page.getByTestId("ranking-page").filter({ hasText: "Rangs 17 à 46 · page 2/68" }).waitFor();
      await page.getByRole("button", { name: "Pause" }).click();
      const turnTo = async (n: number) => {
        await page.getByRole("button", { name: "Page suivante" }).click();
        await page.locator(`.pres-ranking[data-page="${n}"]`).waitFor();
        await page.getByRole("button", { name: "Pause" }).click();
      };
      for (let n = 3; n <= 67; n++) await turnTo(n);
      // A full page of four-digit ranks: 30 lines, nothing spills out of the screen.
      await page.getByTestId("ranking-page").filter({ hasText: "Rangs 1967 à 1996 · page 67/68" }).waitFor();
      expect(await page.locator(".pres-ranking .ranking-table tbody tr").count()).toBe(30);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      const where = await page.locator(".ranking-where").boundingBox();
      const next = await page.getByRole("button", { name: "Pause" }).boundingBox();
      expect(where!.x).toBeGreaterThanOrEqual(30);
      expect(where!.x + where!.width).toBeLessThanOrEqual(next!.x);
      await screenshot(page, "ranking-pages-4-two-thousand");
      await turnTo(68);
      await page.getByTestId("ranking-page").filter({ hasText: "Rangs 1997 à 2000 · page 68/68" }).waitFor();
      expect(await page.locator(".pres-ranking .ranking-table tbody tr").count()).toBe(4);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
