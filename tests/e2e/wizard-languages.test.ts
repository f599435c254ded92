/**
 * The wizard in the game master's language, and without a mouse. A browser in English and one in
 * German build a quiz through every step: the refusals, the list, the announcements and the
 * numbers in their language; a photo without a position placed on the map by the keyboard, the
 * list reordered by the keyboard, the map's centre and corners set by the keyboard; the focus
 * where the next key press is meant to go; axe at every step. Then each step in French, English
 * and German at 1280x800 and 360x640 (screenshots to look at), none wider than its screen, not
 * even at 320 px, every control at least 24 px.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONT } from "../fixtures/images";
import { formatCoords } from "@common/util/coords";
import type { TestQuiz } from "../support/factory";
import { hydrated, launchChromium, screenshot, seriousViolations, signIn } from "../support/browser";
import { app, baseURL, make } from "../support/e2e";
import { drop, jpeg, offlineView } from "./wizard-kit";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 640 };
const NARROW = { width: 320, height: 640 };
const TOWER = { lat: 48.85826, lng: 2.29451 };

let chromium: Browser;
let cookie: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  chromium = await launchChromium();
  cookie = await app.cookieFor(await app.admin());
});
afterAll(async () => {
  for (const c of contexts.splice(0)) await c.close();
  await chromium?.close();
});

/** A logged-in browser whose language (Accept-Language, navigator.languages) is `locale`. */
async function browserIn(locale: string, viewport: { width: number; height: number }): Promise<Page> {
  const phone = viewport.width < 800;
  const context = await chromium.newContext({ viewport, locale, hasTouch: phone, isMobile: phone });
  contexts.push(context);
  await signIn(context, cookie, baseURL);
  return context.newPage();
}

const noSeriousAxeViolation = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

/** What has the focus: its accessible name as the page gives it (aria-label, else its text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? (el.getAttribute("aria-label") ?? el.textContent ?? "").trim() : "";
  });

/** The focused element's outline: style, width, colour. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
  });

/** The point of the offline map under its crosshair while the crosshair is at the middle. */
async function viewCentre(page: Page, scope: string) {
  const v = await offlineView(page.locator(`${scope} [data-offline-map]`));
  return { lat: (v.north + v.south) / 2, lng: (v.west + v.east) / 2 };
}

/** Presses a key `n` times. */
async function press(page: Page, key: string, n = 1) {
  for (let i = 0; i < n; i++) await page.keyboard.press(key);
}

const questionNames = (page: Page) => page.locator(".wz-question-name").allTextContents();

