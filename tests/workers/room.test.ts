import { env, runDurableObjectAlarm, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, games, quizzes } from "@db/schema";
import { LOBBY_SEAT_TTL_MS, PRESENTER_AWAY_MS, ROOM_IDLE_MS, STARTING_MS } from "@party/engine";
import { PROTOCOL_VERSION } from "@common/protocol";
import {
  SPOTS,
  advance,
  answer,
  connect,
  db,
  inRoom,
  join,
  launch,
  presenter,
  roomState,
  stubOf,
  type Player,
} from "./room-helpers";

const gameRow = async (id: string) => (await db().select().from(games).where(eq(games.id, id)))[0]!;
const accountRow = async (id: number) => (await db().select().from(accounts).where(eq(accounts.id, id)))[0]!;
/** The room's own keys (partyserver adds __ps_name, its copy of the room's name). */
const storageKeys = (room: string) =>
  inRoom(room, (r) =>
    [...r.ctx.storage.kv.list()]
      .map(([k]) => k)
      .filter((k) => k !== "__ps_name")
      .sort()
  );

describe("a whole game in one room", () => {
  it("plays lobby, start, questions, reveals and the end, and writes D1 exactly once", async () => {
    const owner = await (await import("./room-helpers")).makeAccount({ nbGame: 3 });
    const l = await launch({}, owner);
    const pres = await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);
    expect(a.pseudo).not.toBe(b.pseudo);
    expect((await pres.next("pres_newPlayer")).player.playerID).toBe(a.id);
    expect((await pres.next("pres_newPlayer")).playersCount).toBe(2);

    pres.send({ type: "pres_startGame" });
    expect((await pres.next("pres_startGame_callback")).startsInMs).toBe(STARTING_MS);
    expect((await a.sock.next("player_startGame")).startsInMs).toBe(STARTING_MS);

    // D1: live, one game used, once.
    await inRoom(l.room, () => undefined);
    await expect.poll(async () => (await gameRow(l.gameId)).status).toBe("live");
    expect((await accountRow(owner.id)).nbGame).toBe(2);

    // Nobody sends anything: the alarm opens the first question.
    await advance(l.room, STARTING_MS);
    const q0 = await a.sock.next("player_newQuestion");
    expect(q0).toMatchObject({ questionIndex: 0, questionsNb: 2, time: 15 });
    expect(JSON.stringify(q0)).not.toContain(String(SPOTS[0].lat));
    const pq0 = await pres.next("pres_newQuestion");
    expect(pq0.question.lat).toBe(SPOTS[0].lat);

    answer(a, 0, SPOTS[0]);
    const ack = await a.sock.next("player_answer_callback");
    // Nothing a phone got before the reveal tells the spot or any points.
    const beforeReveal = JSON.stringify(a.sock.msgs);
    for (const secret of [String(SPOTS[0].lat), String(SPOTS[0].lng), "pointsQuestion", "pointsTotal", "spot"])
      expect(beforeReveal).not.toContain(secret);
    expect(Object.keys(ack).sort()).toEqual(["questionIndex", "tempsReponse", "type"]);
    answer(a, 0, SPOTS[0]);
    expect((await a.sock.next("error")).code).toBe("answer_twice");
    answer(b, 1, SPOTS[1]);
    expect((await b.sock.next("error")).code).toBe("answer_wrong_question");
    answer(b, 0, { lat: 10, lng: 10 });

    // Everyone answered: the reveal comes at once.
    const endA = await a.sock.next("player_endQuestion");
    expect(endA).toMatchObject({ questionIndex: 0, answered: true, distance: 0, rank: 1 });
    expect(endA.pointsQuestion).toBeGreaterThan(5);
    const endB = await b.sock.next("player_endQuestion");
    expect(endB).toMatchObject({ pointsQuestion: 0, rank: 2 });
    await pres.next("pres_endQuestion");
    const results = await pres.next("pres_results");
    expect(results.spot).toEqual(SPOTS[0]);
    expect(results.coords).toHaveLength(2);
    expect(results.coordsOrderDist[0].playerID).toBe(a.id);
    expect(results.coords_byDist[4].map((e: { playerID: string }) => e.playerID)).toEqual([a.id]);
    expect(results.results.map((r: { playerID: string }) => r.playerID)).toEqual([a.id, b.id]);
    expect(results.team_results).toBeNull();
    // The counter reached the presenter too (throttled, merged).
    await expect.poll(() => pres.all("pres_playerAnswered").at(-1)?.answeredCount).toBe(2);

    // Late answer after the reveal.
    answer(b, 0, SPOTS[0]);
    expect((await b.sock.next("error")).code).toBe("answer_late");

    pres.send({ type: "pres_nextQuestion" });
    await a.sock.next("player_newQuestion", (m) => m.questionIndex === 1);
    // Nobody answers: the deadline alarm ends the question.
    await advance(l.room, 15_000);
    const endA1 = await a.sock.next("player_endQuestion", (m) => m.questionIndex === 1);
    expect(endA1).toMatchObject({ answered: false, distance: null, isLast: true });
    pres.send({ type: "pres_nextQuestion" });
    const endGame = await pres.next("pres_endGame");
    expect(endGame.ranking[0].playerID).toBe(a.id);
    const endGameA = await a.sock.next("player_endGame");
    expect(endGameA).toMatchObject({ rank: 1, playersCount: 2 });

    await expect.poll(async () => (await gameRow(l.gameId)).status).toBe("over");
    const row = await gameRow(l.gameId);
    const stored = row.results as { ranking: { playerID: string; points: number }[]; answers: unknown[] };
    expect(stored.ranking.map((r) => r.playerID)).toEqual([a.id, b.id]);
    expect(stored.ranking[0]!.points).toBe(endGameA.pointsTotal);
    expect(stored.answers).toHaveLength(2);
    expect(row.endedAt).toBeGreaterThan(0);
    const [quiz] = await db().select().from(quizzes).where(eq(quizzes.uniqueName, l.quiz));
    expect(quiz!.lastTimePlayed).toBe(row.endedAt);

    // Alarms again (at-least-once): nothing is written twice.
    await runDurableObjectAlarm(stubOf(l.room));
    await runDurableObjectAlarm(stubOf(l.room));
    expect((await accountRow(owner.id)).nbGame).toBe(2);
    expect((await gameRow(l.gameId)).endedAt).toBe(row.endedAt);
    expect(await inRoom(l.room, (r) => r.pending.length)).toBe(0);
  });
});

