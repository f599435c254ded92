/**
 * A défi played in Chromium on phones at different times: one with a free name, one that leaves
 * mid-question and comes back, one that lets the countdown run out; after each answer the ring
 * and points, never the spot; the photo of a question not opened is refused; the leaderboard is
 * checked against sums of the stored answers, with a 24-character name shown whole at 360 px;
 * after the deadline (or the MJ's early end) the link says « Défi terminé » and shows every
 * question's spot and everyone's answers. Screens at 360x640 and the leaderboard at 1920x1080,
 * with axe checks.
 */
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { defis, gameAnswers, gamePlayers } from "@db/schema";
import { postJson } from "../support/app";
import { DEFI_MSG } from "@common/rules";
import { fractionsOf, hydrated, chromiumForTests, phonePage, PRESENTER, screenshot, seriousViolations, signIn } from "../support/browser";
import { app, baseURL, make } from "../support/e2e";
import { tIn } from "../support/i18n";
import { ARC, offset, PARIS_MAP, seedPicture, TOUR } from "../fixtures/paris";

/** The French words the test browsers (fr-FR) read. */
const fr = tIn("fr");

const browser = chromiumForTests();

type Created = { gameId: string; code: string; path: string };

/** A two-photo quiz of Paris and a défi of it, created over the app's API by its MJ. */
async function defiOf(nameMode: "free" | "pseudo", answerTimeSec = 30) {
  const owner = await make.mj();
  const quiz = await make.quiz(owner, {
    name: "Paris au défi",
    mapSettings: PARIS_MAP,
    questions: [
      { ...TOUR, name: "La dame de fer", title: "La tour Eiffel", photo: await make.photo(seedPicture("tour.jpg")) },
      { ...ARC, name: "Un arc", title: "L'Arc de triomphe", photo: await make.photo(seedPicture("arc.jpg")) },
    ],
  });
  const cookie = await app.cookieFor(owner);
  const res = await postJson(app, "/api/defis/new", { quiz: quiz.uniqueName, deadline: Date.now() + 86_400_000, answerTimeSec, helpZoneM: null, nameMode }, cookie);
  expect(res.status).toBe(201);
  return { owner, quiz, cookie, defi: (await res.json()) as Created };
}

/** Taps the offline map `northM` metres north of a spot (the map shows the quiz's bounds). */
async function tapNear(page: Page, spot: { lat: number; lng: number }, northM: number) {
  await page.getByRole("button", { name: "Carte" }).click();
  const { fx, fy } = fractionsOf(PARIS_MAP.bounds, offset(spot, northM, 0));
  const box = (await page.locator(".pl-ptm-map [data-offline-map]").boundingBox())!;
  await page.touchscreen.tap(box.x + fx * box.width, box.y + fy * box.height);
}

async function answerNear(page: Page, spot: { lat: number; lng: number }, northM: number) {
  await tapNear(page, spot, northM);
  await page.getByRole("button", { name: "Répondre" }).click();
  await page.getByText(/^Total :/).waitFor();
}

/** 24 characters: the longest name a défi takes. */
const LONG_NAME = "Anne-Charlotte Delacroix";

/** Every name of the leaderboard shown whole: no line of it cut off or hidden. */
const wholeNames = (page: Page) =>
  page.locator(".df-name").evaluateAll((names) =>
    names.every((n) => n.scrollWidth <= n.clientWidth + 1 && n.scrollHeight <= n.clientHeight + 1 && getComputedStyle(n).textOverflow !== "ellipsis"),
  );

/** The end's full reveal: the first question's spot and every answer on its map, its photo. */
async function fullReveal(page: Page, answers: number) {
  await page.getByRole("heading", { name: "Les réponses" }).waitFor();
  await page.getByText("Question 1/2 — La tour Eiffel").waitFor();
  await page.getByText(`la bonne réponse`, { exact: false }).first().waitFor();
  expect(await page.locator(".df-answers-card .df-legend").textContent()).toContain(`${answers} réponses`);
  const photo = page.locator(".df-answers-photo");
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The map closes in on the spot: its rings (200 m at the most) in a view of metres, not kilometres.
  await expect.poll(() => page.locator(".df-answers-map .om-scale").textContent()).toMatch(/^\d+\s*m$/);
}

