/**
 * A Street View question never shows the place's address. Google's embed draws it in a card at its
 * top left; the stand-in embed (tests/support/google-maps.ts) draws one the same way, and the screens
 * are read as Chromium paints them: the projector at 1920x1080, a phone at 360x640.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestQuiz } from "../support/factory";
import { colourShare, openBrowser, PHONE, PRESENTER, roomOfScreen, screenshot, signIn } from "../support/browser";
import { ADDRESS_CARD_RGB, fakeGoogle, type GoogleFake } from "../support/google-maps";
import { app, baseURL, join, make } from "../support/e2e";

const LYON = { center: { lat: 45.76, lng: 4.84 }, zoom: 13, bounds: { north: 45.8, south: 45.72, east: 4.9, west: 4.78 } };
const FOURVIERE = { lat: 45.76234, lng: 4.82268 };

let cookie: string;
let owner: Awaited<ReturnType<typeof make.mj>>;

beforeAll(async () => {
  owner = await make.mj({ name: "Régie Street View" });
  cookie = await app.cookieFor(owner);
});

/**
 * A quiz of its own for each attempt: a room an earlier attempt left in its lobby still plays
 * the quiz, and would keep its questions off the public pages.
 */
function lyonQuiz(): Promise<TestQuiz> {
  return make.quiz(owner, {
    name: "Lyon en Street View",
    mapSettings: LYON,
    questions: [
      { name: "fourviere", title: "Basilique de Fourvière", ...FOURVIERE, streetview: { pano: "PANO_card_e2e_01", ...FOURVIERE, heading: 40, pitch: 3 } },
      { name: "Place Bellecour", lat: 45.75781, lng: 4.83201 },
    ],
  });
}

/**
 * The frame's top-left corner, where the embed's card sits, as painted: the stand-in loaded and
 * drew its card, yet not one pixel of it is in view.
 */
async function expectNoAddressCard(context: BrowserContext, page: Page, google: GoogleFake, name: string) {
  const inner = page.frameLocator(".sv-frame iframe");
  await inner.getByText("Street View simulé").waitFor({ timeout: 20_000 });
  expect(await inner.locator("[data-address-card]").isVisible()).toBe(true);
  await page.waitForTimeout(300);
  await screenshot(page, name);
  const box = (await page.locator(".sv-frame").boundingBox())!;
  const corner = await page.screenshot({ clip: { x: box.x, y: box.y, width: Math.min(320, box.width), height: 100 } });
  expect(await colourShare(context, corner, ADDRESS_CARD_RGB)).toBe(0);
  // Not offered full screen, where the whole embed would show.
  expect(await page.locator(".sv-frame iframe").getAttribute("allowfullscreen")).toBeNull();
  // Google hears of the site, not of the page: the address names the room.
  expect(google.embedReferrers.length).toBeGreaterThan(0);
  for (const referrer of google.embedReferrers) expect(referrer).toBe(`${new URL(baseURL).origin}/`);
}

describe("A Street View question", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it("shows no address on the projector, in « Retour photo & carte », or on a phone", { timeout: 120_000 }, async () => {
    const quiz = await lyonQuiz();
    const screenContext = await openBrowser(PRESENTER);
    contexts.push(screenContext);
    const google = await fakeGoogle(screenContext);
    await signIn(screenContext, cookie, baseURL);
    const screen = await screenContext.newPage();
    await screen.goto(`${baseURL}/mj/${quiz.uniqueName}?icon=random&time=30&help_zone=non&max_player=10`);
    const room = await roomOfScreen(screen);
    const phone = await join(room);
    try {
      await expect.poll(() => screen.getByTestId("capacity").textContent(), { timeout: 20_000 }).toBe("1/10");
      await screen.getByRole("button", { name: "Lancer la partie" }).click();
      await screen.locator('[data-step="question"]').waitFor({ timeout: 20_000 });
      await expectNoAddressCard(screenContext, screen, google, "street-view-1-question");

      // Revealed: the room's page of that question, on the projector too.
      await phone.play(0, FOURVIERE);
      await screen.locator('[data-step="resultsMap"]').waitFor({ timeout: 20_000 });
      const window = await screenContext.newPage();
      await window.goto(`${baseURL}/salle/${room}/question`);
      await window.getByRole("heading", { name: "Basilique de Fourvière" }).waitFor();
      await expectNoAddressCard(screenContext, window, google, "street-view-2-room-question");

      // A phone on the public page of the revealed question.
      const phoneContext = await openBrowser(PHONE);
      contexts.push(phoneContext);
      const phoneGoogle = await fakeGoogle(phoneContext);
      const page = await phoneContext.newPage();
      await page.goto(`${baseURL}/question?quiz=${quiz.uniqueName}&questionNumber=0`);
      await page.getByRole("heading", { name: "Basilique de Fourvière" }).waitFor();
      await expectNoAddressCard(phoneContext, page, phoneGoogle, "street-view-3-phone");
    } finally {
      phone.close();
    }
  });
});
