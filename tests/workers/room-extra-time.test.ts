import { describe, expect, it } from "vitest";
import { advance, launch, roomState, startedGame } from "../support/workers";

/** The Eiffel tower, then Lyon's Place Bellecour. */
const SPOTS = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 45.764, lng: 4.8357 },
] as const;

describe("« Temps adapté » in a live room", () => {
  it("gives one seat twice the time: its answer after the others' limit is scored over its own time, another's is refused", async () => {
    const l = await launch({ spots: SPOTS });
    const { pres, phones: [a, b, c] } = await startedGame(l, 3);
    const q0 = await b.next("player_newQuestion");
    expect(q0.time).toBe(15);

    // Only the presenter gives it, to a seat of the room, once.
    a.send({ type: "pres_extraTime", seatId: a.playerID });
    expect((await a.next("error")).code).toBe("forbidden");
    pres.send({ type: "pres_extraTime", seatId: "p999" });
    expect((await pres.next("error")).code).toBe("unknown_player");
    pres.send({ type: "pres_extraTime", seatId: b.playerID });
    const given = await b.next("player_extraTime");
    expect(given).toMatchObject({ questionIndex: 0, answerTimeMs: 30_000 });
    expect(given.remainingMs).toBeGreaterThan(15_000);
    expect(await pres.next("pres_extraTime_callback")).toMatchObject({ playerID: b.playerID, pseudo: b.pseudo, answerTimeMs: 30_000 });
    pres.send({ type: "pres_extraTime", seatId: b.playerID });
    expect((await pres.next("error")).code).toBe("extra_time_twice");
    c.answer(0, SPOTS[0]);
    await c.next("player_answer_callback");

    // 20 s in: the night's 15 s (and the fair clock's 500 ms) are over, the question is not.
    await advance(l.room, 20_000);
    expect((await roomState(l.room))!.phase).toBe("question");
    a.answer(0, SPOTS[0]);
    expect((await a.next("error")).code).toBe("answer_late");
    b.answer(0, SPOTS[0]);
    const ack = await b.next("player_answer_callback");
    expect(ack.tempsReponse).toBeGreaterThan(19_000);

    // The last seat it waited for answered: the reveal at once. On the spot, 20 s of its 30: the
    // 20 m ring's 5 points and a third of the 5 speed points (none over the night's 15 s).
    const endB = await b.next("player_endQuestion");
    expect(endB.pointsQuestion).toBeCloseTo(5 + 5 * (1 - ack.tempsReponse / 30_000), 1);
    expect(endB.pointsQuestion).toBeGreaterThan(6);
    expect((await a.next("player_endQuestion")).distance).toBeNull();
    const results = await pres.next("pres_results");
    expect(results.answersCount).toBe(2);

    // The next question is the night's own again.
    pres.nextQuestion();
    const q1 = await b.next("player_newQuestion", (m) => m.questionIndex === 1);
    expect(q1.remainingMs).toBeLessThanOrEqual(15_000);
    pres.send({ type: "pres_extraTime", seatId: a.playerID });
    expect((await a.next("player_extraTime")).questionIndex).toBe(1);
  });
});
