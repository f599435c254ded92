/**
 * A second served Worker for the Google-path tests: the same production build under
 * `wrangler dev`, but with GOOGLE_MAPS_API_KEY (and, when asked, GOOGLE_MAPS_MAP_ID) set, on
 * its own port, state folder and dev registry. The key only has to reach the browser, where
 * tests/support/google-maps.ts answers for Google. Started by the test file that needs it
 * (about two seconds), so other files never pay for it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error -- plain ESM helper shared with `npm start`
import { applyMigrations, freePort, startServer } from "../../scripts/lib/server.mjs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "./browser";
import { fakeGoogle, type GoogleFakeOptions } from "./google-maps";
import { roomsOf } from "./launch";
import { servedKit } from "./served";

/** What the browser gets as the key; the fake accepts any. */
export const TEST_MAPS_KEY = "cle-de-test-google-maps";

const ADMIN = { mail: "admin@google.repere.test", password: "admin-google-password" };

export async function startGoogleServer({ mapId }: { mapId?: string } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "repere-google-"));
  const state = { persistTo: path.join(dir, "state"), registryPath: path.join(dir, "registry") };
  const vars: Record<string, string> = {
    ADMIN_MAIL: ADMIN.mail,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: "google-e2e-secret-0123456789abcdef",
    GOOGLE_MAPS_API_KEY: TEST_MAPS_KEY,
    ...(mapId ? { GOOGLE_MAPS_MAP_ID: mapId } : {}),
  };
  applyMigrations(state);
  const server = (await startServer({ port: await freePort(), ...state, vars, quiet: true })) as {
    url: string;
    stop: () => Promise<void>;
  };
  const kit = servedKit({ baseURL: server.url, ...state, adminMail: ADMIN.mail, adminPassword: ADMIN.password });
  return {
    baseURL: server.url,
    kit,
    ...kit,
    ...roomsOf(kit),
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
