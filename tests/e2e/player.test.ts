import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { LatLng } from "@common/wire/protocol";
import { haversineMeters } from "@common/rules/geo";
import {
  fractionsOf,
  frDistance,
  frNumber,
  chromiumForTests,
  phonePage,
  RoomLine,
  screenshot,
  seriousViolations,
  storedToken,
  tapMap,
} from "../support/browser";
import { baseURL, closeRoom, presenter } from "../support/e2e";
import { AREA, launchAt, spotAt } from "./lyon";
import { offset } from "../fixtures/paris";
import { revealAnswers } from "@common/wire/reveal";

const browser = chromiumForTests();

const ANSWER_SEC = 30;

/**
 * Scoring (docs/game-rules.md): ring points of the smallest ring holding the answer + speed points,
 * else 0.
 */
function expectedPoints(distance: number, tMs: number, circlesPoints: number[], pointMax: number): number {
  const radii = [200, 100, 50, 20];
  let ring = -1;
  radii.forEach((r, i) => {
    if (distance <= r) ring = i;
  });
  if (ring < 0) return 0;
  return circlesPoints[ring]! + Math.max(0, pointMax * (1 - tMs / (ANSWER_SEC * 1000)));
}

async function tapAt(page: Page, s: LatLng) {
  const { fx, fy } = fractionsOf(AREA, s);
  await tapMap(page, fx, fy);
}

