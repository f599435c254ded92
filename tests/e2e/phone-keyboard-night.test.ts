/**
 * A live night on a phone that only ever gets keys (docs/accessibility.md, The phone during a
 * night): from the home page's room number to the end's ranking, the pseudo chosen by keys, the
 * answers placed with the map's keys; every step said through the page's one live region, read
 * back from Chromium's accessibility tree, in order; axe at every step; the screens at 200 % zoom;
 * the phone's motion stilled when less motion is asked for.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { offset } from "../fixtures/paris";
import { countPointerEventsOnEveryPage, liveRegionTexts, pointerEventsOnEveryPage, regionSays, tabTo } from "../support/accessibility";
import { hydrated, chromiumForTests, PHONE, screenshot, seriousViolations } from "../support/browser";
import { baseURL, phone, presenter } from "../support/e2e";
import { launchAt, spotAt } from "./lyon";
import { PHONE_MAP, press } from "./map-keys";

const browser = chromiumForTests();

const ANNOUNCER = "[data-testid=phone-announcer]";

/** Tab until the focused control is named `name` (its label, or its text). */
async function tabToName(page: Page, name: string, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return (el?.getAttribute("aria-label") ?? el?.textContent ?? "").trim();
    });
    if (focused === name) return;
  }
  throw new Error(`« ${name} » never took the focus`);
}

/** Keeps every text the phone's live region takes, in order (the region is the page's one). */
async function recordPhone(page: Page) {
  await page.evaluate((sel) => {
    const w = window as unknown as { __phoneSaid: string[] };
    const region = document.querySelector(sel)!;
    const now = () => (region.textContent ?? "").trim();
    w.__phoneSaid = now() ? [now()] : [];
    new MutationObserver(() => {
      if (now()) w.__phoneSaid.push(now());
    }).observe(region, { childList: true, characterData: true, subtree: true });
  }, ANNOUNCER);
}
const phoneSaid = (page: Page) => page.evaluate(() => (window as unknown as { __phoneSaid: string[] }).__phoneSaid);

const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ").trim();

/** Waits until the accessibility tree gives the phone's live region words matching `said`; returns them. */
async function hears(page: Page, said: RegExp): Promise<string> {
  await expect.poll(async () => plain(await regionSays(page, ANNOUNCER)), { timeout: 30_000 }).toMatch(said);
  return plain(await regionSays(page, ANNOUNCER));
}

/** The new screen's heading (or, on a question, its main region) has the focus. */
async function focusIsOn(page: Page, selector: string) {
  await expect.poll(() => page.evaluate((sel) => !!document.activeElement?.matches(sel), selector)).toBe(true);
}

/**
 * The screen as a 360 × 640 phone shows it zoomed to 200 %: 180 × 320 CSS pixels, as the
 * browser's own zoom lays it out (at 2 device pixels each here, so that the picture is 360 × 640).
 * Nothing wider than the screen; then a picture of it, and the phone back to its size.
 */
