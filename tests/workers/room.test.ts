import { runDurableObjectAlarm, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, gameAnswers, games, quizzes } from "@db/schema";
import { IDLE_SEAT_TTL_MS, PRESENTER_AWAY_MS, ROOM_IDLE_MS, STARTING_MS } from "@party/engine";
import { PROTOCOL_VERSION } from "@common/wire/protocol";
import type { SeatedPhone } from "../support/room-sockets";
import { advance, connect, db, failD1Batches, gameOf, inRoom, join, launch, make, pendingD1, presenter, reloadRoom, roomState, sleepRoom, startedGame, stubOf } from "../support/workers";
import { revealAnswers, zonesOf } from "@common/wire/reveal";

/** The Eiffel tower, then Lyon's Place Bellecour: every game here has these two questions. */
const SPOTS = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 45.764, lng: 4.8357 },
] as const;
const launchTwo = (options: Parameters<typeof launch>[0] = {}) => launch({ spots: SPOTS, ...options });

const gameRow = async (id: string) => (await db().select().from(games).where(eq(games.id, id)))[0]!;
const gameIdOf = async (l: Awaited<ReturnType<typeof launch>>) => (await gameOf(l))!.id;
const accountRow = async (id: number) => (await db().select().from(accounts).where(eq(accounts.id, id)))[0]!;
/** The room's storage keys. */
const storageKeys = (room: string) => inRoom(room, (r) => [...r.ctx.storage.kv.list()].map(([k]) => k).sort());