/** What each language says where the test reads it. */
const WORDS = {
  en: {
    lang: "en",
    newQuiz: "New quiz",
    next: "Next",
    required: "All fields are required",
    title: "Title",
    description: "Description",
    addHeading: "Add a question",
    summary: "1 added · 1 to place · 0 failed",
    processed: "2 / 2 photos processed",
    place: "Place the photo “Quai”",
    coords: "Coordinates (latitude,longitude)",
    hintMove: "Tap the map to move the point.",
    addQuestion: "Add the question",
    listHeading: "Questions (2 of 200)",
    meta: /^Photo · 48\.63\d\d° N · 1\.51\d\d° W$/,
    handle: (name: string, n: number) => `Move the question “${name}” (position ${n} of 2)`,
    pickedUp: (name: string) => `Question “${name}” picked up, position 2 of 2.`,
    over: (name: string) => `Question “${name}” over position 1.`,
    dropped: (name: string) => `Question “${name}” dropped at position 1.`,
    moved: (name: string, n: number) => `Question “${name}” moved to position ${n}`,
    down: (name: string) => `Move the question “${name}” down`,
    up: (name: string) => `Move the question “${name}” up`,
    edit: (name: string) => `Edit the question “${name}”`,
    close: "Close",
    streetView: "Google Maps Street View URL",
    embed: "Street View embed code",
    mapHeading: "Map settings",
    centre: /^Centre: 4\d\.\d{4}° N · \d\.\d{4}° [EW]$/,
    testing: "The bounds are applied to the map for 5 s, as the players will see it.",
    bounds: /^North 4\d\.\d+ · South 4\d\.\d+\nWest -?\d\.\d+ · East -?\d\.\d+$/,
    setZoom: "Set the zoom",
    zoomSet: "Zoom set: 12",
    confirm: "Confirm these settings",
  },
  de: {
    lang: "de",
    newQuiz: "Neues Quiz",
    next: "Weiter",
    required: "Alle Felder sind Pflichtfelder",
    title: "Titel",
    description: "Beschreibung",
    addHeading: "Frage hinzufügen",
    summary: "1 hinzugefügt · 1 zu platzieren · 0 fehlgeschlagen",
    processed: "2 / 2 Fotos verarbeitet",
    place: "Foto „Quai“ platzieren",
    coords: "Koordinaten (Breite,Länge)",
    hintMove: "Tippe auf die Karte, um den Punkt zu verschieben.",
    addQuestion: "Frage hinzufügen",
    listHeading: "Fragen (2 von 200)",
    meta: /^Foto · 48,63\d\d° N · 1,51\d\d° W$/,
    handle: (name: string, n: number) => `Frage „${name}“ verschieben (Position ${n} von 2)`,
    pickedUp: (name: string) => `Frage „${name}“ aufgenommen, Position 2 von 2.`,
    over: (name: string) => `Frage „${name}“ über Position 1.`,
    dropped: (name: string) => `Frage „${name}“ auf Position 1 abgelegt.`,
    moved: (name: string, n: number) => `Frage „${name}“ auf Position ${n}`,
    down: (name: string) => `Frage „${name}“ nach unten`,
    up: (name: string) => `Frage „${name}“ nach oben`,
    edit: (name: string) => `Bearbeiten: Frage „${name}“`,
    close: "Schließen",
    streetView: "Google-Maps-Street-View-URL",
    embed: "Street-View-Einbettungscode",
    mapHeading: "Karteneinstellungen",
    centre: /^Mittelpunkt: 4\d,\d{4}° N · \d,\d{4}° [OW]$/,
    testing: "Die Grenzen gelten 5 s lang für die Karte, so wie die Spieler sie sehen werden.",
    bounds: /^Nord 4\d,\d+ · Süd 4\d,\d+\nWest -?\d,\d+ · Ost -?\d,\d+$/,
    setZoom: "Zoom festlegen",
    zoomSet: "Zoom festgelegt: 12",
    confirm: "Diese Einstellungen bestätigen",
  },
} as const;