describe("storage", () => {
  it("at 2000 players an answer rewrites the small core and one seat; a reveal every seat once", { timeout: 60_000 }, async () => {
    const l = await launch({ maxPlayer: 2000 });
    const writes = await inRoom(l.room, (r) => {
      const room = r as unknown as {
        state: import("@party/engine").GameState;
        apply(step: unknown, caller: null, now: number): void;
        writeAnswerGroup(): void;
        clockSkewMs: number;
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
          room.writeAnswerGroup(); // what the group timer does
          return [...log];
        };
        const first = answerWrites(1);
        for (let i = 2; i < 2000; i++) answerWrites(i);
        log.length = 0;
        room.apply(answerStep(room.state, "p2000", 0, SPOTS[0], now + 2000), null, now + 2000); // the reveal
        const reveal = [...log];
        kv.put = put;
        return { first, reveal, seats: room.state.seats.length };
      });
    });
    expect(writes.seats).toBe(2000);
    expect(writes.first.map((w) => w.key).sort()).toEqual(["core", "seat:p1"]);
    expect(writes.first.reduce((n, w) => n + w.size, 0)).toBeLessThan(2_000);
    const revealKeys = writes.reveal.map((w) => w.key);
    expect(revealKeys.filter((k) => k.startsWith("seat:"))).toHaveLength(2000);
    expect(new Set(revealKeys).size).toBe(revealKeys.length);
    expect(revealKeys).toContain("core:ranks");
    expect(revealKeys).not.toContain("core:quiz");
  });

  it("keeps the core under a few keys and each seat under its own, and reloads the same state", async () => {
    const l = await launch();
    const pres = await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);
    await pres.sync();
    expect(await storageKeys(l.room)).toEqual(
      ["core", "core:quiz", "core:ranks", "meta", `seat:${a.id}`, `seat:${b.id}`].sort()
    );
    const before = await roomState(l.room);
    const reloaded = await inRoom(l.room, (r) => {
      const internals = r as unknown as { loaded: boolean; ensureLoaded(): void; state: unknown };
      internals.loaded = false;
      internals.ensureLoaded();
      return structuredClone(internals.state);
    });
    expect(reloaded).toEqual(before);
    expect(JSON.stringify(reloaded)).not.toContain("undefined");
  });
});

