/**
 * The Google path, end to end: a server with a Maps key, Chromium pages whose Google requests
 * the test answers with the fake Maps script (tests/support/google-maps.ts). A whole game
 * (presenter, phones), the wizard, /watch and /map, and a key Google refuses.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { hydrated, LAPTOP, PHONE, PRESENTER, roomOfScreen, screenshot, seriousViolations, signIn, tapMap } from "../support/browser";
import {
  drawnShapes,
  isCasing,
  mapsState,
  shownMap,
  tapGoogleMap,
  zoomGoogleMap,
  type FakeShapeState,
  type GoogleFake,
} from "../support/google-maps";
import { googleSuite, TEST_MAPS_KEY } from "../support/google-server";
import { ARC, offset, PARIS_MAP, PYRAMIDE, seedPicture, TOUR } from "../fixtures/paris";
import { CASING_DARK, CASING_LIGHT } from "~/features/map/casing";
import { announced, pointerEvents } from "../support/accessibility";
import { crosshairOf, focusMapByKeyboard, PHONE_MAP, press } from "./map-keys";

const PANO = "CAoSLEFGMVFpcE5fQ2xhc3Nl";

/**
 * The player map (docs/architecture.md, The map): most features hidden, road labels and
 * administrative areas kept.
 */
const PLAYER_STYLES = [
  { stylers: [{ visibility: "off" }] },
  { featureType: "administrative", stylers: [{ visibility: "on" }] },
  { featureType: "road", elementType: "labels", stylers: [{ visibility: "on" }] },
  { featureType: "road", elementType: "labels.icon", stylers: [{ visibility: "off" }] },
];

const suite = googleSuite();

const step = (page: Page, name: string, timeout = 40_000) => page.locator(`[data-step="${name}"]`).waitFor({ timeout });

/** 'Lancer la partie' once the presenter's lobby lists every phone (a game needs a player). */
async function startGame(screen: Page, players: number) {
  await expect.poll(() => screen.getByTestId("capacity").textContent(), { timeout: 20_000 }).toBe(`${players}/50`);
  await screen.getByRole("button", { name: "Lancer la partie" }).click();
}
/** The lines and rings themselves, without the casing's bands under each. */
const polylines = (shapes: FakeShapeState[]) => drawnShapes(shapes).filter((s) => s.kind === "Polyline");
const circles = (shapes: FakeShapeState[]) => drawnShapes(shapes).filter((s) => s.kind === "Circle");

async function shapesNow(page: Page) {
  return (await mapsState(page))!.shapes;
}

/** The Maps script was asked for once on this page, asynchronously, in French, with the key. */
async function expectOneFrenchLoad(page: Page, google: GoogleFake) {
  const state = (await mapsState(page))!;
  expect(google.scriptRequests.length).toBe(1);
  expect(state.loads).toBe(1);
  expect(state.scriptAsync).toBe(true);
  expect(state.loadParams).toMatchObject({ key: TEST_MAPS_KEY, language: "fr", region: "FR", callback: "google.maps.__ib__" });
}