describe("a whole game in one room", () => {
  it("plays lobby, start, questions, reveals and the end, and writes D1 exactly once", async () => {
    const owner = await make.mj({ gamesLeft: 3 });
    const l = await launchTwo({ owner });
    const gameId = await gameIdOf(l);
    const pres = await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);
    expect(a.pseudo).not.toBe(b.pseudo);
    expect((await pres.next("pres_newPlayer")).player.playerID).toBe(a.playerID);
    expect((await pres.next("pres_newPlayer")).playersCount).toBe(2);

    pres.start();
    expect((await pres.next("pres_startGame_callback")).startsInMs).toBe(STARTING_MS);
    expect((await a.next("player_startGame")).startsInMs).toBe(STARTING_MS);

    // D1: live, one game used, once.
    await inRoom(l.room, () => undefined);
    await expect.poll(async () => (await gameRow(gameId)).status).toBe("live");
    expect((await accountRow(owner.id)).gamesLeft).toBe(2);

    // Nobody sends anything: the alarm opens the first question.
    await advance(l.room, STARTING_MS);
    const q0 = await a.next("player_newQuestion");
    expect(q0).toMatchObject({ questionIndex: 0, questionsNb: 2, time: 15 });
    expect(JSON.stringify(q0)).not.toContain(String(SPOTS[0].lat));
    const pq0 = await pres.next("pres_newQuestion");
    expect(pq0.question.lat).toBe(SPOTS[0].lat);

    a.answer(0, SPOTS[0]);
    const ack = await a.next("player_answer_callback");
    // Nothing a phone got before the reveal tells the spot or any points.
    const beforeReveal = JSON.stringify(a.msgs);
    for (const secret of [String(SPOTS[0].lat), String(SPOTS[0].lng), "pointsQuestion", "pointsTotal", "spot"])
      expect(beforeReveal).not.toContain(secret);
    expect(Object.keys(ack).sort()).toEqual(["questionIndex", "tempsReponse", "type"]);
    a.answer(0, SPOTS[0]);
    expect((await a.next("error")).code).toBe("answer_twice");
    b.answer(1, SPOTS[1]);
    expect((await b.next("error")).code).toBe("answer_wrong_question");
    b.answer(0, { lat: 10, lng: 10 });

    // Everyone answered: the reveal comes at once.
    const endA = await a.next("player_endQuestion");
    expect(endA).toMatchObject({ questionIndex: 0, distance: 0, rank: 1 });
    expect(endA.pointsQuestion).toBeGreaterThan(5);
    const endB = await b.next("player_endQuestion");
    expect(endB).toMatchObject({ pointsQuestion: 0, rank: 2 });
    await pres.next("pres_endQuestion");
    const results = await pres.next("pres_results");
    expect(results.spot).toEqual(SPOTS[0]);
    const answers = revealAnswers(results);
    expect(answers).toHaveLength(2);
    expect(answers[0]!.seatId).toBe(a.playerID);
    expect(zonesOf(answers, 5)[4]).toEqual([a.playerID]);
    expect(results.results.map((r: { playerID: string }) => r.playerID)).toEqual([a.playerID, b.playerID]);
    expect(results.team_results).toBeNull();
    // The counter reached the presenter too (throttled, merged).
    await expect.poll(() => pres.all("pres_playerAnswered").at(-1)?.answeredCount).toBe(2);

    // Late answer after the reveal.
    b.answer(0, SPOTS[0]);
    expect((await b.next("error")).code).toBe("answer_late");

    pres.nextQuestion();
    await a.next("player_newQuestion", (m) => m.questionIndex === 1);
    // Nobody answers: the deadline alarm ends the question.
    await advance(l.room, 15_000);
    const endA1 = await a.next("player_endQuestion", (m) => m.questionIndex === 1);
    expect(endA1).toMatchObject({ distance: null, isLast: true });
    pres.nextQuestion();
    const endGame = await pres.next("pres_endGame");
    expect(endGame.ranking[0].playerID).toBe(a.playerID);
    const endGameA = await a.next("player_endGame");
    expect(endGameA).toMatchObject({ rank: 1, playersCount: 2 });

    await expect.poll(async () => (await gameRow(gameId)).status).toBe("over");
    const row = await gameRow(gameId);
    const stored = row.results as { ranking: { playerID: string; points: number }[] };
    expect(stored.ranking.map((r) => r.playerID)).toEqual([a.playerID, b.playerID]);
    expect(stored.ranking[0]!.points).toBe(endGameA.pointsTotal);
    // Each answer is a row of the history (question 1 went unanswered).
    const storedAnswers = await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, gameId));
    expect(storedAnswers.map((x) => [x.question, `p${x.playerNo}`]).sort()).toEqual([[0, a.playerID], [0, b.playerID]].sort());
    expect(row).toMatchObject({ playersCount: 2, winner: a.pseudo, quizName: l.quiz.name });
    expect(row.endedAt).toBeGreaterThan(0);
    const [quiz] = await db().select().from(quizzes).where(eq(quizzes.uniqueName, l.quiz.uniqueName));
    expect(quiz!.lastTimePlayed).toBe(row.endedAt);

    // Alarms again (at-least-once): nothing is written twice.
    await runDurableObjectAlarm(stubOf(l.room));
    await runDurableObjectAlarm(stubOf(l.room));
    expect((await accountRow(owner.id)).gamesLeft).toBe(2);
    expect((await gameRow(gameId)).endedAt).toBe(row.endedAt);
    expect(await pendingD1(l.room)).toEqual([]);
  });
});

