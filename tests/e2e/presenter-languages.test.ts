import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "@common/i18n/locales";
import type { TestAccount, TestQuiz } from "../support/factory";
import { TestPhone, type SeatedPhone } from "../support/room-sockets";
import { browsersFor, closedAfterAll, hydrated, PRESENTER, roomOfScreen, screenshot, seriousViolations, signIn } from "../support/browser";
import { app, baseURL, make, seatPhones } from "../support/e2e";
import { socketsFrom } from "../support/served";
import { PARIS_CITY_MAP } from "../fixtures/paris";

/**
 * The big screen speaks the night's language, chosen at launch, whatever the language of the
 * browser showing it: the test browsers are French (fr-FR), as is the game master's dashboard.
 * Each night is played from the lobby to the podium with 20 players, then with a crowd, in
 * French, English and German, with axe at every step and a screenshot of each.
 */
const SPOT = { lat: 48.8584, lng: 2.2945 };
/** Phone `i`'s answer: from on the spot to a few kilometres away, so every ring has players. */
const answerOf = (i: number) => ({ lat: SPOT.lat + 0.00015 * (i % 12) ** 1.5, lng: SPOT.lng + 0.00005 * (i % 7) });

/** What each language says at each step (the catalogs' words, as a reader reads them). */
const WORDS = {
  fr: {
    join: "Rejoignez la partie !",
    goTo: "Sur votre téléphone, allez sur",
    start: "Lancer la partie",
    lock: "Verrouiller la salle",
    unlock: "Déverrouiller",
    locked: "Salle verrouillée",
    lockedNotice: "Salle verrouillée : plus personne ne peut entrer",
    kick: (pseudo: string) => `Exclure ${pseudo}`,
    kickTitle: (pseudo: string) => `Exclure ${pseudo} ?`,
    kickConfirm: "Exclure",
    noPlayers: "Impossible de lancer la partie sans joueur",
    starting: "Lancement",
    question: "Question 1/1",
    answered: (n: number, of: number) => `${n}/${of} ont répondu`,
    results: "Résultats",
    outside: "Hors cible",
    ranking: "Classement",
    teams: "Équipes",
    pause: "Pause",
    paused: "En pause",
    nextPage: "Page suivante",
    final: "Résultats finaux",
    countdown: /^(Page suivante|Résultats finaux) dans \d+ s$/,
    photoMap: "Retour photo & carte",
    end: "Fin de la Partie",
    endRound: (n: number) => `Fin de la manche ${n}`,
    podium: "Podium",
    teamPodium: "Podium des équipes",
    replay: "Rejouer",
    otherQuiz: "Autre quiz",
    night: "Classement de la soirée",
    nightLanguage: "Langue de la soirée",
    startRound: "Lancer la manche",
    maxPlayersLabel: "Joueurs max",
    rankingLabel: "Classement",
    teamsLabel: "Équipes",
    newest: "Derniers arrivés",
    search: "Rechercher un joueur",
    roll: /^Tous les joueurs · page 1\/\d+$/,
    rankingPage: /^Rangs \d+ à \d+ · page \d\/\d$/,
    title: (code: string) => `Salle ${code} — Repère`,
    points: /^\d+,\d{2} pts$/,
    team: { bleu: "Équipe bleue", jaune: "Équipe jaune", rose: "Équipe rose" },
  },
  en: {
    join: "Join the game!",
    goTo: "On your phone, go to",
    start: "Start the game",
    lock: "Lock the room",
    unlock: "Unlock",
    locked: "Room locked",
    lockedNotice: "Room locked: nobody else can come in",
    kick: (pseudo: string) => `Remove ${pseudo}`,
    kickTitle: (pseudo: string) => `Remove ${pseudo}?`,
    kickConfirm: "Remove",
    noPlayers: "The game cannot start without players",
    starting: "Get ready",
    question: "Question 1/1",
    answered: (n: number, of: number) => `${n}/${of} answered`,
    results: "Results",
    outside: "Off target",
    ranking: "Ranking",
    teams: "Teams",
    pause: "Pause",
    paused: "Paused",
    nextPage: "Next page",
    final: "Final results",
    countdown: /^(Next page|Final results) in \d+ s$/,
    photoMap: "Back to photo & map",
    end: "End of the Game",
    endRound: (n: number) => `End of round ${n}`,
    podium: "Podium",
    teamPodium: "Team podium",
    replay: "Play again",
    otherQuiz: "Another quiz",
    night: "Ranking of the night",
    nightLanguage: "Language of the night",
    startRound: "Start the round",
    maxPlayersLabel: "Max players",
    rankingLabel: "Ranking",
    teamsLabel: "Teams",
    newest: "Latest arrivals",
    search: "Find a player",
    roll: /^All players · page 1\/\d+$/,
    rankingPage: /^Ranks \d+ to \d+ · page \d\/\d$/,
    title: (code: string) => `Room ${code} — Repère`,
    points: /^\d+\.\d{2} pts$/,
    team: { bleu: "Blue team", jaune: "Yellow team", rose: "Pink team" },
  },
  de: {
    join: "Spielt mit!",
    goTo: "Geht auf eurem Handy auf",
    start: "Spiel starten",
    lock: "Raum sperren",
    unlock: "Entsperren",
    locked: "Raum gesperrt",
    lockedNotice: "Raum gesperrt: Niemand kann mehr hinein",
    kick: (pseudo: string) => `${pseudo} entfernen`,
    kickTitle: (pseudo: string) => `${pseudo} entfernen?`,
    kickConfirm: "Entfernen",
    noPlayers: "Ohne Spieler kann das Spiel nicht starten",
    starting: "Gleich geht's los",
    question: "Frage 1/1",
    answered: (n: number, of: number) => `${n}/${of} Antworten`,
    results: "Ergebnisse",
    outside: "Daneben",
    ranking: "Rangliste",
    teams: "Teams",
    pause: "Pause",
    paused: "Pausiert",
    nextPage: "Nächste Seite",
    final: "Endergebnis",
    countdown: /^(Nächste Seite|Endergebnis) in \d+ s$/,
    photoMap: "Zurück zu Foto & Karte",
    end: "Spielende",
    endRound: (n: number) => `Ende der Runde ${n}`,
    podium: "Podium",
    teamPodium: "Podium der Teams",
    replay: "Nochmal spielen",
    otherQuiz: "Anderes Quiz",
    night: "Rangliste des Abends",
    nightLanguage: "Sprache des Abends",
    startRound: "Runde starten",
    maxPlayersLabel: "Max. Spieler",
    rankingLabel: "Wertung",
    teamsLabel: "Teams",
    newest: "Zuletzt dazugekommen",
    search: "Spieler suchen",
    roll: /^Alle Spieler · Seite 1\/\d+$/,
    rankingPage: /^Plätze \d+ bis \d+ · Seite \d\/\d$/,
    title: (code: string) => `Raum ${code} — Repère`,
    points: /^\d+,\d{2} Pkt\.$/,
    team: { bleu: "Team Blau", jaune: "Team Gelb", rose: "Team Rosa" },
  },
} satisfies Record<Locale, unknown>;
type Words = (typeof WORDS)[Locale];

