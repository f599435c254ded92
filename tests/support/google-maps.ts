/**
 * The Google path in Chromium without Google: the browser's requests to Google are answered by
 * the test. The Maps script by the fake in google-maps-fake.js, the Street View embed by a
 * small page, anything else of Google's is refused (as it would be offline), so no test ever
 * waits on the network.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { CASING_DARK, CASING_LIGHT } from "~/features/map/casing";

const FAKE_SOURCE = readFileSync(path.join(import.meta.dirname, "google-maps-fake.js"), "utf8");

const GOOGLE_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(google|googleapis|gstatic|ggpht|googleusercontent)\.com\//;
const MAPS_SCRIPT = /^https:\/\/maps\.googleapis\.com\/maps\/api\/js\?/;
const EMBED = /^https:\/\/www\.google\.com\/maps\/embed\?/;
const PROBE = /^https:\/\/www\.google\.com\/images\/branding\/googlelogo\//;

/** A 1x1 PNG: the answer to the Street View frame's reachability probe (Google's logo). */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export interface GoogleFakeOptions {
  /** Google refuses the key: the fake calls window.gm_authFailure after the first map. */
  authFailure?: boolean;
}

export interface GoogleFake {
  /** Every request for the Maps script, in order (one per page load is the rule). */
  readonly scriptRequests: string[];
  /** Every Street View embed the pages asked for. */
  readonly embedRequests: string[];
  /** The Referer header each of those carried (null: none). */
  readonly embedReferrers: (string | null)[];
}

/** Google answered by the test for every page of `target`. */
export async function fakeGoogle(target: BrowserContext | Page, options: GoogleFakeOptions = {}): Promise<GoogleFake> {
  const fake: GoogleFake = { scriptRequests: [], embedRequests: [], embedReferrers: [] };
  // Routes run last-registered first: the catch-all goes in first.
  await target.route(GOOGLE_HOSTS, (route) => route.abort("internetdisconnected"));
  await target.route(PROBE, (route) => route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }));
  await target.route(MAPS_SCRIPT, (route) => {
    fake.scriptRequests.push(route.request().url());
    return route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: `window.__mapsFakeConfig = ${JSON.stringify(options)};\n${FAKE_SOURCE}`,
    });
  });
  await target.route(EMBED, async (route) => {
    fake.embedRequests.push(route.request().url());
    fake.embedReferrers.push((await route.request().allHeaders())["referer"] ?? null);
    return route.fulfill({ status: 200, contentType: "text/html", body: embedPage(route.request().url()) });
  });
  return fake;
}

/** No Google at all, as in a venue without internet: every request to Google fails at once. */
export async function offlineGoogle(target: BrowserContext | Page) {
  await target.route(GOOGLE_HOSTS, (route) => route.abort("internetdisconnected"));
}

/** The colour of the address card the stand-in embed draws (Google's is white too). */
export const ADDRESS_CARD_RGB = [255, 255, 255] as const;

/**
 * A stand-in for Google's Street View page, showing the angles it was asked for and, like
 * Google's, the place's address in a white card at its top left (within 0..300 x 0..80 px).
 */
function embedPage(url: string): string {
  const pb = new URL(url).searchParams.get("pb") ?? "";
  const num = (tag: string) => pb.match(new RegExp(`!${tag}(-?[\\d.]+)`))?.[1] ?? "?";
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Street View</title></head>
<body style="margin:0;height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;
background:linear-gradient(#7fb2e5,#cfe3f5 55%,#6d7d5a 56%,#4e5b3f);font:700 24px sans-serif;color:#102040">
<div data-address-card style="position:absolute;left:10px;top:10px;width:280px;height:70px;box-sizing:border-box;
padding:8px 12px;overflow:hidden;background:#fff;border-radius:2px;font:400 14px/18px sans-serif;color:#202124">
<b>4 Rue de la République</b><br>69001 Lyon, France<br><span style="color:#1a73e8">Agrandir le plan</span></div>
<p style="margin:0">Street View simulé</p>
<p style="margin:8px 0 0;font-size:16px">cap ${num("3f")}° · inclinaison ${num("4f")}°</p></body></html>`;
}

// ---------------------------------------------------------------------------------------------
// Reading and driving the fake from a test

export interface FakeMapState {
  id: number;
  /** The map whose box is on the page now (the one a player sees). */
  shown: boolean;
  constructorOptions: Record<string, unknown>;
  setOptions: Record<string, unknown>[];
  /** Options as they stand now (constructor, then every setOptions). */
  options: Record<string, unknown>;
  center: { lat: number; lng: number };
  zoom: number;
  overlayViews: number;
}

export interface FakeShapeState {
  kind: "Circle" | "Polyline" | "Rectangle";
  id: number;
  mapId: number;
  options: Record<string, unknown>;
  center?: { lat: number; lng: number };
  radius?: number;
  path?: { lat: number; lng: number }[];
  bounds?: { north: number; south: number; east: number; west: number };
}

export interface FakeState {
  loads: number;
  mapsBuilt: number;
  loadParams: Record<string, string>;
  scriptAsync: boolean | null;
  maps: FakeMapState[];
  /** Shapes currently on a map. */
  shapes: FakeShapeState[];
}

type FakeWindow = {
  __mapsFake?: {
    state(): FakeState;
    click(lat: number, lng: number): boolean;
    zoomTo(zoom: number): boolean;
  };
};

/** Whether a shape is one of the casing's bands drawn under each line (app/features/map/casing.ts). */
export const isCasing = (s: FakeShapeState) => s.options.strokeColor === CASING_DARK || s.options.strokeColor === CASING_LIGHT;

/** The shapes of the picture: rings, lines, rectangles, without their casing. */
export const drawnShapes = (shapes: FakeShapeState[]) => shapes.filter((s) => !isCasing(s));

/** What the fake knows on this page; null when the Maps script was never loaded there. */
export function mapsState(page: Page): Promise<FakeState | null> {
  return page.evaluate(() => (window as unknown as FakeWindow).__mapsFake?.state() ?? null);
}

/** The map now on screen, once it is there. */
export async function shownMap(page: Page): Promise<FakeMapState> {
  await page.locator("[data-fake-map]").first().waitFor();
  const state = await mapsState(page);
  const map = state?.maps.find((m) => m.shown);
  if (!map) throw new Error("aucune carte Google affichée");
  return map;
}

/** A tap on the Google map at this point, as Google reports it (a click with its latLng). */
export async function tapGoogleMap(page: Page, at: { lat: number; lng: number }) {
  await page.locator("[data-fake-map]").first().waitFor();
  const done = await page.evaluate(
    ({ lat, lng }) => (window as unknown as FakeWindow).__mapsFake?.click(lat, lng) ?? false,
    at,
  );
  if (!done) throw new Error("aucune carte Google à toucher");
}

/** The player zooms the Google map. */
export async function zoomGoogleMap(page: Page, zoom: number) {
  const done = await page.evaluate((z) => (window as unknown as FakeWindow).__mapsFake?.zoomTo(z) ?? false, zoom);
  if (!done) throw new Error("aucune carte Google à zoomer");
}
