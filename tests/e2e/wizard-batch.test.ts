import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, MONT, NANTES, PHARE } from "../fixtures/images";
import type { TestAccount } from "../support/factory";
import { hydrated, openBrowser, PHONE, screenshot, seriousViolations, signIn, spotAt } from "../support/browser";
import { app, baseURL, launch, make, presenter, seatPhones } from "../support/e2e";
import type { TestClient } from "../support/room-sockets";
import { drop, jpeg, offlineView, phonePhoto, type Spot } from "./wizard-kit";

/** The tablet many game masters prepare their quizzes on: portrait, touch. */
const TABLET = { width: 768, height: 1024 };
const onDisk = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url))) as Uint8Array<ArrayBuffer>;

let browser: BrowserContext;
let admin: TestAccount;
const open: TestClient[] = [];

beforeAll(async () => {
  admin = await app.admin();
  browser = await openBrowser(TABLET);
  await signIn(browser, await app.cookieFor(admin), baseURL);
});
afterAll(async () => {
  for (const c of open.splice(0)) c.close();
  await browser?.close();
});

type ApiQuestion = { id: number; name: string; coords: Spot; imageUrl: string | null };

const questionsOf = async (page: Page, quiz: string) =>
  (await (await page.request.get(`${baseURL}/api/pres/shared/quizz/get/${quiz}`)).json()) as ApiQuestion[];

const questionNames = (page: Page) => page.locator(".wz-question-name").allTextContents();

/** Taps (touch) the map inside `scope` at fractions of its box; returns the point it stands for. */
async function tapMapIn(page: Page, scope: string, fx: number, fy: number) {
  const map = page.locator(`${scope} [data-offline-map]`);
  await map.scrollIntoViewIfNeeded();
  const view = await offlineView(map);
  const box = (await map.boundingBox())!;
  await page.touchscreen.tap(box.x + fx * box.width, box.y + fy * box.height);
  return spotAt(view, fx, fy);
}

const close = (a: Spot, b: Spot, digits = 5) => {
  expect(a.lat).toBeCloseTo(b.lat, digits);
  expect(a.lng).toBeCloseTo(b.lng, digits);
};