describe("storage", () => {
  it("at 2000 players a group of answers writes the small core and one value of answers; a reveal the totals in one value", { timeout: 60_000 }, async () => {
    const l = await launchTwo({ max_player: 2000 });
    const writes = await inRoom(l.room, (r) => {
      const game = r.game;
      const room = {
        get state() {
          return game.state!;
        },
        apply: (step: import("@party/engine").Step, caller: null, now: number) => game.apply(step, caller, now),
        writeGroup: () => game.group.write(),
      };
      const engine = import("@party/engine");
      return engine.then(({ hello, answer: answerStep, start, tick }) => {
        const ctx = { random: Math.random, mintSecret: () => "s".repeat(24) };
        let now = Date.now();
        for (let i = 0; i < 2000; i++) room.apply(hello(room.state, { role: "player", version: PROTOCOL_VERSION }, now, ctx), null, now);
        room.apply(start(room.state, now), null, now);
        now += STARTING_MS;
        room.apply(tick(room.state, now), null, now);
        const kv = r.ctx.storage.kv;
        const put = kv.put.bind(kv);
        const log: { key: string; size: number }[] = [];
        kv.put = (key: string, value: unknown) => {
          log.push({ key, size: JSON.stringify(value).length });
          put(key, value);
        };
        const answerWrites = (i: number) => {
          log.length = 0;
          room.apply(answerStep(room.state, `p${i}`, 0, SPOTS[0], now + i), null, now + i);
          room.writeGroup(); // what the group timer does
          return [...log];
        };
        const first = answerWrites(1);
        for (let i = 2; i < 1990; i++) answerWrites(i);
        // Ten answers in one write group (WRITE_GROUP_MS), as a busy question sends them.
        log.length = 0;
        for (let i = 1990; i < 2000; i++) room.apply(answerStep(room.state, `p${i}`, 0, SPOTS[0], now + i), null, now + i);
        room.writeGroup();
        const group = [...log];
        log.length = 0;
        room.apply(answerStep(room.state, "p2000", 0, SPOTS[0], now + 2000), null, now + 2000); // the reveal
        const reveal = [...log];
        kv.put = put;
        return { first, group, reveal, seats: room.state.seats.length };
      });
    });
    expect(writes.seats).toBe(2000);
    // An answer leaves its seat record alone: it goes into a small value of the group's answers.
    expect(writes.first.map((w) => w.key).sort()).toEqual(["answers:0", "core"]);
    expect(writes.first.reduce((n, w) => n + w.size, 0)).toBeLessThan(2_000);
    expect(writes.group.map((w) => w.key).sort()).toEqual(["answers:1989", "core"]);
    expect(writes.group.find((w) => w.key === "answers:1989")!.size).toBeLessThan(1_500);
    // The reveal changes every seat's totals and nothing else of them: one value holds them all.
    const revealKeys = writes.reveal.map((w) => w.key);
    expect(revealKeys.filter((k) => k.startsWith("seat:"))).toEqual([]);
    expect(revealKeys.filter((k) => k.startsWith("answers:"))).toEqual(["answers:1990"]);
    expect(new Set(revealKeys).size).toBe(revealKeys.length);
    expect(revealKeys).toContain("core:ranks");
    expect(revealKeys).toContain("core:totals");
    expect(revealKeys).not.toContain("core:quiz");
    expect(writes.reveal.reduce((n, w) => n + w.size, 0)).toBeLessThan(200_000);
  });

  it("keeps the core under a few keys and each seat under its own, and reloads the same state", async () => {
    const l = await launchTwo();
    const pres = await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);
    await pres.sync();
    expect(await storageKeys(l.room)).toEqual(
      ["core", "core:quiz", "core:ranks", "meta", `seat:${a.playerID}`, `seat:${b.playerID}`].sort()
    );
    const reload = () => reloadRoom(l.room);
    const before = await roomState(l.room);
    const reloaded = await reload();
    expect(reloaded).toEqual(before);
    expect(JSON.stringify(reloaded)).not.toContain("undefined");

    // After a reveal the totals come back from their own value.
    pres.start();
    await advance(l.room, STARTING_MS);
    await a.next("player_newQuestion");
    await b.next("player_newQuestion");
    a.answer(0, SPOTS[0]);
    b.answer(0, { lat: 10, lng: 10 });
    const endA = await a.next("player_endQuestion");
    await b.next("player_endQuestion");
    const revealed = await roomState(l.room);
    // Totals keep full precision; the phone shows them rounded to 2 decimals.
    expect(Math.round(revealed!.seats.find((x) => x.id === a.playerID)!.score * 100) / 100).toBe(endA.pointsTotal);
    expect(await storageKeys(l.room)).toContain("core:totals");
    expect(await reload()).toEqual(revealed);
  });

  it("reads back answers kept inside older seat records, and stores the next ones apart", async () => {
    const l = await launchTwo();
    const { pres, phones: [a, b] } = await startedGame(l, 2);
    await a.next("player_newQuestion");
    a.answer(0, SPOTS[0]);
    b.answer(0, { lat: 10, lng: 10 });
    await a.next("player_endQuestion");
    const revealed = await roomState(l.room);
    // Storage as a room wrote it before answers lived apart: each seat's answers in its record.
    await inRoom(l.room, (r) => {
      const kv = r.ctx.storage.kv;
      for (const [key] of kv.list({ prefix: "answers:" })) kv.delete(key);
      for (const seat of revealed!.seats) {
        const { score: _s, timeMs: _t, ...record } = seat;
        kv.put(`seat:${seat.id}`, record);
      }
    });
    expect(await reloadRoom(l.room)).toEqual(revealed);
    pres.nextQuestion();
    await b.next("player_newQuestion", (m) => m.questionIndex === 1);
    b.answer(1, SPOTS[1]);
    await b.next("player_answer_callback", (m) => m.questionIndex === 1);
    const answered = await roomState(l.room);
    expect(Object.keys(answered!.seats.find((s) => s.id === b.playerID)!.answers)).toEqual(["0", "1"]);
    // b's write moved its older answer into an answers value: its record can lose it safely.
    await inRoom(l.room, (r) => {
      const kv = r.ctx.storage.kv;
      const record = kv.get<{ answers?: unknown }>(`seat:${b.playerID}`)!;
      delete record.answers;
      kv.put(`seat:${b.playerID}`, record);
    });
    expect(await reloadRoom(l.room)).toEqual(answered);
  });
});