const stepOf = (page: Page) => page.locator("[data-step]");
const waitStep = (page: Page, name: string, timeout = 30_000) => page.locator(`[data-step="${name}"]`).waitFor({ timeout });
const splitCode = (room: string) => `${room.slice(0, 3)} ${room.slice(3)}`;

/** Every serious axe finding of the screen now, and a screenshot to look at. */
async function look(page: Page, name: string) {
  await screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
}

/**
 * The screen speaks `locale` inside a page whose own language stays the game master's (French).
 * A new round's lobby may come over the socket a moment before the page's data in its language.
 */
async function speaks(page: Page, locale: Locale) {
  await expect.poll(() => stepOf(page).getAttribute("lang")).toBe(locale);
  expect(await page.locator("html").getAttribute("lang")).toBe("fr");
}

/** The keyboard is on `name`, and the screen shows where (its focus ring). */
async function focusedWithRing(page: Page, name: string) {
  const focused = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? { name: el.getAttribute("aria-label") ?? el.textContent?.trim(), ring: el.matches(":focus-visible") && getComputedStyle(el).outlineStyle !== "none" } : null;
  });
  expect(focused).toEqual({ name, ring: true });
}

/**
 * One round of one question on the big screen, from a lobby with its players to the podium, each
 * step checked in `words`' language and looked at: the phones answer from near to far.
 */