describe("lobby", () => {
  it("kicks a player (reason 'kick'), keeps the socket open to join again, and refuses to start without players", async () => {
    const l = await launch();
    const pres = await presenter(l);
    pres.send({ type: "pres_startGame" });
    expect((await pres.next("error")).code).toBe("no_players");
    const a = await join(l.room);
    await pres.next("pres_newPlayer");
    pres.send({ type: "pres_kickPlayer", playerID: a.id });
    expect(await a.sock.next("player_kicked")).toEqual({ type: "player_kicked", reason: "kick" });
    expect(await pres.next("pres_kickPlayer_callback")).toMatchObject({ playerID: a.id, playersCount: 0 });
    // The old token is worthless now; the same socket may take a new seat.
    a.sock.send({ type: "player_answer", questionIndex: 0, coords: SPOTS[0] });
    expect((await a.sock.next("error")).code).toBe("not_identified");
    a.sock.send({ type: "hello", role: "player", token: a.token, version: PROTOCOL_VERSION });
    const again = await a.sock.next("player_joinRoom_callback");
    expect(again.playerID).not.toBe(a.id);
    pres.send({ type: "pres_kickPlayer", playerID: "p999" });
    expect((await pres.next("error")).code).toBe("unknown_player");
  });

  it("lets a player who left the lobby go after 60 s and frees the pair", async () => {
    const l = await launch();
    const pres = await presenter(l);
    const a = await join(l.room);
    await pres.next("pres_newPlayer");
    a.sock.close();
    const greyed = await pres.next("pres_newPlayer", (m) => m.player.connected === false);
    expect(greyed.player.playerID).toBe(a.id);
    await advance(l.room, LOBBY_SEAT_TTL_MS - 1_000);
    await pres.sync();
    expect(pres.all("pres_playerLeft")).toHaveLength(0);
    await advance(l.room, 1_000);
    expect(await pres.next("pres_playerLeft")).toMatchObject({ playerID: a.id, playersCount: 0 });
    expect((await roomState(l.room))!.seats).toHaveLength(0);
  });

  it("ends the room with 'presLeft' when the presenter is away for 10 minutes, then forgets it", async () => {
    const l = await launch();
    const pres = await presenter(l);
    const a = await join(l.room);
    pres.close();
    await advance(l.room, PRESENTER_AWAY_MS - 1_000);
    await a.sock.sync();
    expect(a.sock.all("player_kicked")).toHaveLength(0);
    await advance(l.room, 1_000);
    expect(await a.sock.next("player_kicked")).toEqual({ type: "player_kicked", reason: "presLeft" });
    expect((await a.sock.waitClosed())?.code).toBe(4000);
    await expect.poll(async () => (await gameRow(l.gameId)).status).toBe("closed");
    await expect.poll(() => storageKeys(l.room)).toEqual([]);
    const check = await SELF.fetch(`http://localhost/api/game/check/${l.room}`);
    expect(check.status).toBe(404);
  });

  it("closes an idle room after some hours: D1 closed, storage deleted, no alarm left", async () => {
    const l = await launch();
    await presenter(l);
    const a = await join(l.room);
    await advance(l.room, ROOM_IDLE_MS);
    expect((await a.sock.next("player_kicked")).reason).toBe("ended");
    await expect.poll(async () => (await gameRow(l.gameId)).status).toBe("closed");
    await expect.poll(() => storageKeys(l.room)).toEqual([]);
    expect(await inRoom(l.room, (r) => r.ctx.storage.getAlarm())).toBeNull();
  });
});