describe("lobby", () => {
  it("kicks a player (reason 'kick'), keeps the socket open to join again, and refuses to start without players", async () => {
    const l = await launchTwo();
    const pres = await presenter(l);
    pres.start();
    expect((await pres.next("error")).code).toBe("no_players");
    const a = await join(l.room);
    await pres.next("pres_newPlayer");
    pres.kick(a.playerID);
    expect(await a.next("player_kicked")).toEqual({ type: "player_kicked", reason: "kick" });
    expect(await pres.next("pres_kickPlayer_callback")).toMatchObject({ playerID: a.playerID, playersCount: 0 });
    // The old token is worthless now; the same socket may take a new seat.
    a.send({ type: "player_answer", questionIndex: 0, coords: SPOTS[0] });
    expect((await a.next("error")).code).toBe("not_identified");
    const kicked = a.playerID;
    a.hello();
    const again = await a.next("player_joinRoom_callback");
    expect(again.playerID).not.toBe(kicked);
    pres.kick("p999");
    expect((await pres.next("error")).code).toBe("unknown_player");
  });

  it("lets a player who left the lobby go after 60 s and frees the pair", async () => {
    const l = await launchTwo();
    const pres = await presenter(l);
    const a = await join(l.room);
    await pres.next("pres_newPlayer");
    a.close();
    const greyed = await pres.next("pres_newPlayer", (m) => m.player.connected === false);
    expect(greyed.player.playerID).toBe(a.playerID);
    await advance(l.room, IDLE_SEAT_TTL_MS - 1_000);
    await pres.sync();
    expect(pres.all("pres_playerLeft")).toHaveLength(0);
    await advance(l.room, 1_000);
    expect(await pres.next("pres_playerLeft")).toMatchObject({ playerID: a.playerID, playersCount: 0 });
    expect((await roomState(l.room))!.seats).toHaveLength(0);
  });

  it("ends the room with 'presLeft' when the presenter is away for 10 minutes, then forgets it", async () => {
    const l = await launchTwo();
    const gameId = await gameIdOf(l);
    const pres = await presenter(l);
    const a = await join(l.room);
    pres.close();
    await advance(l.room, PRESENTER_AWAY_MS - 1_000);
    await a.sync();
    expect(a.all("player_kicked")).toHaveLength(0);
    await advance(l.room, 1_000);
    expect(await a.next("player_kicked")).toEqual({ type: "player_kicked", reason: "presLeft" });
    expect((await a.waitClosed())?.code).toBe(4000);
    await expect.poll(async () => (await gameRow(gameId)).status).toBe("closed");
    await expect.poll(() => storageKeys(l.room)).toEqual([]);
    const check = await SELF.fetch(`http://localhost/api/game/check/${l.room}`);
    expect(check.status).toBe(404);
  });

  it("closes an idle room after some hours: D1 closed, storage deleted, no alarm left", async () => {
    const l = await launchTwo();
    const gameId = await gameIdOf(l);
    await presenter(l);
    const a = await join(l.room);
    await advance(l.room, ROOM_IDLE_MS);
    expect((await a.next("player_kicked")).reason).toBe("ended");
    await expect.poll(async () => (await gameRow(gameId)).status).toBe("closed");
    await expect.poll(() => storageKeys(l.room)).toEqual([]);
    expect(await inRoom(l.room, (r) => r.ctx.storage.getAlarm())).toBeNull();
  });
});

