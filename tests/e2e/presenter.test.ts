import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestAccount, TestQuiz } from "../support/factory";
import type { SeatedPhone } from "../support/room-sockets";
import {
  browsersFor,
  closedAfterAll,
  openBrowser,
  PRESENTER,
  RoomLine,
  roomInAddress,
  roomOfScreen,
  screenshot,
  seriousViolations,
  signIn,
} from "../support/browser";
import { app, baseURL, join, make } from "../support/e2e";
import { offlineGoogle } from "../support/google-maps";
import { PARIS_CITY_MAP } from "../fixtures/paris";

const MJ_PASSWORD = "Salle-des-fetes-7";

/** True spots of the questions (Paris landmarks): phones answer relative to them. */
const SPOTS = [
  { lat: 48.8584, lng: 2.2945, photo: "tour.jpg", name: "Tour Eiffel" },
  { lat: 48.8738, lng: 2.295, photo: "arc.jpg", name: "Arc de Triomphe" },
  { lat: 48.8606, lng: 2.3376, photo: "pyramide.jpg", name: "Pyramide du Louvre" },
];
/** Offsets from the spot: inside the 20 m ring, inside the 200 m ring, 2 km away. */
const NEAR = { lat: 0.00005, lng: 0 };
const MID = { lat: 0.0013, lng: 0 };
const FAR = { lat: 0.018, lng: 0.004 };
const at = (q: number, d: { lat: number; lng: number }) => ({ lat: SPOTS[q]!.lat + d.lat, lng: SPOTS[q]!.lng + d.lng });

/** The first `count` spots as questions with the seed photos; `streetViewAt` is a Street View one. */
function questions(photos: string[], count: number, streetViewAt = -1) {
  return SPOTS.slice(0, count).map((s, i) =>
    i === streetViewAt
      ? { name: s.name, lat: s.lat, lng: s.lng, streetview: { pano: "PANO_presenter_e2e", lat: s.lat, lng: s.lng, heading: 120, pitch: 5 } }
      : { name: s.name, lat: s.lat, lng: s.lng, photo: photos[i]! },
  );
}

const step = (page: Page) => page.locator("[data-step]").getAttribute("data-step");

async function waitStep(page: Page, name: string, timeout = 30_000) {
  await page.locator(`[data-step="${name}"]`).waitFor({ timeout });
}


let admin: TestAccount;
let mj: TestAccount;
let adminQuiz: TestQuiz;
let mjQuiz: TestQuiz;
let crowdQuiz: TestQuiz;
let folderId = 0;

beforeAll(async () => {
  const photos = await Promise.all(SPOTS.map((s) => make.photo(new Uint8Array(readFileSync(path.resolve("db/seed/pictures", s.photo))))));
  [admin, mj] = await Promise.all([app.admin(), make.mj({ name: "Présentatrice", password: MJ_PASSWORD, expiration: null })]);
  const folder = await make.folder(mj, { name: "Soirées" });
  folderId = folder.id;
  const description = "Où ont été prises ces photos ?";
  [adminQuiz, crowdQuiz, mjQuiz] = await Promise.all([
    make.quiz(admin, { name: "Monuments de Paris", description, mapSettings: PARIS_CITY_MAP, questions: questions(photos, 3) }),
    make.quiz(admin, { name: "Grande salle", description, mapSettings: PARIS_CITY_MAP, questions: questions(photos, 1) }),
    make.quiz(mj, { name: "Paris en équipes", description, mapSettings: PARIS_CITY_MAP, folder, questions: questions(photos, 2, 1) }),
  ]);
}, 120_000);