describe("reconnection", () => {
  it("gives a returning phone its seat, score and current step, and closes its dead socket", async () => {
    const l = await launch();
    const pres = await presenter(l);
    const a = await join(l.room, undefined, "phone-a");
    const b = await join(l.room);
    pres.send({ type: "pres_startGame" });
    await advance(l.room, STARTING_MS);
    await a.sock.next("player_newQuestion");
    answer(a, 0, SPOTS[0]);
    const ack = await a.sock.next("player_answer_callback");
    // Nothing a phone got before the reveal tells the spot or any points.
    const beforeReveal = JSON.stringify(a.sock.msgs);
    for (const secret of [String(SPOTS[0].lat), String(SPOTS[0].lng), "pointsQuestion", "pointsTotal", "spot"])
      expect(beforeReveal).not.toContain(secret);

    // Same page, new socket, the old one not dead yet (same partysocket id).
    const a2 = await join(l.room, a.token, "phone-a");
    expect(a2.id).toBe(a.id);
    expect(a2.pseudo).toBe(a.pseudo);
    expect((await a2.sock.next("player_newQuestion")).questionIndex).toBe(0);
    expect((await a2.sock.next("player_answer_callback")).tempsReponse).toBe(ack.tempsReponse);
    expect((await a.sock.waitClosed())?.code).toBe(4001);
    const seat = (await roomState(l.room))!.seats.find((s) => s.id === a.id)!;
    expect(seat.connected).toBe(true);

    // b drops and comes back after the reveal: it gets the reveal, with its score.
    b.sock.close();
    await advance(l.room, 15_000);
    await a2.sock.next("player_endQuestion");
    const b2 = await join(l.room, b.token);
    expect(b2.id).toBe(b.id);
    const endB = await b2.sock.next("player_endQuestion");
    expect(endB).toMatchObject({ answered: false, pointsTotal: 0, rank: 2 });

    // The presenter reloads: same room, current step.
    const pres2 = await presenter(l);
    expect((await pres2.next("pres_results")).questionIndex).toBe(0);
  });

  it("answers a stale or forged token like no token", async () => {
    const l = await launch({ iconType: "defined" });
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
    const owner = await (await import("./room-helpers")).makeAccount({ nbGame: 5 });
    const l = await launch({}, owner);
    const pres = await presenter(l);
    await join(l.room);
    await inRoom(l.room, (r) => {
      r.failNextD1Flushes = 2;
    });
    pres.send({ type: "pres_startGame" });
    await pres.next("pres_startGame_callback");
    await pres.sync();
    expect(await storageKeys(l.room)).toContain("d1:pending");
    expect((await gameRow(l.gameId)).status).toBe("lobby");
    expect(await runDurableObjectAlarm(stubOf(l.room))).toBe(true); // fails again
    expect((await gameRow(l.gameId)).status).toBe("lobby");
    expect(await runDurableObjectAlarm(stubOf(l.room))).toBe(true);
    await expect.poll(async () => (await gameRow(l.gameId)).status).toBe("live");
    expect((await accountRow(owner.id)).nbGame).toBe(4);
    expect(await storageKeys(l.room)).not.toContain("d1:pending");
    await runDurableObjectAlarm(stubOf(l.room));
    expect((await accountRow(owner.id)).nbGame).toBe(4);
  });
});

