import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, type LatLng } from "@common/wire/protocol";
import { questionClosesAt } from "@common/rules";
import { type Ctx, answer, deadlines, disconnect, hello, next, start, tick } from "./game";
import { newRound } from "./rounds";
import { DEFAULT_SETTINGS, type GameSettings, type GameState } from "./state";
import { coreOf, fromStorage } from "./stored-formats";
import { PRESENTER_TOKEN, SPOT0, SPOT1, makeCtx, newGame, north, ok, quiz, sent } from "./test-fixtures";

import { IDLE_SEAT_TTL_MS } from "./state";

const T = 1_000_000;

function join(state: GameState, now: number, ctx: Ctx, token?: string) {
  const r = ok(hello(state, { role: "player", version: PROTOCOL_VERSION, ...(token ? { token } : {}) }, now, ctx));
  const cb = sent(r.effects, "caller", "player_joinRoom_callback")[0]!;
  return { state: r.state, id: cb.playerID, token: cb.token, pseudo: cb.pseudo };
}

/**
 * Plays a whole two-question game from the lobby: `where[id]` is each seat's answer to both
 * questions (metres north of the spot), answered `delay` ms after the opening; a seat left out
 * does not answer. Returns the state at 'over'.
 */
function play(state: GameState, t0: number, where: Record<string, number>, delay = 1_000): GameState {
  let s = ok(start(state, t0)).state;
  const open0 = t0 + 5_000;
  s = ok(tick(s, open0)).state;
  for (const [q, spot] of [SPOT0, SPOT1].entries()) {
    const opened = s.openedAt!;
    for (const [id, m] of Object.entries(where)) s = ok(answer(s, id, q, north(spot, m) as LatLng, opened + delay)).state;
    s = ok(tick(s, questionClosesAt(s.deadline!))).state;
    s = ok(next(s, s.deadline ?? opened + 70_000)).state;
  }
  expect(s.phase).toBe("over");
  return s;
}

const settings = (p: Partial<GameSettings> = {}): GameSettings => ({ ...DEFAULT_SETTINGS, ...p });