describe("reconnection", () => {
  it("gives a returning phone its seat, score and current step, and closes its dead socket", async () => {
    const l = await launchTwo();
    const pres = await presenter(l);
    const a = await join(l.room, { id: "phone-a" });
    const b = await join(l.room);
    pres.start();
    await advance(l.room, STARTING_MS);
    await a.next("player_newQuestion");
    a.answer(0, SPOTS[0]);
    const ack = await a.next("player_answer_callback");
    // Nothing a phone got before the reveal tells the spot or any points.
    const beforeReveal = JSON.stringify(a.msgs);
    for (const secret of [String(SPOTS[0].lat), String(SPOTS[0].lng), "pointsQuestion", "pointsTotal", "spot"])
      expect(beforeReveal).not.toContain(secret);

    // Same page, new socket, the old one not dead yet (same line id).
    const a2 = await join(l.room, { token: a.token, id: "phone-a" });
    expect(a2.playerID).toBe(a.playerID);
    expect(a2.pseudo).toBe(a.pseudo);
    expect((await a2.next("player_newQuestion")).questionIndex).toBe(0);
    expect((await a2.next("player_answer_callback")).tempsReponse).toBe(ack.tempsReponse);
    expect((await a.waitClosed())?.code).toBe(4001);
    const seat = (await roomState(l.room))!.seats.find((s) => s.id === a.playerID)!;
    expect(seat.connected).toBe(true);

    // b drops and comes back after the reveal: it gets the reveal, with its score.
    b.close();
    await advance(l.room, 15_000);
    await a2.next("player_endQuestion");
    const b2 = await join(l.room, { token: b.token });
    expect(b2.playerID).toBe(b.playerID);
    const endB = await b2.next("player_endQuestion");
    expect(endB).toMatchObject({ distance: null, pointsTotal: 0, rank: 2 });

    // The presenter reloads: same room, current step.
    const pres2 = await presenter(l);
    expect((await pres2.next("pres_results")).questionIndex).toBe(0);
  });

  it("knows the sockets it accepted before it slept: their seats, their frames, their close", async () => {
    const l = await launchTwo();
    const pres = await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);
    await pres.next("pres_newPlayer");
    await pres.next("pres_newPlayer");
    // Awake again, the room reads the sockets it accepted back from their attachments.
    await sleepRoom(l.room);

    b.close();
    expect((await pres.next("pres_newPlayer")).player).toMatchObject({ playerID: b.playerID, connected: false });
    pres.start();
    await pres.next("pres_startGame_callback");
    await advance(l.room, STARTING_MS);
    await a.next("player_newQuestion");
    a.answer(0, SPOTS[0]);
    expect((await a.next("player_answer_callback")).questionIndex).toBe(0);
    // A phone coming back now is the new instance's own socket, beside the old ones.
    const b2 = await join(l.room, { token: b.token });
    expect(b2.playerID).toBe(b.playerID);
    expect((await b2.next("player_newQuestion")).questionIndex).toBe(0);
    const seats = (await roomState(l.room))!.seats;
    expect(seats.map((s) => [s.id, s.connected])).toEqual([
      [a.playerID, true],
      [b.playerID, true],
    ]);
  });

  it("closes the sockets an earlier version accepted with 1012 when it wakes, and their phones come back to their seats", async () => {
    const quick = { reconnect: true, backoff: { minMs: 20, maxMs: 100 } };
    const l = await launchTwo();
    const pres = await presenter(l, quick);
    const a = await join(l.room, quick);
    const b = await join(l.room, quick);
    await pres.next("pres_newPlayer");
    await pres.next("pres_newPlayer");
    // An earlier version left its own attachment on each socket (the same facts, not in this
    // version's format), and a key of its own beside the game. Then a deploy: the room wakes on
    // this code.
    await inRoom(l.room, (r) => {
      for (const ws of r.ctx.getWebSockets()) {
        const data = ws.deserializeAttachment() as { page: string; identity: unknown; ip: string; since: number };
        ws.serializeAttachment({ earlier: { page: data.page, room: l.room }, user: { identity: data.identity, ip: data.ip, since: data.since } });
      }
      r.ctx.storage.kv.put("earlier-version-name", l.room);
    });
    await sleepRoom(l.room);

    a.send({ type: "ping" });
    for (const c of [a, b, pres]) await expect.poll(() => c.closes).toContainEqual({ code: 1012, reason: "restart" });
    // Each comes back on a socket of this version, with its token: same seat, same screen.
    expect((await a.next("player_joinRoom_callback")).playerID).toBe(a.playerID);
    expect((await b.next("player_joinRoom_callback")).playerID).toBe(b.playerID);
    await pres.next("pres_newRoom_callback");
    const seats = async () => (await roomState(l.room))!.seats.map((s) => [s.id, s.connected]);
    await expect.poll(seats).toEqual([
      [a.playerID, true],
      [b.playerID, true],
    ]);
    pres.start();
    await pres.next("pres_startGame_callback");
    await advance(l.room, STARTING_MS);
    expect((await a.next("player_newQuestion")).questionIndex).toBe(0);
    for (const c of [a, b, pres]) c.close();
  });

  it("after a restart, counts as away from its return a seat stored as connected whose socket is gone", async () => {
    const l = await launchTwo();
    await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);
    b.close();
    await expect.poll(async () => (await roomState(l.room))!.seats.find((s) => s.id === b.playerID)!.connected).toBe(false);
    const leftAt = (await roomState(l.room))!.seats.find((s) => s.id === b.playerID)!.lastSeen;
    // What a room that died before it saw b leave would have stored.
    await inRoom(l.room, (r) => {
      const key = `seat:${b.playerID}`;
      r.ctx.storage.kv.put(key, { ...(r.ctx.storage.kv.get(key) as object), connected: true, lastSeen: 0 });
    });
    const loaded = await reloadRoom(l.room);
    expect(loaded!.seats.map((s) => [s.id, s.connected])).toEqual([
      [a.playerID, true],
      [b.playerID, false],
    ]);
    // Away from the load (the room's clock, later than its close), not from the stored 0.
    expect(loaded!.seats[1]!.lastSeen).toBeGreaterThanOrEqual(leftAt);
    expect(loaded!.tally).toMatchObject({ waiting: 1, idle: 1 });
  });

  it("answers a stale or forged token like no token", async () => {
    const l = await launchTwo({ icon: "defined" });
    const a = await connect(l.room);
    a.send({ type: "hello", role: "player", token: "p1_forgedforgedforged", version: PROTOCOL_VERSION });
    expect(await a.next("player_joinPseudoRoom_callback")).toMatchObject({ max_players: 9 });
    const p = await connect(l.room);
    p.send({ type: "hello", role: "presenter", token: "x".repeat(40), version: PROTOCOL_VERSION });
    expect((await p.next("error")).code).toBe("forbidden");
    const old = await connect(l.room);
    old.send({ type: "hello", role: "player", version: PROTOCOL_VERSION - 1 });
    expect((await old.next("reload")).version).toBe(PROTOCOL_VERSION);
  });
});