async function playRound(
  page: Page,
  phones: SeatedPhone[],
  words: Words,
  shot: string,
  { teams = false, round = 1 } = {},
) {
  const asked = phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 0, 60_000));
  await page.getByRole("button", { name: words.start }).click();
  await waitStep(page, "starting");
  await page.getByRole("heading", { name: words.starting }).waitFor();

  await waitStep(page, "question", 20_000);
  await page.getByText(words.question, { exact: true }).waitFor();
  await Promise.all(asked);
  const early = phones.slice(0, -1);
  early.forEach((p, i) => p.answer(0, answerOf(i)));
  await expect.poll(() => page.getByTestId("answered").textContent(), { timeout: 20_000 }).toBe(words.answered(early.length, phones.length));
  await page.waitForTimeout(500); // the last markers drop onto the axis
  await look(page, `${shot}-2-question`);
  phones.at(-1)!.answer(0, answerOf(phones.length - 1));

  await waitStep(page, "resultsMap", 20_000);
  await page.getByRole("heading", { name: words.results }).waitFor();
  await page.locator(".results-legend").getByText(words.outside, { exact: true }).waitFor({ timeout: 20_000 });
  await page.locator(".results-zone").waitFor({ timeout: 20_000 });
  await look(page, `${shot}-3-map`);

  await waitStep(page, "ranking", 30_000);
  await page.getByRole("heading", { name: words.ranking, exact: true }).waitFor();
  if (teams) await page.getByRole("heading", { name: words.teams, exact: true }).waitFor();
  await page.getByRole("status").filter({ hasText: words.countdown }).waitFor();
  // Pause and the turn of the pages, by keyboard.
  await page.getByRole("button", { name: words.pause, exact: true }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("status").filter({ hasText: words.paused }).waitFor();
  expect(await page.locator(".ranking-table .ranking-points").first().textContent()).toMatch(words.points);
  if (phones.length > 16) expect(await page.getByTestId("ranking-page").textContent()).toMatch(words.rankingPage);
  await look(page, `${shot}-4-ranking`);
  const skip = page.getByRole("button", { name: words.final, exact: true });
  if (await skip.count()) await skip.click();
  else await page.getByRole("button", { name: words.nextPage }).click();

  await waitStep(page, "podium", 15_000);
  await page.getByRole("heading", { name: round > 1 ? words.endRound(round) : words.end }).waitFor();
  await page.getByRole("list", { name: teams ? words.teamPodium : words.podium, exact: true }).waitFor();
  await page.waitForTimeout(1500); // the podium rises
  await look(page, `${shot}-5-podium`);
}

let admin: TestAccount;
let photo: string;
const quizzes: Partial<Record<string, TestQuiz>> = {};

beforeAll(async () => {
  photo = await make.photo(new Uint8Array(readFileSync(path.resolve("db/seed/pictures/tour.jpg"))));
  admin = await app.admin();
  for (const name of ["Nuit anglaise", "Nuit allemande", "Deuxième manche", "Grande nuit", "Round two", "Dritte Runde"])
    quizzes[name] = await make.quiz(admin, { name, description: "Une question", mapSettings: PARIS_CITY_MAP, questions: [{ name: "Tour Eiffel", ...SPOT, photo }] });
}, 120_000);