describe("a défi on phones", () => {
  it("is played by three phones at different times, resumed after a reload, missed after the countdown", async () => {
    const { defi } = await defiOf("free", 15);
    const url = `${baseURL}${defi.path}`;

    // Phone 1: a free name, both questions answered.
    const one = await phonePage(browser());
    await one.page.goto(url);
    await hydrated(one.page);
    await expect.poll(() => one.page.getByRole("heading", { name: "Paris au défi" }).isVisible()).toBe(true);
    expect(await seriousViolations(one.page)).toEqual([]);
    await screenshot(one.page, "defi-1-intro");
    await one.page.getByLabel("Votre nom").fill("x");
    await one.page.getByRole("button", { name: "Commencer" }).click();
    await one.page.getByText("Le nom doit faire entre 2 et 24 caractères").waitFor();
    // Longer than the rule but within the field: the rule's words, not « Tous les champs… ».
    await one.page.getByLabel("Votre nom").fill("Zoé L’Hermite de la Grande Forêt");
    await one.page.getByRole("button", { name: "Commencer" }).click();
    await one.page.getByText("Le nom doit faire entre 2 et 24 caractères").waitFor();
    // Nothing visible: Hangul fillers.
    await one.page.getByLabel("Votre nom").fill("\u3164\u3164\u3164");
    await one.page.getByRole("button", { name: "Commencer" }).click();
    await one.page.getByText(fr(DEFI_MSG.nameInvisible)).waitFor();
    await one.page.getByLabel("Votre nom").fill("Zoé L’Hermite");
    await one.page.getByRole("button", { name: "Commencer" }).click();
    const photo = one.page.locator(".pl-ptm-photo");
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await seriousViolations(one.page)).toEqual([]);
    await screenshot(one.page, "defi-2-photo");
    await tapNear(one.page, TOUR, 30);
    await screenshot(one.page, "defi-3-map");
    await one.page.getByRole("button", { name: "Répondre" }).click();
    await one.page.getByText(/^Total :/).waitFor();
    // The ring and the points, not the spot: that waits for the end of the défi.
    expect(await one.page.locator(".df-reveal-line").textContent()).toMatch(/^Dans le cercle de 50 m en [\d,]+\ss : [\d,]+ points$/);
    await one.page.getByText(fr(DEFI_MSG.spotsAtEnd)).waitFor();
    expect(await one.page.getByText("La tour Eiffel").count()).toBe(0);
    expect(await seriousViolations(one.page)).toEqual([]);
    await screenshot(one.page, "defi-4-reveal");
    await one.page.getByRole("button", { name: "Question suivante" }).click();
    await answerNear(one.page, ARC, 120);
    await one.page.getByRole("button", { name: "Voir mon résultat" }).click();
    await one.page.locator(".df-rank-line", { hasText: "Classement pour l'instant" }).waitFor();
    expect(await seriousViolations(one.page)).toEqual([]);
    await screenshot(one.page, "defi-5-done");

    // Phone 2: opens the first question, leaves mid-question, comes back to the same one.
    const two = await phonePage(browser());
    await two.page.goto(url);
    await hydrated(two.page);
    await two.page.getByLabel("Votre nom").fill("zoe l'hermite");
    await two.page.getByRole("button", { name: "Commencer" }).click();
    await two.page.getByText("Ce nom est déjà pris dans ce défi : choisissez-en un autre").waitFor();
    await two.page.getByLabel("Votre nom").fill(LONG_NAME);
    await two.page.getByRole("button", { name: "Commencer" }).click();
    await two.page.locator(".pl-ptm-photo").waitFor();
    const before = await two.page.getByTestId("points-left").textContent();
    await two.page.waitForTimeout(2_000);
    await two.page.reload();
    await two.page.locator(".pl-ptm-photo").waitFor();
    expect(await two.page.getByText("Question 1/2").count()).toBeGreaterThan(0);
    const after = await two.page.getByTestId("points-left").textContent();
    expect(parseFloat(after!.replace(",", "."))).toBeLessThan(parseFloat(before!.replace(",", ".")));
    await answerNear(two.page, TOUR, 10);
    await two.page.getByRole("button", { name: "Question suivante" }).click();
    await answerNear(two.page, ARC, 10);

    // Phone 3: lets the countdown of the first question run out.
    const three = await phonePage(browser());
    await three.page.goto(url);
    await hydrated(three.page);
    await three.page.getByLabel("Votre nom").fill("Inès");
    await three.page.getByRole("button", { name: "Commencer" }).click();
    await three.page.getByText("Temps écoulé : pas de réponse, 0 point", { exact: true }).waitFor({ timeout: 25_000 });
    expect(await seriousViolations(three.page)).toEqual([]);
    await screenshot(three.page, "defi-6-missed");

    // The leaderboard, against an independent sum of the stored answers.
    const answers = await app.db.select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId));
    const players = await app.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, defi.gameId));
    const sums = players.map((p) => {
      const mine = answers.filter((a) => a.playerNo === p.playerNo);
      const missed = p.playerNo === 3 ? 15_000 : 0;
      return { name: p.pseudo, points: mine.reduce((s, a) => s + a.points, 0), time: mine.reduce((s, a) => s + a.timeMs, missed) };
    });
    sums.sort((a, b) => b.points - a.points || a.time - b.time);
    expect(sums.map((s) => s.name)).toContain("Zoé L'Hermite");
    const board = await phonePage(browser());
    await board.page.goto(`${url}/classement`);
    await board.page.locator(".df-line").first().waitFor();
    expect(await board.page.locator(".df-name").allTextContents()).toEqual(sums.map((s) => s.name));
    // A name of 24 characters is shown whole at 360 px, not cut by an ellipsis.
    expect(await wholeNames(board.page)).toBe(true);
    expect(await seriousViolations(board.page)).toEqual([]);
    await screenshot(board.page, "defi-7-classement-phone");
    const projector = await browser().newContext({ viewport: PRESENTER, locale: "fr-FR" });
    const big = await projector.newPage();
    await big.goto(`${url}/classement`);
    await big.locator(".df-line").first().waitFor();
    await screenshot(big, "defi-8-classement-projector");
    await projector.close();

    // After the deadline, the link says so, with the full reveal: each spot, everyone's answers.
    await app.db.update(defis).set({ deadline: Date.now() - 1000 }).where(eq(defis.gameId, defi.gameId));
    await one.page.goto(url);
    await one.page.getByRole("heading", { name: "Défi terminé" }).waitFor();
    await one.page.getByText("Classement final").first().waitFor();
    expect(await wholeNames(one.page)).toBe(true);
    await screenshot(one.page, "defi-9-over");
    await fullReveal(one.page, 2);
    expect(await one.page.locator(".df-answers-card .df-reveal-line").textContent()).toMatch(/^Votre réponse : 3\d\sm \(dans le cercle de 50 m\)/);
    expect(await seriousViolations(one.page)).toEqual([]);
    await one.page.locator(".df-answers-nav").evaluate((n) => n.scrollIntoView({ block: "start" }));
    await screenshot(one.page, "defi-10-answers");
    await one.page.getByRole("button", { name: "Question suivante" }).click();
    await one.page.getByText("Question 2/2 — L'Arc de triomphe").waitFor();
    await board.page.goto(`${url}/classement`);
    await fullReveal(board.page, 2);
    await board.page.locator(".df-answers-map").evaluate((n) => n.scrollIntoView({ block: "end" }));
    await screenshot(board.page, "defi-11-classement-answers");
    for (const p of [one, two, three, board]) await p.context.close();
  }, 180_000);

  it("refuses the photo of a question not opened, whatever address is tried", async () => {
    const { defi, quiz } = await defiOf("pseudo");
    const phone = await phonePage(browser());
    await phone.page.goto(`${baseURL}${defi.path}`);
    await hydrated(phone.page);
    await phone.page.getByRole("button", { name: "Commencer" }).click();
    const src = await phone.page.locator(".pl-ptm-photo").getAttribute("src");
    expect(src).toMatch(new RegExp(`^/api/defi/${defi.code}/photo/[A-Za-z0-9_-]{32}$`));
    const files = quiz.questions.map((q) => q.fileKey!.split("/").pop()!);
    const statuses = await phone.page.evaluate(
      async ({ name, files }) =>
        Promise.all(files.map(async (f) => (await fetch(`/api/quizz/images/src/${name}/${f}`)).status)),
      { name: quiz.uniqueName, files },
    );
    expect(statuses).toEqual([404, 404]);
    const future = await phone.page.evaluate(async (code) => {
      const res = await fetch(`/api/defi/${code}/answer`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ question: 1, lat: 48.87, lng: 2.29 }),
      });
      return { status: res.status, body: await res.json() };
    }, defi.code);
    expect(future).toEqual({ status: 409, body: { error: "Cette question n'est pas ouverte" } });
    await phone.context.close();
  }, 60_000);

  it("is created from the dashboard, listed in « Parties jouées », reported and exported like a game, and ended by its MJ", async () => {
    const owner = await make.mj();
    const quiz = await make.quiz(owner, {
      name: "Défi du Louvre",
      mapSettings: PARIS_MAP,
      questions: [{ ...TOUR, name: "La dame de fer", title: "La tour Eiffel", photo: await make.photo(seedPicture("tour.jpg")) }],
    });
    const context = await browser().newContext({ viewport: PRESENTER, locale: "fr-FR", acceptDownloads: true });
    await signIn(context, await app.cookieFor(owner), baseURL);
    const page = await context.newPage();
    await page.goto(`${baseURL}/mj`);
    await hydrated(page, ".quiz-card button");
    const card = page.locator(`article[data-quiz="${quiz.uniqueName}"]`);
    await card.getByRole("button", { name: "Créer un défi" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Temps de réponse").selectOption("45");
    await dialog.getByLabel("Chacun tape son nom (une classe)").check();
    expect(await dialog.getByLabel(fr(DEFI_MSG.revealEach)).isChecked()).toBe(false);
    expect(await dialog.getByLabel(fr(DEFI_MSG.boardHiddenLabel)).isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "defi-dashboard-1-dialog");
    await dialog.getByRole("button", { name: "Créer le défi" }).click();
    const link = dialog.getByTestId("defi-url");
    await link.waitFor();
    expect(await dialog.locator("svg title").textContent()).toBe("QR code du défi « Défi du Louvre »");
    await screenshot(page, "defi-dashboard-2-created");
    // The site's address joins the path once the page knows it (after the dialog's first render).
    await expect.poll(() => link.textContent()).toMatch(new RegExp(`^${baseURL}/defi/[A-Za-z0-9_-]{16}$`));
    const url = (await link.textContent())!;

    // A student plays it over HTTP, as the phone's page would.
    const code = url.split("/").pop()!;
    const joined = await postJson(app, `/api/defi/${code}/join`, { name: "Léa Martin" });
    const device = joined.headers.get("Set-Cookie")!.split(";")[0]!;
    await postJson(app, `/api/defi/${code}/open`, {}, device);
    expect((await postJson(app, `/api/defi/${code}/answer`, { question: 0, ...offset(TOUR, 20, 0) }, device)).status).toBe(200);

    await page.goto(`${baseURL}/mj`);
    const row = page.locator("section.played tbody tr").first();
    await row.waitFor();
    expect(await row.locator("th").textContent()).toBe("Défi du Louvre");
    expect(await row.locator('td[data-label="Mode"]').textContent()).toMatch(/^Défi jusqu'au \d{2}\/\d{2}\/\d{4} \d{2}h\d{2}$/);
    expect(await row.locator('td[data-label="Joueurs"]').textContent()).toBe("1");
    expect(await row.locator('td[data-label="État"]').textContent()).toBe("En cours");
    await hydrated(page, "a.button");
    await row.getByRole("link", { name: /^Rapport de « Défi du Louvre »/ }).click();
    await page.getByRole("heading", { name: "Défi ouvert" }).waitFor();
    expect(await page.locator(".report-ranking tbody tr").first().textContent()).toContain("Léa Martin");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "defi-report-1920");
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Réponses \(CSV\)$/ }).click()]);
    const csv = readFileSync(await file.path()).toString("utf8");
    expect(csv).toContain("Léa Martin");
    expect(csv).toContain("La tour Eiffel");

    await hydrated(page, ".report-defi button");
    await page.getByRole("button", { name: "Terminer le défi maintenant" }).click();
    await page.getByRole("heading", { name: "Défi terminé" }).waitFor();
    const phone = await phonePage(browser());
    await phone.page.goto(url);
    await phone.page.getByRole("heading", { name: "Défi terminé" }).waitFor();
    // Ended early: the spot and the answers are out at once.
    await phone.page.getByRole("heading", { name: "Les réponses" }).waitFor();
    await phone.page.getByText("Question 1/1 — La tour Eiffel").waitFor();
    await screenshot(phone.page, "defi-ended-early-answers");

    // Reopened with a new deadline: the same link plays again, the answers hidden again.
    await page.getByRole("button", { name: "Rouvrir le défi" }).click();
    await page.getByRole("heading", { name: "Défi ouvert" }).waitFor();
    expect(await page.locator(".defi-players tbody tr").first().textContent()).toContain("Léa Martin");
    await screenshot(page, "defi-report-reopened");
    await phone.page.reload();
    await phone.page.getByRole("heading", { name: "Défi du Louvre" }).waitFor();
    expect(await phone.page.getByRole("heading", { name: "Les réponses" }).count()).toBe(0);
    await phone.context.close();
    await context.close();
  }, 120_000);
});
