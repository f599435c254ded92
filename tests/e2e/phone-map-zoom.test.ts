/**
 * A question's map on a phone driven by keys, at the sizes a magnifier makes of it
 * (docs/accessibility.md, The phone during a night): a 360 × 640 phone, the same at 200 % zoom
 * (180 × 320 CSS pixels) and a 1280 × 800 laptop at 200 % (640 × 400). At each, in French,
 * English and German: the map keeps room to play, its keyboard help line is shown and never over
 * its crosshair, the offline map's scale and coordinates stay clear of « Répondre », and the
 * crosshair's words go out through the phone's one live region.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Locale } from "@common/i18n/locales";
import { liveRegionTexts, regionSays, tabTo } from "../support/accessibility";
import { chromiumForTests, PHONE, screenshot, seriousViolations } from "../support/browser";
import { baseURL, presenter } from "../support/e2e";
import { tIn } from "../support/i18n";
import { launchAt, spotAt } from "./lyon";
import { PHONE_MAP, press } from "./map-keys";

const browser = chromiumForTests();

/** CSS pixels the screen shows, and the map's least height there. */
const SIZES = [
  { name: "phone", viewport: PHONE, mapAtLeast: 400 },
  { name: "phone-200", viewport: { width: PHONE.width / 2, height: PHONE.height / 2 }, mapAtLeast: 200 },
  { name: "laptop-200", viewport: { width: 640, height: 400 }, mapAtLeast: 200 },
] as const;

const LANGS: { locale: Locale; accept: string }[] = [
  { locale: "fr", accept: "fr-FR" },
  { locale: "en", accept: "en-US" },
  { locale: "de", accept: "de-DE" },
];

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of what the question shows, in CSS pixels of the page. */
async function boxes(page: Page) {
  return page.evaluate((map) => {
    const box = (sel: string) => {
      const el = document.querySelector(sel);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return r.width && r.height ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    };
    return {
      map: box(map),
      crosshair: box(`${map} .map-crosshair`),
      help: box(".map-hint"),
      footer: box(`${map} .om-footer`),
      answer: box(".pl-answer"),
    };
  }, PHONE_MAP);
}

async function resize(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

describe("A question's map at 360 × 640 and at 200 % zoom, in three languages", () => {
  it("keeps room to play, its help line off the crosshair, its coordinates clear of « Répondre », one voice", { timeout: 150_000 }, async () => {
    const l = await launchAt([spotAt(0.3, 0.6)], { icon: "random", time: 120, help_zone: "non" });
    const pres = await presenter(l);
    const phones: { page: Page; t: ReturnType<typeof tIn>; locale: Locale }[] = [];
    for (const { locale, accept } of LANGS) {
      const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true, locale: accept });
      const page = await context.newPage();
      const t = tIn(locale);
      await page.goto(`${baseURL}/play/${l.room}`);
      await page.getByRole("heading", { name: t("player.lobby.title") }).waitFor({ timeout: 20_000 });
      phones.push({ page, t, locale });
    }
    await expect.poll(() => pres.all("pres_newPlayer").length, { timeout: 20_000 }).toBe(LANGS.length);
    pres.start();

    for (const { page, t, locale } of phones) {
      await page.locator(`${PHONE_MAP}[data-ready]`).waitFor({ timeout: 20_000 });
      await tabTo(page, PHONE_MAP);
      // A step off the centre: the crosshair's words are said, then the marker placed there.
      await press(page, "ArrowLeft");
      await press(page, "Enter");
      await page.getByRole("button", { name: t("player.question.answer"), exact: true }).waitFor();

      for (const { name, viewport, mapAtLeast } of SIZES) {
        await resize(page, viewport);
        const at = `${locale} ${name}`;
        // The map reached with Tab at this size, as a reader zoomed in from the start reaches it.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await tabTo(page, PHONE_MAP);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const b = await boxes(page);
        // The map keeps room to play, the crosshair on it.
        expect(b.map!.height, at).toBeGreaterThanOrEqual(mapAtLeast);
        expect(b.map!.width, at).toBeGreaterThanOrEqual(viewport.width - 1);
        const cx = b.crosshair!.x + b.crosshair!.width / 2;
        const cy = b.crosshair!.y + b.crosshair!.height / 2;
        expect(cx > b.map!.x && cx < b.map!.x + b.map!.width && cy > b.map!.y && cy < b.map!.y + b.map!.height, at).toBe(true);
        // The help line is shown, in the page's words, and never over the crosshair.
        expect(b.help, at).not.toBeNull();
        expect(overlap(b.help!, b.crosshair!), at).toBe(false);
        // Both on the screen together: the line brought itself into view, the crosshair with it.
        for (const shown of [b.help!, b.crosshair!]) {
          expect(shown.y, at).toBeGreaterThanOrEqual(-0.5);
          expect(shown.y + shown.height, at).toBeLessThanOrEqual(viewport.height + 0.5);
        }
        expect(await page.locator(".map-hint").textContent(), at).toContain(t("map.help.answer"));
        // The scale and the coordinates are not under « Répondre ».
        expect(b.footer, at).not.toBeNull();
        expect(overlap(b.footer!, b.answer!), at).toBe(false);
        expect(await seriousViolations(page), at).toEqual([]);
        await screenshot(page, `phone-map-${name}-${locale}`);
      }
      await resize(page, PHONE);

      // One voice: the marker's words were said by the phone's live region, the page's only one.
      expect(await liveRegionTexts(page)).toHaveLength(1);
      expect(await regionSays(page, "[data-testid=phone-announcer]")).toContain(t("map.placed.confirmHint"));
    }

    pres.close();
    for (const { page } of phones) await page.context().close();
  });
});
