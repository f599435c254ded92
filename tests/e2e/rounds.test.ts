import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { LatLng, PlayerEndGame } from "@common/wire/protocol";
import { offset } from "../fixtures/paris";
import { games } from "@db/schema";
import { contrastRatio } from "~/features/map/casing";
import { browsersFor, closedAfterAll, hydrated, launchChromium, PRESENTER, phonePage, screenshot, seriousViolations, signIn } from "../support/browser";
import { baseURL, launch as launchShared, make, presenter as presenterShared, seatPhones as seatShared } from "../support/e2e";
import { playRound, roomsOf } from "../support/launch";
import type { TestPhone } from "../support/room-sockets";
import { ownServerForFile } from "../support/own-server";

const north = (s: LatLng, m: number): LatLng => offset(s, m, 0);

const own = ownServerForFile("rounds");

/** The night as the test computes it from each round's end messages: points added, best first. */
function expectedNight(rounds: Map<string, number>[]): { id: string; points: number }[] {
  const sum = new Map<string, number>();
  for (const round of rounds) for (const [id, points] of round) sum.set(id, (sum.get(id) ?? 0) + points);
  return [...sum].map(([id, points]) => ({ id, points })).sort((a, b) => b.points - a.points);
}

const totals = (ends: PlayerEndGame[], phones: TestPhone[]) => new Map(ends.map((e, i) => [phones[i]!.playerID!, e.pointsTotal]));

describe("a night of rounds in one room", () => {
  it(
    "keeps the room and its phones from round to round, adds a newcomer, and survives a presenter reload and a server restart",
    { timeout: 240_000 },
    async () => {
      const server = await own.start();
      const kit = server.kit;
      const { launch, presenter, seatPhones, join, postRound } = roomsOf(kit);
      const l = await launch({ time: 30 });
      const pres = await presenter(l);
      own.clients.push(pres);
      const phones = await seatPhones(l.room, 3);
      own.clients.push(...phones);

      // Round 1: distances 0, 40, 80 m on every question.
      await playRound(pres, phones.map((p, i) => [p, l.spots.map((s) => north(s, 40 * i))] as [TestPhone, LatLng[]]));
      const round1 = await Promise.all(phones.map((p) => p.next("player_endGame")));
      expect(round1.every((e) => e.night === null)).toBe(true);

      // « Rejouer »: the same number, every phone back in the lobby with its seat.
      const replay = await postRound(l, { intent: "replay" });
      expect(replay.status).toBe(302);
      const lobby = await Promise.all(phones.map((p) => p.next("player_joinRoom_callback", (m) => m.phase === "lobby")));
      lobby.forEach((cb, i) => expect(cb).toMatchObject({ playerID: phones[i]!.playerID, pseudo: phones[i]!.pseudo }));
      await pres.next("pres_newRoom_callback", (m) => m.phase === "lobby");
      const rows = await kit.app.db.select().from(games).where(eq(games.roomNumber, l.room)).orderBy(asc(games.createdAt));
      expect(rows.map((r) => r.status)).toEqual(["closed", "lobby"]);

      // A new phone joins between rounds, the way any phone joins; one phone leaves.
      const newcomer = await join(l.room);
      own.clients.push(newcomer);
      const leaving = phones[2]!;
      leaving.close();
      // The room has seen it go (greyed out in the lobby) before the server goes down.
      await pres.next("pres_newPlayer", (m) => m.player.playerID === leaving.playerID && !m.player.connected);
      const stay = [phones[0]!, phones[1]!, newcomer];

      // The server restarts in the new lobby: the room and its night come back.
      await server.restart();
      await Promise.all(stay.map((p) => p.next("player_joinRoom_callback", (m) => m.phase === "lobby" && p.opens > 1, 60_000)));
      // The presenter's screen is back too before its button is pressed: a click while its socket
      // is down is not queued (common/client/room-client.ts), and the phones may well come back first.
      await pres.next("pres_newRoom_callback", (m) => m.phase === "lobby" && pres.opens > 1, 60_000);

      // Round 2, the presenter's page reloaded in the middle (a new presenter socket).
      expect(pres.start()).toBe(true);
      await pres.next("pres_startGame_callback", () => true, 60_000);
      await Promise.all(stay.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 0)));
      pres.close();
      // The reloaded page finds its room live, under the same number and token.
      const reload = await fetch(`${server.url}/mj/salle/${l.room}`, { headers: { Cookie: l.cookie } });
      expect(reload.status).toBe(200);
      expect(await reload.text()).toContain(l.token);
      const again = await presenter(l);
      own.clients.push(again);
      expect(again.last("pres_newRoom_callback")).toMatchObject({ phase: "question", roomID: l.room });
      // Round 2: the first phone far, the second close, the newcomer on the spot.
      const order = [80, 10, 0];
      for (let q = 0; q < l.spots.length; q++) {
        if (q > 0) await Promise.all(stay.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === q)));
        stay.forEach((p, i) => p.answer(q, north(l.spots[q]!, order[i]!)));
        await again.next("pres_results", (m) => m.questionIndex === q);
        again.nextQuestion();
      }
      const presEnd = await again.next("pres_endGame");
      const round2 = await Promise.all(stay.map((p) => p.next("player_endGame")));

      // The night, computed here from each round's totals. The phone that left played round 1: its
      // seat stayed through round 2 (0 points there) and its night is ranked with the others'.
      const expected = expectedNight([totals(round1, phones), totals(round2, stay)]);
      const shown = presEnd.night!.ranking;
      expect(presEnd.night!.round).toBe(2);
      expect(shown.map((s) => s.playerID).sort()).toEqual(expected.map((x) => x.id).sort());
      expect(shown.find((s) => s.playerID === leaving.playerID)!.pointsQuestion).toBe(0);
      for (const x of expected) {
        const line = shown.find((s) => s.playerID === x.id)!;
        // Totals keep full precision; each shown figure is rounded to 2 decimals.
        expect(Math.abs(line.points - x.points)).toBeLessThanOrEqual(0.011);
      }
      const stayIds = stay.map((p) => p.playerID);
      expect(shown.filter((s) => stayIds.includes(s.playerID)).map((s) => s.playerID)).toEqual(
        expected.filter((x) => stayIds.includes(x.id)).map((x) => x.id),
      );
      round2.forEach((end, i) => {
        expect(end.night!.me.playerID).toBe(stay[i]!.playerID);
        expect(end.night!.me.rank).toBe(shown.find((s) => s.playerID === stay[i]!.playerID)!.rank);
        expect(end.night!.ranking).toEqual(shown.slice(0, end.night!.ranking.length));
      });
      // The newcomer's night is its one round.
      expect(round2[2]!.night!.me.points).toBe(round2[2]!.pointsTotal);
    },
  );
});

