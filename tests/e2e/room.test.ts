import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { LatLng } from "@common/wire/protocol";
import { offset } from "../fixtures/paris";
import { accounts } from "@db/schema";
import type { LaunchedRoom } from "../support/launch";
import type { TestPhone } from "../support/room-sockets";
import { answersOf, app, closeRoom, fetchRanking, gameOf, join, launch, make, phone, presenter, seatPhones } from "../support/e2e";
import { revealAnswers } from "@common/wire/reveal";

/** A point `m` metres north of a spot. */
const north = (s: LatLng, m: number): LatLng => offset(s, m, 0);
const gamesLeft = async (l: LaunchedRoom) =>
  (await app.db.select({ gamesLeft: accounts.gamesLeft }).from(accounts).where(eq(accounts.id, l.owner.id)))[0]?.gamesLeft;

const open: { close(): void }[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

describe("whole games over real sockets against the served build", () => {
  it("player mode, 50 players: drops, reconnections, a second socket and a presenter reload lose nothing", { timeout: 120_000 }, async () => {
    const l = await launch({ owner: await make.mj({ gamesLeft: 4 }), time: 15, max_player: 60 });
    let pres = await presenter(l);
    open.push(pres);
    const phones: TestPhone[] = await seatPhones(l.room, 50);
    open.push(...phones);
    await pres.next("pres_newPlayer", (m) => m.playersCount === 50);
    expect(new Set(phones.map((p) => p.pseudo)).size).toBe(50);

    pres.start();
    await Promise.all(phones.map((p) => p.next("player_startGame")));
    await pres.next("pres_startGame_callback");
    const totals = new Map<string, number>();

    for (let q = 0; q < 3; q++) {
      await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === q)));
      if (q === 0) {
        // Five phones lose the network before answering; the room client brings them back.
        for (const p of phones.slice(0, 5)) p.drop();
        await Promise.all(phones.slice(0, 5).map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 0)));
      }
      if (q === 1) {
        // Ten phones open a second socket before the first one died (same page id).
        for (let i = 10; i < 20; i++) {
          const old = phones[i]!;
          const fresh = phone(l.room, { id: old.id, token: old.token });
          open.push(fresh);
          await fresh.next("player_newQuestion", (m) => m.questionIndex === 1);
          expect(fresh.last("player_joinRoom_callback")!.playerID).toBe(old.playerID);
          await expect.poll(() => old.closes.at(-1)?.code, { timeout: 5_000 }).toBe(4001);
          phones[i] = fresh;
        }
      }
      phones.forEach((p, i) => p.answer(q, north(l.spots[q]!, 3 * i)));
      const acks = await Promise.all(phones.map((p) => p.next("player_answer_callback", (m) => m.questionIndex === q)));
      for (const ack of acks) expect(ack.tempsReponse).toBeLessThan(15_000);
      if (q === 1) for (const p of phones.slice(30, 35)) p.drop(); // dropped after answering
      const ends = await Promise.all(phones.map((p) => p.next("player_endQuestion", (m) => m.questionIndex === q)));
      ends.forEach((end, i) => {
        expect(end.distance).toBe(Math.round(3 * i));
        expect(end.playersCount).toBe(50);
        totals.set(phones[i]!.playerID!, end.pointsTotal);
      });
      const results = await pres.next("pres_results", (m) => m.questionIndex === q);
      expect(results.answersCount).toBe(50);
      const answers = revealAnswers(results);
      expect(answers).toHaveLength(50);
      expect(answers[0]!.seatId).toBe(phones[0]!.playerID);
      // Each phone's rank is the line the presenter shows for it.
      ends.forEach((end, i) => {
        const line = results.results.find((r) => r.playerID === phones[i]!.playerID);
        if (line) expect(end.rank).toBe(line.rank);
      });

      if (q === 0) {
        // The presenter reloads its page: same token, same room, the reveal again.
        pres.close();
        pres = await presenter(l);
        open.push(pres);
        const cb = pres.last("pres_newRoom_callback")!;
        expect(cb.playersCount).toBe(50);
        expect(cb.playerList).toHaveLength(50);
        expect((await pres.next("pres_results")).questionIndex).toBe(0);
      }
      pres.nextQuestion();
    }

    const end = await pres.next("pres_endGame");
    expect(end.playersCount).toBe(50);
    const ends = await Promise.all(phones.map((p) => p.next("player_endGame")));
    for (const [i, e] of ends.entries()) {
      expect(e.pointsTotal).toBe(totals.get(phones[i]!.playerID!));
      const line = end.ranking.find((r) => r.playerID === phones[i]!.playerID)!;
      expect(line.rank).toBe(e.rank);
      expect(line.points).toBe(e.pointsTotal);
    }
    // Nearer rings win: the first seven (within 20 m) lead, the last sixteen (beyond 100 m) trail.
    const rankOf = (i: number) => end.ranking.find((r) => r.playerID === phones[i]!.playerID)!.rank;
    const inner = [0, 1, 2, 3, 4, 5, 6].map(rankOf);
    const outer = Array.from({ length: 16 }, (_, j) => rankOf(34 + j));
    expect(Math.max(...inner)).toBeLessThan(Math.min(...outer));
    expect(Math.min(...inner)).toBe(1);

    const ranking = await fetchRanking(l);
    expect(ranking.status).toBe(200);
    expect((ranking.body.ranking as unknown[]).length).toBe(50);

    await expect.poll(async () => (await gameOf(l))?.status, { timeout: 15_000 }).toBe("over");
    const row = (await gameOf(l))!;
    const stored = row.results as { ranking: { points: number }[] };
    expect(stored.ranking).toHaveLength(50);
    expect(await answersOf(l)).toHaveLength(150);
    expect(stored.ranking[0]!.points).toBe(end.ranking[0].points);
    expect(await gamesLeft(l)).toBe(3);

    await closeRoom(l);
    const kicked = await Promise.all(phones.map((p) => p.next("player_kicked")));
    expect(kicked.every((k) => k.reason === "ended")).toBe(true);
    await expect.poll(async () => (await gameOf(l))?.status, { timeout: 15_000 }).toBe("closed");
  });

  it("team mode with chosen icons: colour then fruit, one winner per pair, team results", { timeout: 90_000 }, async () => {
    const l = await launch({ mode: "team", icon: "defined", max_team: 3, max_player: 4, time: 15 });
    const pres = await presenter(l);
    open.push(pres);
    const cb = pres.last("pres_newRoom_callback")!;
    expect(cb.colors).toEqual(["bleu", "jaune", "rose"]);
    expect(cb.settings.capacity).toBe(12);

    const phones: TestPhone[] = [];
    for (let i = 0; i < 13; i++) phones.push(phone(l.room));
    open.push(...phones);
    const infos = await Promise.all(phones.map((p) => p.next("player_joinPseudoRoom_callback")));
    expect(infos[0]!.colors).toEqual(["bleu", "jaune", "rose"]);
    expect(infos[0]!.max_players).toBe(4);

    // Two phones race for 'Kiwi bleu': exactly one wins.
    for (const p of phones.slice(0, 2)) p.chooseFruit("bleu", "kiwi");
    const race = await Promise.all(phones.slice(0, 2).map((p) => p.next("fruit_selected_callback")));
    expect(race.filter((r) => r.status)).toHaveLength(1);
    const loser = phones[race[0]!.status ? 1 : 0]!;
    expect(loser.last("fruit_selected_callback")!.code).toBe("fruit_taken");
    // Everyone else in the pseudo screen saw the pair go.
    await phones[5]!.next("fruit_selected", (m) => m.color === "bleu" && m.selectedFruit === "kiwi");

    // Fill the teams: 4 per colour, the 13th finds everything full.
    const colors = ["bleu", "jaune", "rose"] as const;
    const fruits = ["ananas", "banane", "cerise", "fraise"] as const;
    const rest = phones.filter((p) => p.playerID === undefined);
    let k = 0;
    for (const color of colors) {
      for (const fruit of fruits) {
        if (color === "bleu" && fruit === "ananas") continue; // bleu already has the kiwi
        const p = rest[k++]!;
        p.chooseColor(color);
        expect((await p.next("color_selected_callback")).status).toBe(true);
        p.chooseFruit(color, fruit);
        expect((await p.next("fruit_selected_callback")).status).toBe(true);
      }
    }
    const last = rest[k]!;
    last.chooseColor("rose");
    const full = await last.next("color_selected_callback");
    expect(full.status).toBe(false);
    const seated = phones.filter((p) => p.playerID !== undefined);
    expect(seated).toHaveLength(12);
    // A seated phone reloading its page goes straight back to its seat with its token.
    const reloaded = await join(l.room, { token: seated[3]!.token });
    open.push(reloaded);
    expect(reloaded.pseudo).toBe(seated[3]!.pseudo);
    seated[3]!.close();
    seated[3] = reloaded;

    pres.start();
    await Promise.all(seated.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 0, 15_000)));
    // Team 'bleu' answers on the spot, the others far away.
    for (const p of seated) p.answer(0, / bleue?$/.test(p.pseudo!) ? l.spots[0]! : north(l.spots[0]!, 5_000));
    const results = await pres.next("pres_results", (m) => m.questionIndex === 0);
    expect(results.team_results).toHaveLength(3);
    expect(results.team_results![0]).toMatchObject({ team: "bleu", name: "Équipe bleue", rank: 1 });
    expect(results.team_results![0]!.players).toHaveLength(4);
    const mine = await seated[0]!.next("player_endQuestion");
    expect(mine.team).not.toBeNull();
    pres.nextQuestion();
    await Promise.all(seated.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 1)));
    for (const p of seated) p.answer(1, l.spots[1]!);
    await pres.next("pres_results", (m) => m.questionIndex === 1);
    pres.nextQuestion();
    await Promise.all(seated.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 2)));
    for (const p of seated) p.answer(2, l.spots[2]!);
    await pres.next("pres_results", (m) => m.questionIndex === 2);
    pres.nextQuestion();
    const end = await pres.next("pres_endGame");
    expect(end.team_results![0]!.team).toBe("bleu");
    const endPhone = await seated[5]!.next("player_endGame");
    expect(endPhone.team!.rank).toBeGreaterThan(0);
    await closeRoom(l);
  });
});