describe("D1 writes", () => {
  it("are retried from the alarm until they land, once", async () => {
    const owner = await make.mj({ gamesLeft: 5 });
    const l = await launchTwo({ owner });
    const gameId = await gameIdOf(l);
    const pres = await presenter(l);
    await join(l.room);
    await failD1Batches(l.room, 2);
    pres.start();
    await pres.next("pres_startGame_callback");
    await pres.sync();
    expect(await storageKeys(l.room)).toContain("d1:pending");
    expect((await gameRow(gameId)).status).toBe("lobby");
    expect(await runDurableObjectAlarm(stubOf(l.room))).toBe(true); // fails again
    expect((await gameRow(gameId)).status).toBe("lobby");
    expect(await runDurableObjectAlarm(stubOf(l.room))).toBe(true);
    await expect.poll(async () => (await gameRow(gameId)).status).toBe("live");
    expect((await accountRow(owner.id)).gamesLeft).toBe(4);
    expect(await storageKeys(l.room)).not.toContain("d1:pending");
    await runDurableObjectAlarm(stubOf(l.room));
    expect((await accountRow(owner.id)).gamesLeft).toBe(4);
  });
});

describe("seats", () => {
  it("defined icons: colour then fruit, live updates, and a race for one pair has exactly one winner", async () => {
    const l = await launchTwo({ icon: "defined" });
    const pres = await presenter(l);
    const c1 = await connect(l.room);
    const c2 = await connect(l.room);
    const watcher = await connect(l.room);
    for (const c of [c1, c2, watcher]) {
      c.hello();
      await c.next("player_joinPseudoRoom_callback");
    }
    c1.chooseColor("vert");
    expect(await c1.next("color_selected_callback")).toMatchObject({ status: true, color: "vert" });
    // Both ask for the same pair at once.
    c1.chooseFruit("vert", "fraise");
    c2.chooseFruit("vert", "fraise");
    const r1 = await c1.next("fruit_selected_callback");
    const r2 = await c2.next("fruit_selected_callback");
    expect([r1.status, r2.status].sort()).toEqual([false, true]);
    const winner = r1.status ? r1 : r2;
    const loser = r1.status ? r2 : r1;
    expect(winner).toMatchObject({ pseudo: "Fraise verte" });
    expect(winner.token).toMatch(/^p\d+_[A-Za-z0-9_-]{16,}$/);
    expect(loser.code).toBe("fruit_taken");
    expect(loser.info!.fruitsUsed.vert).toEqual(["fraise"]);
    expect(await watcher.next("fruit_selected")).toEqual({ type: "fruit_selected", color: "vert", selectedFruit: "fraise" });
    expect((await watcher.next("color_selected")).selectedColor).toBe("vert");
    expect((await pres.next("pres_newPlayer")).player.pseudo).toBe("Fraise verte");
    // The winner's token resumes the seat on /play.
    const resumed = await join(l.room, { token: winner.token });
    expect(resumed.pseudo).toBe("Fraise verte");
  });

  it("team mode: teams fill evenly, team results come with the reveal", async () => {
    const l = await launchTwo({ mode: "team", max_team: 2, max_player: 2 });
    const pres = await presenter(l);
    const players: SeatedPhone[] = [];
    for (let i = 0; i < 4; i++) players.push(await join(l.room));
    const state = (await roomState(l.room))!;
    expect(state.seats.map((s) => s.team).sort()).toEqual(["bleu", "bleu", "jaune", "jaune"]);
    const full = await connect(l.room);
    full.hello();
    expect(await full.next("error")).toEqual({ type: "error", code: "room_full" });
    pres.start();
    await advance(l.room, STARTING_MS);
    for (const p of players) p.answer(0, p === players[0] ? SPOTS[0] : { lat: 0, lng: 0 });
    const results = await pres.next("pres_results");
    expect(results.team_results!.map((t: { name: string }) => t.name).sort()).toEqual(["Équipe bleue", "Équipe jaune"]);
    const mine = await players[0]!.next("player_endQuestion");
    expect(mine.team!.team).toBe(state.seats.find((s) => s.id === players[0]!.playerID)!.team);
  });

  it("numbers pseudos beyond the 54 pairs, refuses a full room, and seats a late joiner at 0", async () => {
    const l = await launchTwo({ max_player: 56 });
    const pres = await presenter(l);
    const players: SeatedPhone[] = [];
    for (let i = 0; i < 56; i++) players.push(await join(l.room));
    const pseudos = players.map((p) => p.pseudo);
    expect(new Set(pseudos).size).toBe(56);
    expect(pseudos.slice(0, 54).every((p) => !/ \d+$/.test(p))).toBe(true);
    expect(pseudos.slice(54).every((p) => / 2$/.test(p))).toBe(true);
    const extra = await connect(l.room);
    extra.hello();
    expect((await extra.next("error")).code).toBe("room_full");

    // Late joiner: a seat freed by a kick, taken while the game runs.
    pres.kick(players[55]!.playerID);
    await pres.next("pres_kickPlayer_callback");
    pres.start();
    await advance(l.room, STARTING_MS);
    const late = await join(l.room);
    expect((await late.next("player_newQuestion")).questionIndex).toBe(0);
    const lateSeat = (await roomState(l.room))!.seats.find((s) => s.id === late.playerID)!;
    expect(lateSeat.score).toBe(0);
  });
});