describe("the wizard in the game master's language, by the keyboard", () => {
  for (const [locale, w] of [["en-US", WORDS.en], ["de-DE", WORDS.de]] as const) {
    it(`builds a quiz in ${locale}, every step worded and usable without a mouse`, { timeout: 150_000 }, async () => {
      const page = await browserIn(locale, DESKTOP);
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(baseURL + "/quiz/new");
      await hydrated(page);
      expect(await page.locator("html").getAttribute("lang")).toBe(w.lang);
      await expect(page.getByRole("heading", { name: w.newQuiz, level: 1 }).isVisible()).resolves.toBe(true);
      await noSeriousAxeViolation(page);

      // Step 1: Enter in an empty title refuses, says why, and keeps the focus on the field.
      await page.getByLabel(w.title, { exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("alert").textContent()).resolves.toBe(w.required);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("wz-name");
      await expect(page.getByLabel(w.title, { exact: true }).getAttribute("aria-describedby")).resolves.toBe("wz-title-error");
      // Where the focus is shows: a dark 3 px ring on the white form (not the yellow one that
      // reads at 1.9:1 there).
      expect(await focusRing(page)).toBe("solid 3px rgb(19, 48, 94)");
      await screenshot(page, `wizard-${w.lang}-1-required`);
      await noSeriousAxeViolation(page);
      await page.keyboard.type(`Quiz ${w.lang} ${Date.now().toString(36)}`);
      await page.getByLabel(w.description, { exact: true }).fill("Mont, quai");
      await page.getByLabel(w.title, { exact: true }).focus();
      await page.keyboard.press("Enter");

      // Step 2 opens with the focus on its heading.
      await page.getByRole("heading", { name: w.addHeading }).waitFor();
      await expect.poll(() => focused(page)).toBe(w.addHeading);
      await noSeriousAxeViolation(page);

      // Two photos: one knows it was taken at the Mont, one must be placed.
      await drop(page, [
        { name: "Mont.jpg", type: "image/jpeg", bytes: await jpeg(800, 600, 30, MONT) },
        { name: "Quai.jpg", type: "image/jpeg", bytes: await jpeg(800, 600, 200, null) },
      ]);
      const place = page.getByRole("form", { name: w.place });
      await place.waitFor({ timeout: 40_000 });
      await expect(page.getByTestId("batch-summary").textContent()).resolves.toBe(w.summary);
      await expect(page.locator(".wz-batch-total span").textContent()).resolves.toBe(w.processed);
      await noSeriousAxeViolation(page);

      // Placed by the keyboard: the map's crosshair starts in the middle; Enter places the spot
      // there, an arrow then Enter moves it east.
      await place.locator("[data-offline-map]").focus();
      const middle = await viewCentre(page, ".wz-place");
      await page.keyboard.press("Enter");
      const field = place.getByLabel(w.coords);
      await expect.poll(() => field.inputValue()).toBe(formatCoords(middle));
      await expect(place.locator(".wz-map-hint").textContent()).resolves.toBe(w.hintMove);
      await press(page, "ArrowRight", 4);
      await page.keyboard.press("Enter");
      await expect.poll(async () => Number((await field.inputValue()).split(",")[1])).toBeGreaterThan(middle.lng);
      await screenshot(page, `wizard-${w.lang}-2-place`);
      await place.getByRole("button", { name: w.addQuestion }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => questionNames(page)).toEqual(["Mont", "Quai"]);
      await expect(page.locator("#wz-list-heading").textContent()).resolves.toBe(w.listHeading);
      await expect(page.locator(".wz-question-meta").first().textContent()).resolves.toMatch(w.meta);
      await noSeriousAxeViolation(page);

      // Reordered by the keyboard: Space on Quai's handle, up, Space; dnd-kit and the list both
      // say where it went, in the page's language.
      // Each key waits for what a screen reader would hear first, as a person waits for it.
      const dndSays = () => page.locator("[id^='DndLiveRegion']").textContent();
      await page.getByRole("button", { name: w.handle("Quai", 2) }).focus();
      await page.keyboard.press("Space");
      await expect.poll(dndSays).toBe(w.pickedUp("Quai"));
      // dnd-kit's keyboard sensor listens for the moving keys from a timer set as it picks up:
      // one more timer, run after it, and the next key is heard (a hand is never that quick).
      await page.evaluate(() => new Promise((done) => setTimeout(done)));
      await page.keyboard.press("ArrowUp");
      await expect.poll(dndSays).toBe(w.over("Quai"));
      const [order] = await Promise.all([
        page.waitForResponse((r) => r.url().includes("/quizz/question/order/")),
        page.keyboard.press("Space"),
      ]);
      expect(order.status()).toBe(200);
      await expect.poll(() => questionNames(page)).toEqual(["Quai", "Mont"]);
      await expect.poll(dndSays).toBe(w.dropped("Quai"));
      const listSays = () => page.locator(".wz-list p.sr-only[aria-live]").textContent();
      await expect.poll(listSays).toBe(w.moved("Quai", 1));

      // 'Down' on the first question takes it to the bottom, where 'down' no longer applies: the
      // focus goes on to its 'up' button, not to the page's top.
      await page.getByRole("button", { name: w.down("Quai") }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => questionNames(page)).toEqual(["Mont", "Quai"]);
      await expect.poll(() => focused(page)).toBe(w.up("Quai"));
      // Said once the server took the order; until then the list's buttons wait.
      await expect.poll(listSays).toBe(w.moved("Quai", 2));

      // The editor takes the focus on its first field and gives it back when it closes.
      await page.getByRole("button", { name: w.edit("Mont") }).focus();
      await page.keyboard.press("Enter");
      const editor = page.getByRole("form", { name: w.edit("Mont") });
      await editor.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/^wz-edit-\d+-name$/);
      await screenshot(page, `wizard-${w.lang}-2-editor`);
      await noSeriousAxeViolation(page);
      await editor.getByRole("button", { name: w.close }).focus();
      await page.keyboard.press("Enter");
      await editor.waitFor({ state: "detached" });
      await expect.poll(() => focused(page)).toBe(w.edit("Mont"));

      // The Street View form, in the language too.
      await page.getByLabel(w.streetView).check();
      await expect(page.getByLabel(w.embed).isVisible()).resolves.toBe(true);
      await screenshot(page, `wizard-${w.lang}-2-streetview`);
      await noSeriousAxeViolation(page);

      // Step 3: the centre and the two corners by the keyboard.
      await page.getByRole("button", { name: w.next, exact: true }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: w.mapHeading }).waitFor();
      await expect.poll(() => focused(page)).toBe(w.mapHeading);
      await noSeriousAxeViolation(page);
      const map = page.locator(".wz-map-area [data-offline-map]");
      await map.focus();
      const centre = await viewCentre(page, ".wz-map-area");
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("center-value").textContent()).resolves.toMatch(w.centre);
      // The view moves to the centre; the corners are pressed once it is there.
      await expect.poll(async () => (await viewCentre(page, ".wz-map-area")).lat).toBeCloseTo(centre.lat, 6);
      await press(page, "Shift+ArrowUp", 3);
      await press(page, "Shift+ArrowLeft", 3);
      await page.keyboard.press("Enter");
      await press(page, "Shift+ArrowDown", 6);
      await press(page, "Shift+ArrowRight", 6);
      await page.keyboard.press("Enter");
      // The trial is said once, in a status line; the countdown is a timer.
      await expect.poll(() => page.locator(".wz-map-area p.sr-only[role=status]").textContent()).toBe(w.testing);
      await expect(page.getByRole("timer").isVisible()).resolves.toBe(true);
      await expect(page.getByTestId("bounds-value").innerText()).resolves.toMatch(w.bounds);
      await screenshot(page, `wizard-${w.lang}-3-bounds`);
      await noSeriousAxeViolation(page);
      await page.getByRole("timer").waitFor({ state: "detached", timeout: 8000 });
      await page.getByRole("button", { name: w.setZoom }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("zoom-value").textContent()).resolves.toBe(w.zoomSet);
      await noSeriousAxeViolation(page);
      const save = page.waitForRequest((r) => r.url().includes("/api/pres/shared/quizz/mapSettings/"));
      await page.getByRole("button", { name: w.confirm }).focus();
      await page.keyboard.press("Enter");
      const saved = JSON.parse((await save).postData() ?? "{}").mapSettings as { center: { lat: number; lng: number }; bounds: Record<string, number> };
      expect(saved.center.lat).toBeCloseTo(centre.lat, 6);
      expect(saved.center.lng).toBeCloseTo(centre.lng, 6);
      // Corners 0.3 of the view either side of the centre.
      expect(saved.bounds.north).toBeGreaterThan(centre.lat);
      expect(saved.bounds.south).toBeLessThan(centre.lat);
      expect(saved.bounds.west).toBeLessThan(centre.lng);
      expect(saved.bounds.east).toBeGreaterThan(centre.lng);
      await page.waitForURL(baseURL + "/pres");
      expect(errors).toEqual([]);
    });
  }
});

