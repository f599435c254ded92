/**
 * A défi in the player's language and with time for those who need it, in Chromium: an English
 * phone plays one to its end (every step in English, said through the défi's live region as the
 * accessibility tree exposes it), a German phone goes through its screens (names whole, nothing
 * cut), and « Temps adapté » is set by the MJ in the creation dialog, asked for on the first
 * screen, played to the end and marked on the leaderboard. axe at every step; screenshots at
 * 360x640 in French, English and German.
 */
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { defiPlayers, defis, games } from "@db/schema";
import type { Locale } from "@common/i18n/locales";
import { postJson } from "../support/app";
import { fractionsOf, hydrated, chromiumForTests, PHONE, PRESENTER, screenshot, seriousViolations, signIn } from "../support/browser";
import { app, baseURL, make } from "../support/e2e";
import { tIn } from "../support/i18n";
import { ARC, offset, PARIS_MAP, seedPicture, TOUR } from "../fixtures/paris";

const browser = chromiumForTests();

const BROWSER_LOCALE: Record<Locale, string> = { fr: "fr-FR", en: "en-US", de: "de-DE" };

/** A phone whose browser speaks `locale` (its Accept-Language and navigator.languages). */
async function phoneIn(locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: BROWSER_LOCALE[locale], timezoneId: "America/New_York" });
  return { context, page: await context.newPage() };
}

/** A two-photo quiz of Paris and a défi of it with `options`, created over the app's API by its MJ. */
async function defiWith(options: Record<string, unknown>) {
  const owner = await make.mj();
  const quiz = await make.quiz(owner, {
    name: "Paris challenge",
    description: "Two landmarks",
    mapSettings: PARIS_MAP,
    questions: [
      { ...TOUR, name: "Iron lady", title: "Eiffel Tower", photo: await make.photo(seedPicture("tour.jpg")) },
      { ...ARC, name: "An arch", title: "Arc de Triomphe", photo: await make.photo(seedPicture("arc.jpg")) },
    ],
  });
  const cookie = await app.cookieFor(owner);
  const body = { quiz: quiz.uniqueName, deadline: Date.now() + 86_400_000, answerTimeSec: 30, helpZoneM: null, nameMode: "free", ...options };
  const res = await postJson(app, "/api/defis/new", body, cookie);
  expect(res.status).toBe(201);
  return { owner, cookie, ...((await res.json()) as { gameId: string; code: string; path: string }) };
}

/** What the défi's live region holds now, read from Chromium's accessibility tree (what a screen reader is given). */
async function spoken(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send("DOM.getDocument")) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "[data-testid=defi-announcer]" })) as { nodeId: number };
    const { nodes } = (await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: true })) as {
      nodes: { role?: { value?: string }; name?: { value?: string }; properties?: { name: string; value: { value?: unknown } }[] }[];
    };
    const region = nodes.find((n) => n.properties?.some((p) => p.name === "live" && p.value.value === "polite") && n.role?.value !== "StaticText");
    if (!region) return "";
    return nodes
      .filter((n) => n.role?.value === "StaticText")
      .map((n) => n.name?.value ?? "")
      .join("")
      .trim();
  } finally {
    await cdp.detach();
  }
}

/** Waits until the live region says `text` (a string to find in it, or a pattern). */
async function saysNext(page: Page, text: string | RegExp) {
  await expect.poll(() => spoken(page), { timeout: 15_000 }).toMatch(typeof text === "string" ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : text);
}

/** Taps the offline map `northM` metres north of a spot, after switching to it with the tab named `mapTab`. */
async function tapNear(page: Page, mapTab: string, spot: { lat: number; lng: number }, northM: number) {
  await page.getByRole("button", { name: mapTab, exact: true }).click();
  const { fx, fy } = fractionsOf(PARIS_MAP.bounds, offset(spot, northM, 0));
  const box = (await page.locator(".pl-ptm-map [data-offline-map]").boundingBox())!;
  await page.touchscreen.tap(box.x + fx * box.width, box.y + fy * box.height);
}

/** No element of the page wider than the screen, and every name of the leaderboard whole. */
async function nothingCut(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const cut = await page
    .locator(".df-name, .pl-title, .df-facts li, .pl-button, .lang-switch button")
    .evaluateAll((els) => els.filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1).map((n) => n.textContent));
  expect(cut).toEqual([]);
}

async function step(page: Page, shot: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await nothingCut(page);
  await screenshot(page, shot);
}

