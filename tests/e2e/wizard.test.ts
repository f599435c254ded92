import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readExif } from "@common/media/exif";
import { MONT } from "../fixtures/images";
import { hydrated, LAPTOP, openBrowser, screenshot, seriousViolations } from "../support/browser";
import { app, baseURL } from "../support/e2e";
import { offlineGoogle } from "../support/google-maps";
import { offlineView } from "./wizard-kit";
const PHOTO = new URL("../fixtures/photo-gps.jpg", import.meta.url).pathname;
const PHARE_PNG = new URL("../fixtures/phare-gps.png", import.meta.url).pathname;
const EMBED =
  '<iframe src="https://www.google.com/maps/embed?pb=!4v1700000000000!6m8!1m7!1sCAoSLEFGMVFpcE5fQ2xhc3Nl!2m2!1d48.85837!2d2.294481!3f120.5!4f-5.2!5f0.78" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy"></iframe>';
const unique = Date.now().toString(36);

let browser: BrowserContext;

beforeAll(async () => {
  browser = await openBrowser(LAPTOP);
  const page = await browser.newPage();
  // The administrator logs in through the /pres form; the cookie then serves every page.
  await page.goto(baseURL + "/pres");
  await hydrated(page);
  const admin = await app.admin();
  await page.getByLabel("Mail").fill(admin.mail);
  await page.getByLabel("Mot de passe").fill(admin.password);
  await page.getByRole("button", { name: "Connexion" }).click();
  await page.getByRole("link", { name: "Nouveau" }).waitFor({ timeout: 20_000 });
  await page.close();
});
afterAll(async () => {
  await browser?.close();
});

const noSeriousAxeViolation = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

/**
 * The offline map projects its view linearly (common/util/projection.ts): a click at (x, y) of its box
 * is this point.
 */
async function clickMap(page: Page, x: number, y: number) {
  const map = page.locator(".wz-map-area [data-offline-map]");
  const view = await offlineView(map);
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  return { lat: view.north - y * (view.north - view.south), lng: view.west + x * (view.east - view.west) };
}

async function mapView(page: Page) {
  return page.locator(".wz-map-area [data-offline-map]").evaluate((el) => ({
    north: Number(el.getAttribute("data-view-north")),
    south: Number(el.getAttribute("data-view-south")),
    west: Number(el.getAttribute("data-view-west")),
    east: Number(el.getAttribute("data-view-east")),
  }));
}

