/**
 * A game played over real sockets, then looked at again: « Parties jouées » on the dashboard
 * (laptop and phone), the report with its map of every answer (offline map here, Google's fake
 * on a server with a key), its print layout, and the CSV files read back against what the room
 * itself announced.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { PresResults } from "@common/wire/protocol";
import { revealAnswers } from "@common/wire/reveal";
import { parseCsv, readDecimal } from "@common/util/csv";
import { frNumber, hydrated, chromiumForTests, PHONE, PRESENTER, screenshot, seriousViolations, signIn } from "../support/browser";
import { app, baseURL, join, launch, make, presenter } from "../support/e2e";
import { drawnShapes, fakeGoogle, mapsState } from "../support/google-maps";
import { startGoogleServer, type GoogleServer } from "../support/google-server";
import type { LaunchedRoom } from "../support/launch";
import type { SeatedPhone } from "../support/room-sockets";
import { ARC, offset, PARIS_MAP, seedPicture, TOUR } from "../fixtures/paris";

const browser = chromiumForTests();

type Kit = Pick<typeof import("../support/e2e"), "launch" | "presenter" | "join" | "make">;

/**
 * Plays a two-question game: phone i answers `distances[q][i]` metres north of the spot (null:
 * no answer). Returns what the room told the presenter.
 */
async function playGame(kit: Kit, distances: (number | null)[][], name: string) {
  const owner = await kit.make.mj();
  const quiz = await kit.make.quiz(owner, {
    name,
    mapSettings: PARIS_MAP,
    questions: [
      { ...TOUR, name: "La dame de fer", title: "La tour Eiffel", photo: await kit.make.photo(seedPicture("tour.jpg")) },
      { ...ARC, name: "Un arc", title: "L'Arc de triomphe", photo: await kit.make.photo(seedPicture("arc.jpg")) },
    ],
  });
  const l: LaunchedRoom = await kit.launch({ owner, quiz, time: 15 });
  const pres = await kit.presenter(l);
  const phones: SeatedPhone[] = [];
  for (let i = 0; i < distances[0]!.length; i++) phones.push(await kit.join(l.room));
  pres.start();
  const results: PresResults[] = [];
  for (let q = 0; q < 2; q++) {
    await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === q)));
    phones.forEach((p, i) => {
      const d = distances[q]![i];
      if (d !== null && d !== undefined) p.answer(q, offset(l.spots[q]!, d, 0));
    });
    // When a phone does not answer, the question ends at its deadline.
    results.push(await pres.next("pres_results", (m) => m.questionIndex === q, 40_000));
    pres.nextQuestion();
  }
  const end = await pres.next("pres_endGame");
  for (const c of [pres, ...phones]) c.close();
  return { l, owner, quiz, end, results, phones };
}