describe("The presenter runs a whole game on the big screen", () => {
  const browsers = browsersFor({ screen: PRESENTER });
  const phones = closedAfterAll<SeatedPhone>();

  it(
    "player mode: lobby, kick, questions, results map, ranking with pause, reloads, podium, new game",
    async () => {
      await signIn(browsers.screen, await app.cookieFor(admin), baseURL);
      const page = await browsers.screen.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const sounds = new Set<string>();
      page.on("request", (r) => {
        const m = /\/api\/sound\/(\d+)/.exec(r.url());
        if (m) sounds.add(m[1]!);
      });
      const socket = await new RoomLine().install(page);

      // Loading: the launch is a POST sent by the page itself; hold it a moment to see it.
      await page.route(/\/pres\//, async (route) => {
        if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 1200));
        await route.fallback();
      });
      await page.goto(`${baseURL}/pres/${adminQuiz.uniqueName}?icon=random&time=15&help_zone=non&max_player=50`);
      await expect.poll(() => page.getByRole("heading", { name: "Chargement" }).isVisible()).toBe(true);
      await screenshot(page, "presenter-1-loading");
      const room = await roomOfScreen(page);
      await page.unroute(/\/pres\//);

      // Lobby: the code in two halves, the QR code, the address, the capacity.
      await waitStep(page, "lobby");
      // The screen's address, title and page name the room, never the quiz (its /watch link).
      expect(page.url()).toBe(`${baseURL}/pres/salle/${room}`);
      expect(await page.title()).toBe(`Salle ${room.slice(0, 3)} ${room.slice(3)} — Repère`);
      expect(await page.content()).not.toContain(adminQuiz.uniqueName);
      await expect.poll(() => page.getByTestId("room-code").textContent()).toBe(`${room.slice(0, 3)} ${room.slice(3)}`);
      await expect.poll(() => page.getByText(new URL(baseURL).host, { exact: true }).isVisible()).toBe(true);
      expect(await page.locator(".lobby-qr svg").count()).toBe(1);
      expect(await page.getByTestId("capacity").textContent()).toBe("0/50");

      // No player yet: the start is refused in French.
      await page.getByRole("button", { name: "Lancer la partie" }).click();
      await expect
        .poll(() => page.getByRole("alert").filter({ hasText: "Impossible de lancer la partie sans joueur" }).isVisible())
        .toBe(true);
      expect(await step(page)).toBe("lobby");

      // Sound: one click on 'Activer le son' (or any click) is enough; then a mute toggle.
      const soundOn = page.getByRole("button", { name: "Activer le son" });
      if (await soundOn.isVisible()) await soundOn.click();
      await page.getByRole("button", { name: /Couper le son|Remettre le son/ }).waitFor();

      for (let i = 0; i < 4; i++) phones.push(await join(room));
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("4/50");
      for (const p of phones) await page.getByText(p.pseudo, { exact: true }).waitFor();
      await page.waitForTimeout(500); // the last chip pops in
      await screenshot(page, "presenter-2-lobby");
      expect(await seriousViolations(page)).toEqual([]);

      // Kick the fourth player, after confirming.
      const kicked = phones.pop()!;
      await page.getByRole("button", { name: `Exclure ${kicked.pseudo}` }).click();
      await page.getByRole("dialog").waitFor();
      await screenshot(page, "presenter-3-kick-confirm");
      await page.getByRole("dialog").getByRole("button", { name: "Exclure" }).click();
      expect((await kicked.find("player_kicked")).reason).toBe("kick");
      kicked.close();
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("3/50");
      await expect.poll(() => page.getByText(kicked.pseudo, { exact: true }).count()).toBe(0);

      // The socket drops: 'Reconnexion…', then the same lobby again.
      await socket.cut();
      await page.getByText("Reconnexion…").waitFor();
      await screenshot(page, "presenter-4-reconnecting");
      socket.restore();
      await page.getByText("Reconnexion…").waitFor({ state: "detached", timeout: 20_000 });
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("3/50");

      // A reload of the lobby: the same room, the same players, no second launch.
      await page.reload();
      await waitStep(page, "lobby");
      expect(roomInAddress(page.url())).toBe(room);
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("3/50");

      const [a, b, c] = phones as [SeatedPhone, SeatedPhone, SeatedPhone];
      await page.getByRole("button", { name: "Lancer la partie" }).click();
      await waitStep(page, "starting");
      await page.getByRole("heading", { name: "Lancement" }).waitFor();
      await screenshot(page, "presenter-5-starting");

      // Question 1: markers land on the answer-time axis as phones answer.
      await waitStep(page, "question", 15_000);
      await page.getByText("Question 1/3").waitFor();
      expect(Number((await page.getByTestId("points-left").textContent())!.replace(",", "."))).toBeGreaterThan(3);
      await a.play(0, at(0, NEAR));
      await b.play(0, at(0, MID));
      await expect.poll(() => page.getByTestId("answered").textContent()).toBe("2/3 ont répondu");
      await expect.poll(() => page.locator(".answer-marker").count()).toBe(2);
      await screenshot(page, "presenter-6-question");
      expect(await seriousViolations(page)).toEqual([]);
      await c.play(0, at(0, FAR));

      // Everyone answered: results, then the map sequence, then the ranking.
      await waitStep(page, "revealLoading", 10_000);
      await page.getByRole("heading", { name: "Chargement des résultats" }).waitFor();
      await screenshot(page, "presenter-7-end-question");
      await waitStep(page, "resultsMap", 10_000);
      // Farthest first: the far answer appears before the near one.
      await page.locator(`[data-marker-id="${c.playerID}"]`).waitFor({ timeout: 10_000 });
      expect(await page.locator(`[data-marker-id="${a.playerID}"]`).count()).toBe(0);
      await page.locator(`[data-marker-id="${b.playerID}"]`).waitFor({ timeout: 10_000 });
      await page.locator(".results-zone li").filter({ hasText: b.pseudo }).waitFor();
      await page.waitForTimeout(1100); // the camera settles on the rings
      await screenshot(page, "presenter-8-results-map");
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator(`[data-marker-id="${a.playerID}"]`).waitFor({ timeout: 10_000 });
      expect(await page.locator(".om-circle").count()).toBeGreaterThanOrEqual(4);

      await waitStep(page, "ranking", 15_000);
      await page.getByRole("heading", { name: "Classement" }).waitFor();
      const firstRow = page.locator(".ranking-table tbody tr").first();
      expect(await firstRow.locator(".ranking-pseudo").textContent()).toBe(a.pseudo);
      expect(await firstRow.locator(".ranking-points").textContent()).toMatch(/^\d+,\d{2} pts$/);
      expect(await page.locator(".ranking-table tbody tr").nth(2).locator(".ranking-points").textContent()).toBe("0,00 pts");
      await screenshot(page, "presenter-9-ranking");
      expect(await seriousViolations(page)).toEqual([]);

      // Without a pause, the next question comes by itself after 5 s.
      await waitStep(page, "question", 12_000);
      await page.getByText("Question 2/3").waitFor();

      // Question 2: the reload of a question comes back to that question.
      await a.play(1, at(1, MID));
      await page.reload();
      await waitStep(page, "question");
      await page.getByText("Question 2/3").waitFor();
      await b.play(1, at(1, NEAR));
      await c.play(1, at(1, NEAR));
      await waitStep(page, "ranking", 30_000);

      // Pause holds the ranking; 'Retour photo & carte' opens the question page and pauses too.
      await page.getByRole("button", { name: "Pause" }).click();
      await page.getByRole("status").filter({ hasText: "En pause" }).waitFor();
      await page.waitForTimeout(6000);
      expect(await step(page)).toBe("ranking");
      const [popup] = await Promise.all([
        browsers.screen.waitForEvent("page"),
        page.getByRole("button", { name: "Retour photo & carte" }).click(),
      ]);
      await popup.waitForLoadState();
      // The room's page of the question just revealed: its address and content name no quiz.
      expect(popup.url()).toBe(`${baseURL}/salle/${room}/question`);
      await popup.getByRole("heading", { name: SPOTS[1]!.name }).waitFor();
      await popup.getByText("Question 2 sur 3").waitFor();
      expect(await popup.content()).not.toContain(adminQuiz.uniqueName);
      await popup.close();

      // A reload during the ranking comes back to the paused ranking, not to the map.
      await page.reload();
      await waitStep(page, "ranking");
      await page.getByRole("status").filter({ hasText: "En pause" }).waitFor();
      await page.waitForTimeout(6000);
      expect(await step(page)).toBe("ranking");
      await page.getByRole("button", { name: "Page suivante" }).click();

      // Question 3, the last one; 'Page suivante' after its ranking ends the game.
      await waitStep(page, "question", 10_000);
      await page.getByText("Question 3/3").waitFor();
      await Promise.all([a.play(2, at(2, NEAR)), b.play(2, at(2, NEAR)), c.play(2, at(2, MID))]);
      await waitStep(page, "ranking", 30_000);
      await page.getByRole("status").filter({ hasText: /Résultats finaux dans/ }).waitFor();
      await page.getByRole("button", { name: "Pause" }).click();
      await page.getByRole("button", { name: "Page suivante" }).click();

      await waitStep(page, "podium", 10_000);
      await page.getByRole("heading", { name: "Fin de la Partie" }).waitFor();
      expect(await page.locator(".podium-place").count()).toBe(3);
      expect(await page.locator(".podium-1 .podium-name").textContent()).toBe(a.pseudo);
      await page.waitForTimeout(1500); // the podium rises
      await screenshot(page, "presenter-10-end");
      expect(await seriousViolations(page)).toEqual([]);
      const ended = phones.map((p) => p.find("player_kicked"));

      // 'Nouvelle partie' closes the room and goes back to the dashboard.
      await page.getByRole("button", { name: "Nouvelle partie" }).click();
      await page.waitForURL(`${baseURL}/pres`);
      for (const k of await Promise.all(ended)) expect(k.reason).toBe("ended");
      // Lobby music, ranking jingle, end fanfare and one of the question musics were asked for.
      expect([...sounds].filter((id) => ["1", "2", "3"].includes(id)).sort()).toEqual(["1", "2", "3"]);
      expect([...sounds].some((id) => ["5", "6", "7"].includes(id))).toBe(true);

      // The room is over: its page says so instead of a dead screen.
      await page.goto(`${baseURL}/pres/${adminQuiz.uniqueName}?room=${room}`);
      await page.getByRole("heading", { name: "Cette partie est terminée" }).waitFor();
      expect(errors).toEqual([]);
    },
    300_000,
  );
});