/** Records every upload percentage the page shows (the XHR upload progress). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { __progress: string[] }).__progress = []);
    new MutationObserver(() => {
      // A file's own progress, not the batch's count of photos.
      const text = document.querySelector(".wz-progress:not(.wz-batch-total)")?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const questionNames = (page: Page) => page.locator(".wz-question-name").allTextContents();

describe("Game masters build a quiz with the wizard", () => {
  let quizName = "";
  let saved: { center: { lat: number; lng: number }; zoom: number; bounds: Record<string, number> };
  const title = `Bretagne et Paris ${unique}`;

  it("creates a quiz with a GPS photo and a Street View question, then sets its map", { timeout: 150_000 }, async () => {
    const page = await browser.newPage();
    await offlineGoogle(page);
    await page.goto(baseURL + "/pres");
    await page.getByRole("link", { name: "Nouveau" }).click();
    await page.waitForURL(/\/quiz\/new/);
    await hydrated(page);

    // Step 1: title and description, both required. No Maps key here: the wizard says the map is
    // a test map.
    await expect(page.getByRole("heading", { name: "Nouveau quiz" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Carte de test : sans clé Google Maps").isVisible()).resolves.toBe(true);
    await page.getByLabel("Titre", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Tous les champs sont obligatoires");
    await screenshot(page, "wizard-1-title-required");
    await page.getByLabel("Description", { exact: true }).fill("Le Mont, un phare et la tour");
    await page.getByLabel("Points de rapidité").fill("250");
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Les points de rapidité vont de 0 à 100 (un chiffre après la virgule au plus)");
    await page.getByLabel("Points de rapidité").fill("8");
    await screenshot(page, "wizard-1-title");
    await noSeriousAxeViolation(page);
    const init = page.waitForResponse((r) => r.url().endsWith("/api/pres/shared/quizz/init"));
    await page.getByRole("button", { name: "Suivant" }).click();
    const created = await init;
    expect(created.status()).toBe(201);
    quizName = await created.text();
    expect(quizName).toMatch(/^bretagne-et-paris-/);
    expect(JSON.parse(created.request().postData() ?? "{}")).toMatchObject({ speedPointsMax: 8 });

    // Step 2: at least one question before going on.
    await page.getByRole("heading", { name: "Ajouter une question" }).waitFor();
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Définir au moins une question");
    await expect(page.getByText("Aucune question pour le moment.").isVisible()).resolves.toBe(true);
    await screenshot(page, "wizard-2-empty");

    // A photo whose EXIF holds the Mont-Saint-Michel becomes a question there at once, named
    // after its file, the upload's progress shown on the way.
    await recordProgress(page);
    const upload = page.waitForResponse((r) => r.url().includes("/api/pres/shared/quizz/question/new/"));
    await page.getByLabel("Choisir des photos").setInputFiles(PHOTO);
    expect((await upload).status()).toBe(201);
    await expect.poll(() => questionNames(page)).toEqual(["photo-gps"]);
    await expect(page.getByTestId("batch-summary").textContent()).resolves.toBe("1 ajoutée · 0 à placer · 0 en échec");
    const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => /^Envoi : \d{1,3} %$/.test(p))).toBe(true);
    const [added] = (await (await page.request.get(`${baseURL}/api/pres/shared/quizz/get/${quizName}`)).json()) as { coords: { lat: number; lng: number } }[];
    const { lat, lng } = added!.coords;
    expect(lat).toBeCloseTo(MONT.lat, 5);
    expect(lng).toBeCloseTo(MONT.lng, 5);
    // The stored picture decodes in the browser and has lost its GPS position.
    const thumb = page.locator(".wz-question img").first();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
    const stored = await page.request.get(baseURL + (await thumb.getAttribute("src")));
    expect(stored.status()).toBe(200);
    expect((await readExif(new Uint8Array(await stored.body()))).gps).toBeNull();
    await screenshot(page, "wizard-2-photo");
    await noSeriousAxeViolation(page);

    // Street View: coordinates come from the embed; Google cannot be reached here, so the preview
    // says the view cannot be shown.
    await page.getByLabel("Google Maps streetview URL").check();
    await page.getByLabel("Titre", { exact: true }).fill("La tour");
    await page.getByLabel("Description", { exact: true }).fill("Une tour en fer puddlé");
    await page.getByLabel("Code d'intégration Street View").fill("https://www.google.com/maps/@48.85,2.29,15z");
    await expect(page.getByText("Ce lien Street View ne contient pas la position et l'angle de vue").isVisible()).resolves.toBe(true);
    await page.getByLabel("Code d'intégration Street View").fill(EMBED);
    await expect(page.getByLabel("Coordonnées (latitude,longitude)").inputValue()).resolves.toBe("48.85837,2.294481");
    await page.getByText("La vue Street View ne peut pas s'afficher ici.").waitFor();
    // Without coordinates the submit is silently dropped.
    let posted = 0;
    page.on("request", (r) => {
      if (r.url().includes("/question/new/")) posted++;
    });
    await page.getByLabel("Coordonnées (latitude,longitude)").fill("");
    await page.getByRole("button", { name: "Ajouter la question" }).click();
    await page.waitForTimeout(300);
    expect(posted).toBe(0);
    await expect(page.getByRole("alert").count()).resolves.toBe(0);
    await page.getByLabel("Coordonnées (latitude,longitude)").fill("48.8583,2.2945");
    await screenshot(page, "wizard-2-streetview");
    await noSeriousAxeViolation(page);
    await page.getByRole("button", { name: "Ajouter la question" }).click();
    await expect.poll(() => questionNames(page)).toEqual(["photo-gps", "La tour"]);
    expect(posted).toBe(1);
    await page.getByRole("button", { name: "Actualiser questions" }).click();
    await page.getByRole("button", { name: "Actualiser questions" }).waitFor();
    await expect.poll(() => questionNames(page)).toEqual(["photo-gps", "La tour"]);
    await page.getByLabel("Photo et coordonnées").check();
    await screenshot(page, "wizard-2-list");

    // Step 3: before a centre, the map shows ±0.05 / ±0.07 around the first question.
    await page.getByRole("button", { name: "Suivant" }).click();
    await page.getByRole("heading", { name: "Paramètres de la carte" }).waitFor();
    const first = await mapView(page);
    const photoLat = (first.north + first.south) / 2;
    expect(first.north - first.south).toBeCloseTo(0.1, 6);
    expect(first.east - first.west).toBeCloseTo(0.14, 6);
    expect(photoLat).toBeCloseTo(lat, 5);
    await expect(page.getByRole("button", { name: "Confirmer ces paramètres" }).isDisabled()).resolves.toBe(true);
    await screenshot(page, "wizard-3-start");
    await noSeriousAxeViolation(page);

    // 1: the centre, a little north-east of the photo.
    let center = await clickMap(page, 0.55, 0.45);
    await expect(page.getByText("Centre :").isVisible()).resolves.toBe(true);
    const aroundCenter = async () => {
      const v = await mapView(page);
      return (v.north + v.south) / 2;
    };
    // The view now surrounds the centre.
    await expect.poll(aroundCenter).toBeCloseTo(center.lat, 5);
    // Default bounds: ±0.05 / ±0.07 around the centre, tried on the map at once.
    await page.getByRole("button", { name: "Limites par défaut autour du centre" }).click();
    const banner = page.getByText("Essai des limites");
    await banner.waitFor();
    await expect.poll(async () => (await mapView(page)).north).toBeCloseTo(center.lat + 0.05, 6);
    await expect.poll(async () => (await mapView(page)).east).toBeCloseTo(center.lng + 0.07, 6);
    // Removing the centre resets the bounds (and stops the trial).
    await page.getByRole("button", { name: "Retirer le centre" }).click();
    await expect(page.getByText("Cliquez sur la carte à l'endroit du centre").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Après le centre.").isVisible()).resolves.toBe(true);
    await expect(banner.count()).resolves.toBe(0);
    center = await clickMap(page, 0.55, 0.45);
    await expect.poll(aroundCenter).toBeCloseTo(center.lat, 5);

    // 2: the bounds, two opposite corners; then tried on the map for 5 s.
    const drawBounds = async () => {
      const nw = await clickMap(page, 0.2, 0.25);
      await expect(page.getByText("Cliquez le coin opposé", { exact: false }).first().isVisible()).resolves.toBe(true);
      const se = await clickMap(page, 0.8, 0.8);
      await banner.waitFor();
      // For 5 s the map shows exactly the bounds, as players will see them.
      await expect.poll(async () => (await mapView(page)).north).toBeCloseTo(nw.lat, 3);
      await expect.poll(async () => (await mapView(page)).south).toBeCloseTo(se.lat, 3);
      return { nw, se };
    };
    await drawBounds();
    await banner.waitFor({ state: "detached", timeout: 8000 });
    // Removing the bounds resets the zoom.
    await page.getByLabel("Zoom de départ").fill("16");
    await page.getByRole("button", { name: "Retirer les limites" }).click();
    await expect(page.getByText("Après les limites.").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Confirmer ces paramètres" }).isDisabled()).resolves.toBe(true);
    const { nw, se } = await drawBounds();
    await screenshot(page, "wizard-3-bounds-test");
    await banner.waitFor({ state: "detached", timeout: 8000 });
    // The Paris question lies outside: the game master is warned.
    await expect(page.locator(".wz-warning").textContent()).resolves.toContain("« La tour »");
    // 3: the zoom, 12 at first.
    await expect(page.locator(".wz-zoom-value").textContent()).resolves.toBe("12");
    await page.getByLabel("Zoom de départ").fill("13");
    await page.getByRole("button", { name: "Valider le zoom" }).click();
    await expect(page.getByText("Zoom validé : 13").isVisible()).resolves.toBe(true);
    await screenshot(page, "wizard-3-ready");
    await noSeriousAxeViolation(page);

    // 4: confirm, then back to the admin dashboard, which lists the quiz.
    const save = page.waitForRequest((r) => r.url().includes("/api/pres/shared/quizz/mapSettings/"));
    await page.getByRole("button", { name: "Confirmer ces paramètres" }).click();
    saved = JSON.parse((await save).postData() ?? "{}").mapSettings;
    expect(saved.zoom).toBe(13);
    expect(saved.center.lat).toBeCloseTo(center.lat, 3);
    expect(saved.center.lng).toBeCloseTo(center.lng, 3);
    expect(saved.bounds.north).toBeCloseTo(nw.lat, 3);
    expect(saved.bounds.west).toBeCloseTo(nw.lng, 3);
    expect(saved.bounds.south).toBeCloseTo(se.lat, 3);
    expect(saved.bounds.east).toBeCloseTo(se.lng, 3);
    await page.waitForURL(baseURL + "/pres");
    await expect(page.getByText(title).first().isVisible()).resolves.toBe(true);
    await page.close();
  });

  it("edits it: opens at the questions, adds a PNG, deletes a question, keeps the map", { timeout: 90_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/quiz/${quizName}/edit`);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Modifier le quiz" }).isVisible()).resolves.toBe(true);
    await expect(page.locator('[aria-current="step"]').textContent()).resolves.toContain("Questions");
    await expect.poll(() => questionNames(page)).toEqual(["photo-gps", "La tour"]);

    await page.getByLabel("Choisir des photos").setInputFiles(PHARE_PNG);
    await expect.poll(() => questionNames(page)).toEqual(["photo-gps", "La tour", "phare-gps"]);
    await page.getByRole("button", { name: "Supprimer la question « La tour »" }).click();
    await expect.poll(() => questionNames(page)).toEqual(["photo-gps", "phare-gps"]);
    await page.getByRole("button", { name: "Actualiser questions" }).click();
    await page.getByRole("button", { name: "Actualiser questions" }).waitFor();
    await expect.poll(() => questionNames(page)).toEqual(["photo-gps", "phare-gps"]);
    await screenshot(page, "wizard-edit-questions");
    await noSeriousAxeViolation(page);

    await page.getByRole("button", { name: "Suivant" }).click();
    await page.getByRole("heading", { name: "Paramètres de la carte" }).waitFor();
    await expect(page.locator(".wz-warning").textContent()).resolves.toContain("« phare-gps »");
    await screenshot(page, "wizard-edit-map");
    const save = page.waitForRequest((r) => r.url().includes("/api/pres/shared/quizz/mapSettings/"));
    await page.getByRole("button", { name: "Confirmer ces paramètres" }).click();
    expect(JSON.parse((await save).postData() ?? "{}").mapSettings).toEqual(saved);
    await page.waitForURL(baseURL + "/pres");

    // 'Annuler' in edit mode goes back without deleting anything.
    await page.goto(`${baseURL}/quiz/${quizName}/edit`);
    await hydrated(page);
    await page.getByRole("link", { name: "Annuler" }).click();
    await page.waitForURL(baseURL + "/pres");
    const still = await page.request.get(`${baseURL}/api/pres/shared/quizz/get/${quizName}`);
    expect(((await still.json()) as { name: string }[]).map((q) => q.name)).toEqual(["photo-gps", "phare-gps"]);
    await page.close();
  });

  it("'Annuler' deletes a quiz the wizard created, with its questions", { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(baseURL + "/quiz/new");
    await hydrated(page);
    await page.getByLabel("Titre", { exact: true }).fill(`Abandon ${unique}`);
    await page.getByLabel("Description", { exact: true }).fill("Sera supprimé");
    const init = page.waitForResponse((r) => r.url().endsWith("/api/pres/shared/quizz/init"));
    await page.getByRole("button", { name: "Suivant" }).click();
    const name = await (await init).text();
    await page.getByLabel("Choisir des photos").setInputFiles(PHARE_PNG);
    await expect.poll(() => questionNames(page)).toEqual(["phare-gps"]);
    await page.getByRole("button", { name: "Annuler" }).click();
    await page.waitForURL(baseURL + "/pres");
    const gone = await page.request.get(`${baseURL}/api/pres/shared/quizz/get/${name}`);
    expect(gone.status()).toBe(404);
    await page.close();
  });
});
