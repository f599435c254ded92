/**
 * Phones of three languages in one French night, in Chromium: an English phone (en-GB, its
 * Accept-Language « en »), a German one and a French one join from the home page, pick their
 * pseudo (colour then fruit), play a round of two questions answering on the same spot at the same
 * moment, then a second round (the night's ranking). At every step each phone speaks its own
 * language (its words and `<html lang>`), and the three show the same game: the same question,
 * the same distance and points for the same answer. A random-icon room gives the kicked screen,
 * the full room and the language switch, which sticks on the device across a reload while the game
 * goes on. Every phone screen is photographed at 360x640 in English, German and French, and
 * nothing on it reaches past the screen's edge or out of its box.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Translate } from "@common/i18n/ids";
import { LOCALE_NAMES, type Locale } from "@common/i18n/locales";
import { pointsText } from "~/features/player/format";
import { cutText, hydrated, chromiumForTests, overflowing, PHONE, RoomLine, screenshot, tapMap } from "../support/browser";
import type { TestPresenter } from "../support/room-sockets";
import { baseURL, closeRoom, postRound, presenter } from "../support/e2e";
import { tIn } from "../support/i18n";
import { launchAt, spotAt } from "./lyon";

const browser = chromiumForTests();

/** Each phone's browser: its locale (navigator.languages) and the Accept-Language it sends. */
const BROWSERS: Record<Locale, { locale: string; accept: string }> = {
  en: { locale: "en-GB", accept: "en" },
  de: { locale: "de-DE", accept: "de-DE,de;q=0.9" },
  fr: { locale: "fr-FR", accept: "fr-FR,fr;q=0.9" },
};
const ORDER: Locale[] = ["en", "de", "fr"];
const ANSWER_SEC = 30;

interface Phone {
  locale: Locale;
  t: Translate;
  context: BrowserContext;
  page: Page;
  line: RoomLine;
  /** Its pseudo, once seated. */
  pseudo?: string;
}

async function phoneIn(locale: Locale): Promise<Phone> {
  const { locale: browserLocale, accept } = BROWSERS[locale];
  const context = await browser().newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: browserLocale,
    extraHTTPHeaders: { "Accept-Language": accept },
  });
  const page = await context.newPage();
  const line = await new RoomLine().install(page);
  return { locale, t: tIn(locale), context, page, line };
}

/** The page is in `locale`: its `<html lang>`, and `text` (the catalog's words) shows. */
async function speaks(phone: Phone, text: string, locale = phone.locale) {
  await phone.page.getByText(text, { exact: true }).first().waitFor({ timeout: 20_000 });
  expect(await phone.page.locator("html").getAttribute("lang")).toBe(locale);
}

/** A screenshot to look at, and nothing past the screen's right edge or out of its box. */
async function look(phone: Phone, step: string, label: string = phone.locale) {
  await screenshot(phone.page, `phone-${label}-${step}`);
  expect.soft(await overflowing(phone.page), `${label} ${step}: past the edge`).toEqual([]);
  expect.soft(await cutText(phone.page), `${label} ${step}: text out of its box`).toEqual([]);
}

/** A number as `locale` writes it ('1,234.56', '1.234,56', '1 234,56') back to a number. */
function numberIn(locale: Locale, text: string): number {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  const group = parts.find((p) => p.type === "group")!.value;
  const decimal = parts.find((p) => p.type === "decimal")!.value;
  return Number(text.split(group).join("").replace(decimal, "."));
}

/** The first number written in `text` (digits with the locale's separators between them). */
const firstNumber = (locale: Locale, text: string) => numberIn(locale, text.match(/\d[\d.,\u202f\u00a0]*\d|\d/)![0]);

/** Which question each phone shows, and that it says so in its own words. */
async function sameQuestion(phones: Phone[], n: number, count: number) {
  for (const p of phones) await p.page.locator(".pl-qnum").getByText(p.t("player.questionNumber", { n, count }), { exact: true }).waitFor({ timeout: 20_000 });
  const shown = await Promise.all(phones.map((p) => p.page.locator(".pl-qnum").textContent()));
  expect(new Set(shown.map((s) => s!.match(/\d+\/\d+/)![0])).size).toBe(1);
}

