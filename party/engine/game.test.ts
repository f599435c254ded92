import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, type LatLng } from "@common/wire/protocol";
import { helpSquare } from "@common/wire/server-to-client";
import {
  type Ctx,
  answer,
  chooseColor,
  chooseFruit,
  closeRoom,
  deadlines,
  disconnect,
  extraTime,
  gameResults,
  handleMessage,
  hello,
  kick,
  mergePlayerAnswered,
  next,
  nextDeadline,
  start,
  tick,
} from "./game";
import { openedCount } from "./views";
import { type GameState, createGame, DEFAULT_SETTINGS } from "./state";
import { coreOf, fromStorage } from "./stored-formats";
import { PRESENTER_TOKEN, SPOT0, SPOT1, makeCtx, newGame, north, ok, quiz, sent } from "./test-fixtures";
import { revealAnswers } from "@common/wire/reveal";
import { haversineMeters } from "@common/rules/geo";
import { LIVE_EXTRA_SEATS_MAX, ROUND_TRIP_MAX_MS } from "@common/rules";

const T_CREATE = 1_000_000;
const T_START = T_CREATE + 1_000;
const T0 = T_START + 5_000; // first question opens when 'starting' ends

function presenter(state: GameState, now = T_CREATE + 100) {
  return ok(hello(state, { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, now, makeCtx()))
    .state;
}

function join(state: GameState, now: number, ctx: Ctx, token?: string) {
  const r = ok(hello(state, { role: "player", version: PROTOCOL_VERSION, ...(token ? { token } : {}) }, now, ctx));
  const cb = sent(r.effects, "caller", "player_joinRoom_callback")[0]!;
  return { r, state: r.state, id: cb?.playerID, token: cb?.token, cb };
}

/** Lobby with the presenter and two random-icon players, p1 and p2. */
function lobbyWithTwo(settings = {}) {
  const ctx = makeCtx();
  let s = presenter(newGame(settings));
  const a = join(s, T_CREATE + 200, ctx);
  const b = join(a.state, T_CREATE + 300, ctx);
  s = b.state;
  return { s, a, b, ctx };
}

/** Game in question 0. */
function inQuestion0() {
  const { s, ...rest } = lobbyWithTwo();
  const started = ok(start(s, T_START));
  return { ...rest, s: ok(tick(started.state, T0)).state };
}

const ans = (s: GameState, id: string, q: number, where: LatLng, at: number) => answer(s, id, q, where, at);

describe("createGame", () => {
  it("opens a lobby with one help square per question, drawn once", () => {
    const s = newGame();
    expect(s.phase).toBe("lobby");
    expect(s.help).toHaveLength(2);
    const h = s.help[0]!;
    expect(h.south < SPOT0.lat && SPOT0.lat < h.north && h.west < SPOT0.lng && SPOT0.lng < h.east).toBe(true);
    expect(s.targets.map((t) => t.points)).toEqual([0, 2, 3, 4, 5]);
  });
  it("draws no help without a help zone", () => {
    expect(newGame({ helpZoneM: null }).help).toEqual([null, null]);
  });
  it("refuses impossible settings and an empty quiz", () => {
    const base = { roomNumber: "1", quiz, presenterToken: PRESENTER_TOKEN, now: 0, random: Math.random };
    expect(createGame({ ...base, settings: { ...DEFAULT_SETTINGS, answerTimeSec: 0 } })).toEqual({
      ok: false,
      code: "invalid_settings",
    });
    expect(createGame({ ...base, settings: { ...DEFAULT_SETTINGS, maxTeam: 7 } }).ok).toBe(false);
    expect(createGame({ ...base, settings: DEFAULT_SETTINGS, quiz: { ...quiz, questions: [] } }).ok).toBe(false);
    expect(createGame({ ...base, settings: DEFAULT_SETTINGS, presenterToken: "short" }).ok).toBe(false);
  });
});

describe("connections", () => {
  it("lets the presenter in with its token only", () => {
    const s = newGame();
    const bad = hello(s, { role: "presenter", token: "x".repeat(26), version: PROTOCOL_VERSION }, T_CREATE, makeCtx());
    expect(bad).toEqual({ ok: false, error: { type: "error", code: "forbidden" } });
    const good = ok(
      hello(s, { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T_CREATE, makeCtx())
    );
    expect(good.identity).toEqual({ role: "presenter" });
    const cb = sent(good.effects, "caller", "pres_newRoom_callback")[0]!;
    expect(cb.roomID).toBe("123456");
    expect(cb.playersCount).toBe(0);
    expect(cb.colors).toEqual(["bleu", "jaune", "rose", "rouge", "turquoise", "vert"]);
    expect(good.state.presenterAwaySince).toBeNull();
  });

  it("tells a page of another version to reload, in words only to a page built before codes", () => {
    const r = ok(hello(newGame(), { role: "player", version: PROTOCOL_VERSION + 1 }, T_CREATE, makeCtx()));
    expect(r.effects).toEqual([{ to: "caller", msg: { type: "reload", version: PROTOCOL_VERSION } }]);
    expect(r.identity).toBeUndefined();
    // Protocol 6 pages read a reload only with its sentence: without it they would never reload.
    const old = ok(hello(newGame(), { role: "player", version: 6 }, T_CREATE, makeCtx()));
    expect(old.effects).toEqual([
      { to: "caller", msg: { type: "reload", version: PROTOCOL_VERSION, message: expect.stringContaining("recharger") } },
    ]);
    // ...and on the wire, as the table writes it.
    expect(sent(old.effects, "caller", "reload")[0]).toEqual({ type: "reload", version: PROTOCOL_VERSION, message: expect.stringContaining("recharger") });
  });

  it("seats a random-icon player at once, announces it to the presenter, hides the spots", () => {
    const ctx = makeCtx();
    const { r, id, token, cb } = join(presenter(newGame()), T_CREATE + 200, ctx);
    expect(id).toBe("p1");
    expect(token).toBe("p1_secret000000000001");
    expect(cb.pseudo).toBe("Ananas bleu"); // random() = 0: first free pair
    expect(cb.marker).toBe("Ananasbleu");
    expect(cb.maxAnswerTime).toBe(60);
    expect(cb.helpSettings).toEqual([null, null]); // no question opened yet
    expect(r.identity).toEqual({ role: "player", seatId: "p1" });
    expect(sent(r.effects, "presenter", "pres_newPlayer")[0]).toMatchObject({
      player: { playerID: "p1", pseudo: "Ananas bleu" },
      playersCount: 1,
    });
    expect(JSON.stringify(sent(r.effects, "caller", "player_joinRoom_callback"))).not.toContain('"lat":48,');
  });

  it("gives the seat back to its token, and a new seat to a stale token", () => {
    const ctx = makeCtx();
    const a = join(presenter(newGame()), T_CREATE + 200, ctx);
    const gone = ok(disconnect(a.state, { role: "player", seatId: "p1" }, T_CREATE + 300)).state;
    expect(gone.seats.find((x) => x.id === "p1")!.connected).toBe(false);
    const back = join(gone, T_CREATE + 400, ctx, a.token);
    expect(back.id).toBe("p1");
    expect(back.state.seats.map((x) => x.id)).toEqual(["p1"]);
    expect(back.state.seats.find((x) => x.id === "p1")!.connected).toBe(true);
    const stale = join(back.state, T_CREATE + 500, ctx, "p1_wrongsecret0000000");
    expect(stale.id).toBe("p2");
  });

  it("gives a socket that already holds a seat that same seat, whatever its hello says", () => {
    const ctx = makeCtx();
    const a = join(presenter(newGame({ maxPlayer: 10 })), T_CREATE + 200, ctx);
    const other = join(a.state, T_CREATE + 210, ctx);
    let s = other.state;
    const mine = { role: "player", seatId: "p1" } as const;
    for (let i = 0; i < 30; i++) {
      const again = ok(handleMessage(s, mine, { type: "hello", role: "player", version: PROTOCOL_VERSION }, T_CREATE + 300 + i, ctx));
      expect(sent(again.effects, "caller", "player_joinRoom_callback")[0]!.playerID).toBe("p1");
      expect(again.identity).toEqual(mine);
      s = again.state;
    }
    // Even with another seat's token: one socket, one seat.
    const stolen = ok(
      handleMessage(s, mine, { type: "hello", role: "player", version: PROTOCOL_VERSION, token: other.token }, T_CREATE + 400, ctx)
    );
    expect(sent(stolen.effects, "caller", "player_joinRoom_callback")[0]!.playerID).toBe("p1");
    expect(stolen.state.seats.map((x) => x.id)).toEqual(["p1", "p2"]);
    expect(stolen.state.nextSeatNo).toBe(3);
  });

  it("gives a socket on the pseudo screen the pseudo screen again, never a seat", () => {
    const ctx = makeCtx();
    let s = presenter(newGame({ iconType: "defined" }));
    const first = ok(handleMessage(s, null, { type: "hello", role: "player", version: PROTOCOL_VERSION }, T_CREATE + 200, ctx));
    expect(first.identity).toEqual({ role: "chooser" });
    s = first.state;
    for (let i = 0; i < 10; i++) {
      const again = ok(
        handleMessage(s, { role: "chooser" }, { type: "hello", role: "player", version: PROTOCOL_VERSION }, T_CREATE + 300 + i, ctx)
      );
      expect(sent(again.effects, "caller", "player_joinPseudoRoom_callback")).toHaveLength(1);
      s = again.state;
    }
    expect(s.seats).toEqual([]);
  });

  it("answers room_full when full", () => {
    const ctx = makeCtx();
    let s = newGame({ maxPlayer: 2 });
    s = join(s, 1, ctx).state;
    s = join(s, 2, ctx).state;
    const third = hello(s, { role: "player", version: PROTOCOL_VERSION }, 3, ctx);
    expect(third.ok === false && third.error).toEqual({ type: "error", code: "room_full" });
  });
});

describe("lobby", () => {
  it("cannot start without a player", () => {
    const r = start(presenter(newGame()), T_START);
    expect(r).toEqual({
      ok: false,
      error: { type: "error", code: "no_players" },
    });
  });

  it("frees the seat of a player away for 60 s", () => {
    const { s } = lobbyWithTwo();
    const away = ok(disconnect(s, { role: "player", seatId: "p2" }, T_CREATE + 1_000)).state;
    expect(nextDeadline(away)).toBe(T_CREATE + 61_000);
    expect(ok(tick(away, T_CREATE + 60_999)).state.seats.map((x) => x.id)).toEqual(["p1", "p2"]);
    const expired = ok(tick(away, T_CREATE + 61_000));
    expect(expired.state.seats.map((x) => x.id)).toEqual(["p1"]);
    expect(sent(expired.effects, "presenter", "pres_playerLeft")).toEqual([
      { type: "pres_playerLeft", playerID: "p2", pseudo: "Banane bleue", playersCount: 1 },
    ]);
    expect(expired.removedSeats).toEqual(["p2"]);
  });

  it("frees a seat that never answered after 60 s away in any phase, keeps one with an answer", () => {
    const ctx = makeCtx();
    let s = presenter(newGame());
    for (let i = 0; i < 3; i++) s = join(s, T_CREATE + 200 + i, ctx).state;
    s = ok(tick(ok(start(s, T_START)).state, T0)).state;
    s = ok(ans(s, "p1", 0, SPOT0, T0 + 1_000)).state;
    s = ok(ans(s, "p2", 0, SPOT0, T0 + 1_500)).state;
    // p2 answered and p3 did not; both phones go away during the question.
    s = ok(disconnect(s, { role: "player", seatId: "p2" }, T0 + 2_000)).state;
    s = ok(disconnect(s, { role: "player", seatId: "p3" }, T0 + 2_000)).state;
    expect(deadlines(s).find((d) => d.kind === "idleSeatExpiry")).toEqual({ kind: "idleSeatExpiry", at: T0 + 62_000 });
    const later = ok(tick(s, T0 + 62_000));
    expect(later.state.phase).toBe("reveal");
    expect(later.state.seats.map((x) => x.id)).toEqual(["p1", "p2"]);
    expect(sent(later.effects, "presenter", "pres_playerLeft").map((m) => m.playerID)).toEqual(["p3"]);
    expect(later.removedSeats).toEqual(["p3"]);
    // A seat with an answer keeps its token for the whole game.
    const back = join(later.state, T0 + 500_000, ctx, "p2_secret000000000002");
    expect(back.id).toBe("p2");
    // Nothing is freed once the game is over: the final ranking is being written.
    let over = ok(next(later.state, T0 + 63_000)).state;
    over = ok(disconnect(over, { role: "player", seatId: "p1" }, T0 + 63_500)).state;
    over = ok(tick(ok(ans(over, "p2", 1, SPOT1, T0 + 64_000)).state, T0 + 200_000)).state;
    over = ok(next(over, T0 + 200_001)).state;
    expect(over.phase).toBe("over");
    expect(deadlines(over).map((d) => d.kind)).not.toContain("idleSeatExpiry");
  });

  it("kicks from the lobby only", () => {
    const { s } = lobbyWithTwo();
    const r = ok(kick(s, "p2", T_CREATE + 500));
    expect(sent(r.effects, "seat", "player_kicked", "p2")).toEqual([{ type: "player_kicked", reason: "kick" }]);
    expect(sent(r.effects, "presenter", "pres_kickPlayer_callback")[0]).toMatchObject({
      playerID: "p2",
      playersCount: 1,
    });
    expect(kick(s, "p9", T_CREATE + 500)).toMatchObject({ ok: false, error: { code: "unknown_player" } });
    const started = ok(start(s, T_START)).state;
    expect(kick(started, "p2", T_START + 1)).toMatchObject({ ok: false, error: { code: "kick_after_start" } });
  });

  it("starts for 5 s, then opens the first question with a 60 s deadline", () => {
    const { s } = lobbyWithTwo();
    const r = ok(start(s, T_START));
    expect(r.state.phase).toBe("starting");
    expect(sent(r.effects, "seats", "player_startGame")).toEqual([{ type: "player_startGame", startsInMs: 5_000 }]);
    expect(r.effects).toContainEqual({ to: "room", event: { kind: "started" } });
    expect(deadlines(r.state)[0]).toEqual({ kind: "startingEnd", at: T0 });
    expect(ok(tick(r.state, T0 - 1)).state.phase).toBe("starting");
    const q = ok(tick(r.state, T0));
    expect(q.state.phase).toBe("question");
    expect(q.state.deadline).toBe(T0 + 60_000);
    const phone = sent(q.effects, "seats", "player_newQuestion")[0]!;
    expect(phone).toEqual({
      type: "player_newQuestion",
      questionIndex: 0,
      questionsNb: 2,
      time: 60,
      remainingMs: 60_000,
      help: helpSquare.toWire(q.state.help[0]!),
      media: null,
      at: T0,
    });
    expect(JSON.stringify(phone)).not.toMatch(/"lat"|"lng"/);
    expect(sent(q.effects, "presenter", "pres_newQuestion")[0]).toMatchObject({
      questionIndex: 0,
      maxAnswerTime: 60_000,
      expectedCount: 2,
      answeredCount: 0,
    });
  });
});

describe("« Photo sur les téléphones »", () => {
  it("gives the phones each question's photo at the room's address when it opens, never before", () => {
    const { s } = lobbyWithTwo({ photoOnPhones: true });
    const r = ok(start(s, T_START));
    expect(JSON.stringify(r.effects)).not.toContain("/photos/");
    const q0 = ok(tick(r.state, T0));
    expect(sent(q0.effects, "seats", "player_newQuestion")[0]!.media).toEqual({ kind: "photo", url: "/api/salle/123456/photos/a.jpg" });
    expect(JSON.stringify(q0.effects.filter((e) => e.to === "seats"))).not.toContain("b.jpg");
    expect(openedCount(q0.state)).toBe(1);
    expect(openedCount(r.state)).toBe(0);
  });
});

describe("answers and reveal", () => {
  it("acknowledges with the answer time only, and refuses a second answer", () => {
    const { s } = inQuestion0();
    const r = ok(ans(s, "p1", 0, north(SPOT0, 30), T0 + 12_000));
    expect(sent(r.effects, "seat", "player_answer_callback", "p1")).toEqual([
      { type: "player_answer_callback", questionIndex: 0, tempsReponse: 12_000 },
    ]);
    expect(sent(r.effects, "presenter", "pres_playerAnswered")[0]).toMatchObject({
      answeredCount: 1,
      expectedCount: 2,
      answers: [{ playerID: "p1", time: 12_000 }],
    });
    expect(r.state.phase).toBe("question");
    expect(r.dirtySeats).toEqual(["p1"]);
    expect(ans(r.state, "p1", 0, SPOT0, T0 + 13_000)).toMatchObject({
      ok: false,
      error: { type: "error", code: "answer_twice" },
    });
  });

  it("refuses answers to another question and after the deadline", () => {
    const { s } = inQuestion0();
    expect(ans(s, "p1", 1, SPOT1, T0 + 1_000)).toMatchObject({ ok: false, error: { code: "answer_wrong_question" } });
    expect(ans(s, "p1", 0, SPOT0, T0 + 59_999).ok).toBe(true);
    const late = ans(s, "p1", 0, SPOT0, T0 + 60_000); // the deadline itself is too late
    expect(late).toMatchObject({ ok: false, error: { code: "answer_late" } });
  });

  it("takes the socket's round trip off the answer's time and adds it to its deadline", () => {
    const { s } = inQuestion0();
    // Two phones tap at the same moment on their screens, 2 s after the question reached each;
    // p2's question arrived 150 ms late and its answer takes 150 ms more to come back.
    const near = ok(answer(s, "p1", 0, north(SPOT0, 30), T0 + 2_000, 0));
    const far = ok(answer(near.state, "p2", 0, north(SPOT0, 30), T0 + 2_300, 300));
    expect(sent(far.effects, "seat", "player_answer_callback", "p2")).toEqual([
      { type: "player_answer_callback", questionIndex: 0, tempsReponse: 2_000 },
    ]);
    expect(far.state.phase).toBe("reveal");
    const [a, b] = far.state.seats;
    expect(b!.score).toBe(a!.score);
    expect(b!.timeMs).toBe(a!.timeMs);
    // Its last moment counts, however late on the room's clock, up to the bound.
    expect(answer(s, "p2", 0, SPOT0, T0 + 60_299, 300).ok).toBe(true);
    expect(answer(s, "p2", 0, SPOT0, T0 + 60_300, 300)).toMatchObject({ ok: false, error: { code: "answer_late" } });
    expect(answer(s, "p2", 0, SPOT0, T0 + 60_000 + ROUND_TRIP_MAX_MS, 5_000)).toMatchObject({ ok: false, error: { code: "answer_late" } });
  });

  it("passes an answer's round trip from the socket's message on to the answer", () => {
    const { s } = inQuestion0();
    const msg = { type: "player_answer", questionIndex: 0, coords: SPOT0 } as const;
    const r = ok(handleMessage(s, { role: "player", seatId: "p1" }, msg, T0 + 60_200, makeCtx(), 300));
    expect(sent(r.effects, "seat", "player_answer_callback", "p1")).toEqual([
      { type: "player_answer_callback", questionIndex: 0, tempsReponse: 59_900 },
    ]);
  });

  it("scores ring points plus speed points, and reveals as soon as everyone answered", () => {
    const { s } = inQuestion0();
    const a = ok(ans(s, "p1", 0, north(SPOT0, 30), T0 + 12_000)); // 50 m ring: 4 + 5 x 0.8 = 8
    const b = ok(ans(a.state, "p2", 0, north(SPOT0, 150), T0 + 30_000)); // 200 m ring: 2 + 2.5 = 4.5
    expect(b.state.phase).toBe("reveal");
    expect(b.state.seats.find((x) => x.id === "p1")!.score).toBe(8);
    expect(b.state.seats.find((x) => x.id === "p2")!.score).toBe(4.5);

    const pres = sent(b.effects, "presenter", "pres_results")[0]!;
    expect(sent(b.effects, "presenter", "pres_endQuestion")).toEqual([{ type: "pres_endQuestion", questionIndex: 0 }]);
    expect(pres.spot).toEqual(SPOT0);
    // Nearest first: who, where (5 decimals), how far, in which ring (targetSettings index).
    const readBack = revealAnswers(pres);
    expect(readBack.map((a) => [a.seatId, a.distance, a.zone])).toEqual([
      ["p1", 30, 3],
      ["p2", 150, 1],
    ]);
    expect(readBack[0]!.pseudo).toBe(b.state.seats.find((x) => x.id === "p1")!.pseudo);
    expect(readBack[0]!.marker).toBe(b.state.seats.find((x) => x.id === "p1")!.marker);
    expect(haversineMeters(readBack[0]!.coords, north(SPOT0, 30))).toBeLessThan(1.5);
    expect(pres.results.map((l) => [l.playerID, l.rank, l.points, l.pointsQuestion, l.classementMove])).toEqual([
      ["p1", 1, 8, 8, 0],
      ["p2", 2, 4.5, 4.5, 0],
    ]);
    expect(pres.isLast).toBe(false);

    const phone = sent(b.effects, "seat", "player_endQuestion", "p2")[0]!;
    expect(phone).toEqual({
      type: "player_endQuestion",
      questionIndex: 0,
      questionsNb: 2,
      isLast: false,
      distance: 150,
      pointsQuestion: 4.5,
      pointsTotal: 4.5,
      rank: 2,
      classementMove: 0,
      playersCount: 2,
      team: null,
    });
  });

  it("tells a phone just outside a ring a distance outside it: the ring the phone says is the one scored", () => {
    const { s } = inQuestion0();
    const a = ok(ans(s, "p1", 0, north(SPOT0, 50.4), T0 + 12_000));
    const b = ok(ans(a.state, "p2", 0, north(SPOT0, 150), T0 + 30_000));
    const mine = b.state.seats.find((x) => x.id === "p1")!.answers[0]!;
    // Scored in the 100 m ring (3 + 5 x 0.8 points), 50.4 m away.
    expect(mine.d).toBeGreaterThan(50);
    expect(mine.d).toBeLessThan(50.5);
    expect(mine.ring).toBe(2);
    expect(sent(b.effects, "seat", "player_endQuestion", "p1")[0]).toMatchObject({ distance: 51, pointsQuestion: 7 });
  });

  it("closes at the deadline, with the room for a far phone's answer, when someone did not answer, counting their time in full", () => {
    const { s } = inQuestion0();
    const a = ok(ans(s, "p1", 0, north(SPOT0, 250), T0 + 1_000)); // outside every ring: 0 despite speed
    expect(nextDeadline(a.state)).toBe(T0 + 60_000 + ROUND_TRIP_MAX_MS);
    expect(ok(tick(a.state, T0 + 60_000 + ROUND_TRIP_MAX_MS - 1)).state.phase).toBe("question");
    const r = ok(tick(a.state, T0 + 60_000 + ROUND_TRIP_MAX_MS));
    expect(r.state.phase).toBe("reveal");
    expect(r.state.seats.find((x) => x.id === "p1")!.score).toBe(0);
    expect(r.state.seats.find((x) => x.id === "p2")!.timeMs).toBe(60_000);
    expect(r.state.seats.find((x) => x.id === "p1")!.timeMs).toBe(1_000);
    // Both on 0 points: the faster one ranks first.
    expect(sent(r.effects, "seat", "player_endQuestion", "p2")[0]).toMatchObject({
      distance: null,
      rank: 2,
      pointsQuestion: 0,
    });
  });

  it("rings the alarm for the earliest deadline in every phase", () => {
    const { s: lobby } = lobbyWithTwo();
    const starting = ok(start(lobby, T_START)).state;
    const question = ok(tick(starting, T0)).state;
    const dropped = ok(disconnect(question, { role: "player", seatId: "p2" }, T0 + 2_000)).state;
    const grace = ok(ans(dropped, "p1", 0, SPOT0, T0 + 5_000)).state;
    const reveal = ok(tick(grace, T0 + 17_000)).state;
    const closed = ok(closeRoom(reveal, T0 + 18_000, "ended")).state;
    for (const state of [lobby, starting, question, dropped, grace, reveal, closed])
      expect(nextDeadline(state)).toBe(deadlines(state)[0]?.at ?? null);
    expect([nextDeadline(starting), nextDeadline(grace), nextDeadline(closed)]).toEqual([T0, T0 + 17_000, null]);
  });

  it("waits a short grace for a phone that dropped before closing early", () => {
    const { s } = inQuestion0();
    const dropped = ok(disconnect(s, { role: "player", seatId: "p2" }, T0 + 2_000)).state;
    const a = ok(ans(dropped, "p1", 0, SPOT0, T0 + 5_000));
    expect(a.state.phase).toBe("question");
    // 15 s after the drop: a phone whose Wi-Fi came back within that can still answer.
    expect(deadlines(a.state)[0]).toEqual({ kind: "answersGrace", at: T0 + 17_000 });
    expect(nextDeadline(a.state)).toBe(T0 + 17_000);
    expect(ok(tick(a.state, T0 + 16_999)).state.phase).toBe("question");
    expect(ok(tick(a.state, T0 + 17_000)).state.phase).toBe("reveal");
    // Back in time: it answers, and the question ends then.
    const back = ok(
      hello(
        a.state,
        { role: "player", version: PROTOCOL_VERSION, token: "p2_secret000000000002" },
        T0 + 8_000,
        makeCtx()
      )
    );
    expect(sent(back.effects, "caller", "player_newQuestion")[0]!.remainingMs).toBe(52_000);
    expect(ok(ans(back.state, "p2", 0, SPOT0, T0 + 9_000)).state.phase).toBe("reveal");
  });

  it("waits for a phone gone 14 s, back in time to answer, and not for one gone longer", () => {
    const { s } = inQuestion0();
    const dropped = ok(disconnect(s, { role: "player", seatId: "p2" }, T0 + 1_000)).state;
    const a = ok(ans(dropped, "p1", 0, SPOT0, T0 + 2_000)).state;
    const back = ok(
      hello(a, { role: "player", version: PROTOCOL_VERSION, token: "p2_secret000000000002" }, T0 + 15_000, makeCtx())
    );
    expect(back.state.phase).toBe("question");
    const late = ok(ans(back.state, "p2", 0, north(SPOT0, 10), T0 + 15_500));
    expect(late.state.phase).toBe("reveal");
    expect(sent(late.effects, "seat", "player_endQuestion", "p2")[0]).toMatchObject({ distance: 10 });
    // Gone longer than the grace: the question ends when the grace runs out, without it.
    expect(ok(tick(a, T0 + 16_000)).state.phase).toBe("reveal");
  });

  it("moves players in the ranking, ends after the last question, stores results", () => {
    const { s } = inQuestion0();
    let st = ok(ans(s, "p1", 0, north(SPOT0, 30), T0 + 12_000)).state;
    st = ok(ans(st, "p2", 0, north(SPOT0, 150), T0 + 30_000)).state;
    const T1 = T0 + 40_000;
    const q1 = ok(next(st, T1));
    expect(q1.state.questionIndex).toBe(1);
    expect(sent(q1.effects, "seats", "player_newQuestion")[0]!.help).toEqual(helpSquare.toWire(q1.state.help[1]!));
    st = ok(ans(q1.state, "p1", 1, north(SPOT1, 500), T1 + 1_000)).state; // 0
    const rev = ok(ans(st, "p2", 1, north(SPOT1, 10), T1 + 6_000)); // 5 + 4.5 = 9.5 -> 14
    const pres = sent(rev.effects, "presenter", "pres_results")[0]!;
    expect(pres.isLast).toBe(true);
    expect(pres.results.map((l) => [l.playerID, l.rank, l.points, l.classementMove])).toEqual([
      ["p2", 1, 14, 1],
      ["p1", 2, 8, -1],
    ]);
    expect(sent(rev.effects, "seat", "player_endQuestion", "p1")[0]).toMatchObject({
      classementMove: -1,
      rank: 2,
      pointsQuestion: 0,
      distance: 500,
    });

    const over = ok(next(rev.state, T1 + 20_000));
    expect(over.state.phase).toBe("over");
    expect(over.effects).toContainEqual({ to: "room", event: { kind: "over" } });
    expect(sent(over.effects, "presenter", "pres_endGame")[0]!.ranking.map((l) => [l.pseudo, l.points])).toEqual([
      ["Banane bleue", 14],
      ["Ananas bleu", 8],
    ]);
    expect(sent(over.effects, "seat", "player_endGame", "p1")[0]).toMatchObject({
      rank: 2,
      pointsTotal: 8,
      playersCount: 2,
    });
    expect(next(over.state, T1 + 21_000)).toMatchObject({ ok: false, error: { code: "wrong_phase" } });

    const results = gameResults(over.state);
    expect(results.ranking.map((l) => [l.seatId, l.timeMs])).toEqual([
      ["p2", 36_000],
      ["p1", 13_000],
    ]);
    expect(results.answers).toHaveLength(4);
    expect(results.answers[0]).toMatchObject({
      pseudo: "Ananas bleu",
      question: 0,
      distance: 30,
      points: 8,
      time: 12_000,
    });
    expect(JSON.stringify(results)).not.toContain("secret");
  });

  it("lets a late joiner in at 0 during a question", () => {
    const { s, ctx } = inQuestion0();
    const late = join(s, T0 + 20_000, ctx);
    expect(late.id).toBe("p3");
    expect(late.cb.helpSettings[0]).toEqual(helpSquare.toWire(s.help[0]!));
    expect(late.cb.helpSettings[1]).toBeNull(); // the next question's square stays hidden
    expect(sent(late.r.effects, "caller", "player_newQuestion")[0]!.remainingMs).toBe(40_000);
    expect(late.state.seats.find((x) => x.id === "p3")!.score).toBe(0);
  });

  it("replays the answers already given to a presenter that comes back mid-question", () => {
    const { s } = inQuestion0();
    const a = ok(ans(s, "p2", 0, SPOT0, T0 + 3_000)).state;
    const back = ok(hello(a, { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T0 + 4_000, makeCtx()));
    expect(back.effects.map((e) => ("msg" in e ? e.msg.type : e.to))).toEqual([
      "pres_newRoom_callback",
      "pres_newQuestion",
      "pres_playerAnswered",
    ]);
    expect(sent(back.effects, "caller", "pres_playerAnswered")[0]).toEqual({
      type: "pres_playerAnswered",
      questionIndex: 0,
      answers: [{ playerID: "p2", pseudo: "Banane bleue", marker: "Bananebleue", time: 3_000 }],
      answeredCount: 1,
      expectedCount: 2,
    });
    // Before any answer there is nothing to replay.
    const early = ok(hello(s, { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T0 + 1, makeCtx()));
    expect(sent(early.effects, "caller", "pres_playerAnswered")).toEqual([]);
  });

  it("replays the reveal to a phone that comes back", () => {
    const { s, a } = inQuestion0();
    let st = ok(ans(s, "p1", 0, north(SPOT0, 30), T0 + 12_000)).state;
    st = ok(ans(st, "p2", 0, north(SPOT0, 150), T0 + 30_000)).state;
    const back = join(st, T0 + 31_000, makeCtx(), a.token);
    expect(sent(back.r.effects, "caller", "player_endQuestion")[0]).toMatchObject({ rank: 1, pointsTotal: 8 });
  });
});

describe("« Temps adapté » during a question", () => {
  const PRES = { role: "presenter" } as const;
  const give = (s: GameState, id: string, at: number) => handleMessage(s, PRES, { type: "pres_extraTime", seatId: id }, at, makeCtx());

  it("gives one seat twice the time: its answer past the others' deadline counts, over its own time; the others' is late", () => {
    const { s } = inQuestion0();
    const given = ok(give(s, "p2", T0 + 10_000));
    expect(sent(given.effects, "seat", "player_extraTime", "p2")).toEqual([
      { type: "player_extraTime", questionIndex: 0, answerTimeMs: 120_000, remainingMs: 110_000 },
    ]);
    expect(sent(given.effects, "seat", "player_extraTime", "p1")).toEqual([]);
    expect(sent(given.effects, "presenter", "pres_extraTime_callback")).toEqual([
      { type: "pres_extraTime_callback", playerID: "p2", pseudo: "Banane bleue", questionIndex: 0, answerTimeMs: 120_000, remainingMs: 110_000 },
    ]);
    // The reveal waits for it (its own deadline, plus the far phone's bound), not past it.
    expect(nextDeadline(given.state)).toBe(T0 + 120_000 + ROUND_TRIP_MAX_MS);
    expect(ok(tick(given.state, T0 + 60_000 + ROUND_TRIP_MAX_MS)).state.phase).toBe("question");
    expect(ans(given.state, "p1", 0, SPOT0, T0 + 60_000 + ROUND_TRIP_MAX_MS)).toMatchObject({ ok: false, error: { code: "answer_late" } });
    // 50 m ring, 90 s of its 120: 4 + 5 x 0.25. The others' time is up: the reveal comes at once.
    const late = ok(ans(given.state, "p2", 0, north(SPOT0, 30), T0 + 90_000));
    expect(sent(late.effects, "seat", "player_answer_callback", "p2")[0]).toMatchObject({ tempsReponse: 90_000 });
    expect(late.state.phase).toBe("reveal");
    expect(late.state.seats.find((x) => x.id === "p2")!.score).toBe(5.25);
    expect(late.state.extended).toEqual({});
    // Its own deadline holds too, with the fair clock's round trip.
    expect(answer(given.state, "p2", 0, SPOT0, T0 + 120_299, 300).ok).toBe(true);
    expect(answer(given.state, "p2", 0, SPOT0, T0 + 120_300, 300)).toMatchObject({ ok: false, error: { code: "answer_late" } });
    expect(ok(tick(given.state, T0 + 120_000 + ROUND_TRIP_MAX_MS)).state.phase).toBe("reveal");
  });

  it("keeps the night moving: a reveal as soon as everyone answered, the extended seat included", () => {
    const { s } = inQuestion0();
    const given = ok(give(s, "p1", T0 + 1_000)).state;
    const a = ok(ans(given, "p1", 0, SPOT0, T0 + 5_000));
    expect(a.state.phase).toBe("question");
    expect(nextDeadline(a.state)).toBe(T0 + 60_000 + ROUND_TRIP_MAX_MS);
    expect(ok(ans(a.state, "p2", 0, SPOT0, T0 + 6_000)).state.phase).toBe("reveal");
    // Answered within the night's time, still scored over its own: 5 + 5 x (1 - 5/120).
    expect(a.state.seats.find((x) => x.id === "p1")!.answers[0]!.p).toBeCloseTo(5 + 5 * (1 - 5 / 120), 9);
  });

  it("is the presenter's alone, for a seat that has not answered, once, while a question is open", () => {
    const { s: lobby } = lobbyWithTwo();
    expect(give(lobby, "p1", T_START)).toMatchObject({ ok: false, error: { code: "wrong_phase" } });
    const { s } = inQuestion0();
    const phone = handleMessage(s, { role: "player", seatId: "p1" }, { type: "pres_extraTime", seatId: "p1" }, T0 + 1_000, makeCtx());
    expect(phone).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(give(s, "p9", T0 + 1_000)).toMatchObject({ ok: false, error: { code: "unknown_player" } });
    const answered = ok(ans(s, "p1", 0, SPOT0, T0 + 1_000)).state;
    expect(give(answered, "p1", T0 + 2_000)).toMatchObject({ ok: false, error: { code: "extra_time_answered" } });
    const once = ok(give(answered, "p2", T0 + 2_000)).state;
    expect(give(once, "p2", T0 + 3_000)).toMatchObject({ ok: false, error: { code: "extra_time_twice" } });
    // Past the night's time (and its round-trip bound) the question is over: too late to give any.
    expect(give(s, "p2", T0 + 60_000 + ROUND_TRIP_MAX_MS)).toMatchObject({ ok: false, error: { code: "wrong_phase" } });
  });

  it("gives it to at most LIVE_EXTRA_SEATS_MAX seats a question, and afresh at the next one", () => {
    const ctx = makeCtx();
    let s = presenter(newGame());
    for (let i = 0; i <= LIVE_EXTRA_SEATS_MAX; i++) s = join(s, T_CREATE + 200 + i, ctx).state;
    s = ok(tick(ok(start(s, T_START)).state, T0)).state;
    for (let i = 1; i <= LIVE_EXTRA_SEATS_MAX; i++) s = ok(extraTime(s, `p${i}`, T0 + 1_000)).state;
    expect(extraTime(s, `p${LIVE_EXTRA_SEATS_MAX + 1}`, T0 + 1_000)).toMatchObject({ ok: false, error: { code: "extra_time_full" } });
    const next1 = ok(next(ok(tick(s, T0 + 120_000 + ROUND_TRIP_MAX_MS)).state, T0 + 130_000)).state;
    expect(next1.extended).toEqual({});
    expect(nextDeadline(next1)).toBe(T0 + 130_000 + 60_000 + ROUND_TRIP_MAX_MS);
  });

  it("tells a phone and a presenter coming back, and survives storage", () => {
    const { s, b } = inQuestion0();
    const given = ok(give(s, "p2", T0 + 10_000)).state;
    const phone = join(given, T0 + 70_000, makeCtx(), b.token);
    expect(phone.r.effects.map((e) => ("msg" in e ? e.msg.type : e.to))).toEqual([
      "player_joinRoom_callback",
      "player_newQuestion",
      "player_extraTime",
    ]);
    expect(sent(phone.r.effects, "caller", "player_extraTime")[0]).toMatchObject({ remainingMs: 50_000 });
    const pres = ok(hello(given, { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T0 + 70_000, makeCtx()));
    expect(sent(pres.effects, "caller", "pres_extraTime_callback")).toMatchObject([{ playerID: "p2", remainingMs: 50_000 }]);
    expect(fromStorage(JSON.parse(JSON.stringify(coreOf(given))), given.seats)).toEqual(given);
    // A room stored before extra time existed has none.
    const { extended: _none, ...old } = coreOf(s);
    expect(fromStorage(old as ReturnType<typeof coreOf>, s.seats).extended).toEqual({});
  });
});

describe("room end", () => {
  it("closes with presLeft after the presenter is away for 10 minutes", () => {
    const { s } = lobbyWithTwo();
    const away = ok(disconnect(s, { role: "presenter" }, T_CREATE + 2_000)).state;
    expect(deadlines(away).find((d) => d.kind === "presenterAway")!.at).toBe(T_CREATE + 602_000);
    const r = ok(tick(away, T_CREATE + 602_000));
    expect(r.state.phase).toBe("closed");
    expect(sent(r.effects, "seats", "player_kicked")).toEqual([{ type: "player_kicked", reason: "presLeft" }]);
    expect(nextDeadline(r.state)).toBeNull();
  });

  it("closes an idle room after 4 hours, and 'Nouvelle partie' closes with 'ended'", () => {
    const { s } = lobbyWithTwo();
    expect(deadlines(s).find((d) => d.kind === "roomExpiry")!.at).toBe(T_CREATE + 300 + 4 * 3_600_000);
    const r = ok(closeRoom(s, T_CREATE + 5_000));
    expect(r.effects).toContainEqual({ to: "room", event: { kind: "closed", reason: "ended" } });
    const again = join(r.state, T_CREATE + 6_000, makeCtx());
    expect(sent(again.r.effects, "caller", "player_kicked")).toEqual([{ type: "player_kicked", reason: "ended" }]);
  });
});

describe("defined icons", () => {
  function chooserIn(s: GameState) {
    const r = ok(hello(s, { role: "player", version: PROTOCOL_VERSION }, T_CREATE + 200, makeCtx()));
    expect(r.identity).toEqual({ role: "chooser" });
    return r;
  }

  it("walks colour then fruit, broadcasting the choice to the other pseudo screens", () => {
    const s = presenter(newGame({ iconType: "defined" }));
    const info = sent(chooserIn(s).effects, "caller", "player_joinPseudoRoom_callback")[0]!;
    expect(info.max_players).toBe(9);
    expect(info.colorsUsed.vert).toBe(0);
    const color = ok(chooseColor(s, "vert", T_CREATE + 300));
    expect(sent(color.effects, "caller", "color_selected_callback")[0]).toMatchObject({
      status: true,
      color: "vert",
      fruits: expect.arrayContaining(["fraise"]),
    });
    const fruit = ok(chooseFruit(s, "vert", "fraise", T_CREATE + 400, makeCtx()));
    expect(sent(fruit.effects, "caller", "fruit_selected_callback")[0]).toEqual({
      type: "fruit_selected_callback",
      status: true,
      pseudo: "Fraise verte",
      playerID: "p1",
      token: "p1_secret000000000001",
    });
    expect(sent(fruit.effects, "choosers", "color_selected")).toEqual([
      { type: "color_selected", selectedColor: "vert" },
    ]);
    expect(sent(fruit.effects, "choosers", "fruit_selected")).toEqual([
      { type: "fruit_selected", color: "vert", selectedFruit: "fraise" },
    ]);
    expect(fruit.identity).toEqual({ role: "player", seatId: "p1" });

    // A second phone racing for the same pair loses, with fresh availability.
    const lost = ok(chooseFruit(fruit.state, "vert", "fraise", T_CREATE + 401, makeCtx()));
    const cb = sent(lost.effects, "caller", "fruit_selected_callback")[0]!;
    expect(cb).toMatchObject({ status: false, code: "fruit_taken" });
    expect(cb.info!.fruitsUsed.vert).toEqual(["fraise"]);
    expect(lost.state.seats.map((x) => x.id)).toEqual(["p1"]);
  });

  it("refuses a colour outside the teams", () => {
    const s = newGame({ iconType: "defined", mode: "team", maxTeam: 2, maxPlayer: 4 });
    const r = ok(chooseColor(s, "vert", 1));
    expect(sent(r.effects, "caller", "color_selected_callback")[0]).toMatchObject({
      status: false,
      code: "color_unavailable",
    });
  });
});

describe("locking the room", () => {
  const lock = (s: GameState, locked: boolean, now: number) =>
    ok(handleMessage(s, { role: "presenter" }, { type: "pres_lockRoom", locked }, now, makeCtx()));

  it("takes no new seat while locked, in the lobby and during the game; tokens still work", () => {
    const { s, a, ctx } = lobbyWithTwo();
    const locked = lock(s, true, T_CREATE + 400);
    expect(locked.state.locked).toBe(true);
    expect(sent(locked.effects, "presenter", "pres_lockRoom_callback")).toEqual([{ type: "pres_lockRoom_callback", locked: true }]);
    const refused = hello(locked.state, { role: "player", version: PROTOCOL_VERSION }, T_CREATE + 500, ctx);
    expect(refused).toEqual({ ok: false, error: { type: "error", code: "room_locked" } });
    expect(join(locked.state, T_CREATE + 600, ctx, a.token).id).toBe("p1");

    const inGame = ok(tick(ok(start(locked.state, T_START)).state, T0)).state;
    expect(hello(inGame, { role: "player", version: PROTOCOL_VERSION }, T0 + 1, ctx)).toMatchObject({
      ok: false,
      error: { code: "room_locked" },
    });
    const open = lock(inGame, false, T0 + 2);
    expect(join(open.state, T0 + 3, ctx).id).toBe("p3");
    // The presenter sees the lock on every hello (a reload, a restarted room).
    const again = ok(hello(lock(open.state, true, T0 + 4).state, { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T0 + 5, ctx));
    expect(sent(again.effects, "caller", "pres_newRoom_callback")[0]!.locked).toBe(true);
    expect(fromStorage(JSON.parse(JSON.stringify(coreOf(again.state))), again.state.seats).locked).toBe(true);
  });

  it("is the presenter's alone", () => {
    const { s } = lobbyWithTwo();
    const msg = { type: "pres_lockRoom", locked: true } as const;
    expect(handleMessage(s, { role: "player", seatId: "p1" }, msg, T_CREATE + 400, makeCtx())).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(handleMessage(s, null, msg, T_CREATE + 400, makeCtx())).toMatchObject({ ok: false, error: { code: "not_identified" } });
  });

  it("tells phones on the pseudo screen at once, and gives them the pairs back when unlocked", () => {
    const ctx = makeCtx();
    const s = presenter(newGame({ iconType: "defined" }));
    const chooser = ok(hello(s, { role: "player", version: PROTOCOL_VERSION }, T_CREATE + 200, ctx));
    const locked = lock(chooser.state, true, T_CREATE + 300);
    expect(sent(locked.effects, "choosers", "error")).toEqual([
      { type: "error", code: "room_locked" },
    ]);
    expect(chooseFruit(locked.state, "vert", "kiwi", T_CREATE + 400, ctx)).toMatchObject({
      ok: false,
      error: { code: "room_locked" },
    });
    const unlocked = lock(locked.state, false, T_CREATE + 500);
    expect(sent(unlocked.effects, "choosers", "player_joinPseudoRoom_callback")).toHaveLength(1);
    expect(ok(chooseFruit(unlocked.state, "vert", "kiwi", T_CREATE + 600, ctx)).state.seats).toHaveLength(1);
  });

  it("revokes a kicked player's token: it never brings that seat back", () => {
    const { s, b, ctx } = lobbyWithTwo();
    const kicked = ok(kick(s, "p2", T_CREATE + 400)).state;
    const back = join(kicked, T_CREATE + 500, ctx, b.token);
    expect(back.id).toBe("p3");
    expect(back.state.seats.map((x) => x.id)).toEqual(["p1", "p3"]);
    const locked = lock(kicked, true, T_CREATE + 600).state;
    expect(hello(locked, { role: "player", version: PROTOCOL_VERSION, token: b.token }, T_CREATE + 700, ctx)).toMatchObject({
      ok: false,
      error: { code: "room_locked" },
    });
  });
});

describe("team mode", () => {
  it("places random players on the smallest team and scores teams by average", () => {
    const ctx = makeCtx();
    let s = presenter(newGame({ mode: "team", maxTeam: 2, maxPlayer: 4 }));
    for (let i = 0; i < 3; i++) s = join(s, T_CREATE + 200 + i, ctx).state;
    expect(s.seats.map((x) => x.team)).toEqual(["bleu", "jaune", "bleu"]);
    s = ok(tick(ok(start(s, T_START)).state, T0)).state;
    s = ok(ans(s, "p1", 0, north(SPOT0, 10), T0)).state; // 5 + 5 = 10
    s = ok(ans(s, "p2", 0, north(SPOT0, 80), T0)).state; // 3 + 5 = 8
    const r = ok(ans(s, "p3", 0, north(SPOT0, 999), T0)); // 0
    const teams = sent(r.effects, "presenter", "pres_results")[0]!.team_results!;
    expect(teams.map((t) => [t.name, t.points, t.rank, t.players])).toEqual([
      ["Équipe jaune", 8, 1, ["Ananas jaune"]],
      ["Équipe bleue", 5, 2, ["Ananas bleu", "Banane bleue"]],
    ]);
    expect(sent(r.effects, "seat", "player_endQuestion", "p3")[0]!.team).toMatchObject({ team: "bleu", points: 5 });
  });
});

describe("handleMessage", () => {
  it("checks who may send what", () => {
    const { s } = lobbyWithTwo();
    const ctx = makeCtx();
    expect(handleMessage(s, null, { type: "pres_startGame" }, T_START, ctx)).toMatchObject({
      ok: false,
      error: { code: "not_identified" },
    });
    expect(handleMessage(s, { role: "player", seatId: "p1" }, { type: "pres_startGame" }, T_START, ctx)).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(handleMessage(s, { role: "presenter" }, { type: "pres_startGame" }, T_START, ctx).ok).toBe(true);
    expect(handleMessage(s, { role: "presenter" }, { type: "ping" }, T_START, ctx)).toMatchObject({
      ok: true,
      effects: [{ to: "caller", msg: { type: "pong", at: T_START } }],
    });
  });

  it("applies due deadlines before the message: an answer after a missed alarm is late", () => {
    const { s } = inQuestion0();
    const r = handleMessage(
      s,
      { role: "player", seatId: "p1" },
      { type: "player_answer", questionIndex: 0, coords: SPOT0 },
      T0 + 61_000,
      makeCtx()
    );
    expect(r).toMatchObject({ ok: false, error: { code: "answer_late" } });
  });
});

describe("purity and storage", () => {
  it("never mutates the state it is given", () => {
    const { s } = inQuestion0();
    const before = structuredClone(s);
    ok(ans(s, "p1", 0, SPOT0, T0 + 1_000));
    ok(tick(s, T0 + 60_000));
    expect(s).toEqual(before);
  });

  it("round-trips through core + seats storage", () => {
    const { s } = inQuestion0();
    const seats = [...s.seats].reverse();
    expect(fromStorage(JSON.parse(JSON.stringify(coreOf(s))), JSON.parse(JSON.stringify(seats)))).toEqual(s);
    expect(coreOf(s)).not.toHaveProperty("seats");
  });

  it("merges batched presenter answer notices", () => {
    const notice = (id: string, answeredCount: number, questionIndex = 0) => ({
      type: "pres_playerAnswered" as const,
      questionIndex,
      answers: [{ seatId: id, pseudo: id, marker: id, elapsedMs: answeredCount }],
      answeredCount,
      expectedCount: 6 - answeredCount,
    });
    const m = mergePlayerAnswered([notice("p1", 1), notice("p2", 2), notice("p3", 3)])!;
    expect(m.answers.map((a) => a.seatId)).toEqual(["p1", "p2", "p3"]);
    expect([m.answeredCount, m.expectedCount]).toEqual([3, 3]);
    // A notice of an earlier question is dropped, a single one goes as it is, none gives nothing.
    const next = mergePlayerAnswered([notice("p1", 1), notice("q1", 1, 1), notice("q2", 2, 1)])!;
    expect([next.questionIndex, next.answers.map((a) => a.seatId)]).toEqual([1, ["q1", "q2"]]);
    const one = notice("p4", 4);
    expect(mergePlayerAnswered([one])).toBe(one);
    expect(mergePlayerAnswered([])).toBeNull();
  });
});

describe("at scale", () => {
  it("runs a 2000-player question with small phone messages", () => {
    const ctx = makeCtx(Math.random);
    let s = presenter(newGame({ maxPlayer: 2000 }));
    for (let i = 0; i < 2000; i++) s = join(s, T_CREATE + 1 + i, ctx).state;
    expect(new Set(s.seats.map((x) => x.pseudo)).size).toBe(2000);
    s = ok(tick(ok(start(s, T_START)).state, T0)).state;
    let last: ReturnType<typeof ok> | undefined;
    for (let i = 1; i <= 2000; i++) {
      last = ok(ans(s, `p${i}`, 0, north(SPOT0, i % 300), T0 + i * 10));
      s = last.state;
    }
    expect(s.phase).toBe("reveal");
    const phones = last!.effects.filter((e) => e.to === "seat");
    expect(phones).toHaveLength(2000 + 1); // 2000 reveals + the last answer's ack
    const one = sent(last!.effects, "seat", "player_endQuestion", "p1500")[0]!;
    expect(one.rank).toBe(s.ranks["p1500"]);
    expect(JSON.stringify(one).length).toBeLessThan(1_024);
    const pres = sent(last!.effects, "presenter", "pres_results")[0]!;
    expect(pres.results).toHaveLength(100);
    expect(revealAnswers(pres)).toHaveLength(2000);
    expect(new TextEncoder().encode(JSON.stringify(pres)).length).toBeLessThan(100_000);
  });
});
