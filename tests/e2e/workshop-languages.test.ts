/**
 * The workshop in the game master's language: an English browser gets it in English (login,
 * refusals, dashboard, dialogs, played games, report, CSV), the language switch keeps the choice
 * with the account and that choice wins at the next login, and every workshop screen in French,
 * English and German passes axe, keeps its targets at 24 px, reflows at 320 px and is
 * photographed at 1280x800 and 360x640.
 */
import { eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "@db/schema";
import { csvForm, parseCsv } from "@common/util/csv";
import { hydrated, launchChromium, overflowing, screenshot, seriousViolations, signIn } from "../support/browser";
import { unique, type TestAccount } from "../support/factory";
import { app, baseURL, gameOf, join, launch, make, presenter } from "../support/e2e";
import { ARC, offset, PARIS_MAP, seedPicture, TOUR } from "../fixtures/paris";

type Viewport = { width: number; height: number };
const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 360, height: 640 };
const NARROW: Viewport = { width: 320, height: 640 };
const LANGUAGES = { fr: "fr-FR", en: "en-US", de: "de-DE" } as const;
type Language = keyof typeof LANGUAGES;

const PASSWORD = "Carte-Postale-2025";
const PLAYED_AT = Date.UTC(2025, 2, 14, 19, 5);

let browser: Browser;
let mj: TestAccount;
let admin: TestAccount;
let folderPath: string;
let gameId: string;
/** The quiz played once (its date is the game's), and one last played on PLAYED_AT. */
const playedName = unique("Paris d'en haut");
const quizName = unique("Monuments de Paris");

/** A browser of that language and size, its downloads kept. */
function contextFor(language: Language, viewport: Viewport): Promise<BrowserContext> {
  const phone = viewport.width < 800;
  return browser.newContext({ viewport, locale: LANGUAGES[language], hasTouch: phone, isMobile: phone, acceptDownloads: true });
}

const localeOfAccount = async (id: number) => (await app.db.select({ locale: accounts.locale }).from(accounts).where(eq(accounts.id, id)))[0]!.locale;

/**
 * Controls smaller than 24x24 CSS px (WCAG 2.2 target size), by what they say. A hidden file
 * field counts by its label (what one aims at); a link inside a sentence is exempt.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary");
    for (const el of controls) {
      if (el.closest("[data-map], .om-root, .gm-root")) continue; // the map's own controls: the map's
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden" || el.closest("[hidden], dialog:not([open])")) continue;
      let box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) {
        const label = el.closest("label") ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
        if (!label) continue;
        box = label.getBoundingClientRect();
      }
      if (box.width === 0 && box.height === 0) continue;
      const inSentence = el.tagName === "A" && style.display === "inline" && (el.parentElement?.textContent ?? "").trim() !== (el.textContent ?? "").trim();
      if (inSentence) continue;
      if (box.width < 24 || box.height < 24) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "").trim().slice(0, 40);
        small.push(`${el.tagName.toLowerCase()} « ${name} » ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

/** What every step of a screen must be: no serious axe finding, no small target. */
async function checked(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
}

/** A two-question game of the MJ's, played by two phones: the history's rows. Its game's id. */
async function playedGame(owner: TestAccount): Promise<string> {
  const quiz = await make.quiz(owner, {
    name: playedName,
    mapSettings: PARIS_MAP,
    questions: [
      { ...TOUR, name: "La dame de fer", title: "La tour Eiffel", photo: await make.photo(seedPicture("tour.jpg")) },
      { ...ARC, name: "Un arc", title: "L'Arc de triomphe", photo: await make.photo(seedPicture("arc.jpg")) },
    ],
  });
  const l = await launch({ owner, quiz, time: 15 });
  const pres = await presenter(l);
  const phones = [await join(l.room), await join(l.room)];
  pres.start();
  for (let q = 0; q < 2; q++) {
    await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === q)));
    phones.forEach((p, i) => p.answer(q, offset(l.spots[q]!, 15 + 400 * i, 0)));
    await pres.next("pres_results", (m) => m.questionIndex === q, 40_000);
    pres.nextQuestion();
  }
  await pres.next("pres_endGame");
  for (const c of [pres, ...phones]) c.close();
  return (await gameOf(l))!.id;
}

