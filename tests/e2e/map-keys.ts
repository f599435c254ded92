/**
 * The map without a pointer, driven as a keyboard user drives it (docs/accessibility.md, The
 * map): the focus brought to the map with Tab, the crosshair's point read from the map's box, what
 * a screen reader was told read back in order. Shared by the offline map's tests and Google's.
 */
import type { Page } from "playwright-core";
import type { LatLng } from "@common/wire/protocol";
import { countPointerEvents, recordAnnouncements, tabTo } from "../support/accessibility";

/** The map of a phone's question, whichever rendering it is. */
export const PHONE_MAP = ".pl-map .game-map[role=application]";

/**
 * Tab until the map has the focus, watching what the page's live regions say (the phone's one
 * region, which speaks for its map) and any pointer event.
 */
export async function focusMapByKeyboard(page: Page, map = PHONE_MAP) {
  await countPointerEvents(page);
  await recordAnnouncements(page, "body");
  await tabTo(page, map);
}

/** Where the map's crosshair is now (the point Space and Enter place the marker on). */
export async function crosshairOf(page: Page, map = PHONE_MAP): Promise<LatLng> {
  const el = page.locator(map);
  return { lat: Number(await el.getAttribute("data-crosshair-lat")), lng: Number(await el.getAttribute("data-crosshair-lng")) };
}

/** Presses `key` `times` times. */
export async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}