describe("A game master runs a team game", () => {
  const browsers = browsersFor({ screen: PRESENTER });
  const phones = closedAfterAll<SeatedPhone>();

  it(
    "team mode: teams in the lobby, team ranking, team podium, back to the folder",
    async () => {
      await signIn(browsers.screen, await app.cookieFor(mj), baseURL);
      const page = await browsers.screen.newPage();
      await offlineGoogle(page);
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(
        `${baseURL}/mj/${mjQuiz.uniqueName}?ranking=team&icon=random&time=15&help_zone=non&max_player=3&max_team=2&folderId=${folderId}`,
      );
      const room = await roomOfScreen(page);
      expect(page.url()).toBe(`${baseURL}/mj/salle/${room}?folderId=${folderId}`);
      await waitStep(page, "lobby");
      expect(await page.getByTestId("capacity").textContent()).toBe("0/6");
      await page.getByText("2 équipes × 3 joueurs").waitFor();

      for (let i = 0; i < 4; i++) phones.push(await join(room));
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("4/6");
      await page.getByRole("heading", { name: /Équipe bleue/ }).waitFor();
      await page.getByRole("heading", { name: /Équipe jaune/ }).waitFor();
      for (const p of phones) await page.getByText(p.pseudo, { exact: true }).waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, "presenter-team-1-lobby");
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Lancer la partie" }).click();
      await waitStep(page, "question", 15_000);
      const blue = phones.filter((p) => p.pseudo.includes("ble"));
      const yellow = phones.filter((p) => !p.pseudo.includes("ble"));
      expect(blue.length).toBe(2);
      for (const p of blue) await p.play(0, at(0, NEAR));
      for (const p of yellow) await p.play(0, at(0, FAR));

      await waitStep(page, "ranking", 40_000);
      await page.getByRole("heading", { name: "Équipes" }).waitFor();
      const teams = page.locator(".team-row");
      expect(await teams.count()).toBe(2);
      expect(await teams.first().locator(".team-swatch").textContent()).toBe("Équipe bleue");
      expect(await teams.first().locator(".team-points").textContent()).toMatch(/^\d+,\d{2} pts/);
      await screenshot(page, "presenter-team-2-ranking");
      expect(await seriousViolations(page)).toEqual([]);

      // Question 2 is a Street View, and Google cannot be reached: the frame says only that the
      // view cannot be shown here, never where it was taken (the projector, before the answer).
      await waitStep(page, "question", 12_000);
      await page.getByText("Question 2/2").waitFor();
      await page.getByText("La vue Street View ne peut pas s'afficher ici.").waitFor();
      expect(await page.locator("body").innerText()).not.toMatch(/°\s*[NSEO]\b/);
      // Nobody answers for 5 s: the warning beeps 10 s before the end.
      const beep = page.waitForRequest(/\/api\/sound\/4/, { timeout: 15_000 });
      await screenshot(page, "presenter-team-3-streetview");
      await beep;
      for (const p of phones) await p.play(1, at(1, MID));
      await waitStep(page, "ranking", 40_000);
      await page.getByRole("button", { name: "Page suivante" }).click();

      await waitStep(page, "podium", 10_000);
      await page.getByRole("list", { name: "Podium des équipes" }).waitFor();
      expect(await page.locator(".podium-1 .podium-name").textContent()).toBe("Équipe bleue");
      await page.waitForTimeout(1500);
      await screenshot(page, "presenter-team-4-end");
      expect(await seriousViolations(page)).toEqual([]);

      // A reload of the podium shows the podium again.
      await page.reload();
      await waitStep(page, "podium");
      expect(await page.locator(".podium-1 .podium-name").textContent()).toBe("Équipe bleue");

      await page.getByRole("button", { name: "Nouvelle partie" }).click();
      await page.waitForURL(new RegExp(`/mj/${folderId}/[^/]+/folder$`));
      expect(errors).toEqual([]);
    },
    240_000,
  );
});