/** Every phone taps the same spot, then all press « Answer » at once. */
async function answerTogether(phones: Phone[], fx: number, fy: number) {
  for (const p of phones) {
    await tapMap(p.page, fx, fy);
    await p.page.getByRole("button", { name: p.t("player.question.answer"), exact: true }).waitFor();
  }
  await Promise.all(phones.map((p) => p.page.getByRole("button", { name: p.t("player.question.answer"), exact: true }).click()));
}

/**
 * Each phone's result for the question, read in its own words and number format: the same
 * distance for all, and the same points within what the spread of their answer times (the room's
 * clock) is worth in speed points.
 */
async function sameResult(phones: Phone[], pres: TestPresenter, q: number, count: number, pointMax: number, answersBefore = 0) {
  const results: { distance: number; points: number; total: number }[] = [];
  for (const p of phones) {
    const { page, t, locale } = p;
    await page.getByRole("heading", { name: t("player.result.title") }).waitFor({ timeout: 45_000 });
    await speaks(p, t("player.questionNumber", { n: q + 1, count }));
    const pointsLine = (await page.locator(".pl-points").textContent())!;
    const points = firstNumber(locale, pointsLine);
    expect(pointsLine).toBe(t("player.result.scored", { points: pointsText(t, locale, points) }));
    const totalLine = (await page.locator(".pl-total").textContent())!;
    const total = firstNumber(locale, totalLine);
    expect(totalLine).toBe(t("player.total", { points: pointsText(t, locale, total) }));
    const distance = firstNumber(locale, (await page.locator(".pl-distance strong").textContent())!);
    await page.getByText(t(q + 1 === count ? "player.result.finalComing" : "player.result.nextComing")).waitFor();
    results.push({ distance, points, total });
  }
  // The room's clock: each seat's answer time, as the presenter is told it.
  const byPseudo = new Map<string, number>();
  for (const m of pres.all("pres_playerAnswered").slice(answersBefore))
    if (m.questionIndex === q) for (const a of m.answers as { pseudo: string; time: number }[]) byPseudo.set(a.pseudo, a.time);
  const times = phones.map((p) => byPseudo.get(p.pseudo!)!);
  expect(times.every((ms) => Number.isFinite(ms)), `answer times ${times.join(", ")}`).toBe(true);
  const spreadMs = Math.max(...times) - Math.min(...times);
  const tolerance = (pointMax * spreadMs) / (ANSWER_SEC * 1000) + 0.011;
  console.info(`question ${q + 1}: answer times ${times.join(", ")} ms (spread ${spreadMs} ms), points ${results.map((r) => r.points).join(", ")}`);
  expect(new Set(results.map((r) => r.distance)).size).toBe(1);
  expect(results[0]!.points).toBeGreaterThan(0);
  for (const r of results) expect(Math.abs(r.points - results[0]!.points)).toBeLessThanOrEqual(tolerance);
  // Sharper: the speed points of each phone's own time (docs/game-rules.md) taken off, the same ring's points for all.
  const ring = results.map((r, i) => r.points - pointMax * (1 - times[i]! / (ANSWER_SEC * 1000)));
  for (const r of ring) expect(Math.abs(r - ring[0]!)).toBeLessThanOrEqual(0.011);
  return results;
}

