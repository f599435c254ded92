import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

/** Debian's Chromium, never a downloaded one (DEVELOPERS.md, STACK-FACTS). */
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
export const PRESENTER = { width: 1920, height: 1080 };

export async function openBrowser(viewport = PHONE): Promise<BrowserContext> {
  const profile = mkdtempSync(path.join(tmpdir(), "repere-chromium-"));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport,
    locale: "fr-FR",
    hasTouch: viewport.width < 800,
  });
}

/** Screenshots land in tests/.artifacts so that a person can look at every screen. */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve("tests/.artifacts/screens");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
