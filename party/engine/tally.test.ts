import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "@common/wire/protocol";
import { IDLE_SEAT_TTL_MS, RECONNECT_GRACE_MS } from "@common/rules";
import { answer, deadlines, disconnect, hello, next, start, tick } from "./game";
import type { GameState } from "./state";
import { tallyOf } from "./tally";
import { expectedCount } from "./views";
import { PRESENTER_TOKEN, SPOT0, makeCtx, newGame, north, ok } from "./test-fixtures";

/** A deterministic [0, 1) sequence, so a failing walk can be replayed. */
function lcg(seed: number) {
  let x = seed;
  return () => ((x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

/** What the tally says, checked against a walk over every seat. */
function expectTallyHolds(s: GameState, now: number) {
  const walked = tallyOf(s);
  const t = s.tally;
  expect({ q: t.question, a: t.answered, w: t.waiting, d: t.dropped, i: t.idle }).toEqual({
    q: walked.question,
    a: walked.answered,
    w: walked.waiting,
    d: walked.dropped,
    i: walked.idle,
  });
  // The stored times are bounds of the exact ones.
  if (walked.droppedFrom !== null) expect(t.droppedFrom).toBeLessThanOrEqual(walked.droppedFrom);
  if (walked.droppedUntil !== null) expect(t.droppedUntil).toBeGreaterThanOrEqual(walked.droppedUntil);
  if (walked.idleFrom !== null) expect(t.idleFrom).toBeLessThanOrEqual(walked.idleFrom);
  const q = s.questionIndex;
  const expected = s.seats.filter((x) => x.answers[q] || x.connected || now - x.lastSeen < RECONNECT_GRACE_MS).length;
  expect(expectedCount(s, now, RECONNECT_GRACE_MS)).toBe(expected);
}

describe("the tally", () => {
  it("follows every seat through joins, drops, returns, answers, expiries and questions", () => {
    const random = lcg(7);
    const ctx = makeCtx();
    let now = 1_000_000;
    let s = ok(hello(newGame({ answerTimeSec: 60 }), { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, now, ctx)).state;
    const tokens: string[] = [];
    const join = () => {
      const r = ok(hello(s, { role: "player", version: PROTOCOL_VERSION }, now, ctx));
      const seat = r.state.seats.at(-1)!;
      tokens.push(`${seat.id}_${seat.secret}`);
      s = r.state;
    };
    for (let i = 0; i < 30; i++) join();
    s = ok(start(s, now)).state;
    for (let i = 0; i < 600; i++) {
      now += Math.floor(random() * 900);
      const seat = s.seats[Math.floor(random() * s.seats.length)];
      const roll = random();
      if (roll < 0.05 && s.phase === "reveal") s = ok(next(s, now)).state;
      else if (!seat) s = tick(s, now).state;
      else if (roll < 0.3 && seat.connected) s = ok(disconnect(s, { role: "player", seatId: seat.id }, now)).state;
      else if (roll < 0.5 && !seat.connected)
        s = ok(hello(s, { role: "player", version: PROTOCOL_VERSION, token: tokens[seat.no - 1] }, now, ctx)).state;
      else if (roll < 0.8 && seat.connected) {
        const r = answer(s, seat.id, s.questionIndex, north(SPOT0, 100), now);
        s = r.ok ? r.state : tick(s, now).state;
      } else s = tick(s, now).state;
      if (s.phase === "over" || s.phase === "closed") break;
      expectTallyHolds(s, now);
    }
    expect(s.questionIndex).toBeGreaterThan(0);
  });

  it("lets an answer read its counts without walking the seats", () => {
    const ctx = makeCtx(Math.random);
    const t0 = 1_000_000;
    let s = newGame({ answerTimeSec: 60, maxPlayer: 2000 });
    for (let i = 0; i < 2000; i++) s = ok(hello(s, { role: "player", version: PROTOCOL_VERSION }, t0, ctx)).state;
    s = ok(start(s, t0)).state;
    s = tick(s, t0 + 5_000).state;
    expect(s.phase).toBe("question");
    // Every seat walked by the answer would go through this getter.
    let reads = 0;
    const watched = s.seats.map((seat) => {
      const copy = { ...seat };
      Object.defineProperty(copy, "connected", {
        get: () => {
          reads++;
          return seat.connected;
        },
        enumerable: true,
      });
      return copy;
    });
    const r = ok(answer({ ...s, seats: watched }, "p1000", 0, SPOT0, t0 + 6_000));
    expect(reads).toBeLessThan(10);
    const notice = r.effects.find((e) => e.to === "presenter" && "msg" in e && e.msg.type === "pres_playerAnswered");
    expect(notice).toMatchObject({ msg: { answeredCount: 1, expectedCount: 2000 } });
  });

  it("lets an early idle bound ring once for nothing, then sets the exact time", () => {
    const ctx = makeCtx();
    let now = 1_000_000;
    let s = newGame();
    s = ok(hello(s, { role: "player", version: PROTOCOL_VERSION }, now, ctx)).state;
    s = ok(hello(s, { role: "player", version: PROTOCOL_VERSION }, now, ctx)).state;
    s = ok(disconnect(s, { role: "player", seatId: "p1" }, now)).state;
    now += 10_000;
    s = ok(disconnect(s, { role: "player", seatId: "p2" }, now)).state;
    // p1 comes back: the bound still says p1's time.
    const token = `p1_${s.seats[0]!.secret}`;
    s = ok(hello(s, { role: "player", version: PROTOCOL_VERSION, token }, now, ctx)).state;
    const early = deadlines(s).find((d) => d.kind === "idleSeatExpiry")!.at;
    expect(early).toBe(1_000_000 + IDLE_SEAT_TTL_MS);
    s = tick(s, early).state;
    expect(s.seats.map((x) => x.id)).toEqual(["p1", "p2"]);
    expect(deadlines(s).find((d) => d.kind === "idleSeatExpiry")!.at).toBe(1_010_000 + IDLE_SEAT_TTL_MS);
    s = tick(s, 1_010_000 + IDLE_SEAT_TTL_MS).state;
    expect(s.seats.map((x) => x.id)).toEqual(["p1"]);
    expect(deadlines(s).some((d) => d.kind === "idleSeatExpiry")).toBe(false);
  });
});
