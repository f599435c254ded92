import { describe, expect, it } from "vitest";
import type { LatLng } from "@common/wire/protocol";
import { offset } from "../fixtures/paris";
import { roomsOf } from "../support/launch";
import { ownServerForFile } from "../support/own-server";

const north = (s: LatLng, m: number): LatLng => offset(s, m, 0);

const own = ownServerForFile("restart");

describe("a server restart in the middle of a question", () => {
  it("loses nothing: seats, answers, scores and the question's deadline carry on", { timeout: 240_000 }, async () => {
    const server = await own.start();
    const { launch, presenter, seatPhones, gameOf, answersOf } = roomsOf(server.kit);
    // 30 s questions: long enough to restart inside one, short enough to wait for its deadline.
    const l = await launch({ time: 30 });
    const pres = await presenter(l);
    own.clients.push(pres);
    const phones = await seatPhones(l.room, 6);
    own.clients.push(...phones);
    pres.start();

    // Question 1: everyone answers, the reveal gives each a total.
    await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 0)));
    phones.forEach((p, i) => p.answer(0, north(l.spots[0]!, 10 * i)));
    const first = await Promise.all(phones.map((p) => p.next("player_endQuestion", (m) => m.questionIndex === 0)));
    pres.nextQuestion();

    // Question 2: half the room answers, then the server goes down.
    await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 1)));
    for (const p of phones.slice(0, 3)) p.answer(1, l.spots[1]!);
    const acks = await Promise.all(
      phones.slice(0, 3).map((p) => p.next("player_answer_callback", (m) => m.questionIndex === 1))
    );
    const openedAt = Date.now();
    await server.restart();

    // The room client comes back on its own; each phone says hello with its token.
    const back = await Promise.all(phones.map((p) => p.next("player_joinRoom_callback", () => p.opens > 1, 60_000)));
    back.forEach((cb, i) => expect(cb.playerID).toBe(phones[i]!.playerID));
    const screens = await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 1)));
    for (const s of screens) expect(s.remainingMs).toBeLessThan(30_000);
    for (const [i, p] of phones.slice(0, 3).entries()) {
      const again = await p.next("player_answer_callback", (m) => m.questionIndex === 1);
      expect(again.tempsReponse).toBe(acks[i]!.tempsReponse);
    }
    await pres.next("pres_newQuestion", (m) => m.questionIndex === 1 && m.answeredCount === 3, 60_000);
    // A second answer is still refused after the restart.
    phones[0]!.answer(1, l.spots[1]!);
    expect((await phones[0]!.next("error")).code).toBe("answer_twice");

    // Nobody else answers: the deadline set before the restart ends the question.
    const ends = await Promise.all(
      phones.map((p) => p.next("player_endQuestion", (m) => m.questionIndex === 1, 60_000))
    );
    expect(Date.now() - openedAt).toBeLessThan(60_000);
    ends.forEach((end, i) => {
      expect(end.distance !== null).toBe(i < 3);
      // Totals keep full precision; each shown figure is rounded to 2 decimals.
      expect(Math.abs(end.pointsTotal - (first[i]!.pointsTotal + end.pointsQuestion))).toBeLessThanOrEqual(0.011);
    });

    // The game finishes normally and D1 gets the results.
    pres.nextQuestion();
    await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 2)));
    for (const p of phones) p.answer(2, l.spots[2]!);
    await pres.next("pres_results", (m) => m.questionIndex === 2);
    pres.nextQuestion();
    const final = await pres.next("pres_endGame");
    const mine = await Promise.all(phones.map((p) => p.next("player_endGame")));
    mine.forEach((m, i) => {
      expect(m.pointsTotal).toBeGreaterThanOrEqual(ends[i]!.pointsTotal);
      expect(final.ranking.find((r) => r.playerID === phones[i]!.playerID)!.points).toBe(m.pointsTotal);
    });
    await expect.poll(async () => (await gameOf(l))?.status, { timeout: 20_000 }).toBe("over");
    const stored = (await gameOf(l))!.results as { ranking: unknown[] };
    expect(stored.ranking).toHaveLength(6);
    expect(await answersOf(l)).toHaveLength(6 + 3 + 6);
  });
});
