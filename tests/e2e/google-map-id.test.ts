/**
 * The Google path with GOOGLE_MAPS_MAP_ID set: the map takes the Map ID and no JSON styles
 * (Google does not combine them), and the markers, help target and results map still work,
 * since they need no advanced markers (docs/decisions/011).
 */
import { describe, expect, it } from "vitest";
import { PHONE, PRESENTER, roomOfScreen, screenshot, signIn } from "../support/browser";
import { drawnShapes, fakeGoogle, mapsState, shownMap, tapGoogleMap } from "../support/google-maps";
import { googleSuite } from "../support/google-server";

const MAP_ID = "repere-carte-de-test";
const MAP = {
  center: { lat: 45.76, lng: 4.83 },
  zoom: 14,
  bounds: { north: 45.77, south: 45.75, east: 4.84, west: 4.82 },
};
const SPOTS = [
  { lat: 45.7625, lng: 4.8275 },
  { lat: 45.757, lng: 4.8335 },
];

const suite = googleSuite({ mapId: MAP_ID });

describe("The Google map with a Map ID", () => {
  it("uses the Map ID instead of styles; markers, help target and results still show; one map per page", { timeout: 150_000 }, async () => {
    const owner = await suite.server.make.mj();
    const quiz = await suite.server.make.quiz(owner, { mapSettings: MAP, questions: SPOTS.map((s, i) => ({ ...s, name: `Lieu ${i + 1}` })) });

    const presContext = await suite.browser.newContext({ viewport: PRESENTER, locale: "fr-FR" });
    const presGoogle = await fakeGoogle(presContext);
    await signIn(presContext, await suite.server.app.cookieFor(owner), suite.server.baseURL);
    const screen = await presContext.newPage();
    await screen.goto(`${suite.server.baseURL}/mj/${quiz.uniqueName}?icon=random&time=30&help_zone=300&max_player=50`);
    const room = await roomOfScreen(screen);

    const phoneContext = await suite.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: "fr-FR" });
    const phoneGoogle = await fakeGoogle(phoneContext);
    const page = await phoneContext.newPage();
    await page.goto(`${suite.server.baseURL}/play/${room}`);
    await page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    const pseudo = (await page.locator(".pl-me-pseudo").textContent())!;
    await expect.poll(() => screen.getByTestId("capacity").textContent(), { timeout: 20_000 }).toBe("1/50");
    await screen.getByRole("button", { name: "Lancer la partie" }).click();

    for (const [q, spot] of SPOTS.entries()) {
      await page.getByText(`Question ${q + 1}/2`).waitFor({ timeout: 30_000 });
      const map = await shownMap(page);
      if (q === 0) {
        expect(map.constructorOptions).toMatchObject({ mapId: MAP_ID, mapTypeId: "hybrid", gestureHandling: "greedy" });
        expect(map.constructorOptions.styles).toBeUndefined();
        expect(map.options.styles).toBeUndefined();
      }
      await expect.poll(async () => drawnShapes((await mapsState(page))!.shapes).filter((s) => s.kind === "Polyline").length).toBe(10);
      await tapGoogleMap(page, spot);
      await page.locator('[data-fake-map] [data-marker-id="me"]').waitFor();
      if (q === 0) await screenshot(page, "google-mapid-player");
      await page.getByRole("button", { name: "Répondre" }).click();

      await screen.locator('[data-step="resultsMap"]').waitFor({ timeout: 40_000 });
      await screen.locator(`[data-fake-map] [role="img"][aria-label="${pseudo}"]`).waitFor({ timeout: 15_000 });
      const rings = drawnShapes((await mapsState(screen))!.shapes).filter((s) => s.kind === "Circle").map((c) => c.radius);
      expect(rings.sort((a, b) => a! - b!)).toEqual([20, 50, 100, 200]);
      if (q === 0) await screenshot(screen, "google-mapid-presenter-results");
      await screen.locator('[data-step="ranking"]').waitFor({ timeout: 20_000 });
    }
    await screen.locator('[data-step="podium"]').waitFor({ timeout: 40_000 });

    for (const [p, google] of [
      [page, phoneGoogle],
      [screen, presGoogle],
    ] as const) {
      const state = (await mapsState(p))!;
      expect(state.mapsBuilt).toBe(1);
      expect(state.maps[0]!.constructorOptions.mapId).toBe(MAP_ID);
      expect(google.scriptRequests.length).toBe(1);
    }
    await presContext.close();
    await phoneContext.close();
  });
});