describe("A full room stays readable from the back", () => {
  it("forty players: lobby, answers, map, two-column ranking, a skip to the podium and the rest", async () => {
    const browser = await openBrowser(PRESENTER);
    const phones: SeatedPhone[] = [];
    try {
      await signIn(browser, await app.cookieFor(admin), baseURL);
      const page = await browser.newPage();
      await page.goto(`${baseURL}/pres/${crowdQuiz.uniqueName}/player?icon=random&time=15&help_zone=non&max_player=60`);
      const room = await roomOfScreen(page);
      await waitStep(page, "lobby");
      for (let i = 0; i < 40; i++) phones.push(await join(room));
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("40/60");
      await page.waitForTimeout(600);
      await screenshot(page, "presenter-crowd-1-lobby");
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Lancer la partie" }).click();
      await waitStep(page, "question", 15_000);
      // Spread the answers over time and distance.
      for (const [i, p] of phones.entries()) {
        const d = [NEAR, MID, FAR][i % 3]!;
        await p.play(0, at(0, { lat: d.lat * (1 + (i % 5) * 0.1), lng: d.lng + (i % 7) * 0.00002 }));
        if (i === 25) {
          await page.waitForTimeout(1500);
          await screenshot(page, "presenter-crowd-2-question");
        }
      }
      await waitStep(page, "resultsMap", 15_000);
      await page.locator(".results-zone").filter({ hasText: "Cercle de 20 m" }).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(500);
      await screenshot(page, "presenter-crowd-3-map");
      await waitStep(page, "ranking", 15_000);
      await page.getByRole("button", { name: "Pause" }).click();
      expect(await page.locator(".ranking-table tbody tr").count()).toBe(16);
      // The other 24 are on the next page (the whole ranking comes over HTTP).
      await page.getByTestId("ranking-page").filter({ hasText: /· page 1\/2$/ }).waitFor();
      await screenshot(page, "presenter-crowd-4-ranking");
      await page.getByRole("button", { name: "Résultats finaux" }).click();
      await waitStep(page, "podium", 10_000);
      await page.waitForTimeout(1500);
      expect(await page.locator(".end-rest .ranking-table tbody tr").first().locator(".rank").textContent()).toBe("4");
      await screenshot(page, "presenter-crowd-5-end");
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Nouvelle partie" }).click();
      await page.waitForURL(`${baseURL}/pres`);
    } finally {
      for (const p of phones) p.close();
      await browser.close();
    }
  }, 180_000);
});