describe("Players play a whole game on their phones (random icons)", () => {
  it("joins, answers by tapping the map, scores ring plus speed points, survives a cut socket and reloads", async () => {
    const spots = [spotAt(0.5, 0.5), spotAt(0.3, 0.4), spotAt(0.7, 0.6)];
    const l = await launchAt(spots, { icon: "random", time: ANSWER_SEC, help_zone: 500 });
    const room = l.room;
    const pres = await presenter(l);
    const setup = pres.last("pres_newRoom_callback")!;
    const circlesPoints: number[] = setup.quizzData.pointsSettings.circlesPoints;
    const pointMax: number = setup.quizzData.pointsSettings.point_max_temps;

    const a = await phonePage(browser());
    const b = await phonePage(browser());
    const cable = await new RoomLine().install(b.page);

    // ---- Lobby
    await a.page.goto(`${baseURL}/play/${room}`);
    await a.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    expect(await a.page.getByText("Vous êtes", { exact: true }).isVisible()).toBe(true);
    expect(await a.page.getByText("En attente du lancement de la partie", { exact: true }).isVisible()).toBe(true);
    const joinA = await pres.find("pres_newPlayer");
    const pseudoA: string = joinA.player.pseudo;
    expect(await a.page.locator(".pl-me-pseudo").textContent()).toBe(pseudoA);
    const tokenA = await storedToken(a.page, room);
    expect(tokenA).toMatch(/^p\d+_/);
    await a.page.locator(".pl-me img").evaluate((img: HTMLImageElement) => img.decode());
    await screenshot(a.page, "player-lobby");
    expect(await seriousViolations(a.page)).toEqual([]);

    await b.page.goto(`${baseURL}/play/${room}`);
    await b.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    const joinB = await pres.find("pres_newPlayer", (m) => m.player.playerID !== joinA.player.playerID);
    const pseudoB: string = joinB.player.pseudo;
    const ids = { [joinA.player.playerID]: "a", [joinB.player.playerID]: "b" } as Record<string, "a" | "b">;

    // ---- Starting
    pres.start();
    await a.page.getByRole("heading", { name: "Lancement" }).waitFor({ timeout: 10_000 });
    await screenshot(a.page, "player-starting");

    const totals = { a: 0, b: 0 };
    const answerTimes = (q: number) => {
      const out: Record<string, number> = {};
      for (const m of pres.all("pres_playerAnswered"))
        if (m.questionIndex === q)
          for (const ans of m.answers) out[ids[ans.playerID]!] = ans.time;
      return out;
    };

    /** Checks the phone's results screen against the room's coordinates and times. */
    async function checkResult(page: Page, who: "a" | "b", q: number, intended: LatLng | null) {
      const results = await pres.find("pres_results", (m) => m.questionIndex === q, 45_000);
      await page.getByRole("heading", { name: "Résultats de la question" }).waitFor({ timeout: 45_000 });
      const playerID = Object.keys(ids).find((id) => ids[id] === who)!;
      const answer = revealAnswers(results).find((c) => c.seatId === playerID);
      let expected = 0;
      if (intended) {
        expect(answer).toBeTruthy();
        // The tap landed where the linear projection says (a pixel is about 4 m here).
        expect(haversineMeters(answer!.coords, intended)).toBeLessThan(12);
        const distance = haversineMeters(answer!.coords, spots[q]!);
        expected = expectedPoints(distance, answerTimes(q)[who]!, circlesPoints, pointMax);
        const shownDistance = await page.locator(".pl-distance strong").textContent();
        const shown = frDistance(shownDistance!);
        expect(Math.abs(shown.metres - Math.round(distance))).toBeLessThanOrEqual(shown.within);
      }
      const line = (await page.locator(".pl-points").textContent())!;
      if (expected === 0) expect(line).toBe("Vous ne marquez pas de points");
      else {
        const shown = frNumber(line.match(/Vous marquez ([\d,]+) points?/)![1]!);
        expect(Math.abs(shown - expected)).toBeLessThan(0.011);
      }
      totals[who] += expected;
      const total = frNumber((await page.locator(".pl-total").textContent())!.match(/Total : ([\d,]+)/)![1]!);
      expect(Math.abs(total - totals[who])).toBeLessThan(0.021);
      expect(await page.getByText("La prochaine question arrive").or(page.getByText("Le classement final arrive")).isVisible()).toBe(true);
    }

    // ---- Question 1: A right on the spot (20 m ring), B far away (no points)
    await a.page.getByRole("progressbar").waitFor({ timeout: 15_000 });
    await b.page.getByRole("progressbar").waitFor({ timeout: 15_000 });
    expect(await a.page.getByRole("button", { name: "Répondre" }).count()).toBe(0);
    expect(await a.page.getByText("Question 1/3").isVisible()).toBe(true);
    expect(await a.page.locator(".pl-badge").textContent()).toBe(pseudoA);
    // The magenta help target is on the map, and the bar counts down about 5 points in 30 s.
    expect(await a.page.locator("[data-offline-map] .om-help").count()).toBe(1);
    const p1 = frNumber((await a.page.getByTestId("points-left").textContent())!.split(" ")[0]!);
    await a.page.waitForTimeout(1500);
    const p2 = frNumber((await a.page.getByTestId("points-left").textContent())!.split(" ")[0]!);
    expect(p1).toBeLessThanOrEqual(pointMax);
    expect(p1 - p2).toBeGreaterThan(0.1);
    expect(p1 - p2).toBeLessThan(0.45);
    await screenshot(a.page, "player-question");
    expect(await seriousViolations(a.page)).toEqual([]);

    await tapMap(a.page, 0.2, 0.8);
    await a.page.getByRole("button", { name: "Répondre" }).waitFor();
    await tapAt(a.page, spots[0]!);
    // One marker per tap, replacing the previous one.
    expect(await a.page.locator("[data-offline-map] .om-marker").count()).toBe(1);
    await screenshot(a.page, "player-question-tapped");
    await a.page.getByRole("button", { name: "Répondre" }).click();
    await a.page.getByRole("heading", { name: "Réponse envoyée !" }).waitFor();
    const timeText = (await a.page.getByText(/Temps de réponse : /).textContent())!;
    const shownTime = frNumber(timeText.match(/([\d,]+)\s*s\b/)![1]!);
    await pres.find("pres_playerAnswered", (m) => m.questionIndex === 0);
    expect(Math.abs(shownTime * 1000 - answerTimes(0).a!)).toBeLessThanOrEqual(5);
    expect(await a.page.getByText("En attente des autres joueurs", { exact: true }).isVisible()).toBe(true);
    expect(await a.page.getByText(pseudoA).isVisible()).toBe(true);
    await screenshot(a.page, "player-answered");
    expect(await seriousViolations(a.page)).toEqual([]);

    await tapAt(b.page, spotAt(0.05, 0.05));
    await b.page.getByRole("button", { name: "Répondre" }).click();
    await checkResult(a.page, "a", 0, spots[0]!);
    await checkResult(b.page, "b", 0, spotAt(0.05, 0.05));
    expect(await a.page.getByRole("img", { name: "Médaille d'or" }).isVisible()).toBe(true);
    await screenshot(a.page, "player-result-scored");
    await screenshot(b.page, "player-result-none");
    expect(await seriousViolations(a.page)).toEqual([]);

    // ---- Question 2: B taps, loses its socket, comes back with its marker and answers; A ~70 m off
    pres.nextQuestion();
    await b.page.getByText("Question 2/3").waitFor({ timeout: 15_000 });
    await tapAt(b.page, spots[1]!);
    await b.page.getByRole("button", { name: "Répondre" }).waitFor();
    await cable.cut();
    await b.page.getByText("Reconnexion…").waitFor({ timeout: 10_000 });
    await screenshot(b.page, "player-reconnecting");
    expect(await seriousViolations(b.page)).toEqual([]);
    await b.page.waitForTimeout(1000);
    cable.restore();
    await b.page.getByText("Reconnexion…").waitFor({ state: "hidden", timeout: 20_000 });
    expect(await b.page.locator("[data-offline-map] .om-marker").count()).toBe(1);
    await b.page.getByRole("button", { name: "Répondre" }).click();
    await b.page.getByRole("heading", { name: "Réponse envoyée !" }).waitFor();

    const a2 = offset(spots[1]!, 70, 0);
    await a.page.getByText("Question 2/3").waitFor({ timeout: 15_000 });
    await tapAt(a.page, a2);
    await a.page.getByRole("button", { name: "Répondre" }).click();
    await checkResult(a.page, "a", 1, a2);
    await checkResult(b.page, "b", 1, spots[1]!);

    // ---- Question 3: A ~150 m off, then reloads and is still answered; B far, reloads on results
    pres.nextQuestion();
    const a3 = offset(spots[2]!, 0, 150);
    await a.page.getByText("Question 3/3").waitFor({ timeout: 15_000 });
    await tapAt(a.page, a3);
    await a.page.getByRole("button", { name: "Répondre" }).click();
    await a.page.getByRole("heading", { name: "Réponse envoyée !" }).waitFor();
    const before = await a.page.getByText(/Temps de réponse : /).textContent();
    await a.page.reload();
    await a.page.getByRole("heading", { name: "Réponse envoyée !" }).waitFor({ timeout: 20_000 });
    expect(await a.page.getByText(/Temps de réponse : /).textContent()).toBe(before);

    await b.page.getByText("Question 3/3").waitFor({ timeout: 15_000 });
    await tapAt(b.page, spotAt(0.95, 0.05));
    await b.page.getByRole("button", { name: "Répondre" }).click();
    await checkResult(a.page, "a", 2, a3);
    await checkResult(b.page, "b", 2, spotAt(0.95, 0.05));
    const bTotal = await b.page.locator(".pl-total").textContent();
    await b.page.reload();
    await b.page.getByRole("heading", { name: "Résultats de la question" }).waitFor({ timeout: 20_000 });
    expect(await b.page.locator(".pl-total").textContent()).toBe(bTotal);

    // ---- End of the game
    pres.nextQuestion();
    await a.page.getByRole("heading", { name: "Fin de la partie" }).waitFor({ timeout: 15_000 });
    await b.page.getByRole("heading", { name: "Fin de la partie" }).waitFor({ timeout: 15_000 });
    expect(await a.page.getByText("Faites défiler le classement pour voir votre position").isVisible()).toBe(true);
    const rows = a.page.locator(".pl-ranking > .pl-row");
    expect(await rows.count()).toBe(2);
    const first = totals.a >= totals.b ? pseudoA : pseudoB;
    expect(await rows.nth(0).locator(".pl-row-pseudo").textContent()).toContain(first);
    const mine = a.page.locator(".pl-row-me");
    expect(await mine.count()).toBe(1);
    expect(await mine.locator(".pl-row-pseudo").textContent()).toContain(pseudoA);
    // The own row has another border than the others.
    const borders = await rows.evaluateAll((els) => els.map((e) => getComputedStyle(e).borderTopColor));
    expect(new Set(borders).size).toBe(2);
    await a.page.locator(".pl-ranking img").first().evaluate((img: HTMLImageElement) => img.decode());
    await screenshot(a.page, "player-endgame");
    expect(await seriousViolations(a.page)).toEqual([]);

    // ---- A newer protocol: the room says 'reload' (a code: the page words it), the page reloads
    // and lands back on its screen
    const reloaded = b.page.waitForEvent("load", { timeout: 15_000 });
    cable.inject({ type: "reload", version: 99 });
    await b.page.getByText("Une nouvelle version du jeu est disponible").waitFor();
    await screenshot(b.page, "player-reload");
    await reloaded;
    await b.page.getByRole("heading", { name: "Fin de la partie" }).waitFor({ timeout: 20_000 });

    // ---- 'Nouvelle partie': every phone goes back home
    await closeRoom(l);
    await a.page.waitForURL(`${baseURL}/`, { timeout: 15_000 });
    await b.page.waitForURL(`${baseURL}/`, { timeout: 15_000 });
    expect(await storedToken(a.page, room)).toBeNull();

    pres.close();
    await a.context.close();
    await b.context.close();
  });
});