describe("The big screen speaks the night's language, chosen at launch", () => {
  const browsers = browsersFor({ screen: PRESENTER });
  const phones = closedAfterAll<TestPhone>();

  it("launched in English from the French dashboard: 20 players, keyboard controls, lobby to podium, then « Rejouer » in English", async () => {
    const quiz = quizzes["Nuit anglaise"]!;
    const en = WORDS.en;
    await signIn(browsers.screen, await app.cookieFor(admin), baseURL);
    const page = await browsers.screen.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // The dashboard is French; its quiz card offers the night's language, French by default.
    await page.goto(`${baseURL}/pres`);
    const card = page.locator(`article[data-quiz="${quiz.uniqueName}"]`);
    await hydrated(page, `article[data-quiz="${quiz.uniqueName}"] select`);
    const language = card.getByLabel(WORDS.fr.nightLanguage);
    expect(await language.inputValue()).toBe("fr");
    expect(await language.locator("option").allTextContents()).toEqual(["Français", "English", "Deutsch"]);
    await language.selectOption("en");
    expect(await card.getByRole("link", { name: "Lancer" }).getAttribute("href")).toContain("lang=en");
    await card.getByRole("link", { name: "Lancer" }).click();
    const room = await roomOfScreen(page);

    // The lobby, in English, on a French page.
    await waitStep(page, "lobby");
    await speaks(page, "en");
    expect(await page.title()).toBe(en.title(splitCode(room)));
    await page.getByRole("heading", { name: en.join }).waitFor();
    await page.getByText(en.goTo).waitFor();
    await page.getByRole("button", { name: en.start }).click();
    await page.getByRole("alert").filter({ hasText: en.noPlayers }).waitFor();

    // The lock, by keyboard: its name says what it does, its ring shows where the keyboard is.
    await page.getByRole("button", { name: en.lock }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: en.locked }).waitFor();
    await page.getByRole("status").filter({ hasText: en.lockedNotice }).waitFor();
    await focusedWithRing(page, en.unlock);
    await look(page, "night-en-20-0-locked");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: en.join }).waitFor();

    const twenty = (await seatPhones(room, 20)) as SeatedPhone[];
    phones.push(...twenty);
    await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("20/50");
    for (const p of twenty) await page.getByText(p.pseudo, { exact: true }).waitFor();

    // A kick asked by keyboard and cancelled: the keyboard comes back to the player's button.
    const someone = twenty[3]!;
    await page.getByRole("button", { name: en.kick(someone.pseudo), exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: en.kickTitle(someone.pseudo), exact: true }).waitFor();
    await focusedWithRing(page, en.kickConfirm);
    await look(page, "night-en-20-1-lobby-kick");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(en.kick(someone.pseudo));
    await page.waitForTimeout(400); // the last chip pops in
    await look(page, "night-en-20-1-lobby");

    await playRound(page, twenty, en, "night-en-20");
    await speaks(page, "en");
    // The podium rises, unless the system asks for less motion.
    expect(await page.locator(".podium-place").first().evaluate((el) => getComputedStyle(el).animationName)).toBe("pres-rise");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await page.locator(".podium-place").first().evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await page.emulateMedia({ reducedMotion: "no-preference" });

    // « Rejouer »: the next round, in the same language.
    await page.getByRole("button", { name: en.replay }).click();
    await waitStep(page, "lobby", 30_000);
    await page.getByRole("heading", { name: en.join }).waitFor();
    await speaks(page, "en");
    await page.reload();
    await waitStep(page, "lobby");
    await page.getByRole("heading", { name: en.join }).waitFor();
    expect(errors).toEqual([]);
  }, 300_000);

  it("launched in German for teams: 20 players, team names in German, « Autre quiz » keeps German, then a round in French", async () => {
    const de = WORDS.de;
    const fr = WORDS.fr;
    await signIn(browsers.screen, await app.cookieFor(admin), baseURL);
    const page = await browsers.screen.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseURL}/pres/${quizzes["Nuit allemande"]!.uniqueName}/team?icon=random&time=15&help_zone=non&max_player=8&max_team=3&lang=de`);
    const room = await roomOfScreen(page);
    await waitStep(page, "lobby");
    await speaks(page, "de");
    expect(await page.title()).toBe(de.title(splitCode(room)));
    await page.getByRole("heading", { name: de.join }).waitFor();
    await page.getByText("3 Teams × 8 Spieler").waitFor();
    const team = (await seatPhones(room, 20)) as SeatedPhone[];
    phones.push(...team);
    await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("20/24");
    for (const name of Object.values(de.team)) await page.getByRole("heading", { name: new RegExp(`^${name} \\d+$`) }).waitFor();
    await page.waitForTimeout(400);
    await look(page, "night-de-20-1-lobby");

    await playRound(page, team, de, "night-de-20", { teams: true });
    const names = await page.locator(".podium-name").allTextContents();
    expect(names.sort()).toEqual(Object.values(de.team).sort());

    // « Autre quiz »: the night's language comes first chosen; French is chosen for the next round.
    await page.getByRole("button", { name: de.otherQuiz }).click();
    const dialog = page.getByRole("dialog", { name: de.otherQuiz });
    await dialog.getByRole("radio", { name: /Deuxième manche/ }).check();
    expect(await dialog.getByLabel(de.nightLanguage).inputValue()).toBe("de");
    await look(page, "night-de-20-6-other-quiz");
    await dialog.getByLabel(de.nightLanguage).selectOption("fr");
    await dialog.getByLabel(de.rankingLabel).selectOption("team");
    await dialog.getByLabel(de.teamsLabel, { exact: true }).selectOption("3");
    await dialog.getByRole("button", { name: de.startRound }).click();

    await waitStep(page, "lobby", 30_000);
    await speaks(page, "fr");
    await page.getByRole("heading", { name: fr.join }).waitFor();
    expect(await page.title()).toBe(fr.title(splitCode(room)));
    await page.waitForTimeout(400);
    await look(page, "night-fr-20-1-lobby");
    await playRound(page, team, fr, "night-fr-20", { teams: true, round: 2 });
    expect((await page.locator(".podium-name").allTextContents()).sort()).toEqual(Object.values(fr.team).sort());
    expect(errors).toEqual([]);

  }, 300_000);
});

describe("A crowd, round after round in three languages", () => {
  const browsers = browsersFor({ screen: PRESENTER });
  const crowd = closedAfterAll<TestPhone>();

  it("a hundred and twenty players: French, then English, then German, each step in its language", async () => {
    await signIn(browsers.screen, await app.cookieFor(admin), baseURL);
    const page = await browsers.screen.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseURL}/pres/${quizzes["Grande nuit"]!.uniqueName}/player?icon=random&time=15&help_zone=non&max_player=200`);
    const room = await roomOfScreen(page);
    await waitStep(page, "lobby");
    // From four addresses: a venue's Wi-Fi, within the room's per-address caps.
    const phones = Array.from({ length: 120 }, (_, i) => new TestPhone(socketsFrom(app, `127.0.0.${60 + (i % 4)}`), room));
    crowd.push(...phones);
    const seated = await Promise.all(phones.map((p) => p.seated(60_000)));

    const rounds: [Locale, string | null][] = [
      ["fr", null],
      ["en", "Round two"],
      ["de", "Dritte Runde"],
    ];
    let said: Words = WORDS.fr;
    for (const [round, [locale, next]] of rounds.entries()) {
      if (next) {
        await page.getByRole("button", { name: said.otherQuiz }).click();
        const dialog = page.getByRole("dialog", { name: said.otherQuiz });
        await dialog.getByRole("radio", { name: new RegExp(next) }).check();
        await dialog.getByLabel(said.maxPlayersLabel).fill("200");
        await dialog.getByLabel(said.nightLanguage).selectOption(locale);
        await dialog.getByRole("button", { name: said.startRound }).click();
      }
      said = WORDS[locale];
      await waitStep(page, "lobby", 30_000);
      await speaks(page, locale);
      await page.getByRole("heading", { name: said.join }).waitFor();
      await expect.poll(() => page.getByTestId("capacity").textContent(), { timeout: 30_000 }).toBe("120/200");
      await page.getByRole("region", { name: said.newest }).waitFor();
      await page.getByRole("searchbox", { name: said.search }).waitFor();
      await expect.poll(() => page.locator(".lobby-roll-foot .lobby-roll-where").textContent()).toMatch(said.roll);
      await page.mouse.move(0, 0);
      await look(page, `night-${locale}-crowd-1-lobby`);
      await playRound(page, seated, said, `night-${locale}-crowd`, { round: round + 1 });
    }
    // The night's ranking, three rounds added up, in the last round's language.
    await page.getByRole("button", { name: said.night }).click();
    await page.getByTestId("night-ranking").getByRole("heading", { name: said.night }).waitFor();
    await look(page, "night-de-crowd-6-night");
    expect(errors).toEqual([]);
  }, 420_000);
});