describe("The presenter pages refuse what they must", () => {
  it("sends strangers to the login, refuses other sites, and says why a launch fails", async () => {
    const anonymous = await fetch(`${baseURL}/pres/${adminQuiz.uniqueName}?time=15`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/\/pres$/);

    const forged = await fetch(`${baseURL}/pres/${adminQuiz.uniqueName}?time=15`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: await app.cookieFor(admin),
        Origin: "http://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "intent=launch",
    });
    // Remix itself refuses a cross-site form post before our action (which would answer 403).
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.headers.get("Location")).toBeNull();

    const browser = await openBrowser(PRESENTER);
    try {
      await signIn(browser, await app.cookieFor(mj), baseURL);
      const page = await browser.newPage();
      // Another owner's quiz, then settings outside the launch options.
      await page.goto(`${baseURL}/mj/${adminQuiz.uniqueName}?time=15`);
      await page.getByRole("alert").filter({ hasText: "Quiz introuvable" }).waitFor();
      await page.getByRole("heading", { name: "La partie n'a pas pu être lancée" }).waitFor();
      await page.goto(`${baseURL}/mj/${mjQuiz.uniqueName}?time=17`);
      await page.getByRole("alert").filter({ hasText: "Temps de réponse invalide" }).waitFor();
      expect(await page.getByRole("link", { name: "Retour au tableau de bord" }).getAttribute("href")).toBe("/mj");
      await screenshot(page, "presenter-launch-refused");
    } finally {
      await browser.close();
    }

    // The default sounds are served.
    const lobby = await fetch(`${baseURL}/api/sound/1`);
    expect(lobby.status).toBe(200);
    expect(lobby.headers.get("Content-Type")).toMatch(/audio\/mpeg/);
    expect((await lobby.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    expect((await fetch(`${baseURL}/api/sound/99`)).status).toBe(404);
  });
});