describe("a défi in the player's language", () => {
  it("is played to its end by an English phone: every step in English, said in English, and its deadline in the phone's time zone", async () => {
    const defi = await defiWith({});
    const { context, page } = await phoneIn("en");
    await page.goto(`${baseURL}${defi.path}`);
    await hydrated(page);
    await page.getByRole("heading", { name: "Paris challenge" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.title()).toBe("Challenge — Paris challenge — Repère");
    await page.getByText("2 questions, 30 s each").waitFor();
    // The deadline in New York's time, the phone's, in English.
    const [deadline] = await app.db.select({ at: defis.deadline }).from(defis).where(eq(defis.gameId, defi.gameId));
    const local = new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeStyle: "short", timeZone: "America/New_York" }).format(deadline!.at);
    await page.getByText(`Open until ${local.replace(/\u202f/g, " ")}`).waitFor();
    await page.getByRole("button", { name: "English" }).waitFor();
    await step(page, "defi-en-1-intro");

    await page.getByLabel("Your name").fill("x");
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByText("The name must be between 2 and 24 characters long").waitFor();
    await page.getByLabel("Your name").fill("Amelia Earhart");
    await page.getByRole("button", { name: "Start" }).click();
    await page.locator(".pl-ptm-photo").waitFor();
    await saysNext(page, /^Question 1 of 2: (29|30) seconds to answer\.$/);
    expect(await page.locator(".pl-ptm-photo").getAttribute("alt")).toBe("Question 1 of 2");
    await page.getByText(/to win$/).waitFor();
    await step(page, "defi-en-2-photo");
    await tapNear(page, "Map", TOUR, 30);
    await step(page, "defi-en-3-map");
    await page.getByRole("button", { name: "Answer" }).click();
    await page.getByText(/^Total: /).waitFor();
    expect(await page.locator(".df-reveal-line").textContent()).toMatch(/^Inside the 50 m circle in [\d.]+\ss: [\d.]+ points$/);
    await saysNext(page, /^Answer received: inside the 50 m circle, [\d.]+ points\. Total: [\d.]+ points\.$/);
    await page.getByText("The right answers and everyone's answers will be shown when the challenge ends").waitFor();
    await step(page, "defi-en-4-reveal");

    await page.getByRole("button", { name: "Next question" }).click();
    await saysNext(page, /^Question 2 of 2: /);
    // The focus went on with the new screen, not to the top of an empty page.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
    await tapNear(page, "Map", ARC, 500);
    await page.getByRole("button", { name: "Answer" }).click();
    await page.getByText(/^Total: /).waitFor();
    await saysNext(page, /^Answer received: (outside the circles|inside the 200 m circle), [\d.]+ points\. Total: /);
    await page.getByRole("button", { name: "See my result" }).click();
    await page.getByRole("heading", { name: "Challenge finished for you" }).waitFor();
    await saysNext(page, "Ranking so far: 1st of 1.");
    await page.locator(".df-rank-line", { hasText: "Ranking so far: 1st of 1" }).waitFor();
    await step(page, "defi-en-5-done");

    // Over: the final ranking, every answer on the map, in English.
    await app.db.update(defis).set({ deadline: Date.now() - 1000 }).where(eq(defis.gameId, defi.gameId));
    await page.reload();
    await page.getByRole("heading", { name: "Challenge over" }).waitFor();
    await page.getByRole("heading", { name: "The answers" }).waitFor();
    await page.getByText("Question 1/2 — Eiffel Tower").waitFor();
    expect(await page.locator(".df-answers-card .df-reveal-line").textContent()).toMatch(/^Your answer: 3\d\sm \(inside the 50 m circle\) in [\d.]+\ss, [\d.]+ points$/);
    await step(page, "defi-en-6-over");
    await page.goto(`${baseURL}${defi.path}/classement`);
    await page.getByText("Challenge over · 1 player").waitFor();
    expect(await page.title()).toBe("Leaderboard — Paris challenge — Repère");
    await step(page, "defi-en-7-leaderboard");
    await context.close();
  }, 180_000);

  it("shows a German phone every screen in German, long words and names whole at 360 px", async () => {
    const defi = await defiWith({ adapted: { kind: "double", speed: "stretched", all: false, ask: true, names: [] } });
    const { context, page } = await phoneIn("de");
    await page.goto(`${baseURL}${defi.path}`);
    await hydrated(page);
    await page.getByText("2 Fragen, je 30 s").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    await page.getByLabel("Ich brauche mehr Zeit (angepasste Zeit)").waitFor();
    await step(page, "defi-de-1-intro");
    await page.getByLabel("Dein Name").fill("Maximiliane Schwarzenberg");
    await page.getByRole("button", { name: "Starten" }).click();
    await page.getByText("Der Name muss zwischen 2 und 24 Zeichen lang sein").waitFor();
    await page.getByLabel("Dein Name").fill("Maximiliane Schwarzenbe");
    await page.getByRole("button", { name: "Starten" }).click();
    await page.locator(".pl-ptm-photo").waitFor();
    await saysNext(page, /^Frage 1 von 2: (29|30) Sekunden zum Antworten\.$/);
    await step(page, "defi-de-2-photo");
    await tapNear(page, "Karte", TOUR, 30);
    await page.getByRole("button", { name: "Antworten" }).click();
    await page.getByText(/^Gesamt: /).waitFor();
    expect(await page.locator(".df-reveal-line").textContent()).toMatch(/^Im 50-m-Kreis in [\d,]+\ss: [\d,]+ Punkte$/);
    await step(page, "defi-de-3-reveal");
    await page.getByRole("button", { name: "Nächste Frage" }).click();
    await tapNear(page, "Karte", ARC, 30);
    await page.getByRole("button", { name: "Antworten" }).click();
    await page.getByRole("button", { name: "Mein Ergebnis ansehen" }).click();
    await page.getByRole("heading", { name: "Challenge für dich beendet" }).waitFor();
    await page.locator(".df-rank-line", { hasText: "Platz bisher: 1. von 1" }).waitFor();
    await step(page, "defi-de-4-done");
    await page.goto(`${baseURL}${defi.path}/classement`);
    await page.locator(".df-line").first().waitFor();
    await page.getByText(/^Offen bis \d{2}\.\d{2}\.\d{2}, \d{2}:\d{2} · 1 Spieler$/).waitFor();
    await step(page, "defi-de-5-leaderboard");
    // Reflow: at 320 px wide (a phone at 200 % zoom shows as much) nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    await step(page, "defi-de-6-leaderboard-320");
    await page.goto(`${baseURL}${defi.path}`);
    await page.locator(".df-rank-line").waitFor();
    await step(page, "defi-de-7-done-320");
    await page.setViewportSize(PHONE);
    // The switch: French on this device from now on, without leaving the page (the player's end
    // of the défi), and on its leaderboard after.
    await page.getByRole("button", { name: "Français" }).click();
    await page.getByRole("heading", { name: "Défi terminé pour vous" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await page.goto(`${baseURL}${defi.path}/classement`);
    await page.getByText("Classement du défi").waitFor();
    await context.close();
  }, 120_000);
});

describe("the MJ's défi screens", () => {
  it("words the creation dialog and the management screen in French, English and German at 360 px", async () => {
    const defi = await defiWith({ adapted: { kind: "double", speed: "none", all: false, ask: true, names: ["Zoé"] } });
    const player = await postJson(app, `/api/defi/${defi.code}/join`, { name: "Zoé" });
    expect(player.status).toBe(200);
    const [{ quizUniqueName } = { quizUniqueName: "" }] = await app.db.select({ quizUniqueName: games.quizUniqueName }).from(games).where(eq(games.id, defi.gameId));
    for (const locale of ["fr", "en", "de"] as const) {
      const t = tIn(locale);
      const mj = await browser().newContext({ viewport: PHONE, locale: BROWSER_LOCALE[locale], hasTouch: true });
      await signIn(mj, defi.cookie, baseURL);
      const page = await mj.newPage();
      await page.goto(`${baseURL}/mj`);
      await hydrated(page, ".quiz-card button");
      await page.locator(`article[data-quiz="${quizUniqueName}"]`).getByRole("button", { name: t("dashboard.quiz.createDefi") }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(t("defi.create.namesFree")).check();
      await dialog.getByLabel(t("defi.adapted.whoSome")).check();
      await dialog.getByLabel(t("defi.adapted.names")).fill("Zoé");
      expect(await seriousViolations(page)).toEqual([]);
      const cut = await dialog.locator("label, legend, p, button").evaluateAll((els) => els.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent));
      expect(cut).toEqual([]);
      await dialog.locator("fieldset.defi-adapted").scrollIntoViewIfNeeded();
      await screenshot(page, `defi-mj-${locale}-1-dialog`);
      await page.goto(`${baseURL}/mj/parties/${defi.gameId}`);
      await hydrated(page, ".report-defi button");
      const adaptedBox = page.getByLabel(t("defi.manage.adaptedFor", { name: "Zoé" }));
      await adaptedBox.waitFor();
      await page.getByRole("heading", { name: t("defi.manage.open") }).waitFor();
      if (locale === "fr") {
        // The MJ's choice shows while the server has not answered; refused, the box goes back and says so.
        expect(await adaptedBox.isChecked()).toBe(true);
        let answer = () => {};
        const held = new Promise<void>((done) => (answer = done));
        await page.route(`**/api/defis/${defi.gameId}`, async (route) => {
          await held;
          await route.abort("failed");
        }, { times: 1 });
        await adaptedBox.click();
        await expect.poll(() => adaptedBox.isChecked()).toBe(false);
        expect(await adaptedBox.getAttribute("aria-busy")).toBe("true");
        answer();
        const notSaved = t("defi.manage.adaptedNotSaved");
        await page.getByText(notSaved).waitFor();
        expect(await adaptedBox.isChecked()).toBe(true);
        await expect.poll(() => adaptedBox.evaluate((box) => document.getElementById(box.getAttribute("aria-describedby") ?? "")?.textContent)).toBe(notSaved);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByText(notSaved).scrollIntoViewIfNeeded();
        await screenshot(page, "defi-mj-fr-adapted-refused");
        // Answered: the choice stays, then the report's data says the same.
        const [saved] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith(`/api/defis/${defi.gameId}`) && r.request().method() === "POST"),
          adaptedBox.click(),
        ]);
        expect(await adaptedBox.isChecked()).toBe(false);
        expect(saved.ok()).toBe(true);
        await page.reload();
        await hydrated(page, ".report-defi button");
        expect(await adaptedBox.isChecked()).toBe(false);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator(".report-defi").scrollIntoViewIfNeeded();
      await screenshot(page, `defi-mj-${locale}-2-manage`);
      await mj.close();
    }
  }, 150_000);
});