describe("A whole game on the Google map", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it("player map with its options, one marker per tap, the help target, the results sequence, one map per page", { timeout: 240_000 }, async () => {
    const owner = await suite.server.make.mj();
    const quiz = await suite.server.make.quiz(owner, {
      name: "Paris vu du ciel",
      mapSettings: PARIS_MAP,
      questions: [
        { ...TOUR, name: "La dame de fer", photo: await suite.server.make.photo(seedPicture("tour.jpg")) },
        { ...PYRAMIDE, name: "Une pyramide", streetview: { pano: PANO, ...PYRAMIDE, heading: 120, pitch: 5 } },
        { ...ARC, name: "Un arc", photo: await suite.server.make.photo(seedPicture("arc.jpg")) },
      ],
    });
    const spots = [TOUR, PYRAMIDE, ARC];

    // The presenter launches from its screen, as a game master does.
    const pres = await suite.context(PRESENTER);
    contexts.push(pres.context);
    await signIn(pres.context, await suite.server.app.cookieFor(owner), suite.server.baseURL);
    const screen = await pres.context.newPage();
    const errors: string[] = [];
    screen.on("pageerror", (e) => errors.push(e.message));
    await screen.goto(`${suite.server.baseURL}/mj/${quiz.uniqueName}?icon=random&time=30&help_zone=500&max_player=50`);
    const room = await roomOfScreen(screen);

    // Two phones join.
    const phones: { page: Page; google: GoogleFake; pseudo: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const { context, google } = await suite.context(PHONE);
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${suite.server.baseURL}/play/${room}`);
      await page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
      phones.push({ page, google, pseudo: (await page.locator(".pl-me-pseudo").textContent())! });
    }
    // No map before the game: nothing loaded, nothing billed.
    for (const p of phones) expect(p.google.scriptRequests.length).toBe(0);
    await startGame(screen, 2);

    for (let q = 0; q < spots.length; q++) {
      const spot = spots[q]!;
      const [a, b] = phones as [(typeof phones)[0], (typeof phones)[0]];
      for (const p of phones) await p.page.getByText(`Question ${q + 1}/3`).waitFor({ timeout: 30_000 });
      const map = await shownMap(a.page);
      if (q === 1) {
        // The Street View question: Google's embed, rebuilt from the numbers.
        const frame = screen.locator("iframe[title^='Question 2']");
        expect(await frame.getAttribute("src")).toBe(
          `https://www.google.com/maps/embed?pb=!4v0!6m7!1m6!1s${PANO}!2m2!1d${PYRAMIDE.lat}!2d${PYRAMIDE.lng}!3f120!4f5`,
        );
        await screen.frameLocator("iframe[title^='Question 2']").getByText("Street View simulé").waitFor();
      }

      if (q === 0) {
        // Hybrid, no tilt, greedy gestures, restricted to the quiz's bounds, no map-type,
        // fullscreen or Street View control, everything hidden but road labels and boundaries.
        expect(map.constructorOptions).toMatchObject({
          mapTypeId: "hybrid",
          tilt: 0,
          tiltInteractionEnabled: false,
          headingInteractionEnabled: false,
          gestureHandling: "greedy",
          restriction: { latLngBounds: PARIS_MAP.bounds, strictBounds: false },
          mapTypeControl: false,
          fullscreenControl: false,
          streetViewControl: false,
          center: PARIS_MAP.center,
          zoom: PARIS_MAP.zoom,
          styles: PLAYER_STYLES,
        });
        expect(map.constructorOptions.mapId).toBeUndefined();
        // What the fake draws follows the options: the zoom buttons are the only control left.
        expect(await a.page.locator("[data-fake-map] [data-control]").evaluateAll((els) => els.map((e) => e.getAttribute("data-control")))).toEqual(["zoom"]);
        expect(await a.page.getByRole("button", { name: "Répondre" }).count()).toBe(0);
        await screenshot(a.page, "google-player-question");
      }

      // The help target: two circles and eight spokes, magenta, over a square holding the spot,
      // their width max(5, 10 - zoom); redrawn when the player zooms out.
      const target = polylines(await shapesNow(a.page));
      expect(target.length).toBe(10);
      for (const line of target) {
        expect(line.options).toMatchObject({ strokeColor: "#ff00ff", strokeWeight: Math.max(5, 10 - map.zoom) });
      }
      // Each over its casing, a dark band under a white one, seen on any imagery.
      const casing = (await shapesNow(a.page)).filter((s) => s.kind === "Polyline" && isCasing(s));
      expect(casing.map((c) => [c.options.strokeColor, c.options.strokeWeight]).sort()).toEqual(
        [...Array(10).fill([CASING_DARK, Math.max(5, 10 - map.zoom) + 4]), ...Array(10).fill([CASING_LIGHT, Math.max(5, 10 - map.zoom) + 2])].sort(),
      );
      const ringPoints = target[0]!.path!;
      const lats = ringPoints.map((p) => p.lat);
      const lngs = ringPoints.map((p) => p.lng);
      expect(spot.lat).toBeGreaterThanOrEqual(Math.min(...lats) - 1e-6);
      expect(spot.lat).toBeLessThanOrEqual(Math.max(...lats) + 1e-6);
      expect(spot.lng).toBeGreaterThanOrEqual(Math.min(...lngs) - 1e-6);
      expect(spot.lng).toBeLessThanOrEqual(Math.max(...lngs) + 1e-6);
      if (q === 0) {
        await zoomGoogleMap(a.page, 3);
        await expect.poll(async () => polylines(await shapesNow(a.page)).map((l) => l.options.strokeWeight)).toEqual(Array(10).fill(7));
        await zoomGoogleMap(a.page, PARIS_MAP.zoom);
        await expect.poll(async () => polylines(await shapesNow(a.page)).map((l) => l.options.strokeWeight)).toEqual(Array(10).fill(5));
      }

      // A tap places the marker and offers 'Répondre'; a second tap moves it: still one marker.
      const marker = a.page.locator('[data-fake-map] [data-marker-id="me"]');
      await tapGoogleMap(a.page, offset(spot, 300, 300));
      await a.page.getByRole("button", { name: "Répondre" }).waitFor();
      const first = await marker.boundingBox();
      await tapGoogleMap(a.page, offset(spot, 30, 0));
      await expect.poll(async () => (await marker.boundingBox())?.y).not.toBe(first?.y);
      expect(await a.page.locator("[data-fake-map] [data-marker-id]").count()).toBe(1);
      if (q === 0) {
        await screenshot(a.page, "google-player-tapped");
        expect(await seriousViolations(a.page)).toEqual([]);
      }
      await a.page.getByRole("button", { name: "Répondre" }).click();
      await tapGoogleMap(b.page, offset(spot, 0, 150));
      await b.page.getByRole("button", { name: "Répondre" }).click();

      // The results map: the red circle on the spot, the zoom, the rings, then the markers from the
      // farthest answer to the nearest.
      await step(screen, "resultsMap");
      const spotCircle = (shapes: FakeShapeState[]) => circles(shapes).find((c) => c.options.strokeColor === "#e53935");
      await expect.poll(async () => spotCircle(await shapesNow(screen))?.center).toEqual(spot);
      const overview = (await shownMap(screen)).zoom;
      await expect.poll(async () => (await shownMap(screen)).zoom, { timeout: 10_000 }).toBeGreaterThan(overview);
      await expect
        .poll(async () => circles(await shapesNow(screen)).map((c) => c.radius).sort((x, y) => x! - y!), { timeout: 10_000 })
        .toEqual([20, 50, 100, 200]);
      const markerOf = (pseudo: string) => screen.locator(`[data-fake-map] [role="img"][aria-label="${pseudo}"]`);
      await markerOf(b.pseudo).waitFor({ timeout: 10_000 });
      expect(await markerOf(a.pseudo).count()).toBe(0);
      if (q === 0) await screenshot(screen, "google-presenter-results");
      await markerOf(a.pseudo).waitFor({ timeout: 10_000 });
      await step(screen, "ranking");
      if (q === 1) await screenshot(screen, "google-presenter-results-2");
    }

    await step(screen, "podium", 60_000);
    // One map per page for the whole game (Google bills each one built), one script request.
    for (const p of phones) {
      expect((await mapsState(p.page))!.mapsBuilt).toBe(1);
      await expectOneFrenchLoad(p.page, p.google);
    }
    expect((await mapsState(screen))!.mapsBuilt).toBe(1);
    await expectOneFrenchLoad(screen, pres.google);
    expect(errors).toEqual([]);
  });

  it("a phone answers by keyboard alone on Google's map, at the crosshair's point, scored as a tap there", { timeout: 150_000 }, async () => {
    const l = await suite.server.launch({
      icon: "random",
      time: 60,
      help_zone: "non",
      quizSpec: { mapSettings: PARIS_MAP, questions: [{ ...TOUR, name: "La dame de fer", photo: null }] },
    });
    const pres = await suite.server.presenter(l);
    const circlesPoints: number[] = pres.last("pres_newRoom_callback")!.quizzData.pointsSettings.circlesPoints;
    const phones: Page[] = [];
    for (let i = 0; i < 2; i++) {
      const { context } = await suite.context(PHONE);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${suite.server.baseURL}/play/${l.room}`);
      await page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
      phones.push(page);
    }
    const [keys, taps] = phones as [Page, Page];
    pres.start();
    await keys.getByText("Question 1/1").waitFor({ timeout: 30_000 });
    await keys.locator(`${PHONE_MAP} [data-fake-map]`).waitFor();
    const start = (await shownMap(keys)).center;

    await focusMapByKeyboard(keys);
    expect(await keys.locator(`${PHONE_MAP} .map-crosshair`).isVisible()).toBe(true);
    expect(await keys.getByText("Espace : placer le repère au viseur. Entrée : répondre.", { exact: false }).isVisible()).toBe(true);
    // Google's own shortcuts are off: the map's keys are ours, the same on both renderings.
    expect((await shownMap(keys)).constructorOptions.keyboardShortcuts).toBe(false);
    await press(keys, "ArrowLeft", 2);
    await press(keys, "ArrowDown");
    await press(keys, "+");
    const chosen = await crosshairOf(keys);
    // The view followed the crosshair: Google was asked to centre on its point, then to zoom in.
    const after = await shownMap(keys);
    expect(after.center.lat).toBeCloseTo(chosen.lat, 9);
    expect(after.center.lng).toBeCloseTo(chosen.lng, 9);
    expect(after.zoom).toBe(PARIS_MAP.zoom + 1);
    expect(chosen.lng).toBeLessThan(start.lng);
    expect(chosen.lat).toBeLessThan(start.lat);
    await expect.poll(() => announced(keys)).toContainEqual(expect.stringMatching(/^Largeur visible : /));
    await screenshot(keys, "google-player-keyboard");
    expect(await seriousViolations(keys)).toEqual([]);

    await press(keys, "Space");
    await keys.locator('[data-fake-map] [data-marker-id="me"]').waitFor();
    await expect.poll(() => announced(keys)).toContainEqual(expect.stringMatching(/^Repère placé à .+ au sud-ouest du centre\. Entrée pour répondre\.$/));
    await press(keys, "Enter");
    await keys.getByRole("heading", { name: "Réponse envoyée !" }).waitFor();
    expect(await pointerEvents(keys)).toBe(0);

    // The other phone taps Google's map at that very point.
    await taps.locator(`${PHONE_MAP} [data-fake-map]`).waitFor();
    await tapGoogleMap(taps, chosen);
    await taps.getByRole("button", { name: "Répondre" }).click();
    await pres.find("pres_results", (m) => m.questionIndex === 0, 45_000);
    await expect.poll(async () => (await suite.server.answersOf(l)).length, { timeout: 20_000 }).toBe(2);
    const rows = await suite.server.answersOf(l);
    for (const row of rows) expect({ lat: row.lat, lng: row.lng }).toEqual(chosen);
    expect(rows[0]!.distanceM).toBe(rows[1]!.distanceM);
    expect(rows[0]!.ring).toBe(rows[1]!.ring);
    // Ring r of the rows is circlesPoints[r - 1]: the same ring points, speed apart.
    for (const row of rows) if (row.ring > 0) expect(row.points).toBeGreaterThanOrEqual(circlesPoints[row.ring - 1]!);
    pres.close();
  });

  it("shows the Street View question on the presenter's screen without printing where it is", { timeout: 120_000 }, async () => {
    const owner = await suite.server.make.mj();
    const quiz = await suite.server.make.quiz(owner, {
      mapSettings: PARIS_MAP,
      questions: [{ ...PYRAMIDE, name: "Une pyramide", streetview: { pano: PANO, ...PYRAMIDE, heading: 120, pitch: 5 } }],
    });
    const pres = await suite.context(PRESENTER);
    contexts.push(pres.context);
    await signIn(pres.context, await suite.server.app.cookieFor(owner), suite.server.baseURL);
    const screen = await pres.context.newPage();
    await screen.goto(`${suite.server.baseURL}/mj/${quiz.uniqueName}?icon=random&time=30&help_zone=non&max_player=50`);
    const room = await roomOfScreen(screen);
    const phone = await suite.server.join(room);
    await startGame(screen, 1);
    await step(screen, "question");
    const frame = screen.frameLocator("iframe[title^='Question 1']");
    await frame.getByText("Street View simulé").waitFor();
    const text = await screen.locator("body").innerText();
    for (const shown of [String(PYRAMIDE.lat), String(PYRAMIDE.lat).replace(".", ","), "48,86", "2,33"]) {
      expect(text).not.toContain(shown);
    }
    await screenshot(screen, "google-presenter-streetview");
    phone.close();
  });
});

describe("The wizard, /watch and /map on the Google map", () => {
  it("sets a quiz's map by tapping Google's map, with one map for the whole wizard", { timeout: 150_000 }, async () => {
    const owner = await suite.server.make.mj({ canEdit: true });
    const quiz = await suite.server.make.quiz(owner, { mapSettings: null, questions: [{ ...TOUR, name: "La tour" }] });
    const { context, google } = await suite.context(LAPTOP);
    await signIn(context, await suite.server.app.cookieFor(owner), suite.server.baseURL);
    const page = await context.newPage();
    await page.goto(`${suite.server.baseURL}/quiz/${quiz.uniqueName}/edit`);
    await hydrated(page);
    // With a key the map is the real one: no test-map line.
    expect(await page.getByText("Carte de test").count()).toBe(0);

    // The coordinates preview is a Google map too (the Street View form's: photos place
    // themselves from their EXIF).
    await page.getByText("Google Maps streetview URL").click();
    await page.getByLabel("Coordonnées (latitude,longitude)").fill(`${ARC.lat},${ARC.lng}`);
    await page.locator(".wz-mini-map [data-fake-map]").waitFor();
    expect(await page.locator('.wz-mini-map [data-fake-map] [aria-label="Position de la question"]').count()).toBe(1);

    await page.getByRole("button", { name: "Suivant" }).click();
    await page.getByRole("heading", { name: "Paramètres de la carte" }).waitFor();
    await page.locator(".wz-map-area [data-fake-map]").waitFor();
    const center = { lat: 48.86, lng: 2.33 };
    await tapGoogleMap(page, center);
    await page.getByText("Centre :").waitFor();
    const nw = { lat: 48.9, lng: 2.25 };
    const se = { lat: 48.82, lng: 2.41 };
    await tapGoogleMap(page, nw);
    await tapGoogleMap(page, se);
    const banner = page.getByText("Essai des limites");
    await banner.waitFor();
    // For the trial the map is restricted to the bounds, as the players' map will be.
    await expect.poll(async () => (await shownMap(page)).options.restriction).toEqual({
      latLngBounds: { north: nw.lat, south: se.lat, east: se.lng, west: nw.lng },
      strictBounds: false,
    });
    await screenshot(page, "google-wizard-bounds");
    // The preview's map went on to serve the map step: one map for the whole wizard.
    expect((await mapsState(page))!.mapsBuilt).toBe(1);
    await banner.waitFor({ state: "detached", timeout: 8_000 });
    await page.getByRole("button", { name: "Valider le zoom" }).click();
    const save = page.waitForRequest((r) => r.url().includes("/api/pres/shared/quizz/mapSettings/"));
    await page.getByRole("button", { name: "Confirmer ces paramètres" }).click();
    const saved = JSON.parse((await save).postData() ?? "{}").mapSettings;
    expect(saved).toEqual({ center, zoom: 12, bounds: { north: nw.lat, south: se.lat, east: se.lng, west: nw.lng } });
    await page.waitForURL(`${suite.server.baseURL}/mj`);
    expect(google.scriptRequests.length).toBe(1);
    await context.close();
  });

  it("/watch moves one marker on one map; /map reads a tap's coordinates", { timeout: 90_000 }, async () => {
    const owner = await suite.server.make.mj();
    const quiz = await suite.server.make.quiz(owner, {
      mapSettings: PARIS_MAP,
      questions: [
        { ...TOUR, name: "La tour", photo: await suite.server.make.photo(seedPicture("tour.jpg")) },
        { ...PYRAMIDE, name: "La pyramide", photo: await suite.server.make.photo(seedPicture("pyramide.jpg")) },
        { ...ARC, name: "L'arc", photo: await suite.server.make.photo(seedPicture("arc.jpg")) },
      ],
    });
    const { context, google } = await suite.context(LAPTOP);
    const page = await context.newPage();
    await page.goto(`${suite.server.baseURL}/watch?quiz=${quiz.uniqueName}`);
    await hydrated(page);
    const marker = (label: string) => page.locator(`[data-fake-map] [aria-label="${label}"]`);
    await marker("1. La tour").waitFor();
    await page.getByRole("button", { name: /La pyramide/ }).click();
    await marker("2. La pyramide").waitFor();
    await page.getByRole("button", { name: /L'arc/ }).click();
    await marker("3. L'arc").waitFor();
    expect(await page.locator("[data-fake-map] [data-marker-id]").count()).toBe(1);
    expect((await mapsState(page))!.mapsBuilt).toBe(1);
    await screenshot(page, "google-watch");

    await page.goto(`${suite.server.baseURL}/map`);
    await hydrated(page, ".public-brand");
    await tapGoogleMap(page, { lat: 45.76, lng: 4.835 });
    await expect.poll(() => page.getByTestId("tap-lat").textContent()).toBe("45,76000° N");
    expect(await page.getByTestId("tap-lng").textContent()).toBe("4,83500° E");
    expect(await page.locator('[data-fake-map] [aria-label="Point choisi"]').count()).toBe(1);
    // A new document, a new load: still one per page.
    expect(google.scriptRequests.length).toBe(2);
    await context.close();
  });
});

describe("A key Google refuses", () => {
  it("falls back to the offline map: with a notice on the presenter and in the wizard, playable on phones", { timeout: 150_000 }, async () => {
    const owner = await suite.server.make.mj({ canEdit: true });
    const quiz = await suite.server.make.quiz(owner, { mapSettings: PARIS_MAP, questions: [{ ...TOUR, name: "La tour" }] });
    const refused = { authFailure: true };

    const pres = await suite.context(PRESENTER, refused);
    await signIn(pres.context, await suite.server.app.cookieFor(owner), suite.server.baseURL);
    const screen = await pres.context.newPage();
    await screen.goto(`${suite.server.baseURL}/mj/${quiz.uniqueName}?icon=random&time=30&help_zone=non&max_player=50`);
    const room = await roomOfScreen(screen);

    const phone = await suite.context(PHONE, refused);
    const page = await phone.context.newPage();
    await page.goto(`${suite.server.baseURL}/play/${room}`);
    await page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    await startGame(screen, 1);

    // The phone: Google built its map, then refused the key: the offline map takes the box, no
    // notice for the player, and the game goes on.
    await page.locator("[data-offline-map][data-ready]").waitFor({ timeout: 30_000 });
    expect(await page.locator("[data-fake-map]").count()).toBe(0);
    expect(await page.locator(".om-notice").count()).toBe(0);
    await tapMap(page, 0.4, 0.5);
    await screenshot(page, "google-refused-player");
    await page.getByRole("button", { name: "Répondre" }).click();
    // The only player has answered: the question ends at once.
    await page.getByRole("heading", { name: "Résultats de la question" }).waitFor({ timeout: 30_000 });

    // The presenter: the results on the offline map, saying why.
    await step(screen, "resultsMap");
    await screen.locator(".pres-map[data-offline-map]").waitFor();
    const notice = screen.locator(".om-notice");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Google Maps a refusé la clé");
    await screenshot(screen, "google-refused-presenter");
    expect(pres.google.scriptRequests.length).toBe(1);
    expect(phone.google.scriptRequests.length).toBe(1);

    // The wizard says it too.
    const admin = await suite.context(LAPTOP, refused);
    await signIn(admin.context, await suite.server.app.cookieFor(owner), suite.server.baseURL);
    const wizard = await admin.context.newPage();
    await wizard.goto(`${suite.server.baseURL}/quiz/${quiz.uniqueName}/edit`);
    await hydrated(wizard);
    await wizard.getByRole("button", { name: "Suivant" }).click();
    await wizard.locator(".wz-map-area [data-offline-map] .om-notice").waitFor({ timeout: 20_000 });
    await screenshot(wizard, "google-refused-wizard");
    for (const c of [pres.context, phone.context, admin.context]) await c.close();
  });
});
