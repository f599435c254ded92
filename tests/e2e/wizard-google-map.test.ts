/**
 * The wizard's coordinates on Google's map: a server with a Maps key, Google answered by the
 * fake Maps script (tests/support/google-maps.ts). A tap on the map sets a question's spot when
 * a photo without a position is placed, when a question is moved, and on a Street View question.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { formatCoords } from "@common/util/coords";
import { hydrated, screenshot, signIn } from "../support/browser";
import { fakeGoogle, mapsState, tapGoogleMap } from "../support/google-maps";
import { googleSuite } from "../support/google-server";
import { drop, jpeg, type Spot } from "./wizard-kit";

const TABLET = { width: 768, height: 1024 };
const TOUR = { lat: 48.85826, lng: 2.29451 };
const EMBED =
  '<iframe src="https://www.google.com/maps/embed?pb=!4v1700000000000!6m8!1m7!1sCAoSLEFGMVFpcE5fQ2xhc3Nl!2m2!1d48.85837!2d2.294481!3f120.5!4f-5.2!5f0.78" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy"></iframe>';

const suite = googleSuite();
let context: BrowserContext;

afterAll(async () => {
  await context?.close();
});

type ApiQuestion = { id: number; name: string; coords: Spot };
const questionsOf = async (page: Page, quiz: string) =>
  (await (await page.request.get(`${suite.server.baseURL}/api/pres/shared/quizz/get/${quiz}`)).json()) as ApiQuestion[];
const close = (a: Spot, b: Spot) => {
  expect(a.lat).toBeCloseTo(b.lat, 6);
  expect(a.lng).toBeCloseTo(b.lng, 6);
};

describe("the wizard's coordinates on Google's map", () => {
  it("a tap places a photo without position, moves a question, and sets a Street View question's spot", { timeout: 150_000 }, async () => {
    const owner = await suite.server.make.mj({ canEdit: true });
    const quiz = await suite.server.make.quiz(owner, { questions: [{ ...TOUR, name: "La tour" }] });
    await context?.close(); // a retry's first attempt may have left one open
    context = await suite.browser.newContext({ viewport: TABLET, hasTouch: true, locale: "fr-FR" });
    const google = await fakeGoogle(context);
    await signIn(context, await suite.server.app.cookieFor(owner), suite.server.baseURL);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${suite.server.baseURL}/quiz/${quiz.uniqueName}/edit`);
    await hydrated(page);

    // A photo without a position: its form's map is Google's, and a tap there is its spot.
    await drop(page, [{ name: "Quai.jpg", type: "image/jpeg", bytes: await jpeg(800, 600, 200, null) }]);
    const place = page.getByRole("form", { name: "Placer la photo « Quai »" });
    await place.locator("[data-fake-map]").waitFor({ timeout: 40_000 });
    const quai = { lat: 48.85712, lng: 2.34123 };
    await tapGoogleMap(page, quai);
    await expect.poll(() => place.getByLabel("Coordonnées (latitude,longitude)").inputValue()).toBe(formatCoords(quai));
    // The map draws its marker after the field shows the spot (the marker is Google's, built
    // asynchronously): waited for, not read once.
    await expect.poll(() => place.locator('[data-fake-map] [aria-label="Position de la question"]').count()).toBe(1);
    await place.scrollIntoViewIfNeeded();
    await screenshot(page, "wizard-google-to-place");
    await place.getByRole("button", { name: "Ajouter la question" }).tap();
    await expect.poll(async () => (await questionsOf(page, quiz.uniqueName)).map((q) => q.name)).toEqual(["La tour", "Quai"]);
    close((await questionsOf(page, quiz.uniqueName))[1]!.coords, quai);

    // A question moved by a tap in its editor.
    await page.getByRole("button", { name: "Modifier la question « La tour »" }).tap();
    const editor = page.getByRole("form", { name: "Modifier la question « La tour »" });
    await editor.locator("[data-fake-map]").waitFor();
    const moved = { lat: 48.86061, lng: 2.33764 };
    await tapGoogleMap(page, moved);
    await expect.poll(() => editor.getByLabel("Coordonnées (latitude,longitude)").inputValue()).toBe(formatCoords(moved));
    await editor.getByRole("button", { name: "Enregistrer" }).tap();
    await editor.waitFor({ state: "detached" });
    close((await questionsOf(page, quiz.uniqueName))[0]!.coords, moved);

    // A Street View question: the embed fills its spot, a tap moves it.
    await page.getByText("Google Maps streetview URL").tap();
    await page.getByLabel("Titre", { exact: true }).fill("Au pied de la tour");
    await page.getByLabel("Description", { exact: true }).fill("Où est cette vue ?");
    await page.getByLabel("Code d'intégration Street View").fill(EMBED);
    const svCoords = page.locator("#wz-sv-coords");
    await expect.poll(() => svCoords.inputValue()).toBe("48.85837,2.294481");
    await page.locator(".wz-add [data-fake-map]").waitFor();
    const spot = { lat: 48.8579, lng: 2.2951 };
    await tapGoogleMap(page, spot);
    await expect.poll(() => svCoords.inputValue()).toBe(formatCoords(spot));
    await page.getByRole("button", { name: "Ajouter la question" }).tap();
    await expect.poll(async () => (await questionsOf(page, quiz.uniqueName)).length).toBe(3);
    close((await questionsOf(page, quiz.uniqueName))[2]!.coords, spot);

    // One map at a time was on the page, so Google built one and it served every form.
    expect((await mapsState(page))!.mapsBuilt).toBe(1);
    expect(google.scriptRequests.length).toBe(1);
    expect(errors).toEqual([]);
  });
});