describe("the end of a round on the big screen and on a phone", () => {
  const browsers = browsersFor({ screen: PRESENTER });
  const sockets = closedAfterAll<{ close(): void }>();

  it("shows the three buttons, the quiz picker, and the night ranking after the second round", { timeout: 180_000 }, async () => {
    const owner = await make.mj({ name: "Camille" });
    const quiz = await make.quiz(owner, { name: "Places de Lyon", questions: [{ lat: 45.7578, lng: 4.832 }] });
    await make.quiz(owner, { name: "Ponts de Paris", questions: [{ lat: 48.8566, lng: 2.3522 }, { lat: 48.853, lng: 2.349 }] });
    const l = await launchShared({ owner, quiz, time: 15 });
    const pres = await presenterShared(l);
    sockets.push(pres);
    const others = await seatShared(l.room, 4);
    sockets.push(...others);
    const chromium = await launchChromium();
    const phone = await phonePage(chromium);
    try {
      await phone.page.goto(`${baseURL}/play/${l.room}`);
      await expect.poll(() => pres.last("pres_newPlayer")?.playersCount ?? 0, { timeout: 20_000 }).toBe(5);

      await signIn(browsers.screen, l.cookie, baseURL);
      const screen = await browsers.screen.newPage();
      await screen.goto(`${baseURL}/mj/salle/${l.room}`);
      await hydrated(screen);
      const spot = l.spots[0]!;
      // Round 1: the four socket phones answer; the browser phone lets the time run out.
      await playRound(pres, others.map((p, i) => [p, [north(spot, 30 * i)]] as [TestPhone, LatLng[]]));
      await expect.poll(() => screen.locator("[data-step]").getAttribute("data-step"), { timeout: 30_000 }).toBe("podium");
      for (const name of ["Rejouer", "Autre quiz", "Nouvelle partie"])
        await expect.poll(() => screen.getByRole("button", { name, exact: true }).isVisible()).toBe(true);
      await screen.waitForTimeout(1500); // the podium rises, as presenter.test.ts waits for it
      await screenshot(screen, "rounds-1-end-buttons");

      // From the keyboard: the picker opens on the quiz chosen first, the page behind out of reach;
      // Escape closes it and the keyboard is back on « Autre quiz » at once.
      const other = screen.getByRole("button", { name: "Autre quiz", exact: true });
      await other.focus();
      await screen.keyboard.press("Enter");
      const dialog = screen.getByRole("dialog", { name: "Autre quiz" });
      await dialog.waitFor();
      expect(await dialog.getByRole("radio", { checked: true }).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
      expect(await seriousViolations(screen)).toEqual([]);
      await screen.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await screen.evaluate(() => document.activeElement?.textContent)).toBe("Autre quiz");

      // « Autre quiz »: the account's quizzes with the launch options.
      await other.click();
      await expect.poll(() => dialog.getByRole("radio", { name: /Ponts de Paris/ }).isChecked()).toBe(true);
      await expect.poll(() => dialog.getByLabel("Temps de réponse").isVisible()).toBe(true);
      await screenshot(screen, "rounds-2-quiz-picker");
      await dialog.getByLabel("Temps de réponse").selectOption("15");
      await dialog.getByRole("radio", { name: /Places de Lyon/ }).check();
      await dialog.getByRole("button", { name: "Lancer la manche" }).click();

      // Round 2 in the same room: the page shows the new lobby, the phone too.
      await expect.poll(() => screen.locator("[data-step]").getAttribute("data-step"), { timeout: 30_000 }).toBe("lobby");
      await expect.poll(() => phone.page.locator(".pl-endgame").count(), { timeout: 20_000 }).toBe(0);
      await Promise.all(others.map((p) => p.next("player_joinRoom_callback", (m) => m.phase === "lobby")));
      await playRound(pres, others.map((p, i) => [p, [north(spot, 90 - 30 * i)]] as [TestPhone, LatLng[]]));
      await expect.poll(() => screen.locator("[data-step]").getAttribute("data-step"), { timeout: 30_000 }).toBe("podium");
      await screen.getByRole("button", { name: "Classement de la soirée" }).click();
      const night = screen.getByTestId("night-ranking");
      await expect.poll(() => night.getByRole("heading", { name: "Classement de la soirée" }).isVisible()).toBe(true);
      await expect.poll(() => night.locator(".ranking-table tbody tr").count()).toBe(5);
      await screenshot(screen, "rounds-3-night-ranking");

      const mine = phone.page.getByTestId("phone-night");
      await expect.poll(() => mine.isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(async () => (await mine.textContent()) ?? "").toContain("Classement de la soirée");
      await mine.scrollIntoViewIfNeeded();
      // Its border, the line that sets it apart from the round's ranking, stands 3:1 from the
      // phone's background at both ends of its gradient (WCAG 2.2, 1.4.11).
      const border = await mine.evaluate((e) => getComputedStyle(e).borderTopColor);
      for (const ground of ["#0b1d3a", "#13305e"]) expect(contrastRatio(over(border, ground), ground), border).toBeGreaterThanOrEqual(3);
      await screenshot(phone.page, "rounds-4-phone-night");
    } finally {
      await chromium.close();
    }
  });
});


/** A CSS rgb()/rgba() colour laid over an opaque #rrggbb ground, as #rrggbb. */
function over(css: string, ground: string): string {
  const [r, g, b, a = 1] = css.match(/[\d.]+/g)!.map(Number) as [number, number, number, number?];
  const under = [1, 3, 5].map((i) => parseInt(ground.slice(i, i + 2), 16));
  return `#${[r, g, b].map((c, i) => Math.round(c * a + under[i]! * (1 - a)).toString(16).padStart(2, "0")).join("")}`;
}