function roomWithTwo() {
  const ctx = makeCtx();
  let s = ok(hello(newGame(), { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T, ctx)).state;
  const a = join(s, T + 10, ctx);
  const b = join(a.state, T + 20, ctx);
  s = b.state;
  return { s, a, b, ctx };
}

describe("newRound", () => {
  it("keeps every seat, token and pseudo, adds the round to the night and starts the game afresh", () => {
    const { s: lobby, a, b, ctx } = roomWithTwo();
    const over = play(lobby, T + 100, { [a.id]: 0, [b.id]: 150 });
    const scoreA = over.seats[0]!.score;
    const scoreB = over.seats[1]!.score;
    expect(scoreA).toBeGreaterThan(scoreB);
    const now = T + 500_000;
    const r = ok(newRound(over, { quiz, settings: settings({ answerTimeSec: 30 }) }, now, ctx));
    const s = r.state;
    expect(s).toMatchObject({ phase: "lobby", round: 2, questionIndex: -1, startedAt: null, endedAt: null, ranks: {} });
    expect(s.presenterToken).toBe(over.presenterToken);
    expect(s.settings.answerTimeSec).toBe(30);
    expect(s.seats.map((x) => [x.id, x.secret, x.pseudo, x.score, x.timeMs, x.answers])).toEqual([
      [a.id, over.seats[0]!.secret, a.pseudo, 0, 0, {}],
      [b.id, over.seats[1]!.secret, b.pseudo, 0, 0, {}],
    ]);
    expect(s.seats[0]!.night).toEqual({ points: scoreA, timeMs: over.seats[0]!.timeMs, rounds: 1, answered: 2 });
    expect(s.nextSeatNo).toBe(3);
    // Everyone is told: the presenter gets the new lobby, each phone its seat in it.
    expect(sent(r.effects, "presenter", "pres_newRoom_callback")[0]).toMatchObject({ phase: "lobby", playersCount: 2 });
    expect(sent(r.effects, "seat", "player_joinRoom_callback", a.id)[0]).toMatchObject({ phase: "lobby", token: a.token, pseudo: a.pseudo });
    expect(r.dirtySeats.sort()).toEqual([a.id, b.id].sort());
    // The old token still brings the seat back, now in the new lobby.
    const back = ok(hello(s, { role: "player", version: PROTOCOL_VERSION, token: b.token }, now + 10, ctx));
    expect(sent(back.effects, "caller", "player_joinRoom_callback")[0]).toMatchObject({ playerID: b.id, phase: "lobby" });
  });

  it("is refused before the end of the game, and with impossible settings", () => {
    const { s, ctx } = roomWithTwo();
    expect(newRound(s, { quiz, settings: settings() }, T + 50, ctx)).toMatchObject({ ok: false, error: { code: "wrong_phase" } });
    const over = play(s, T + 100, {});
    expect(newRound(over, { quiz, settings: settings({ maxTeam: 9 }) }, T + 400_000, ctx)).toMatchObject({
      ok: false,
      error: { code: "invalid_settings" },
    });
    expect(newRound(over, { quiz: { ...quiz, questions: [] }, settings: settings() }, T + 400_000, ctx).ok).toBe(false);
  });

  it("ranks the night on the rounds added up, with the same tie-break, and tells each phone", () => {
    const { s: lobby, a, b, ctx } = roomWithTwo();
    // Round 1: a far ahead. Round 2: b ahead by less.
    const over1 = play(lobby, T + 100, { [a.id]: 0, [b.id]: 190 });
    let s = ok(newRound(over1, { quiz, settings: settings() }, T + 300_000, ctx)).state;
    const c = join(s, T + 300_010, ctx);
    s = c.state;
    const r1 = new Map(over1.seats.map((x) => [x.id, x.score]));
    s = play(s, T + 300_100, { [b.id]: 0, [a.id]: 60, [c.id]: 0 }, 2_000);
    const last = s.seats.find((x) => x.id === c.id)!;
    expect(last.night).toBeUndefined();
    const night = (id: string) => (r1.get(id) ?? 0) + s.seats.find((x) => x.id === id)!.score;
    const expected = [a.id, b.id, c.id].sort((x, y) => night(y) - night(x));

    // The end of round 2, replayed to a phone coming back: its night rank and the top.
    const seen = ok(hello(s, { role: "player", version: PROTOCOL_VERSION, token: c.token }, T + 900_000, ctx));
    const end = sent(seen.effects, "caller", "player_endGame")[0]!;
    expect(end.night).not.toBeNull();
    expect(end.night!.round).toBe(2);
    expect(end.night!.ranking.map((l) => l.playerID)).toEqual(expected);
    expect(end.night!.me).toMatchObject({ playerID: c.id, rank: expected.indexOf(c.id) + 1 });
    expect(end.night!.me.points).toBeCloseTo(night(c.id), 2);
    expect(end.night!.me.pointsQuestion).toBeCloseTo(last.score, 2);
    const pres = ok(hello(s, { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T + 900_000, ctx));
    const presEnd = sent(pres.effects, "caller", "pres_endGame")[0]!;
    expect(presEnd.night!.ranking.map((l) => [l.playerID, l.rank])).toEqual(expected.map((id, i) => [id, i + 1]));
    expect(presEnd.night!.playersCount).toBe(3);
  });

  it("sends no night in the first round", () => {
    const { s: lobby, a, ctx } = roomWithTwo();
    const over = play(lobby, T + 100, { [a.id]: 0 });
    const pres = ok(hello(over, { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T + 900_000, ctx));
    expect(sent(pres.effects, "caller", "pres_endGame")[0]!.night).toBeNull();
  });

  it("gives a seat whose team is gone a pair on a remaining team, keeping its token and night", () => {
    const ctx = makeCtx();
    let s = ok(hello(newGame({ mode: "team", maxTeam: 4, maxPlayer: 8 }), { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T, ctx)).state;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const j = join(s, T + 10 + i, ctx);
      s = j.state;
      ids.push(j.id);
    }
    // One per team: bleu, jaune, rose, rouge (the smallest team first).
    expect(s.seats.map((x) => x.team)).toEqual(["bleu", "jaune", "rose", "rouge"]);
    const over = play(s, T + 100, Object.fromEntries(ids.map((id) => [id, 0])));
    const r = ok(newRound(over, { quiz, settings: settings({ mode: "team", maxTeam: 2, maxPlayer: 8 }) }, T + 400_000, ctx));
    const seats = r.state.seats;
    expect(seats.map((x) => x.team)).toEqual(["bleu", "jaune", "bleu", "jaune"]);
    expect(seats.every((x) => x.color === x.team && x.pseudo.includes(x.team === "bleu" ? "bleu" : "jaune"))).toBe(true);
    expect(seats.map((x) => x.secret)).toEqual(over.seats.map((x) => x.secret));
    expect(seats.every((x) => (x.night?.points ?? 0) > 0)).toBe(true);
    // The phone that moved is told its new pseudo with the lobby.
    const moved = sent(r.effects, "seat", "player_joinRoom_callback", ids[2])[0]!;
    expect(moved).toMatchObject({ team: "bleu", color: "bleu", pseudo: seats[2]!.pseudo });
    // Back to player mode: no teams.
    const solo = ok(newRound({ ...r.state, phase: "over" }, { quiz, settings: settings() }, T + 500_000, ctx)).state;
    expect(solo.seats.every((x) => x.team === null)).toBe(true);
    expect(solo.seats.map((x) => x.pseudo)).toEqual(seats.map((x) => x.pseudo));
  });

  it("keeps a room fuller than the new capacity, refusing only newcomers", () => {
    const { s: lobby, ctx } = roomWithTwo();
    const over = play(lobby, T + 100, {});
    const s = ok(newRound(over, { quiz, settings: settings({ maxPlayer: 1 }) }, T + 400_000, ctx)).state;
    expect(s.seats).toHaveLength(2);
    const r = hello(s, { role: "player", version: PROTOCOL_VERSION }, T + 400_010, ctx);
    expect(r).toMatchObject({ ok: false, error: { code: "room_full" } });
  });

  it("keeps a seat that played while its phone is away, round after round; frees one that never played", () => {
    const { s: lobby, a, b, ctx } = roomWithTwo();
    // a answers both questions, b none; then both phones go (locked in a pocket, a drink at the bar).
    let over = play(lobby, T + 100, { [a.id]: 0 });
    over = ok(disconnect(over, { role: "player", seatId: a.id }, T + 200_000)).state;
    over = ok(disconnect(over, { role: "player", seatId: b.id }, T + 200_000)).state;
    const now = T + 900_000;
    let s = ok(newRound(over, { quiz, settings: settings() }, now, ctx)).state;
    const night = s.seats.find((x) => x.id === a.id)!.night!;
    expect(night.answered).toBe(2);
    // The lobby's grace passes: only the seat that never played goes.
    const due = deadlines(s).find((d) => d.kind === "idleSeatExpiry")!.at;
    expect(due).toBe(now + IDLE_SEAT_TTL_MS);
    s = ok(tick(s, due)).state;
    expect(s.seats.map((x) => x.id)).toEqual([a.id]);
    expect(deadlines(s).find((d) => d.kind === "idleSeatExpiry")).toBeUndefined();
    // A whole round without it, then the next lobby: still there, its night intact.
    const c = join(s, now + 1_000, ctx);
    const round2 = play(c.state, now + 2_000, { [c.id]: 0 });
    expect(round2.seats.map((x) => x.id)).toEqual([a.id, c.id]);
    const s3 = ok(newRound(round2, { quiz, settings: settings() }, now + 500_000, ctx)).state;
    const kept = s3.seats.find((x) => x.id === a.id)!;
    expect(kept.night).toEqual({ ...night, rounds: 2, timeMs: night.timeMs + round2.seats[0]!.timeMs, answered: 2 });
    expect(ok(tick(s3, now + 500_000 + IDLE_SEAT_TTL_MS)).state.seats.map((x) => x.id)).toEqual([a.id, c.id]);
    // Its phone comes back with its token, however late: its seat and its night.
    const back = ok(hello(s3, { role: "player", version: PROTOCOL_VERSION, token: a.token }, now + 3_600_000, ctx));
    expect(sent(back.effects, "caller", "player_joinRoom_callback")[0]).toMatchObject({ playerID: a.id, pseudo: a.pseudo, phase: "lobby" });
  });

  it("reads a night stored before it counted answers: points mean it played", () => {
    const { s: lobby, a, b, ctx } = roomWithTwo();
    let over = play(lobby, T + 100, { [a.id]: 0 });
    for (const id of [a.id, b.id]) over = ok(disconnect(over, { role: "player", seatId: id }, T + 200_000)).state;
    const s = ok(newRound(over, { quiz, settings: settings() }, T + 900_000, ctx)).state;
    const old = fromStorage(
      coreOf(s),
      s.seats.map(({ night, ...seat }) => ({ ...seat, night: { points: night!.points, timeMs: night!.timeMs, rounds: night!.rounds } }))
    );
    expect(ok(tick(old, T + 900_000 + IDLE_SEAT_TTL_MS)).state.seats.map((x) => x.id)).toEqual([a.id]);
  });

  it("gives a phone away at the change the lobby's full grace, from the new round", () => {
    const { s: lobby, a, b, ctx } = roomWithTwo();
    let over = play(lobby, T + 100, { [a.id]: 0 });
    over = ok(disconnect(over, { role: "player", seatId: b.id }, T + 200_000)).state;
    const now = T + 900_000;
    const s = ok(newRound(over, { quiz, settings: settings() }, now, ctx)).state;
    expect(deadlines(s).find((d) => d.kind === "idleSeatExpiry")?.at).toBe(now + IDLE_SEAT_TTL_MS);
  });

  it("survives storage: the round and the night come back", () => {
    const { s: lobby, a, ctx } = roomWithTwo();
    const over = play(lobby, T + 100, { [a.id]: 0 });
    const s = ok(newRound(over, { quiz, settings: settings() }, T + 400_000, ctx)).state;
    const back = fromStorage(JSON.parse(JSON.stringify(coreOf(s))), JSON.parse(JSON.stringify(s.seats)));
    expect(back).toEqual(s);
    // A room stored before rounds existed is in its first.
    const { round: _round, ...old } = coreOf(over);
    expect(fromStorage(old as never, over.seats).round).toBe(1);
  });
});