beforeAll(async () => {
  browser = await launchChromium();
  mj = await make.mj({ name: unique("Alex Morgan"), password: PASSWORD });
  admin = await make.account({ role: "admin", name: unique("Sam Admin"), password: PASSWORD });
  // Unique names: the admin of other test files sees every account's folders.
  const folder = await make.folder(mj, { name: unique("Europe") });
  folderPath = `/mj/${folder.id}/${encodeURIComponent(folder.name)}/folder`;
  await make.quiz(mj, { name: quizName, mapSettings: PARIS_MAP, lastTimePlayed: PLAYED_AT, photos: [await make.photo(seedPicture("pyramide.jpg"))] });
  gameId = await playedGame(mj);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe("an English browser gets the workshop in English", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await contextFor("en", DESKTOP);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("the login and its refusals, then the dashboard with its dates, counts and played games", { timeout: 90_000 }, async () => {
    await page.goto(`${baseURL}/mj`);
    await hydrated(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.title()).toBe("Game masters — Repère");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Game masters");
    await checked(page);

    await page.getByRole("button", { name: "Log in" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("All fields are required");
    await page.getByLabel("Username").fill(mj.mail);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent(), { timeout: 15_000 }).toBe("Wrong login or password");
    await checked(page);

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("button", { name: "Create a folder" }).waitFor({ timeout: 20_000 });
    await hydrated(page, ".quiz-card button");
    const card = page.locator("article[data-quiz]", { has: page.getByRole("heading", { name: quizName }) });
    expect(await card.textContent()).toContain("Played on 3/14/25, 8:05 PM");
    expect(await card.textContent()).toContain("1 question");
    expect(await card.getByRole("link", { name: "Launch" }).isVisible()).toBe(true);
    const played = page.locator("section.played");
    expect(await played.getByRole("heading").textContent()).toBe("Games played");
    const row = played.locator("tbody tr").first();
    expect(await row.locator("th").textContent()).toBe(playedName);
    expect(await row.locator('td[data-label="Status"]').textContent()).toBe("Finished");
    expect(await row.locator('td[data-label="Mode"]').textContent()).toBe("Players");
    expect(await played.locator(".played-count").textContent()).toBe("1 game · page 1 of 1");
    await page.mouse.move(0, 0);
    await screenshot(page, "workshop-en-dashboard-steps-1280");
    await checked(page);
    // The browser's language is not a choice: the account keeps none.
    expect(await localeOfAccount(mj.id)).toBeNull();
  });

  it("menus, dialogs, refusals and toasts", { timeout: 60_000 }, async () => {
    await page.getByRole("button", { name: `Actions of the quiz “${quizName}”` }).click();
    const menu = page.locator(".menu-list");
    expect(await menu.getByRole("button").allTextContents()).toEqual(["Duplicate", "Move", "Delete"]);
    await checked(page);
    await menu.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog");
    expect(await confirm.textContent()).toContain(`Delete the quiz “${quizName}” (1 question)? This cannot be undone.`);
    await screenshot(page, "workshop-en-delete-dialog-1280");
    await checked(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Create a folder" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create" }).click();
    expect(await dialog.getByRole("alert").textContent()).toBe("The folder's name is required");
    await checked(page);
    const world = unique("World");
    await dialog.getByLabel("Folder name").fill(world);
    await dialog.getByRole("button", { name: "Create" }).click();
    await page.locator(".toast", { hasText: `Folder “${world}” created` }).waitFor({ timeout: 20_000 });
    expect(await page.locator(`article[data-folder="${world}"]`).textContent()).toContain("0 quizzes");
  });

  it("the report of the game and its CSV in English form", { timeout: 60_000 }, async () => {
    await page.locator("section.played tbody tr").first().getByRole("link", { name: /^Report of “/ }).click();
    await page.getByRole("heading", { level: 1, name: `Report — ${playedName}` }).waitFor();
    expect(await page.title()).toBe(`Report — ${playedName} — Repère`);
    expect(await page.locator(".report-meta").textContent()).toContain("2 players");
    expect(await page.getByRole("heading", { name: "Final ranking" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Question 1 — La tour Eiffel" }).isVisible()).toBe(true);
    await page.locator(".report-map").waitFor();
    await screenshot(page, "workshop-en-report-steps-1280");
    await checked(page);

    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Answers (CSV)" }).click()]);
    expect(file.suggestedFilename()).toMatch(/-answers\.csv$/);
    const bytes = readFileSync(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString("utf8"), csvForm("en"));
    expect(rows[0]).toEqual(["Rank", "Player", "Team", "Question", "Title", "Latitude", "Longitude", "Distance (m)", "Ring", "Time (s)", "Points"]);
    expect(rows).toHaveLength(1 + 2 * 2);
    for (const line of rows.slice(1)) {
      expect(line[5]).toMatch(/^48\.\d{6}$/);
      expect(line[10]).toMatch(/^\d+\.\d\d$/);
    }
  });

  it("the switch keeps German with the account, and German wins at the next login from an English browser", { timeout: 90_000 }, async () => {
    await page.goto(`${baseURL}/mj`);
    await hydrated(page, ".dash-lang button");
    await page.locator(".dash-top").getByRole("button", { name: "Deutsch" }).click();
    await page.getByRole("heading", { level: 1, name: "Spielleiter" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    await expect.poll(() => localeOfAccount(mj.id)).toBe("de");
    await page.mouse.move(0, 0);
    await screenshot(page, "workshop-de-after-switch-1280");
    await checked(page);

    const elsewhere = await contextFor("en", DESKTOP);
    try {
      const other = await elsewhere.newPage();
      await other.goto(`${baseURL}/mj`);
      await hydrated(other);
      expect(await other.getByRole("heading", { level: 1 }).textContent()).toBe("Game masters");
      await other.getByLabel("Username").fill(mj.mail);
      await other.getByLabel("Password").fill(PASSWORD);
      await other.getByRole("button", { name: "Log in" }).click();
      await other.getByRole("heading", { level: 1, name: "Spielleiter" }).waitFor({ timeout: 20_000 });
      expect(await other.locator("html").getAttribute("lang")).toBe("de");
      expect(await other.getByRole("button", { name: "Ordner erstellen" }).isVisible()).toBe(true);
      expect((await elsewhere.cookies(baseURL)).find((c) => c.name === "lang")?.value).toBe("de");
      await checked(other);
    } finally {
      await elsewhere.close();
    }
  });
});

/** Every workshop screen, whose account, and what says it is drawn. */
const SCREENS: { name: string; path: () => string; as: () => TestAccount | null; ready: string }[] = [
  { name: "login-mj", path: () => "/mj", as: () => null, ready: ".login-form button" },
  { name: "login-admin", path: () => "/pres", as: () => null, ready: ".login-form button" },
  { name: "dashboard", path: () => "/mj", as: () => mj, ready: ".quiz-card button" },
  { name: "folder", path: () => folderPath, as: () => mj, ready: ".dash-actions button" },
  { name: "lobby", path: () => "/mj/lobby", as: () => mj, ready: ".lobby-form button" },
  { name: "report", path: () => `/mj/parties/${gameId}`, as: () => mj, ready: ".report-map-tools button" },
  { name: "admin", path: () => "/pres", as: () => admin, ready: ".dash-actions button" },
  { name: "mjs", path: () => "/pres/mj", as: () => admin, ready: ".dash-head button" },
  { name: "sounds", path: () => "/pres/sound", as: () => admin, ready: ".sound-actions button" },
  { name: "points", path: () => "/pres/points", as: () => admin, ready: ".points-form button" },
  { name: "password", path: () => "/pres/password", as: () => admin, ready: ".password-form button" },
  { name: "restart", path: () => "/pres/restart", as: () => admin, ready: ".restart-panel button" },
];

describe("every workshop screen in French, English and German", () => {
  for (const language of Object.keys(LANGUAGES) as Language[]) {
    it(`${language}: axe, targets and reflow at 1280, 360 and 320 px, screenshots at 1280x800 and 360x640`, { timeout: 600_000 }, async () => {
      for (const viewport of [DESKTOP, PHONE, NARROW]) {
        const context = await contextFor(language, viewport);
        try {
          for (const screen of SCREENS) {
            const account = screen.as();
            await context.clearCookies();
            if (account) await signIn(context, await app.cookieFor(account), baseURL);
            const page = await context.newPage();
            // The Worker's Intl and the browser's must write the same dates and numbers: React
            // reports any text the browser would hydrate differently.
            const hydration: string[] = [];
            page.on("console", (message) => {
              if (message.type() === "error" && /React error|hydrat/i.test(message.text())) hydration.push(message.text());
            });
            await page.goto(baseURL + screen.path());
            await hydrated(page, screen.ready);
            const where = `${screen.name} ${language} ${viewport.width}`;
            expect.soft(hydration, where).toEqual([]);
            // Soft: one run says everything wrong with every screen.
            expect.soft(await page.locator("html").getAttribute("lang"), where).toBe(language);
            expect.soft(await overflowing(page), where).toEqual([]);
            if (viewport !== NARROW) {
              expect.soft(await seriousViolations(page), where).toEqual([]);
              expect.soft(await smallTargets(page), where).toEqual([]);
              await screenshot(page, `workshop-${screen.name}-${language}-${viewport.width}`);
            }
            await page.close();
          }
        } finally {
          await context.close();
        }
      }
    });
  }
});