describe("every step of the wizard in French, English and German, on a laptop and a phone", () => {
  let quiz: TestQuiz;

  beforeAll(async () => {
    const admin = await app.admin();
    const seed = (file: string) => make.photo(new Uint8Array(readFileSync(path.resolve("db/seed/pictures", file))));
    const [tour, coupoles] = await Promise.all([seed("tour.jpg"), seed("coupoles.jpg")]);
    quiz = await make.quiz(admin, {
      name: "Paris vu d'en haut, du Champ-de-Mars au Sacré-Cœur",
      uniqueName: `paris-vu-d-en-haut-${Date.now().toString(36)}`,
      questions: [
        { ...TOWER, name: "La tour Eiffel depuis le Trocadéro", photo: tour },
        { lat: 48.8867, lng: 2.3431, name: "Le Sacré-Cœur", photo: coupoles },
      ],
    });
  }, 60_000);

  /** How far the page scrolls sideways: 0 when it reflows to the screen's width. */
  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  /**
   * Controls smaller than 24x24 CSS px (WCAG 2.5.8), by their name. A radio inside its label is
   * pressed anywhere on the label: the label is its target.
   */
  const smallTargets = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".wizard button, .wizard a, .wizard input:not(.wz-file-input), .wizard select, .wizard textarea, .wz-file-button")]
        .filter((el) => {
          const box = (el.closest("label") ?? el).getBoundingClientRect();
          return box.width > 0 && box.height > 0 && (box.width < 24 || box.height < 24);
        })
        .map((el) => `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent ?? ""}`.trim()),
    );

  for (const [locale, lang] of [["fr-FR", "fr"], ["en-US", "en"], ["de-DE", "de"]] as const) {
    for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
      it(`${lang} at ${viewport.width}x${viewport.height}`, { timeout: 90_000 }, async () => {
        const page = await browserIn(locale, viewport);
        await page.goto(`${baseURL}/quiz/${quiz.uniqueName}/edit`);
        await hydrated(page);
        await page.locator(".wz-question-name").first().waitFor();
        const check = async (step: string) => {
          await screenshot(page, `wizard-${lang}-${size}-${step}`);
          expect(await sideways(page), step).toBeLessThanOrEqual(0);
          expect(await smallTargets(page), step).toEqual([]);
          await noSeriousAxeViolation(page);
        };
        await check("2-questions");

        // A photo to place, its map and form; then the list scrolled into view.
        await drop(page, [{ name: "Quai de Seine.jpg", type: "image/jpeg", bytes: await jpeg(800, 600, 200, null) }]);
        await page.locator(".wz-place [data-offline-map]").waitFor({ timeout: 40_000 });
        await page.locator(".wz-place").scrollIntoViewIfNeeded();
        await check("2-place");
        await page.locator(".wz-question-list").scrollIntoViewIfNeeded();
        await page.locator(".wz-edit").first().click();
        await page.locator(".wz-editor").scrollIntoViewIfNeeded();
        await check("2-list");

        await page.locator(".wz-step-button").first().click();
        await page.locator("#wz-name").waitFor();
        await check("1-title");

        await page.locator(".wz-step-button").last().click();
        await page.locator(".wz-map-area [data-offline-map]").waitFor();
        await check("3-map");

        if (lang === "de" && size === "phone") {
          // Reflow down to 320 px, German being the longest: each step, no sideways scroll.
          await page.setViewportSize(NARROW);
          expect(await sideways(page), "3-map at 320").toBeLessThanOrEqual(0);
          await page.locator(".wz-step-button").first().click();
          await page.locator("#wz-name").waitFor();
          expect(await sideways(page), "1-title at 320").toBeLessThanOrEqual(0);
          // From the title, the first step button is the questions'.
          await page.locator(".wz-step-button").first().click();
          await page.locator(".wz-question-name").first().waitFor();
          expect(await sideways(page), "2-questions at 320").toBeLessThanOrEqual(0);
          await screenshot(page, "wizard-de-320-2-questions");
        }
      });
    }
  }
});