async function at200(page: Page, name: string) {
  await page.setViewportSize({ width: PHONE.width / 2, height: PHONE.height / 2 });
  try {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    // What sticks out on the right, if anything (a failure names it).
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => !e.closest(".game-map, .sr-only") && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}`),
    );
    expect(wider, `${name} at 200 %`).toEqual([]);
    expect(await seriousViolations(page), `${name} at 200 %`).toEqual([]);
    await screenshot(page, name);
    await page.screenshot({ path: `tests/.artifacts/screens/${name}-whole.png`, fullPage: true });
  } finally {
    await page.setViewportSize(PHONE);
  }
}

describe("A night on a phone with the keyboard alone", () => {
  it("goes from the room number to the end with keys only, hears every step in order, and passes axe at each", { timeout: 180_000 }, async () => {
    // Question 1 far from the map's centre (where the crosshair starts), question 2 right on it.
    const spots = [spotAt(0.9, 0.1), spotAt(0.5, 0.5)];
    const l = await launchAt(spots, { icon: "defined", time: 30, help_zone: "non" });
    const pres = await presenter(l);
    // A phone of 2 device pixels to the CSS pixel, as most are.
    const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true, locale: "fr-FR" });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await countPointerEventsOnEveryPage(page);

    // ---- The room number, typed on the home page
    await page.goto(`${baseURL}/`);
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, "#room");
    await page.keyboard.type(l.room);
    await page.keyboard.press("Enter");

    // ---- Colour, then fruit, by keys
    await page.waitForURL(`${baseURL}/join/${l.room}`, { timeout: 20_000 });
    await page.getByRole("heading", { name: "Sélectionnez votre couleur" }).waitFor({ timeout: 20_000 });
    await hydrated(page);
    await tabToName(page, "Vert");
    await page.keyboard.press("Space");
    expect(await page.getByRole("button", { name: "Vert", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, ".pl-validate");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Sélectionnez votre fruit" }).waitFor();
    // The button pressed is gone: the new step's title has the focus, the fruits come next.
    await focusIsOn(page, "h1#pick-title");
    await tabToName(page, "Fraise");
    await page.keyboard.press("Space");
    await page.getByText("Vous serez : Fraise verte").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, ".pl-validate");
    await page.keyboard.press("Enter");

    // ---- Lobby
    await page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    await recordPhone(page);
    const heard = [await hears(page, /^Vous êtes Fraise verte\. En attente du lancement de la partie\.$/)];
    // The wait stands still when less motion is asked for.
    expect(await page.locator(".pl-spinner").evaluate((e) => getComputedStyle(e).animationName)).toBe("none");
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator(".pl-me img").evaluate((img: HTMLImageElement) => img.decode());
    await at200(page, "phone-keys-1-lobby-200");

    // Another player, on a socket: a rank among two, and a move.
    const other = phone(l.room);
    await other.next("player_joinPseudoRoom_callback");
    other.chooseColor("bleu");
    await other.next("color_selected_callback");
    other.chooseFruit("bleu", "kiwi");
    await other.next("fruit_selected_callback");
    await pres.find("pres_newPlayer", (m) => m.player.pseudo === "Kiwi bleu");

    // ---- Question 1: heard, the map reached with Tab, the time left heard at 10 s, an answer at the crosshair
    pres.start();
    await page.getByText("Question 1/2").waitFor({ timeout: 20_000 });
    heard.push(await hears(page, /^Question 1 sur 2 : \d+ secondes pour répondre\.$/));
    await focusIsOn(page, "main.pl-question");
    await page.locator(`${PHONE_MAP}[data-ready]`).waitFor();
    expect(await page.locator(".pl-progress-fill").evaluate((e) => getComputedStyle(e).transitionDuration)).toBe("0s");
    await tabTo(page, PHONE_MAP);
    expect(await seriousViolations(page)).toEqual([]);
    await at200(page, "phone-keys-2-question-200");
    heard.push(await hears(page, /^Plus que 10 secondes$/));
    await press(page, "Enter");
    await page.getByRole("button", { name: "Répondre" }).waitFor();
    await press(page, "Enter");

    // ---- Answer received
    await page.getByRole("heading", { name: "Réponse envoyée !" }).waitFor({ timeout: 10_000 });
    heard.push(await hears(page, /^Réponse reçue en [\d,]+ s\. En attente des autres joueurs\.$/));
    await focusIsOn(page, "h1");
    expect(await seriousViolations(page)).toEqual([]);
    await at200(page, "phone-keys-3-answered-200");
    // The other phone answers last, 150 m off (the 200 m ring): the room reveals at once.
    await other.play(0, offset(spots[0]!, 150, 0));

    // ---- Results of question 1: outside the rings, second of two
    await page.getByRole("heading", { name: "Résultats de la question" }).waitFor({ timeout: 30_000 });
    heard.push(await hears(page, /^Résultats de la question 1 : à [\d,\s]+k?m, hors des cercles, 0,00 point\. Vous êtes 2e sur 2\. Total : 0,00 point\.$/));
    await focusIsOn(page, "h1");
    // One live region on the page: the steps are said there and nowhere else.
    expect(await liveRegionTexts(page)).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);
    await at200(page, "phone-keys-4-results-200");

    // ---- Question 2: at once, on the crosshair, which is on the spot
    pres.nextQuestion();
    await page.getByText("Question 2/2").waitFor({ timeout: 20_000 });
    heard.push(await hears(page, /^Question 2 sur 2 : \d+ secondes pour répondre\.$/));
    await focusIsOn(page, "main.pl-question");
    await page.locator(`${PHONE_MAP}[data-ready]`).waitFor();
    await tabTo(page, PHONE_MAP);
    await press(page, "Enter");
    await page.getByRole("button", { name: "Répondre" }).waitFor();
    await press(page, "Enter");
    heard.push(await hears(page, /^Réponse reçue en [\d,]+ s\. En attente des autres joueurs\.$/));
    await other.play(1, spotAt(0.05, 0.95));

    // ---- Results of question 2: the 20 m ring, first of two, up one place
    await page.getByRole("heading", { name: "Résultats de la question" }).waitFor({ timeout: 30_000 });
    heard.push(await hears(page, /^Résultats de la question 2 : à [\d,\s]+ m, dans le cercle de 20 m, [\d,]+ points\. Vous êtes 1er sur 2\. Vous gagnez 1 place\. Total : [\d,]+ points\.$/));
    expect(await seriousViolations(page)).toEqual([]);

    // ---- The end: the final rank
    pres.nextQuestion();
    await page.getByRole("heading", { name: "Fin de la partie" }).waitFor({ timeout: 20_000 });
    heard.push(await hears(page, /^Fin de la partie\. Classement final : 1er sur 2\. Total : [\d,]+ points\.$/));
    await focusIsOn(page, "h1");
    // The ranking is reached with Tab.
    await tabTo(page, ".pl-ranking");
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator(".pl-ranking img").first().evaluate((img: HTMLImageElement) => img.decode());
    await at200(page, "phone-keys-5-end-200");

    // Each step was heard in order: question open, answer received, ring and points, rank.
    expect(heard.map((s) => s.split(" ").slice(0, 2).join(" "))).toEqual([
      "Vous êtes",
      "Question 1",
      "Plus que",
      "Réponse reçue",
      "Résultats de",
      "Question 2",
      "Réponse reçue",
      "Résultats de",
      "Fin de",
    ]);
    // And the live region took nothing else than the steps and the map's words, which it says
    // for the map: no flood (the 5 s mark may come before the keys).
    const all = (await phoneSaid(page)).map(plain).filter((s) => s !== "Plus que 5 secondes");
    const mapSaid = all.filter((s) => s.startsWith("Repère placé"));
    expect(mapSaid).toEqual(Array(2).fill("Repère placé au centre de la carte. Entrée pour répondre."));
    const said = all.filter((s) => !mapSaid.includes(s));
    expect(said).toEqual([heard[0], "La partie commence : la première question arrive.", ...heard.slice(1)]);
    // Not one pointer, mouse or touch event from the home page to the end.
    expect(await pointerEventsOnEveryPage(page)).toBe(0);

    pres.close();
    other.close();
    await context.close();
  });
});
