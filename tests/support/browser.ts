/**
 * Chromium for the e2e tests: Debian's own binary (never a downloaded one), the screen sizes of
 * the spec, the wait for React to have hydrated a page, the accessibility check and screenshots.
 */
import AxeBuilder from "@axe-core/playwright";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { tokenKey } from "~/features/player/token";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const PHONE = { width: 360, height: 640 };
export const TABLET = { width: 768, height: 1024 };
export const LAPTOP = { width: 1366, height: 768 };
export const PRESENTER = { width: 1920, height: 1080 };

type Viewport = { width: number; height: number };
const touch = (viewport: Viewport) => viewport.width < 800;

/** One browser with one context of its own profile (cookies, storage) at that size. */
export async function openBrowser(viewport: Viewport = PHONE): Promise<BrowserContext> {
  const profile = mkdtempSync(path.join(tmpdir(), "repere-chromium-"));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport,
    locale: "fr-FR",
    hasTouch: touch(viewport),
  });
}

/** One browser for many contexts (phones that each need their own storage, hence seat). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** A phone: its own context (storage, seat), touch, 360x640. */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: "fr-FR" });
  return { context, page: await context.newPage() };
}

/** The big screen: its own context, 1920x1080. */
export async function presenterPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PRESENTER, locale: "fr-FR" });
  return { context, page: await context.newPage() };
}

/**
 * React has hydrated the page: Remix made its router, and the element `selector` (the first
 * one, by default a button) carries React's handlers, not only the server's HTML.
 */
export async function hydrated(page: Page, selector = "button") {
  await page.waitForFunction(
    (sel) => {
      if ((window as { __remixRouter?: unknown }).__remixRouter === undefined) return false;
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
    },
    selector,
    { timeout: 20_000 },
  );
}

/** Serious and critical accessibility violations of the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Screenshots land in tests/.artifacts/screens so that a person can look at every screen. */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve("tests/.artifacts/screens");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The resume token a phone page keeps for `room`. */
export const storedToken = (page: Page, room: string) => page.evaluate((key) => localStorage.getItem(key), tokenKey(room));
