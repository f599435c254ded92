/**
 * « Photo sur les téléphones »: a live game launched with the option shows each question's photo
 * on the phones, with the map one tap away, from the moment the room opens that question. Before
 * it opens, the photo's address answers nobody but the room's owner: a phone (or anyone) asking
 * for the next question's photo is refused. The option is off by default and is chosen on the
 * quiz card. Screens at 360x640, with axe checks.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { and, eq, ne } from "drizzle-orm";
import { games } from "@db/schema";
import { fractionsOf, hydrated, chromiumForTests, phonePage, PRESENTER, roomOfScreen, screenshot, seriousViolations, signIn } from "../support/browser";
import { app, baseURL, launch, make, presenter } from "../support/e2e";
import { ARC, offset, PARIS_MAP, seedPicture, TOUR } from "../fixtures/paris";

const browser = chromiumForTests();

/** What anyone without a session gets at an address: the status only. */
const anonymous = async (url: string) => (await fetch(`${baseURL}${url}`)).status;

/** The photo on the phone's screen, once it has loaded. */
async function shownPhoto(page: Page): Promise<string> {
  const photo = page.locator(".pl-ptm-photo");
  await photo.waitFor({ timeout: 20_000 });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return (await photo.getAttribute("src"))!;
}

describe("a live game with « Photo sur les téléphones »", () => {
  it("shows each question's photo on the phones only once the room opens it", async () => {
    const owner = await make.mj();
    const quiz = await make.quiz(owner, {
      name: "Paris sur les téléphones",
      mapSettings: PARIS_MAP,
      questions: [
        { ...TOUR, name: "La dame de fer", photo: await make.photo(seedPicture("tour.jpg")) },
        { ...ARC, name: "Un arc", photo: await make.photo(seedPicture("arc.jpg")) },
      ],
    });
    const l = await launch({ owner, quiz, time: 60, help_zone: "non", photo_phones: "oui" });
    const pres = await presenter(l);
    const [first, second] = pres.last("pres_newRoom_callback")!.quizzData.questions.map((q) => q.imageUrl!) as [string, string];
    expect(first).toMatch(new RegExp(`^/api/salle/${l.room}/photos/[^/]+$`));

    const phone = await phonePage(browser());
    const photoRequests: string[] = [];
    phone.page.on("request", (r) => {
      if (r.url().includes("/photos/")) photoRequests.push(new URL(r.url()).pathname);
    });
    await phone.page.goto(`${baseURL}/play/${l.room}`);
    await phone.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });

    // In the lobby: no question is open, so no photo for anyone but the owner.
    expect(await anonymous(first)).toBe(401);
    expect(await anonymous(second)).toBe(401);

    pres.start();
    await phone.page.getByRole("heading", { name: "Lancement" }).waitFor({ timeout: 10_000 });
    expect(await anonymous(first)).toBe(401);
    expect(photoRequests).toEqual([]);

    // Question 1 opens: the phone loads its photo, the next one is still refused.
    expect(await shownPhoto(phone.page)).toBe(first);
    expect(await phone.page.getByText("Question 1/2").isVisible()).toBe(true);
    expect(await phone.page.getByRole("button", { name: "Photo" }).getAttribute("aria-pressed")).toBe("true");
    expect(photoRequests).toEqual([first]);
    expect(await anonymous(first)).toBe(200);
    expect(await anonymous(second)).toBe(401);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, "live-photo-on-phone");

    // The map is one tap away; the answer goes as in any live game.
    await phone.page.getByRole("button", { name: "Carte" }).click();
    const map = phone.page.locator(".pl-ptm-map [data-offline-map]");
    const box = (await map.boundingBox())!;
    const { fx, fy } = fractionsOf(PARIS_MAP.bounds, offset(TOUR, 30, 0));
    await phone.page.touchscreen.tap(box.x + fx * box.width, box.y + fy * box.height);
    await phone.page.getByRole("button", { name: "Répondre" }).waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, "live-photo-on-phone-map");
    await phone.page.getByRole("button", { name: "Répondre" }).click();

    // Everyone answered: the room reveals; the second photo is still not out.
    await pres.find("pres_results", (m) => m.questionIndex === 0, 30_000);
    await phone.page.getByRole("heading", { name: "Résultats de la question" }).waitFor({ timeout: 30_000 });
    expect(await anonymous(second)).toBe(401);
    expect(photoRequests).toEqual([first]);

    // Question 2 opens: its photo now, on the photo side again.
    pres.nextQuestion();
    expect(await shownPhoto(phone.page)).toBe(second);
    expect(await phone.page.getByText("Question 2/2").isVisible()).toBe(true);
    expect(await phone.page.getByRole("button", { name: "Photo" }).getAttribute("aria-pressed")).toBe("true");
    expect(await anonymous(second)).toBe(200);
    expect(photoRequests).toEqual([first, second]);

    pres.close();
    await phone.context.close();
  });

  it("never sends a Street View question's position to the phones: every frame they receive, read raw", async () => {
    const owner = await make.mj();
    const view = { pano: "PANO_secret_1234", lat: 48.85612, lng: 2.31234, heading: 40, pitch: 1 };
    const quiz = await make.quiz(owner, {
      name: "Paris en Street View",
      mapSettings: PARIS_MAP,
      questions: [{ lat: 48.85611, lng: 2.31233, name: "Une rue", streetview: view }],
    });
    const l = await launch({ owner, quiz, time: 60, help_zone: "non", photo_phones: "oui" });
    const pres = await presenter(l);
    const phone = await phonePage(browser());
    const frames: string[] = [];
    phone.page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(typeof f.payload === "string" ? f.payload : f.payload.toString("utf8"))));
    const embeds: string[] = [];
    phone.page.on("request", (r) => {
      if (r.url().includes("google")) embeds.push(r.url());
    });
    await phone.page.goto(`${baseURL}/play/${l.room}`);
    await phone.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    pres.start();
    await phone.page.getByRole("progressbar").waitFor({ timeout: 20_000 });
    await expect.poll(() => frames.some((f) => f.includes("player_newQuestion"))).toBe(true);
    // The presenter's screen has the view; the phones have the map alone.
    expect(JSON.stringify(await pres.find("pres_newQuestion"))).toContain(view.pano);
    const received = frames.join("\n");
    for (const secret of [view.pano, "48.856", "2.312", "streetview"]) expect(received).not.toContain(secret);
    expect(embeds).toEqual([]);
    expect(await phone.page.locator(".pl-ptm-sv, iframe").count()).toBe(0);
    pres.close();
    await phone.context.close();
  });

  it("is off by default: the phones show the map alone and the photos stay the owner's", async () => {
    const owner = await make.mj();
    const quiz = await make.quiz(owner, {
      name: "Paris sans photo",
      mapSettings: PARIS_MAP,
      questions: [{ ...TOUR, name: "La dame de fer", photo: await make.photo(seedPicture("tour.jpg")) }],
    });
    const l = await launch({ owner, quiz, time: 60, help_zone: "non" });
    const pres = await presenter(l);
    const [first] = pres.last("pres_newRoom_callback")!.quizzData.questions.map((q) => q.imageUrl!) as [string];
    const phone = await phonePage(browser());
    await phone.page.goto(`${baseURL}/play/${l.room}`);
    await phone.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    pres.start();
    await phone.page.getByRole("progressbar").waitFor({ timeout: 20_000 });
    expect(await phone.page.locator(".pl-ptm-photo").count()).toBe(0);
    expect(await phone.page.getByRole("button", { name: "Carte" }).count()).toBe(0);
    expect(await anonymous(first)).toBe(401);
    pres.close();
    await phone.context.close();
  });

  it("is chosen on the quiz card: the launch from the dashboard carries it to the room", async () => {
    const owner = await make.mj();
    const quiz = await make.quiz(owner, {
      name: "Paris depuis le tableau de bord",
      mapSettings: PARIS_MAP,
      questions: [
        { ...TOUR, name: "La dame de fer", photo: await make.photo(seedPicture("tour.jpg")) },
        { ...ARC, name: "Un arc", streetview: { pano: "PANO_arc_5678", lat: ARC.lat, lng: ARC.lng } },
      ],
    });
    const context = await browser().newContext({ viewport: PRESENTER, locale: "fr-FR" });
    await signIn(context, await app.cookieFor(owner), baseURL);
    const page = await context.newPage();
    await page.goto(`${baseURL}/mj`);
    await hydrated(page, ".quiz-card button");
    const card = page.locator(`article[data-quiz="${quiz.uniqueName}"]`);
    const option = card.getByLabel("Photo sur les téléphones");
    expect(await option.isChecked()).toBe(false);
    await option.check();
    // The MJ is told which questions stay on the big screen, and why.
    expect(await card.getByRole("status").filter({ hasText: "Street View" }).textContent()).toBe(
      "La question 2 (Street View) ne s'affichera que sur l'écran du présentateur : une vue Street View donne sa position à l'appareil qui l'affiche, donc la réponse aux joueurs.",
    );
    await screenshot(page, "live-photo-on-phones-street-view-note");
    expect(await card.getByRole("link", { name: "Lancer" }).getAttribute("href")).toContain("photo_phones=oui");
    await card.getByRole("link", { name: "Lancer" }).click();
    const room = await roomOfScreen(page);
    const [row] = await app.db
      .select({ settings: games.settings })
      .from(games)
      .where(and(eq(games.roomNumber, room), ne(games.status, "closed")));
    expect(row?.settings).toMatchObject({ photoOnPhones: true });
    await context.close();
  });
});