describe("seats", () => {
  it("defined icons: colour then fruit, live updates, and a race for one pair has exactly one winner", async () => {
    const l = await launch({ iconType: "defined" });
    const pres = await presenter(l);
    const c1 = await connect(l.room);
    const c2 = await connect(l.room);
    const watcher = await connect(l.room);
    for (const c of [c1, c2, watcher]) {
      c.send({ type: "hello", role: "player", version: PROTOCOL_VERSION });
      await c.next("player_joinPseudoRoom_callback");
    }
    c1.send({ type: "player_chooseColor", color: "vert" });
    expect(await c1.next("color_selected_callback")).toMatchObject({ status: true, color: "vert" });
    // Both ask for the same pair at once.
    c1.send({ type: "player_chooseFruit", color: "vert", fruit: "fraise" });
    c2.send({ type: "player_chooseFruit", color: "vert", fruit: "fraise" });
    const r1 = await c1.next("fruit_selected_callback");
    const r2 = await c2.next("fruit_selected_callback");
    expect([r1.status, r2.status].sort()).toEqual([false, true]);
    const winner = r1.status ? r1 : r2;
    const loser = r1.status ? r2 : r1;
    expect(winner).toMatchObject({ pseudo: "Fraise verte" });
    expect(winner.token).toMatch(/^p\d+_[A-Za-z0-9_-]{16,}$/);
    expect(loser.message).toBe("Ce fruit est déjà pris pour cette couleur");
    expect(loser.info.fruitsUsed.vert).toEqual(["fraise"]);
    expect(await watcher.next("fruit_selected")).toEqual({ type: "fruit_selected", color: "vert", selectedFruit: "fraise" });
    expect((await watcher.next("color_selected")).selectedColor).toBe("vert");
    expect((await pres.next("pres_newPlayer")).player.pseudo).toBe("Fraise verte");
    // The winner's token resumes the seat on /play.
    const resumed = await join(l.room, winner.token);
    expect(resumed.pseudo).toBe("Fraise verte");
  });

  it("team mode: teams fill evenly, team results come with the reveal", async () => {
    const l = await launch({ mode: "team", maxTeam: 2, maxPlayer: 2 });
    const pres = await presenter(l);
    const players: Player[] = [];
    for (let i = 0; i < 4; i++) players.push(await join(l.room));
    const state = (await roomState(l.room))!;
    expect(state.seats.map((s) => s.team).sort()).toEqual(["bleu", "bleu", "jaune", "jaune"]);
    const full = await connect(l.room);
    full.send({ type: "hello", role: "player", version: PROTOCOL_VERSION });
    expect(await full.next("error")).toMatchObject({ code: "room_full", message: "Cette salle est complète" });
    pres.send({ type: "pres_startGame" });
    await advance(l.room, STARTING_MS);
    for (const p of players) answer(p, 0, p === players[0] ? SPOTS[0] : { lat: 0, lng: 0 });
    const results = await pres.next("pres_results");
    expect(results.team_results.map((t: { name: string }) => t.name).sort()).toEqual(["Équipe bleue", "Équipe jaune"]);
    const mine = await players[0]!.sock.next("player_endQuestion");
    expect(mine.team.team).toBe(state.seats.find((s) => s.id === players[0]!.id)!.team);
  });

  it("numbers pseudos beyond the 54 pairs, refuses a full room, and seats a late joiner at 0", async () => {
    const l = await launch({ maxPlayer: 56 });
    const pres = await presenter(l);
    const players: Player[] = [];
    for (let i = 0; i < 56; i++) players.push(await join(l.room));
    const pseudos = players.map((p) => p.pseudo);
    expect(new Set(pseudos).size).toBe(56);
    expect(pseudos.slice(0, 54).every((p) => !/ \d+$/.test(p))).toBe(true);
    expect(pseudos.slice(54).every((p) => / 2$/.test(p))).toBe(true);
    const extra = await connect(l.room);
    extra.send({ type: "hello", role: "player", version: PROTOCOL_VERSION });
    expect((await extra.next("error")).code).toBe("room_full");

    // Late joiner: a seat freed by a kick, taken while the game runs.
    pres.send({ type: "pres_kickPlayer", playerID: players[55]!.id });
    await pres.next("pres_kickPlayer_callback");
    pres.send({ type: "pres_startGame" });
    await advance(l.room, STARTING_MS);
    const late = await join(l.room);
    expect((await late.sock.next("player_newQuestion")).questionIndex).toBe(0);
    const lateSeat = (await roomState(l.room))!.seats.find((s) => s.id === late.id)!;
    expect(lateSeat.score).toBe(0);
  });
});

describe("presenter answer counter", () => {
  it("is throttled: fewer messages than answers, final count exact", async () => {
    const l = await launch();
    const pres = await presenter(l);
    const players: Player[] = [];
    for (let i = 0; i < 20; i++) players.push(await join(l.room));
    pres.send({ type: "pres_startGame" });
    await advance(l.room, STARTING_MS);
    for (const p of players) await p.sock.next("player_newQuestion");
    for (const p of players) answer(p, 0, SPOTS[0]);
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