describe("the history of a game, offline map", () => {
  let played: Awaited<ReturnType<typeof playGame>>;
  let page: Page;

  beforeAll(async () => {
    // Three phones: 10 m, 150 m and far away on the tower; on the arch 30 m, none, 60 m.
    played = await playGame({ launch, presenter, join, make }, [[10, 150, 5000], [30, null, 60]], "Paris vu d'en bas");
    const context = await browser().newContext({ viewport: PRESENTER, locale: "fr-FR", acceptDownloads: true });
    await signIn(context, await app.cookieFor(played.owner), baseURL);
    page = await context.newPage();
  }, 120_000);
  afterAll(async () => {
    await page?.context().close();
  });

  it("lists the game under « Parties jouées » and opens its report", { timeout: 60_000 }, async () => {
    await page.goto(`${baseURL}/mj`);
    const section = page.locator("section.played");
    const row = section.locator("tbody tr").first();
    await row.waitFor();
    expect(await row.locator("th").textContent()).toBe("Paris vu d'en bas");
    expect(await row.locator('td[data-label="Joueurs"]').textContent()).toBe("3");
    expect(await row.locator('td[data-label="Gagnant"]').textContent()).toBe(played.end.ranking[0]!.pseudo);
    expect(await row.locator('td[data-label="État"]').textContent()).toBe("Terminée");
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, "history-dashboard-1920");
    expect(await seriousViolations(page)).toEqual([]);
    await hydrated(page, "a.button");
    await row.getByRole("link", { name: /^Rapport de « Paris vu d'en bas »/ }).click();
    await page.waitForURL(/\/mj\/parties\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: "Rapport — Paris vu d'en bas" }).waitFor();
  });

  it("shows the room's ranking, each question's figures and every answer on the map", { timeout: 60_000 }, async () => {
    const ranking = await page.locator(".report-ranking tbody tr").evaluateAll((rows) =>
      rows.map((r) => [...r.children].map((c) => c.textContent ?? ""))
    );
    expect(ranking.map((r) => [Number(r[0]), r[1], frNumber(r[2]!)])).toEqual(
      played.end.ranking.map((l) => [l.rank, l.pseudo, l.points])
    );
    // Units and numbers keep their no-break spaces (Intl): read as the eye reads them.
    const questions = await page.locator(".report-qtable tbody tr").evaluateAll((rows) =>
      rows.map((r) => [...r.children].map((c) => (c.textContent ?? "").replace(/[\u00a0\u202f]/g, " ")))
    );
    // Tower: 3 answers, average (10 + 150 + 5000) / 3 = 1 720 m, two of three scored.
    expect(questions[0]!.slice(1, 5)).toEqual(["La tour Eiffel", "3", "1,7 km", "67 % (2)"]);
    // The quickest good answer is one of the two inside a ring.
    const tower = played.results[0]!;
    const scored = revealAnswers(tower).filter((a) => a.zone > 0).map((a) => a.pseudo);
    expect(scored).toHaveLength(2);
    expect(scored).toContain(questions[0]![5]!.split(",")[0]);
    expect(questions[1]!.slice(1, 5)).toEqual(["L'Arc de triomphe", "2", "45 m", "67 % (2)"]);

    const map = page.locator(".report-map");
    await map.waitFor();
    expect(await map.locator("[data-marker-id]").count()).toBe(3 + 1);
    expect(await page.locator(".report-legend").textContent()).toContain("20 m : 1");
    const scale = () => map.locator(".om-scale").textContent();
    const wide = await scale();
    await page.getByRole("button", { name: "Autour de la bonne réponse" }).click();
    // The view closes in on the spot: the scale bar shrinks from kilometres to metres.
    await expect.poll(scale, { timeout: 10_000 }).not.toBe(wide);
    // Worded by Intl: « 200 m » with a narrow no-break space in French.
    await expect.poll(scale).toMatch(/^\d+\sm$/);
    await page.waitForTimeout(800); // the end of the animation, for the screenshot
    await screenshot(page, "history-report-1920");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Suivante" }).click();
    await page.waitForURL(/\?question=2/);
    await page.getByRole("heading", { name: "Question 2 — L'Arc de triomphe" }).waitFor();
    await expect.poll(() => map.locator("[data-marker-id]").count()).toBe(2 + 1);
  });

  it("prints without the navigation, the ranking whole", async () => {
    await page.emulateMedia({ media: "print" });
    onTestFinished(() => page.emulateMedia({ media: "screen" }));
    expect(await page.locator(".dash-top").isVisible()).toBe(false);
    expect(await page.locator(".report-actions").isVisible()).toBe(false);
    expect(await page.locator(".report-map").isVisible()).toBe(true);
    // Rings stay round on paper: the map keeps its aspect.
    const ring = await page.locator(".report-map .om-circle").first().boundingBox();
    expect(Math.abs(ring!.width / ring!.height - 1)).toBeLessThan(0.05);
    const scroll = await page.locator(".report-scroll").evaluate((el) => getComputedStyle(el).overflow);
    expect(scroll).toBe("visible");
    const pdf = await page.pdf({ format: "A4", printBackground: true });
    expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
    await screenshot(page, "history-report-print");
  });

  it("exports CSV files whose values are the room's own", { timeout: 60_000 }, async () => {
    const download = async (name: RegExp) => {
      const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
      const path = await file.path();
      return { name: file.suggestedFilename(), bytes: readFileSync(path) };
    };
    const answers = await download(/^Réponses \(CSV\)$/);
    expect(answers.name).toMatch(/^repere-paris-vu-d-en-bas-\d{4}-\d{2}-\d{2}-reponses\.csv$/);
    expect([...answers.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(answers.bytes.toString("utf8"));
    expect(rows).toHaveLength(1 + 3 * 2);
    for (const [q, res] of played.results.entries()) {
      for (const answer of revealAnswers(res)) {
        const line = rows.find((r) => r[1] === answer.pseudo && r[3] === String(q + 1))!;
        expect(Number(line[7])).toBe(answer.distance);
        // The reveal rounds to 5 decimals (about a metre); the CSV keeps what the phone sent.
        expect(readDecimal(line[5]!)).toBeCloseTo(answer.coords.lat, 4);
        expect(readDecimal(line[6]!)).toBeCloseTo(answer.coords.lng, 4);
      }
    }
    expect(rows.filter((r) => r[8] === "Sans réponse")).toHaveLength(1);

    const totals = parseCsv((await download(/^Totaux \(CSV\)$/)).bytes.toString("utf8"));
    expect(totals.slice(1).map((r) => [Number(r[0]), r[1], readDecimal(r[3]!)])).toEqual(
      played.end.ranking.map((l) => [l.rank, l.pseudo, l.points])
    );
  });

  it("keeps the list readable on a phone", { timeout: 30_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: "fr-FR" });
    await signIn(context, await app.cookieFor(played.owner), baseURL);
    const phone = await context.newPage();
    await phone.goto(`${baseURL}/mj`);
    const section = phone.locator("section.played");
    await section.scrollIntoViewIfNeeded();
    const row = section.locator("tbody tr").first();
    const box = (await row.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await row.scrollIntoViewIfNeeded();
    await screenshot(phone, "history-dashboard-360");
    await context.close();
  });
});

describe("the report on the Google map", () => {
  let server: GoogleServer;
  beforeAll(async () => {
    server = await startGoogleServer();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("draws every answer, the spot and the rings on one Google map for the whole page", { timeout: 120_000 }, async () => {
    const played = await playGame(server, [[10, 80], [30, 300]], "Paris sur Google");
    const context = await browser().newContext({ viewport: PRESENTER, locale: "fr-FR" });
    const google = await fakeGoogle(context);
    await signIn(context, await server.app.cookieFor(played.owner), server.baseURL);
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/mj`);
    await page.locator("section.played tbody tr").first().getByRole("link").click();
    await page.getByRole("heading", { name: "Rapport — Paris sur Google" }).waitFor();
    const markers = page.locator("[data-fake-map] [data-marker-id]");
    await expect.poll(() => markers.count(), { timeout: 20_000 }).toBe(2 + 1);
    const shapes = drawnShapes((await mapsState(page))!.shapes);
    expect(shapes.filter((s) => s.kind === "Circle").map((s) => s.radius).sort((a, b) => a! - b!)).toEqual([20, 50, 100, 200]);
    await screenshot(page, "history-report-google-1920");

    await page.getByRole("link", { name: "Suivante" }).click();
    await page.waitForURL(/\?question=2/);
    await expect.poll(() => markers.count()).toBe(2 + 1);
    const state = (await mapsState(page))!;
    expect(state.mapsBuilt).toBe(1);
    expect(google.scriptRequests.length).toBe(1);
    await context.close();
  });
});