describe("many photos at once, on a tablet", () => {
  it("a drop of 10 photos ends with the right questions at the right places, the others placed by hand", { timeout: 180_000 }, async () => {
    const quiz = await make.quiz(admin, { questions: [], mapSettings: null, name: "Lot de photos" });
    const spots: Spot[] = [
      { lat: 43.2965, lng: 5.3698 },
      { lat: 45.764, lng: 4.8357 },
      { lat: 44.8378, lng: -0.5792 },
      { lat: 50.6292, lng: 3.0573 },
    ];
    const avif = new Uint8Array(await sharp(await jpeg(800, 600, 200, null)).avif({ quality: 50 }).toBuffer());
    const broken = (await jpeg(400, 300, 10, spots[0]!)).slice(0, 700);
    const files = [
      { name: "01 Marseille 12 Mpx.jpg", type: "image/jpeg", bytes: await phonePhoto(spots[0]!) },
      { name: "02 Phare.png", type: "image/png", bytes: onDisk("phare-gps.png") },
      // As libheif's writer lays a HEIC out (its positions in base offsets): exifr alone misses its GPS.
      { name: "03 Nantes.HEIC", type: "", bytes: onDisk("photo-gps-libheif.heic") },
      { name: "04 Sans position.avif", type: "image/avif", bytes: avif },
      { name: "05 Lyon portrait.jpg", type: "image/jpeg", bytes: await jpeg(900, 600, 120, spots[1]!, 6) },
      { name: "06 Cassée.jpg", type: "image/jpeg", bytes: broken },
      { name: "07 Mont.webp", type: "image/webp", bytes: fixture("gpsWebp") },
      { name: "08 Sans GPS.jpg", type: "image/jpeg", bytes: await jpeg(640, 480, 300, null) },
      { name: "09 Bordeaux.jpg", type: "image/jpeg", bytes: await jpeg(640, 480, 40, spots[2]!) },
      { name: "10 Lille.jpg", type: "image/jpeg", bytes: await jpeg(640, 480, 80, spots[3]!) },
    ];
    expect(files[0]!.bytes.length).toBeGreaterThan(5 * 1024 * 1024);

    const page = await browser.newPage();
    await page.goto(`${baseURL}/quiz/${quiz.uniqueName}/edit`);
    await hydrated(page);
    await drop(page, files);

    const summary = page.getByTestId("batch-summary");
    await expect.poll(() => summary.textContent(), { timeout: 120_000 }).toBe("7 ajoutées · 2 à placer · 1 en échec");
    await expect(page.getByText("10 / 10 photos traitées").isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-file="06 Cassée.jpg"]').textContent()).resolves.toContain("Échec : Photo illisible : le fichier est peut-être abîmé");
    await screenshot(page, "wizard-tablet-batch");
    expect(await seriousViolations(page)).toEqual([]);

    // The photos that knew their position, in the order of the files, each at its position.
    const added = await questionsOf(page, quiz.uniqueName);
    expect(added.map((q) => q.name)).toEqual(["01 Marseille 12 Mpx", "02 Phare", "03 Nantes", "05 Lyon portrait", "07 Mont", "09 Bordeaux", "10 Lille"]);
    const expected = [spots[0]!, PHARE, NANTES, spots[1]!, MONT, spots[2]!, spots[3]!];
    added.forEach((q, i) => close(q.coords, expected[i]!));

    // The 12-megapixel photo went up shrunk to 2560 px and well under 1 MB (the server stores
    // what it received, less its metadata); the portrait one upright.
    const bytesOf = async (url: string) => Buffer.from(await (await page.request.get(baseURL + url)).body());
    const size = async (url: string) => sharp(await bytesOf(url)).metadata();
    const sent = (await bytesOf(added[0]!.imageUrl!)).length;
    expect(sent).toBeLessThan(1024 * 1024);
    const big = await size(added[0]!.imageUrl!);
    expect([big.width, big.height, big.format]).toEqual([2560, 1920, "jpeg"]);
    const heic = await size(added[2]!.imageUrl!);
    expect([heic.width, heic.height, heic.format]).toEqual([1280, 853, "jpeg"]);
    const portrait = await size(added[3]!.imageUrl!);
    expect([portrait.width, portrait.height]).toEqual([600, 900]);
    console.log(`photo de 12 Mpx : ${files[0]!.bytes.length} octets choisis, ${sent} octets stockés`);

    // The two without a position wait to be placed: the first by a tap on the map...
    const place = page.getByRole("form", { name: "Placer la photo « 04 Sans position »" });
    await place.waitFor();
    await expect(page.getByText("À placer (2)").isVisible()).resolves.toBe(true);
    await page.locator(".wz-to-place").scrollIntoViewIfNeeded();
    await screenshot(page, "wizard-tablet-to-place");
    const tapped = await tapMapIn(page, ".wz-place", 0.4, 0.6);
    await expect.poll(() => place.getByLabel("Coordonnées (latitude,longitude)").inputValue()).not.toBe("");
    await place.getByRole("button", { name: "Ajouter la question" }).tap();
    // ...the second by typed coordinates.
    const second = page.getByRole("form", { name: "Placer la photo « 08 Sans GPS »" });
    await second.waitFor();
    await second.getByLabel("Nom").fill("Strasbourg");
    await second.getByLabel("Coordonnées (latitude,longitude)").fill("48.5734 , 7.7521");
    await second.getByRole("button", { name: "Ajouter la question" }).tap();
    await expect.poll(() => summary.textContent()).toBe("9 ajoutées · 0 à placer · 1 en échec");

    const all = await questionsOf(page, quiz.uniqueName);
    expect(all.map((q) => q.name)).toEqual([...added.map((q) => q.name), "04 Sans position", "Strasbourg"]);
    close(all[7]!.coords, tapped, 4);
    close(all[8]!.coords, { lat: 48.5734, lng: 7.7521 });
    await expect.poll(() => questionNames(page)).toEqual(all.map((q) => q.name));
    await page.close();
  });

  it("refuses a HEIC whose boxes would hang the tab, and takes the photo after it", { timeout: 90_000 }, async () => {
    const quiz = await make.quiz(admin, { questions: [], mapSettings: null });
    const heic = onDisk("photo-gps.heic");
    const ftypEnd = new DataView(heic.buffer, heic.byteOffset).getUint32(0);
    // An empty box of size 0 ("to the end") before meta: exifr would walk it forever.
    const hostile = new Uint8Array([...heic.subarray(0, ftypEnd), 0, 0, 0, 0, ...[..."free"].map((c) => c.charCodeAt(0)), ...heic.subarray(ftypEnd)]);
    const page = await browser.newPage();
    await page.goto(`${baseURL}/quiz/${quiz.uniqueName}/edit`);
    await hydrated(page);
    await drop(page, [
      { name: "Piège.HEIC", type: "", bytes: hostile },
      { name: "Mont.webp", type: "image/webp", bytes: fixture("gpsWebp") },
    ]);
    const summary = page.getByTestId("batch-summary");
    await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toBe("1 ajoutée · 0 à placer · 1 en échec");
    await expect(page.locator('[data-file="Piège.HEIC"]').textContent()).resolves.toContain("Échec : Cette photo HEIC n'a pas pu être convertie");
    expect((await questionsOf(page, quiz.uniqueName)).map((q) => q.name)).toEqual(["Mont"]);
    await page.close();
  });

  it("near 200 questions, takes only the photos that fit, says so, then stops adding", { timeout: 120_000 }, async () => {
    // 198 Street View questions (no picture to load), then a drop of 5 photos.
    const spots = Array.from({ length: 198 }, (_, i) => ({ lat: 48 + i / 1000, lng: 2, streetview: { pano: "CAoSLEFGMVFpcE5fQ2xhc3Nl", lat: 48 + i / 1000, lng: 2 } }));
    const quiz = await make.quiz(admin, { questions: spots, mapSettings: null, name: "Presque plein" });
    const page = await browser.newPage();
    await page.goto(`${baseURL}/quiz/${quiz.uniqueName}/edit`);
    await hydrated(page);
    await expect(page.locator(".wz-count").first().textContent()).resolves.toBe("(198 sur 200)");
    const photos = [spots[0]!, spots[1]!, spots[2]!, spots[3]!, spots[4]!].map(async (spot, i) => ({ name: `Photo ${i + 1}.jpg`, type: "image/jpeg", bytes: await jpeg(320, 240, 40 * i, spot) }));
    await drop(page, await Promise.all(photos));
    await expect(page.getByText("Seules les 2 premières des 5 photos sont prises : un quiz compte 200 questions au plus").isVisible()).resolves.toBe(true);
    await expect.poll(() => page.getByTestId("batch-summary").textContent(), { timeout: 60_000 }).toBe("2 ajoutées · 0 à placer · 0 en échec");
    await expect(page.locator(".wz-list .wz-count").textContent()).resolves.toBe("(200 sur 200)");
    // Full: said at the top of the form, the photo picker and Street View's button wait.
    const full = "Un quiz compte 200 questions au plus : supprimez-en une pour en ajouter une autre";
    await expect(page.locator(".wz-full-banner").textContent()).resolves.toBe(full);
    await expect(page.locator("#wz-photos").isDisabled()).resolves.toBe(true);
    await page.locator(".wz-add").scrollIntoViewIfNeeded();
    await screenshot(page, "wizard-tablet-quiz-full");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByText("Google Maps streetview URL").click();
    await expect(page.locator(".wz-sv-form").getByRole("button", { name: "Ajouter la question" }).isDisabled()).resolves.toBe(true);
    expect(await questionsOf(page, quiz.uniqueName)).toHaveLength(200);
    // One deleted: room for one again.
    await page.getByRole("button", { name: "Supprimer la question « Photo 2 »" }).click();
    await expect.poll(() => page.locator(".wz-list .wz-count").textContent()).toBe("(199 sur 200)");
    await expect(page.locator(".wz-full-banner").count()).resolves.toBe(0);
    await expect(page.locator(".wz-sv-form").getByRole("button", { name: "Ajouter la question" }).isDisabled()).resolves.toBe(false);
    await page.close();
  });

  it("refuses more than 100 photos at once, in French", async () => {
    const quiz = await make.quiz(admin, { questions: [], mapSettings: null });
    const page = await browser.newPage();
    await page.goto(`${baseURL}/quiz/${quiz.uniqueName}/edit`);
    await hydrated(page);
    const tiny = fixture("plainJpeg");
    await drop(page, Array.from({ length: 101 }, (_, i) => ({ name: `p${i}.jpg`, type: "image/jpeg", bytes: tiny })));
    await expect(page.getByRole("alert").first().textContent()).resolves.toBe("100 photos au plus à la fois (vous en avez choisi 101)");
    expect(await questionsOf(page, quiz.uniqueName)).toEqual([]);
    await page.close();
  });
});