describe("A phone that cannot play is told so", () => {
  it("says the room is full, and a kicked phone may take a new seat", async () => {
    const l = await launchAt([spotAt(0.5, 0.5)], { icon: "random", max_player: 1 });
    const room = l.room;
    const pres = await presenter(l);
    const c = await phonePage(browser());
    const d = await phonePage(browser());

    // Until the room answers, the phone says it is loading.
    const gate = await new RoomLine().install(c.page);
    gate.hold();
    await c.page.goto(`${baseURL}/play/${room}`);
    await c.page.getByRole("heading", { name: "Chargement" }).waitFor({ timeout: 20_000 });
    await screenshot(c.page, "player-loading");
    expect(await seriousViolations(c.page)).toEqual([]);
    gate.release();
    await c.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    const seated = await pres.find("pres_newPlayer");

    await d.page.goto(`${baseURL}/play/${room}`);
    await d.page.getByRole("alert").filter({ hasText: "Cette salle est complète" }).waitFor({ timeout: 20_000 });
    expect(await d.page.getByRole("link", { name: "Retour à l'accueil" }).isVisible()).toBe(true);
    await screenshot(d.page, "player-room-full");
    expect(await seriousViolations(d.page)).toEqual([]);

    pres.kick(seated.player.playerID);
    await c.page.getByRole("heading", { name: "Vous avez été exclu de la partie" }).waitFor({ timeout: 10_000 });
    expect(await storedToken(c.page, room)).toBeNull();
    await screenshot(c.page, "player-kicked");
    expect(await seriousViolations(c.page)).toEqual([]);
    await c.page.getByRole("button", { name: "Rejoindre la partie" }).click();
    await c.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    const again = await pres.find("pres_newPlayer", (m) => m.player.playerID !== seated.player.playerID);
    expect(again.player.connected).toBe(true);

    await closeRoom(l);
    pres.close();
    await c.context.close();
    await d.context.close();
  });

  it("a phone whose socket died while it slept finds the game where it is when it wakes up", async () => {
    const l = await launchAt([spotAt(0.5, 0.5)], { icon: "random", time: 60 });
    const room = l.room;
    const pres = await presenter(l);
    const f = await phonePage(browser());
    const gate = await new RoomLine().install(f.page);
    await f.page.goto(`${baseURL}/play/${room}`);
    await f.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });

    // Asleep: the socket looks open but nothing goes through; the game starts meanwhile.
    gate.silence();
    pres.start();
    await pres.next("pres_newQuestion", () => true, 15_000);
    expect(await f.page.getByRole("heading", { name: "Salon d'attente" }).isVisible()).toBe(true);

    // Awake: the page checks its line, finds it dead, reconnects and shows the question.
    await f.page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await f.page.getByRole("progressbar").waitFor({ timeout: 15_000 });
    expect(await f.page.getByText("Question 1/1").isVisible()).toBe(true);
    const joins = pres.all("pres_newPlayer").filter((m) => m.player.connected);
    // Same seat, not a second one.
    expect(new Set(joins.map((m) => m.player.playerID)).size).toBe(1);

    await closeRoom(l);
    pres.close();
    await f.context.close();
  });

  it("says a room that does not exist does not exist", async () => {
    const e = await phonePage(browser());
    await e.page.goto(`${baseURL}/play/999999`);
    expect(await e.page.getByRole("alert").textContent()).toBe("Cette salle n'existe pas ou n'est pas accessible");
    await e.page.goto(`${baseURL}/join/999998`);
    expect(await e.page.getByRole("alert").textContent()).toBe("Cette salle n'existe pas ou n'est pas accessible");
    await e.context.close();
  });
});

describe("Marker pictures", () => {
  it("draws every pseudo's pin, numbered ones too, cached for good; 404 otherwise", async () => {
    for (const name of ["Kiwibleu", "Kiwibleu2", "Pastequeverte", encodeURIComponent("Pastèqueverte"), "Tomaterose"]) {
      const res = await fetch(`${baseURL}/api/markers/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(await res.text()).toMatch(/^<svg/);
    }
    expect((await fetch(`${baseURL}/api/markers/Mangueverte`)).status).toBe(404);
    expect((await fetch(`${baseURL}/api/markers/Kiwi%20bleu%20x`)).status).toBe(404);
  });
});