describe("three phones, three languages, one French night", () => {
  it("defined icons: home, pseudo, lobby, two questions, the end and the night's ranking, each phone in its language, the same game on all", async () => {
    const spots = [spotAt(0.5, 0.5), spotAt(0.4, 0.6)];
    const l = await launchAt(spots, { icon: "defined", time: ANSWER_SEC, lang: "fr" });
    const pres = await presenter(l);
    const pointMax: number = pres.last("pres_newRoom_callback")!.quizzData.pointsSettings.point_max_temps;
    const phones = await Promise.all(ORDER.map(phoneIn));
    const colours = { en: "bleu", de: "turquoise", fr: "rose" } as const;
    const fruits = { en: "pasteque", de: "pasteque", fr: "pasteque" } as const;
    try {
      // ---- Home: the room number typed in, the room's check sends a defined-icon room to the pseudo screen.
      for (const p of phones) {
        const { page, t } = p;
        await page.goto(`${baseURL}/`);
        await hydrated(page, ".room-form button");
        await speaks(p, t("home.roomLabel"));
        await page.getByRole("button", { name: LOCALE_NAMES[p.locale] }).waitFor();
        expect(await page.getByRole("button", { name: LOCALE_NAMES[p.locale] }).getAttribute("aria-pressed")).toBe("true");
        await look(p, "01-home");
        await page.getByLabel(t("home.roomLabel")).fill(`${l.room.slice(0, 3)} ${l.room.slice(3)}`);
        await page.getByRole("button", { name: t("home.join") }).click();
        await page.waitForURL(`${baseURL}/join/${l.room}`);
      }

      // ---- Pseudo: colour, then fruit, each named in the phone's language.
      for (const p of phones) {
        const { page, t } = p;
        await page.getByRole("heading", { name: t("player.pseudo.colorTitle") }).waitFor({ timeout: 20_000 });
        await speaks(p, t("player.pseudo.room", { room: l.room }));
        // The language switch, its own language pressed: a phone that came by the QR code starts here.
        expect(await page.getByRole("button", { name: LOCALE_NAMES[p.locale] }).getAttribute("aria-pressed")).toBe("true");
        await page.getByRole("button", { name: t(`common.color.${colours[p.locale]}`), exact: true }).click();
        await look(p, "02-pseudo-colour");
        await page.getByRole("button", { name: t("player.pseudo.validate") }).click();
        await page.getByRole("heading", { name: t("player.pseudo.fruitTitle") }).waitFor({ timeout: 20_000 });
        await speaks(p, t("player.pseudo.changeColor"));
        await page.getByRole("button", { name: t(`common.fruit.${fruits[p.locale]}`), exact: true }).click();
        await page.getByText(t("player.pseudo.youWillBe")).waitFor();
        await look(p, "03-pseudo-fruit");
        await page.getByRole("button", { name: t("player.pseudo.validate") }).click();
      }

      // ---- Lobby
      for (const p of phones) {
        const { page, t } = p;
        await page.getByRole("heading", { name: t("player.lobby.title") }).waitFor({ timeout: 20_000 });
        await speaks(p, t("player.lobby.waiting"));
        p.pseudo = (await page.locator(".pl-me-pseudo").textContent())!;
        await page.locator(".pl-me img").evaluate((img: HTMLImageElement) => img.decode());
        await look(p, "04-lobby");
      }
      await expect.poll(() => pres.all("pres_newPlayer").filter((m) => m.player.connected).length).toBeGreaterThanOrEqual(3);

      // ---- Round 1
      pres.start();
      // Five seconds of countdown: the three phones looked at together.
      await Promise.all(
        phones.map(async (p) => {
          await p.page.getByRole("heading", { name: p.t("player.starting.title") }).waitFor({ timeout: 15_000 });
          await speaks(p, p.t("player.starting.lead"));
          await look(p, "05-starting");
        }),
      );
      await Promise.all(phones.map((p) => p.page.getByRole("progressbar").waitFor({ timeout: 20_000 })));
      await sameQuestion(phones, 1, 2);
      for (const p of phones) {
        await speaks(p, p.t("player.question.tapHint"));
        await look(p, "06-question");
      }
      await tapMap(phones[1]!.page, 0.5, 0.5);
      await look(phones[1]!, "07-question-tapped");
      // The last answer closes the question at once: the answered screen is looked at below,
      // where some phones answer before the others.
      await answerTogether(phones, 0.5, 0.5);
      const first = await sameResult(phones, pres, 0, 2, pointMax);
      for (const p of phones) await look(p, "09-results");

      pres.nextQuestion();
      await sameQuestion(phones, 2, 2);
      // The line cut: « Reconnecting… » over the question, in each language; back, the same question.
      await Promise.all(phones.map((p) => p.line.cut()));
      for (const p of phones) {
        await p.page.getByText(p.t("player.reconnect.title")).waitFor({ timeout: 15_000 });
        await speaks(p, p.t("player.reconnect.kept"));
        await look(p, "10-reconnecting");
        p.line.restore();
      }
      for (const p of phones) await p.page.getByText(p.t("player.reconnect.title")).waitFor({ state: "hidden", timeout: 20_000 });
      await sameQuestion(phones, 2, 2);
      // Two phones answer first: the answered screen stays until the third one does.
      await answerTogether(phones.slice(0, 2), 0.4, 0.6);
      for (const p of phones.slice(0, 2)) {
        await p.page.getByRole("heading", { name: p.t("player.answered.title") }).waitFor();
        await speaks(p, p.t("player.answered.waiting"));
        await p.page.locator(".pl-me-inline img").evaluate((img: HTMLImageElement) => img.decode());
        await look(p, "08-answered");
      }
      await answerTogether(phones.slice(2), 0.4, 0.6);
      const second = await sameResult(phones, pres, 1, 2, pointMax);
      for (const [i, r] of second.entries()) expect(Math.abs(r.total - (first[i]!.points + r.points))).toBeLessThanOrEqual(0.011);

      // ---- The end: the same ranking on every phone, in its words.
      pres.nextQuestion();
      const rankings: string[][] = [];
      for (const p of phones) {
        const { page, t } = p;
        await page.getByRole("heading", { name: t("player.end.title") }).waitFor({ timeout: 20_000 });
        await speaks(p, t("player.end.scrollHint"));
        expect(await page.locator(".pl-ranking > .pl-row").count()).toBe(3);
        rankings.push(await page.locator(".pl-ranking .pl-row-pseudo").allTextContents());
        await page.locator(".pl-ranking img").last().evaluate((img: HTMLImageElement) => img.decode());
        await look(p, "11-end");
      }
      // The same pseudos in the same order (each phone marks its own row with its own « (you) »).
      const pseudos = rankings.map((r, i) => r.map((s) => s.replace(phones[i]!.t("player.ranking.you"), "").trim()));
      expect(pseudos[1]).toEqual(pseudos[0]);
      expect(pseudos[2]).toEqual(pseudos[0]);

      // ---- « Rejouer »: a second round, then the night's ranking under the round's.
      expect((await postRound(l, { intent: "replay" })).status).toBe(302);
      for (const p of phones) await p.page.getByRole("heading", { name: p.t("player.lobby.title") }).waitFor({ timeout: 30_000 });
      const answersBefore = pres.all("pres_playerAnswered").length;
      pres.start();
      await sameQuestion(phones, 1, 2);
      // The French phone answers before the others: its answered screen.
      await answerTogether(phones.slice(2), 0.5, 0.5);
      await phones[2]!.page.getByRole("heading", { name: phones[2]!.t("player.answered.title") }).waitFor();
      await look(phones[2]!, "08-answered");
      await answerTogether(phones.slice(0, 2), 0.5, 0.5);
      await sameResult(phones, pres, 0, 2, pointMax, answersBefore);
      pres.nextQuestion();
      await sameQuestion(phones, 2, 2);
      await answerTogether(phones, 0.4, 0.6);
      await sameResult(phones, pres, 1, 2, pointMax, answersBefore);
      pres.nextQuestion();
      for (const p of phones) {
        const { page, t } = p;
        await page.getByRole("heading", { name: t("player.end.round", { round: 2 }) }).waitFor({ timeout: 20_000 });
        const night = page.getByTestId("phone-night");
        await night.getByRole("heading", { name: t("player.night.title") }).waitFor();
        await speaks(p, t("player.night.after", { rounds: 2 }));
        await night.scrollIntoViewIfNeeded();
        await look(p, "12-night");
      }

      // ---- Closed: every phone goes home, in its language; the room's address then says it is gone.
      await closeRoom(l);
      for (const p of phones) {
        await p.page.waitForURL(`${baseURL}/`, { timeout: 15_000 });
        await speaks(p, p.t("home.roomLabel"));
        await p.page.goto(`${baseURL}/play/${l.room}`);
        await p.page.getByRole("alert").filter({ hasText: p.t("common.roomNotFound") }).waitFor();
        await speaks(p, p.t("common.error.home"));
        await look(p, "13-closed");
      }
    } finally {
      pres.close();
      for (const p of phones) await p.context.close();
    }
  }, 300_000);

  it("random icons: kicked, a full room, and the language switch that sticks on the phone while the game goes on", async () => {
    const l = await launchAt([spotAt(0.5, 0.5)], { icon: "random", time: ANSWER_SEC, max_player: 3, lang: "fr" });
    const pres = await presenter(l);
    const pointMax: number = pres.last("pres_newRoom_callback")!.quizzData.pointsSettings.point_max_temps;
    const phones = await Promise.all(ORDER.map(phoneIn));
    const extra: Phone[] = [];
    try {
      // A random-icon room sends the home page's number straight to the game.
      for (const p of phones) {
        const { page, t } = p;
        await page.goto(`${baseURL}/`);
        await hydrated(page, ".room-form button");
        await page.getByLabel(t("home.roomLabel")).fill(l.room);
        await page.getByRole("button", { name: t("home.join") }).click();
        await page.waitForURL(`${baseURL}/play/${l.room}`);
        await page.getByRole("heading", { name: t("player.lobby.title") }).waitFor({ timeout: 20_000 });
        await speaks(p, t("player.lobby.youAre"));
      }
      const seats = new Map<Locale, string>();
      for (const p of phones) {
        const pseudo = (await p.page.locator(".pl-me-pseudo").textContent())!;
        const joined = await pres.find("pres_newPlayer", (m) => m.player.pseudo === pseudo);
        seats.set(p.locale, joined.player.playerID);
      }

      // A fourth phone of each language: the room is full, said in its words.
      for (const locale of ORDER) {
        const p = await phoneIn(locale);
        extra.push(p);
        await p.page.goto(`${baseURL}/play/${l.room}`);
        await p.page.getByRole("alert").filter({ hasText: p.t("room.room_full") }).waitFor({ timeout: 20_000 });
        await speaks(p, p.t("common.error.home"));
        await look(p, "20-room-full");
        await p.context.close();
      }

      // Kicked: each phone says so in its language and may take a new seat.
      for (const p of phones) {
        pres.kick(seats.get(p.locale)!);
        await p.page.getByRole("heading", { name: p.t("player.kicked.title") }).waitFor({ timeout: 15_000 });
        await speaks(p, p.t("player.kicked.lead"));
        await look(p, "21-kicked");
        await p.page.getByRole("button", { name: p.t("player.kicked.rejoin") }).click();
        await p.page.getByRole("heading", { name: p.t("player.lobby.title") }).waitFor({ timeout: 20_000 });
      }

      // The French phone switches to English in the lobby: the words change without leaving the
      // page, and stay English after a reload; its seat is kept.
      const fr = phones[2]!;
      const seat = await fr.page.locator(".pl-me-pseudo").textContent();
      await fr.page.getByRole("button", { name: LOCALE_NAMES.en }).click();
      const en = tIn("en");
      await speaks(fr, en("player.lobby.waiting"), "en");
      expect(await fr.page.getByRole("button", { name: LOCALE_NAMES.en }).getAttribute("aria-pressed")).toBe("true");
      await look(fr, "22-lobby-switched", "fr-to-en");
      await fr.page.reload();
      await fr.page.getByRole("heading", { name: en("player.lobby.title") }).waitFor({ timeout: 20_000 });
      await speaks(fr, en("player.lobby.waiting"), "en");
      expect(await fr.page.locator(".pl-me-pseudo").textContent()).toBe(seat);
      for (const p of phones) p.pseudo = (await p.page.locator(".pl-me-pseudo").textContent())!;
      const switched: Phone = { ...fr, locale: "en", t: en };
      const playing = [phones[0]!, phones[1]!, switched];

      // The game goes on: one question, the same for all, the French phone in English.
      const answersBefore = pres.all("pres_playerAnswered").length;
      pres.start();
      await Promise.all(playing.map((p) => p.page.getByRole("progressbar").waitFor({ timeout: 20_000 })));
      await sameQuestion(playing, 1, 1);
      await answerTogether(playing, 0.5, 0.5);
      await sameResult(playing, pres, 0, 1, pointMax, answersBefore);
      for (const p of phones.slice(0, 2)) await look(p, "23-results-random");
      pres.nextQuestion();
      for (const p of playing) {
        await p.page.getByRole("heading", { name: p.t("player.end.title") }).waitFor({ timeout: 20_000 });
        await speaks(p, p.t("player.end.scrollHint"), p.locale);
      }
      expect(await fr.page.locator("html").getAttribute("lang")).toBe("en");
      // Back to French on the end screen: the device's choice again, kept after a reload.
      await fr.page.getByRole("button", { name: LOCALE_NAMES.fr }).click();
      await speaks(fr, fr.t("player.end.scrollHint"));
      await fr.page.reload();
      await fr.page.getByRole("heading", { name: fr.t("player.end.title") }).waitFor({ timeout: 20_000 });
      await speaks(fr, fr.t("player.end.scrollHint"));
      await closeRoom(l);
    } finally {
      pres.close();
      for (const p of [...phones, ...extra]) await p.context.close().catch(() => undefined);
    }
  }, 240_000);
});