describe("editing a finished quiz, then playing it", () => {
  it("renames it, reorders and moves questions, and the next game plays the new order and positions", { timeout: 150_000 }, async () => {
    const photos = await Promise.all([10, 130, 250].map(async (hue) => make.photo((await jpeg(480, 320, hue, null)) as Uint8Array<ArrayBuffer>)));
    const quiz = await make.quiz(admin, {
      name: "Avant",
      questions: [
        { name: "Tour", photo: photos[0]!, lat: 48.8584, lng: 2.2945 },
        { name: "Pyramide", photo: photos[1]!, lat: 48.8606, lng: 2.3376 },
        { name: "Cathédrale", photo: photos[2]!, lat: 48.853, lng: 2.3499 },
      ],
    });
    const page = await browser.newPage();
    await page.goto(`${baseURL}/quiz/${quiz.uniqueName}/edit`);
    await hydrated(page);

    // Step 1 from the header: the title, the description and the speed points.
    await page.getByRole("button", { name: "Titre", exact: true }).tap();
    await expect(page.getByLabel("Titre", { exact: true }).inputValue()).resolves.toBe("Avant");
    await expect(page.getByLabel("Points de rapidité").inputValue()).resolves.toBe("5");
    await page.getByLabel("Titre", { exact: true }).fill("Après");
    await page.getByLabel("Description", { exact: true }).fill("Trois monuments, dans un autre ordre");
    await page.getByLabel("Points de rapidité").fill("8.5");
    await screenshot(page, "wizard-tablet-title-edit");
    await page.getByRole("button", { name: "Enregistrer et continuer" }).tap();
    await page.getByRole("heading", { name: "Ajouter une question" }).waitFor();
    await expect(page.locator(".wz-quiz-name").textContent()).resolves.toBe("Après");

    // Drag 'Cathédrale' by its handle above 'Tour' (a finger resting on it, then moving).
    await expect.poll(() => questionNames(page)).toEqual(["Tour", "Pyramide", "Cathédrale"]);
    const handle = (name: string) => page.getByRole("button", { name: new RegExp(`^Déplacer la question « ${name} »`) });
    const from = (await handle("Cathédrale").boundingBox())!;
    const to = (await handle("Tour").boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 10) * step) / 12);
    }
    await page.mouse.up();
    await expect.poll(() => questionNames(page)).toEqual(["Cathédrale", "Tour", "Pyramide"]);
    await expect.poll(async () => (await questionsOf(page, quiz.uniqueName)).map((q) => q.name)).toEqual(["Cathédrale", "Tour", "Pyramide"]);

    // The keyboard: Space on a handle, an arrow, Space again.
    // (The list measures itself between keys, as it does between a person's key presses.)
    await handle("Pyramide").focus();
    for (const key of ["Space", "ArrowUp", "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect.poll(async () => (await questionsOf(page, quiz.uniqueName)).map((q) => q.name)).toEqual(["Cathédrale", "Pyramide", "Tour"]);
    // And a button, for a touch in one step.
    await page.getByRole("button", { name: "Descendre la question « Cathédrale »" }).tap();
    await expect.poll(async () => (await questionsOf(page, quiz.uniqueName)).map((q) => q.name)).toEqual(["Pyramide", "Cathédrale", "Tour"]);
    await expect.poll(() => questionNames(page)).toEqual(["Pyramide", "Cathédrale", "Tour"]);

    // Move 'Tour' with a tap on its map, and rename it.
    await page.getByRole("button", { name: "Modifier la question « Tour »" }).tap();
    const editor = page.getByRole("form", { name: "Modifier la question « Tour »" });
    await editor.waitFor();
    const moved = await tapMapIn(page, ".wz-editor", 0.7, 0.3);
    await editor.getByLabel("Nom").fill("Tour Eiffel");
    await screenshot(page, "wizard-tablet-edit-question");
    expect(await seriousViolations(page)).toEqual([]);
    await editor.getByRole("button", { name: "Enregistrer" }).tap();
    await expect.poll(() => questionNames(page)).toEqual(["Pyramide", "Cathédrale", "Tour Eiffel"]);
    const final = await questionsOf(page, quiz.uniqueName);
    close(final[2]!.coords, moved, 4);
    await screenshot(page, "wizard-tablet-questions");
    await page.close();

    // A game launched now plays the new order, positions, title and speed points.
    const l = await launch({ owner: admin, quiz });
    const pres = await presenter(l);
    open.push(pres);
    const { quizzData } = await pres.find("pres_newRoom_callback");
    expect(quizzData.name).toBe("Après");
    expect(quizzData.pointsSettings.point_max_temps).toBe(8.5);
    expect(quizzData.questions.map((q) => q.name)).toEqual(["Pyramide", "Cathédrale", "Tour Eiffel"]);
    close(quizzData.questions[2]!, moved, 4);
    const [phone] = await seatPhones(l.room, 1);
    open.push(phone!);
    pres.start();
    for (let q = 0; q < 3; q++) {
      const spot = { lat: final[q]!.coords.lat, lng: final[q]!.coords.lng };
      await phone!.play(q, spot);
      const results = await pres.next("pres_results", (m) => m.questionIndex === q, 40_000);
      close(results.spot, spot, 6);
      if (q < 2) pres.nextQuestion();
    }
  });
});