describe("presenter answer counter", () => {
  it("is throttled: fewer messages than answers, final count exact", async () => {
    const l = await launchTwo();
    const pres = await presenter(l);
    const players: SeatedPhone[] = [];
    for (let i = 0; i < 20; i++) players.push(await join(l.room));
    pres.start();
    await advance(l.room, STARTING_MS);
    for (const p of players) await p.next("player_newQuestion");
    for (const p of players) p.answer(0, SPOTS[0]);
    await pres.next("pres_results");
    const notices = pres.all("pres_playerAnswered");
    expect(notices.length).toBeLessThan(20);
    expect(notices.flatMap((n) => n.answers)).toHaveLength(20);
    expect(notices.at(-1)).toMatchObject({ answeredCount: 20, expectedCount: 20 });
    // The counter always precedes the reveal.
    const order = pres.msgs.map((m) => m.type);
    expect(order.lastIndexOf("pres_playerAnswered")).toBeLessThan(order.indexOf("pres_endQuestion"));
  });
});

describe("the socket itself", () => {
  it("answers a phone that offers compression, as every browser does, without it, and plays on", async () => {
    // Deflating every frame for every phone doubled a 2,000-phone broadcast and the room's memory
    // per seat (decision 024): the Worker's `no_web_socket_compression` flag declines the offer.
    const l = await launch();
    const res = await SELF.fetch(`http://localhost/parties/game-room/${l.room}`, {
      headers: { Upgrade: "websocket", "Sec-WebSocket-Extensions": "permessage-deflate; client_max_window_bits" },
    });
    expect(res.status).toBe(101);
    expect(res.headers.get("Sec-WebSocket-Extensions")).toBeNull();
    const ws = res.webSocket!;
    ws.accept();
    const answered = new Promise<string>((resolve) => ws.addEventListener("message", (e) => resolve(String(e.data)), { once: true }));
    ws.send(JSON.stringify({ type: "ping" }));
    expect(JSON.parse(await answered)).toEqual({ type: "pong", at: expect.any(Number) });
    ws.close(1000);
  });
});