describe("« Temps adapté »", () => {
  it("is set in the creation dialog, asked for on the first screen, played to the end with twice the time and marked on the leaderboard", async () => {
    const owner = await make.mj();
    const quiz = await make.quiz(owner, {
      name: "Défi du Marais",
      mapSettings: PARIS_MAP,
      questions: [
        { ...TOUR, name: "La dame de fer", title: "La tour Eiffel", photo: await make.photo(seedPicture("tour.jpg")) },
        { ...ARC, name: "Un arc", title: "L'Arc de triomphe", photo: await make.photo(seedPicture("arc.jpg")) },
      ],
    });
    const mj = await browser().newContext({ viewport: PRESENTER, locale: "fr-FR" });
    await signIn(mj, await app.cookieFor(owner), baseURL);
    const dash = await mj.newPage();
    await dash.goto(`${baseURL}/mj`);
    await hydrated(dash, ".quiz-card button");
    await dash.locator(`article[data-quiz="${quiz.uniqueName}"]`).getByRole("button", { name: "Créer un défi" }).click();
    const dialog = dash.getByRole("dialog");
    await dialog.getByLabel("Temps de réponse").selectOption("30");
    await dialog.getByLabel("Chacun tape son nom (une classe)").check();
    await dialog.getByLabel("Certains joueurs").check();
    await dialog.getByLabel("Deux fois plus de temps").check();
    await dialog.getByLabel("Comptés sur le temps doublé").check();
    await dialog.getByLabel("Joueurs nommés (un nom par ligne)").fill("Zoé\nJean-Marc");
    expect(await dialog.getByLabel("Les joueurs peuvent le demander sur le premier écran du défi").isChecked()).toBe(true);
    expect(await seriousViolations(dash)).toEqual([]);
    await screenshot(dash, "defi-adapted-1-dialog");
    await dialog.getByRole("button", { name: "Créer le défi" }).click();
    // The link shows the site's address once the page knows it (after its first render): wait for it.
    await expect.poll(() => dialog.getByTestId("defi-url").textContent()).toMatch(/^https?:\/\//);
    const url = (await dialog.getByTestId("defi-url").textContent())!;
    const code = url.split("/").pop()!;
    const [stored] = await app.db.select({ adapted: defis.adapted, gameId: defis.gameId }).from(defis).where(eq(defis.code, code));
    expect(stored!.adapted).toEqual({ kind: "double", speed: "stretched", all: false, ask: true, names: ["Zoé", "Jean-Marc"] });

    // A player asks for it on the first screen.
    const { context, page } = await phoneIn("fr");
    await page.goto(url);
    await hydrated(page);
    await page.getByLabel("Votre nom").fill("Inès");
    await page.getByLabel("J'ai besoin de plus de temps (temps adapté)").check();
    await page
      .getByText("Deux fois plus de temps par question, points de rapidité comptés sur ce temps. Le classement indiquera que vous avez joué en temps adapté.")
      .waitFor();
    await step(page, "defi-adapted-2-ask");
    await page.getByRole("button", { name: "Commencer" }).click();
    await page.locator(".pl-ptm-photo").waitFor();
    // Twice the défi's 30 s, on the server's clock and said so.
    await saysNext(page, /^Question 1 sur 2 : (59|60) secondes pour répondre\.$/);
    const [row] = await app.db.select({ adapted: defiPlayers.adapted }).from(defiPlayers).where(eq(defiPlayers.gameId, stored!.gameId));
    expect(row!.adapted).toBe(true);
    await step(page, "defi-adapted-3-question");
    await tapNear(page, "Carte", TOUR, 10);
    await page.getByRole("button", { name: "Répondre" }).click();
    await page.getByText(/^Total :/).waitFor();
    await page.getByRole("button", { name: "Question suivante" }).click();
    await tapNear(page, "Carte", ARC, 10);
    await page.getByRole("button", { name: "Répondre" }).click();
    await page.getByRole("button", { name: "Voir mon résultat" }).click();
    await page.getByRole("heading", { name: "Défi terminé pour vous" }).waitFor();
    // Its line says how it played, in words.
    await page.locator(".df-me .df-adapted", { hasText: "Temps adapté" }).waitFor();
    await page.getByText("« Temps adapté » : ligne jouée avec deux fois plus de temps par question, points de rapidité comptés sur ce temps.").waitFor();
    await step(page, "defi-adapted-4-done");

    // The management screen: the line has it, and the MJ can take it back.
    const report = await mj.newPage();
    await report.goto(`${baseURL}/mj/parties/${stored!.gameId}`);
    await hydrated(report, ".report-defi button");
    const box = report.getByLabel("Temps adapté pour Inès");
    expect(await box.isChecked()).toBe(true);
    await report.getByText("Temps adapté (certains joueurs) : deux fois plus de temps par question, points de rapidité comptés sur ce temps, les joueurs peuvent le demander").waitFor();
    expect(await seriousViolations(report)).toEqual([]);
    await screenshot(report, "defi-adapted-5-report");
    // The box follows the room's answer (the line as stored), not the click alone.
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(false);
    await expect.poll(async () => (await app.db.select({ adapted: defiPlayers.adapted }).from(defiPlayers).where(eq(defiPlayers.gameId, stored!.gameId)))[0]!.adapted).toBe(false);
    await context.close();
    await mj.close();
  }, 150_000);

  it("without a limit: no countdown, the question waits, no speed points, in every language", async () => {
    const defi = await defiWith({ adapted: { kind: "unlimited", speed: "none", all: true } });
    for (const locale of ["fr", "en", "de"] as const) {
      const t = tIn(locale);
      const { context, page } = await phoneIn(locale);
      await page.goto(`${baseURL}${defi.path}`);
      await hydrated(page);
      await page.getByText(t("defi.intro.questionsNoLimit", { n: 2 })).waitFor();
      await step(page, `defi-nolimit-${locale}-1-intro`);
      await page.getByLabel(t("defi.intro.name")).fill(`Joueur ${locale}`);
      await page.getByRole("button", { name: t("defi.play.start") }).click();
      await page.locator(".pl-ptm-photo").waitFor();
      await page.getByText(t("defi.play.noLimitBar")).waitFor();
      expect(await page.getByRole("progressbar").count()).toBe(0);
      await saysNext(page, t("defi.announce.questionNoLimit", { n: 1, count: 2 }));
      await step(page, `defi-nolimit-${locale}-2-question`);
      await tapNear(page, t("player.photo.map"), TOUR, 10);
      await page.getByRole("button", { name: t("player.question.answer") }).click();
      await page.locator(".df-reveal-total").waitFor();
      // 5 points: the 20 m ring's, and no speed points.
      expect(await page.locator(".df-reveal-line strong").last().textContent()).toBe(t("player.points", { points: locale === "en" ? "5.00" : "5,00", form: "other" }));
      await step(page, `defi-nolimit-${locale}-3-reveal`);
      await context.close();
    }
  }, 150_000);
});