describe("the wizard on a phone (360x640)", () => {
  let phone: BrowserContext;
  beforeAll(async () => {
    phone = await openBrowser(PHONE);
    await signIn(phone, await app.cookieFor(admin), baseURL);
  });
  afterAll(async () => {
    await phone?.close();
  });

  /** Nothing wider than the screen: no sideways scrolling on a phone. */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it("takes photos, places one by a tap, edits and reorders, all within the screen's width", { timeout: 120_000 }, async () => {
    const quiz = await make.quiz(admin, { questions: [], mapSettings: null, name: "Au téléphone" });
    const gare = { lat: 47.2176, lng: -1.5422 };
    const page = await phone.newPage();
    await page.goto(`${baseURL}/quiz/${quiz.uniqueName}/edit`);
    await hydrated(page);
    await screenshot(page, "wizard-phone-questions-empty");
    expect(await overflow(page)).toBe(0);

    await drop(page, [
      { name: "Gare.jpg", type: "image/jpeg", bytes: await jpeg(1600, 1200, 30, gare) },
      { name: "Sans GPS.jpg", type: "image/jpeg", bytes: await jpeg(800, 600, 260, null) },
    ]);
    await expect.poll(() => page.getByTestId("batch-summary").textContent(), { timeout: 60_000 }).toBe("1 ajoutée · 1 à placer · 0 en échec");
    await screenshot(page, "wizard-phone-batch");
    const place = page.getByRole("form", { name: "Placer la photo « Sans GPS »" });
    await place.scrollIntoViewIfNeeded();
    await screenshot(page, "wizard-phone-to-place");
    expect(await overflow(page)).toBe(0);
    const tapped = await tapMapIn(page, ".wz-place", 0.6, 0.4);
    await expect.poll(() => place.getByLabel("Coordonnées (latitude,longitude)").inputValue()).not.toBe("");
    await place.getByRole("button", { name: "Ajouter la question" }).tap();
    await expect.poll(() => page.getByTestId("batch-summary").textContent()).toBe("2 ajoutées · 0 à placer · 0 en échec");
    const [first, second] = await questionsOf(page, quiz.uniqueName);
    expect([first!.name, second!.name]).toEqual(["Gare", "Sans GPS"]);
    close(first!.coords, gare);
    close(second!.coords, tapped, 4);

    // The buttons move a question in one tap; the editor opens within the screen.
    await page.getByRole("button", { name: "Monter la question « Sans GPS »" }).tap();
    await expect.poll(async () => (await questionsOf(page, quiz.uniqueName)).map((q) => q.name)).toEqual(["Sans GPS", "Gare"]);
    await page.getByRole("button", { name: "Modifier la question « Gare »" }).tap();
    const editor = page.getByRole("form", { name: "Modifier la question « Gare »" });
    await editor.waitFor();
    await editor.getByLabel("Nom").fill("Gare de Nantes");
    await editor.scrollIntoViewIfNeeded();
    await screenshot(page, "wizard-phone-edit-question");
    expect(await overflow(page)).toBe(0);
    // Its buttons inside its box, none cut off at an edge.
    const frame = (await editor.boundingBox())!;
    for (const button of await editor.getByRole("button").all()) {
      const b = (await button.boundingBox())!;
      expect({ button: await button.textContent(), inside: b.x >= frame.x && b.x + b.width <= frame.x + frame.width }).toEqual({
        button: await button.textContent(),
        inside: true,
      });
    }
    expect(await seriousViolations(page)).toEqual([]);
    await editor.getByRole("button", { name: "Enregistrer" }).tap();
    await expect.poll(() => questionNames(page)).toEqual(["Sans GPS", "Gare de Nantes"]);
    await page.locator(".wz-list").scrollIntoViewIfNeeded();
    await screenshot(page, "wizard-phone-questions");

    await page.getByRole("button", { name: "Titre", exact: true }).tap();
    await page.getByLabel("Points de rapidité").waitFor();
    await screenshot(page, "wizard-phone-title");
    expect(await overflow(page)).toBe(0);
    await page.close();
  });

  it("says a full quiz within the screen's width", { timeout: 60_000 }, async () => {
    const spots = Array.from({ length: 200 }, (_, i) => ({ lat: 48 + i / 1000, lng: 2, streetview: { pano: "CAoSLEFGMVFpcE5fQ2xhc3Nl", lat: 48 + i / 1000, lng: 2 } }));
    const quiz = await make.quiz(admin, { questions: spots, mapSettings: null, name: "Plein au téléphone" });
    const page = await phone.newPage();
    await page.goto(`${baseURL}/quiz/${quiz.uniqueName}/edit`);
    await hydrated(page);
    await expect(page.locator(".wz-full-banner").textContent()).resolves.toBe("Un quiz compte 200 questions au plus : supprimez-en une pour en ajouter une autre");
    await screenshot(page, "wizard-phone-quiz-full");
    expect(await overflow(page)).toBe(0);
    await page.close();
  });
});
