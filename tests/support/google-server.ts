/**
 * A second served Worker for the Google-path tests (./own-server.ts), with GOOGLE_MAPS_API_KEY
 * (and, when asked, GOOGLE_MAPS_MAP_ID) set. The key only has to reach the browser, where
 * tests/support/google-maps.ts answers for Google.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "./browser";
import { fakeGoogle, type GoogleFakeOptions } from "./google-maps";
import { roomsOf } from "./launch";
import { startOwnServer } from "./own-server";

/** What the browser gets as the key; the fake accepts any. */
export const TEST_MAPS_KEY = "cle-de-test-google-maps";

export async function startGoogleServer({ mapId }: { mapId?: string } = {}) {
  const server = await startOwnServer("google", {
    GOOGLE_MAPS_API_KEY: TEST_MAPS_KEY,
    ...(mapId ? { GOOGLE_MAPS_MAP_ID: mapId } : {}),
  });
  const { kit } = server;
  return { baseURL: server.url, kit, ...kit, ...roomsOf(kit), stop: () => server.stop() };
}

export type GoogleServer = Awaited<ReturnType<typeof startGoogleServer>>;

/**
 * The Google server and a Chromium for the tests of the file (or `describe`) that calls this:
 * started before them, stopped after. `context` opens a page context at a viewport whose Google
 * is the fake; below 800 px wide it is a phone (touch, mobile).
 */
export function googleSuite(options: { mapId?: string } = {}) {
  const suite = {
    server: undefined as unknown as GoogleServer,
    browser: undefined as unknown as Browser,
    async context(viewport: { width: number; height: number }, fake: GoogleFakeOptions = {}) {
      const phone = viewport.width < 800;
      const context = await suite.browser.newContext({ viewport, hasTouch: phone, isMobile: phone, locale: "fr-FR" });
      return { context, google: await fakeGoogle(context, fake) };
    },
  };
  beforeAll(async () => {
    suite.server = await startGoogleServer(options);
    suite.browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
