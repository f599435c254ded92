import { describe, expect, it } from "vitest";
import { STARTING_MS } from "@party/engine";
import { frameCost } from "@party/engine/budget";
import { PROTOCOL_VERSION, type ServerMessage } from "@common/wire/protocol";
import { ROOM_CODES } from "@common/client/room-texts";
import {
  ADDRESS_LIMITS,
  FLOOD_DROPS,
  IDLE_SEAT_TTL_MS,
  PLAYER_BUDGET,
  PRESENTER_BUDGET,
  ROUND_TRIP_MAX_MS,
  SILENT_SOCKET_MS,
  SOCKETS_PER_SEAT,
} from "@common/rules";
import { TestPhone, TestPresenter, type TestClient } from "../support/room-sockets";
import type { GameRoom } from "@party/game-room";
import {
  advance,
  closeRoom,
  connect,
  inRoom,
  make,
  stubOf,
  reloadRoom,
  skewClock,
  sleepRoom,
  join,
  launch,
  presenter,
  roomState,
  silentSocket,
  socketsFrom,
  socketsWith,
  startedGame,
  upgradeRoom,
} from "../support/workers";

const SPOTS = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 45.764, lng: 4.8357 },
] as const;

/** Deterministic randomness: a failure replays exactly. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Who = "stranger" | "player" | "presenter";

/**
 * Messages that must all be refused for the sender in the lobby or during a question: wrong
 * shapes, wrong roles, wrong steps, oversized or binary frames. None is a valid move for `who`.
 */
function hostile(rand: () => number, who: Who, phase: "lobby" | "question"): string | ArrayBuffer {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const junk = () => {
    const chars = "{}[]\":,0123456789abcdefé\\\u0000\u2028 ";
    let s = "";
    for (let i = 0, n = Math.floor(rand() * 60); i < n; i++) s += chars[Math.floor(rand() * chars.length)];
    return s;
  };
  const generic: (() => string | ArrayBuffer)[] = [
    junk,
    () => "x".repeat(2049 + Math.floor(rand() * 5000)),
    () => new Uint8Array([1, 2, 3]).buffer,
    () => JSON.stringify(null),
    () => JSON.stringify([1, 2]),
    () => JSON.stringify({ type: pick(["", "PING", "hello ", "__proto__", "constructor", "pres_newRoom"]) }),
    () => JSON.stringify({ type: "hello", role: pick(["admin", "", null, 3]), version: PROTOCOL_VERSION }),
    () => JSON.stringify({ type: "hello", role: "player", token: "short", version: PROTOCOL_VERSION }),
    () => JSON.stringify({ type: "hello", role: "player", token: "bad token with spaces!!", version: PROTOCOL_VERSION }),
    () => JSON.stringify({ type: "hello", role: "player", version: "1" }),
    () => JSON.stringify({ type: "hello", role: "player", version: PROTOCOL_VERSION + 1 + Math.floor(rand() * 9) }),
    () => JSON.stringify({ type: "player_answer", questionIndex: -1, coords: { lat: 0, lng: 0 } }),
    () => JSON.stringify({ type: "player_answer", questionIndex: 0, coords: { lat: 91, lng: 0 } }),
    () => JSON.stringify({ type: "player_answer", questionIndex: 0, coords: { lat: "48", lng: 2 } }),
    () => JSON.stringify({ type: "player_answer", questionIndex: 1.5, coords: SPOTS[0] }),
    () => JSON.stringify({ type: "player_chooseColor", color: "violet" }),
    () => JSON.stringify({ type: "player_chooseFruit", color: "vert", fruit: "mangue" }),
    () => JSON.stringify({ type: "pres_kickPlayer", playerID: "p1; DROP TABLE games" }),
    () => JSON.stringify({ type: "pres_kickPlayer", playerID: "x".repeat(40) }),
    () => JSON.stringify({ type: "pres_lockRoom", locked: "oui" }),
    () => '{"type":"ping"' + "]".repeat(Math.floor(rand() * 3)),
    () => JSON.stringify({ type: "pres_startGame", __proto__: { admin: true }, extra: junk() }).replace("pres_startGame", "pres_startgame"),
  ];
  const byRole: Record<Who, (() => string)[]> = {
    stranger: [
      () => JSON.stringify({ type: "pres_startGame" }),
      () => JSON.stringify({ type: "pres_nextQuestion" }),
      () => JSON.stringify({ type: "pres_lockRoom", locked: true }),
      () => JSON.stringify({ type: "player_answer", questionIndex: 0, coords: SPOTS[0] }),
      () => JSON.stringify({ type: "player_chooseColor", color: "vert" }),
      () => JSON.stringify({ type: "hello", role: "presenter", token: "a".repeat(43), version: PROTOCOL_VERSION }),
      () => JSON.stringify({ type: "hello", role: "presenter", version: PROTOCOL_VERSION }),
    ],
    player: [
      () => JSON.stringify({ type: "pres_startGame" }),
      () => JSON.stringify({ type: "pres_nextQuestion" }),
      () => JSON.stringify({ type: "pres_kickPlayer", playerID: "p1" }),
      () => JSON.stringify({ type: "pres_lockRoom", locked: true }),
      () => JSON.stringify({ type: "player_chooseColor", color: "vert" }),
      () => JSON.stringify({ type: "player_chooseFruit", color: "vert", fruit: "kiwi" }),
      () => JSON.stringify({ type: "player_answer", questionIndex: phase === "lobby" ? 0 : 1, coords: SPOTS[0] }),
    ],
    presenter: [
      () => JSON.stringify({ type: "player_answer", questionIndex: 0, coords: SPOTS[0] }),
      () => JSON.stringify({ type: "player_chooseColor", color: "vert" }),
      () => JSON.stringify({ type: "pres_kickPlayer", playerID: `p${100 + Math.floor(rand() * 900)}` }),
      () => JSON.stringify({ type: phase === "lobby" ? "pres_nextQuestion" : "pres_startGame" }),
      () => JSON.stringify({ type: "hello", role: "presenter", token: "b".repeat(43), version: PROTOCOL_VERSION }),
    ],
  };
  return rand() < 0.5 ? pick(generic)() : pick(byRole[who])();
}

const sizeOf = (frame: string | ArrayBuffer) => (typeof frame === "string" ? frame.length : frame.byteLength);

/**
 * Sends `n` hostile frames and checks that each got exactly one clean reply. Each socket sends
 * what its message budget allows (minus its hello, its pings and a phone's echoes), then the next one
 * takes over: a fresh socket of the same kind (`open`).
 */
async function flood(open: () => Promise<TestClient>, who: Who, phase: "lobby" | "question", n: number, rand: () => number) {
  const budget = who === "presenter" ? PRESENTER_BUDGET.burst : PLAYER_BUDGET.burst;
  let sent = 0;
  while (sent < n) {
    const sock = await open();
    // Whatever the room says on arrival (the screen of the phase) comes before the flood.
    await sock.sync();
    const before = sock.msgs.length;
    // Its hello and the two pings; a phone also echoes the room's clock stamp on the first pong,
    // and a seat on the question the room replays to it.
    let spent = (who === "stranger" ? 2 : 3) + (who === "presenter" ? 0 : 1) + (who === "player" && phase === "question" ? 1 : 0);
    let here = 0;
    while (sent < n) {
      const frame = hostile(rand, who, phase);
      if (spent + frameCost(sizeOf(frame)) > budget) break;
      spent += frameCost(sizeOf(frame));
      sock.sendRaw(frame);
      sent++;
      here++;
    }
    await sock.sync();
    const replies = sock.msgs.slice(before).filter((m) => m.type !== "pong");
    expect(replies).toHaveLength(here);
    for (const r of replies as ServerMessage[]) {
      if (r.type === "reload") {
        expect(r.version).toBe(PROTOCOL_VERSION);
        continue;
      }
      expect(r.type).toBe("error");
      if (r.type !== "error") continue;
      // A code the pages word, and no sentence on the wire.
      expect(ROOM_CODES).toContain(r.code);
      expect(Object.keys(r).sort()).toEqual(["code", "type"]);
    }
    sock.close();
  }
}

/** What a flood must not change: the seats, their answers and scores, the phase. */
async function gameOfRoom(room: string) {
  const s = (await roomState(room))!;
  return {
    phase: s.phase,
    questionIndex: s.questionIndex,
    nextSeatNo: s.nextSeatNo,
    locked: s.locked,
    seats: s.seats.map((x) => ({ id: x.id, pseudo: x.pseudo, score: x.score, answers: x.answers, connected: x.connected })),
  };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The HTTP status a socket upgrade to `room` gets with these headers (101: accepted, then closed). */
const upgradeStatus = async (room: string, headers: Record<string, string>) => (await upgradeRoom(room, headers)).status;

describe("hostile input", () => {
  it("answers every bad message within budget with an error each, changes nothing, and the game still plays", { timeout: 60_000 }, async () => {
    const rand = mulberry32(20260426);
    const l = await launch({ spots: SPOTS });
    const pres = await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);
    await pres.sync();
    const lobbyBefore = await gameOfRoom(l.room);

    const stranger = () => connect(l.room);
    const seatOf = (p: TestPhone) => () => join(l.room, { token: p.token });
    const presenterAgain = () => presenter(l);
    await flood(stranger, "stranger", "lobby", 400, rand);
    await flood(seatOf(a), "player", "lobby", 400, rand);
    await flood(presenterAgain, "presenter", "lobby", 400, rand);
    expect(await gameOfRoom(l.room)).toEqual(lobbyBefore);

    pres.start();
    await advance(l.room, STARTING_MS);
    await a.next("player_newQuestion");
    const questionBefore = await gameOfRoom(l.room);
    await flood(seatOf(b), "player", "question", 300, rand);
    await flood(stranger, "stranger", "question", 200, rand);
    await flood(presenterAgain, "presenter", "question", 200, rand);
    expect(await gameOfRoom(l.room)).toEqual(questionBefore);

    // The game is intact: answers score, the reveal ranks, the end ranks.
    a.answer(0, SPOTS[0]);
    b.answer(0, { lat: SPOTS[0].lat + 0.0005, lng: SPOTS[0].lng }); // about 56 m: the 100 m ring
    const endA = await a.next("player_endQuestion");
    const endB = await b.next("player_endQuestion");
    expect(endA.rank).toBe(1);
    expect(endB.rank).toBe(2);
    expect(endB.distance).toBe(56);
    expect(endB.pointsQuestion).toBeGreaterThan(3);
    pres.nextQuestion();
    await a.next("player_newQuestion", (m) => m.questionIndex === 1);
    a.answer(1, SPOTS[1]);
    b.answer(1, SPOTS[1]);
    await pres.next("pres_results", (m) => m.questionIndex === 1);
    pres.nextQuestion();
    const end = await pres.next("pres_endGame");
    expect(end.ranking.map((r: { playerID: string }) => r.playerID)).toEqual([a.playerID, b.playerID]);
  });
});

describe("the fair clock", () => {
  it("gives a phone that forges slow echoes the bound off its time and no more, even after the room slept", async () => {
    const l = await launch({ spots: SPOTS });
    const { phones: [cheat] } = await startedGame(l, 2);
    const q = await cheat.next("player_newQuestion");
    // Echoes of the question's stamp as if it had taken 9 s to come back (and one from the future,
    // one too old to be a round trip, which count for nothing).
    for (let i = 0; i < 5; i++) cheat.sendRaw(JSON.stringify({ type: "echo", at: q.at - 9_000 }));
    cheat.sendRaw(JSON.stringify({ type: "echo", at: q.at + 60_000 }));
    cheat.sendRaw(JSON.stringify({ type: "echo", at: q.at - 60_000 }));
    await cheat.sync();
    // An echo is never answered: the sync's pong is all the cheat heard.
    expect(cheat.msgs.slice(cheat.msgs.indexOf(q) + 1).map((m) => m.type)).toEqual(["pong"]);
    // The round trips live with the sockets: a room that sleeps and wakes still has them.
    await sleepRoom(l.room);
    // The answer arrives 4 s after the opening on the room's clock, held there.
    const arrival = await inRoom(l.room, (r) => {
      const t = q.at + 4_000;
      r.ports.now = () => t;
      return t;
    });
    cheat.answer(0, SPOTS[0]);
    expect((await cheat.next("player_answer_callback")).tempsReponse).toBe(arrival - q.at - ROUND_TRIP_MAX_MS);
  });
});

describe("one socket, one seat", () => {
  it("answers thirty hellos on one socket with one seat, and the next phone still gets in", async () => {
    const l = await launch({ spots: SPOTS, max_player: 10 });
    const pres = await presenter(l);
    const troll = await connect(l.room);
    const hello = JSON.stringify({ type: "hello", role: "player", version: PROTOCOL_VERSION });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 15; i++) troll.sendRaw(hello);
      await troll.sync();
      // A script's pace, not a flood: the socket's budget refills between the rounds.
      await skewClock(l.room, 30_000);
    }
    const seats = troll.all("player_joinRoom_callback");
    expect(seats).toHaveLength(30);
    expect(new Set(seats.map((s) => s.playerID)).size).toBe(1);
    expect((await roomState(l.room))!.seats).toHaveLength(1);
    const phone = await join(l.room);
    expect(phone.playerID).not.toBe(seats[0]!.playerID);
    expect(pres.all("pres_newPlayer").map((m) => m.playersCount)).toEqual([1, 2]);
  });

  it("lets at most a few live sockets share a seat: older ones give way (4001)", async () => {
    const l = await launch({ spots: SPOTS });
    const a = await join(l.room);
    const copies: TestPhone[] = [];
    for (let i = 0; i < 6; i++) copies.push(await join(l.room, { token: a.token }));
    expect(copies.every((c) => c.playerID === a.playerID)).toBe(true);
    const all = [a, ...copies];
    await expect.poll(() => all.filter((c) => c.closes.some((x) => x.code === 4001)).length).toBe(all.length - SOCKETS_PER_SEAT);
    // The newest ones are the ones that stay.
    expect(all.slice(-SOCKETS_PER_SEAT).every((c) => c.closes.length === 0)).toBe(true);
  });

  it("frees a seat that never answered once its phone has been gone 60 s, during the game too", async () => {
    const l = await launch({ spots: SPOTS, time: 60 });
    const { pres, phones: [a, b, c] } = await startedGame(l, 3);
    await a.next("player_newQuestion");
    a.answer(0, SPOTS[0]);
    b.answer(0, SPOTS[0]);
    await b.next("player_answer_callback");
    b.close();
    c.close();
    await pres.next("pres_playerAnswered", (m) => m.answeredCount === 2);
    await advance(l.room, IDLE_SEAT_TTL_MS);
    const left = await pres.next("pres_playerLeft");
    expect(left.playerID).toBe(c.playerID);
    const seats = (await roomState(l.room))!.seats.map((s) => s.id);
    expect(seats).toEqual([a.playerID, b.playerID]);
    // b answered: its seat waits for it with its score.
    const back = await join(l.room, { token: b.token });
    expect(back.playerID).toBe(b.playerID);
  });
});

describe("message budget", () => {
  it("drops what a socket sends past its budget, then closes it (4002) and it does not come back", async () => {
    const l = await launch({ spots: SPOTS });
    const pres = await presenter(l);
    const honest = await join(l.room);
    const troll = await join(l.room, { reconnect: true });
    for (let i = 0; i < 300; i++) troll.send({ type: "ping" });
    const closed = await troll.waitClosed();
    expect(closed?.code).toBe(4002);
    expect(troll.client.stopped).toBe("flood");
    const pongs = troll.all("pong").length;
    // Its hello took one message of the budget.
    expect(pongs).toBeGreaterThanOrEqual(PLAYER_BUDGET.burst - 1);
    expect(pongs).toBeLessThan(PLAYER_BUDGET.burst + 5);
    expect(troll.last("error")).toEqual({ type: "error", code: "flood" });
    await wait(300);
    expect(troll.opens).toBe(1);
    // Everyone else carries on; the troll's seat is just a phone gone away.
    await honest.sync();
    pres.start();
    expect((await honest.next("player_startGame")).startsInMs).toBe(STARTING_MS);
    expect((await roomState(l.room))!.seats.find((s) => s.id === troll.playerID)!.connected).toBe(false);
  });

  it("closes a socket that sends a 1 MB frame at once; the presenter's budget is larger", async () => {
    const l = await launch({ spots: SPOTS });
    const pres = await presenter(l);
    const big = await connect(l.room);
    big.sendRaw("x".repeat(1_000_000));
    expect((await big.waitClosed())?.code).toBe(4002);
    expect(big.msgs).toEqual([{ type: "error", code: "flood" }]);
    // A presenter clearing a room of trolls clicks a lot: far more than a phone may send.
    for (let i = 0; i < PLAYER_BUDGET.burst + FLOOD_DROPS + 10; i++) pres.kick(`p${900 + i}`);
    await pres.sync();
    expect(pres.all("error").filter((e) => e.code === "unknown_player")).toHaveLength(PLAYER_BUDGET.burst + FLOOD_DROPS + 10);
    expect(pres.closes).toEqual([]);
  });
});

describe("per network address", () => {
  it("gives an address a burst of new seats, then a trickle; another address is not touched", { timeout: 60_000 }, async () => {
    const l = await launch({ spots: SPOTS, max_player: 400 });
    const troll = socketsFrom("198.51.100.7");
    const started = Date.now();
    const sockets = Array.from({ length: ADDRESS_LIMITS.seats.burst + 40 }, () => new TestPhone(troll, l.room, { reconnect: false }));
    const answers = await Promise.all(
      sockets.map((s) => Promise.race([s.find("player_joinRoom_callback").then(() => "seat"), s.find("error").then((e) => e.code)]))
    );
    const refilled = Math.ceil(((Date.now() - started) / 1000) * ADDRESS_LIMITS.seats.perSecond);
    const seats = answers.filter((a) => a === "seat").length;
    expect(seats).toBeGreaterThanOrEqual(ADDRESS_LIMITS.seats.burst);
    expect(seats).toBeLessThanOrEqual(ADDRESS_LIMITS.seats.burst + refilled);
    expect(answers.filter((a) => a === "too_many_seats")).toHaveLength(sockets.length - seats);
    expect(sockets.find((s) => s.last("error"))!.last("error")).toEqual({ type: "error", code: "too_many_seats" });
    // Another address, and the same one a little later (as the phone tries again), get in.
    const elsewhere = await new TestPhone(socketsFrom("203.0.113.9"), l.room).seated();
    expect(elsewhere.playerID).toBeDefined();
    await skewClock(l.room, 5_100 / ADDRESS_LIMITS.seats.perSecond);
    const refused = sockets.filter((s) => s.last("error"));
    for (const s of refused.slice(0, 5)) s.hello();
    await Promise.all(refused.slice(0, 5).map((s) => s.next("player_joinRoom_callback")));
    expect((await roomState(l.room))!.seats).toHaveLength(seats + 6);
    for (const s of sockets) s.close();
  });

  it("refuses new sockets from an address holding too many without a seat, or opening too many", { timeout: 30_000 }, async () => {
    const l = await launch({ spots: SPOTS });
    const seated = await new TestPhone(socketsFrom("192.0.2.44"), l.room).seated();

    // Sockets that never say who they are: the address may hold so many at once.
    const idle = socketsFrom("192.0.2.33");
    const open: TestPhone[] = [];
    for (let i = 0; i < ADDRESS_LIMITS.unseatedMax; i += 20)
      open.push(...(await Promise.all(Array.from({ length: 20 }, () => silentSocket(idle, l.room)))).map((s) => s!));
    expect(open.every((s) => s !== null)).toBe(true);
    expect(await upgradeStatus(l.room, { "CF-Connecting-IP": "192.0.2.33" })).toBe(429);
    open[0]!.close();
    await expect.poll(() => upgradeStatus(l.room, { "CF-Connecting-IP": "192.0.2.33" }), { timeout: 5_000 }).toBe(101);
    // Back at the cap. Parked sockets do not lock the address out for good: once one has been
    // silent a while, a newcomer of that address takes its place (a page would say hello again).
    open.push((await silentSocket(idle, l.room))!);
    await expect.poll(() => upgradeStatus(l.room, { "CF-Connecting-IP": "192.0.2.33" }), { timeout: 5_000 }).toBe(429);
    await skewClock(l.room, SILENT_SOCKET_MS);
    expect(await upgradeStatus(l.room, { "CF-Connecting-IP": "192.0.2.33" })).toBe(101);
    await expect.poll(() => open.slice(1).filter((s) => s.closes.length > 0).length).toBe(1);
    const gaveWay = open.slice(1).find((s) => s.closes.length > 0)!;
    expect(gaveWay.closes).toEqual([{ code: 4003, reason: "silent" }]);
    expect(open.indexOf(gaveWay)).toBeLessThanOrEqual(20); // one of the first opened
    for (const s of open) s.close();

    // Sockets that open and go without a seat each use one of the address's openings.
    type Gate = { gate: { sockets: Map<string, { tokens: number; at: number }> } };
    const openings = (ip: string) => inRoom(l.room, (r) => (r as unknown as Gate).gate.sockets.get(ip)!.tokens);
    const started = Date.now();
    for (let i = 0; i < 10; i++) (await silentSocket(socketsFrom("192.0.2.55"), l.room))!.close();
    const refilled = ((Date.now() - started) / 1000) * ADDRESS_LIMITS.sockets.perSecond;
    const left = await openings("192.0.2.55");
    expect(left).toBeGreaterThanOrEqual(ADDRESS_LIMITS.sockets.burst - 10);
    expect(left).toBeLessThanOrEqual(Math.min(ADDRESS_LIMITS.sockets.burst, ADDRESS_LIMITS.sockets.burst - 10 + refilled + 0.01));
    // Once they are all used (ADDRESS_LIMITS.sockets.burst of them), the next is refused until one refills.
    // (Drained, with its refill held for 10 s of the room's clock so a slow machine changes nothing.)
    await inRoom(l.room, (r) => {
      const bucket = (r as unknown as Gate).gate.sockets.get("192.0.2.55")!;
      bucket.tokens = 0;
      bucket.at = r.ports.now() + 10_000;
    });
    expect(await upgradeStatus(l.room, { "CF-Connecting-IP": "192.0.2.55" })).toBe(429);
    expect(await upgradeStatus(l.room, { "CF-Connecting-IP": "192.0.2.55" })).toBe(429);
    await skewClock(l.room, 10_000 + 1_000 / ADDRESS_LIMITS.sockets.perSecond);
    expect(await upgradeStatus(l.room, { "CF-Connecting-IP": "192.0.2.55" })).toBe(101);

    // An address whose phones resume their seats is never short: each opening is given back.
    for (let i = 0; i < 3; i++) {
      const again = await new TestPhone(socketsFrom("192.0.2.44"), l.room, { token: seated.token }).seated();
      expect(again.playerID).toBe(seated.playerID);
      expect(await openings("192.0.2.44")).toBe(ADDRESS_LIMITS.sockets.burst);
      again.close();
    }
  });
});

describe("locking the room", () => {
  it("takes no new seat while locked, in the lobby and in the game; tokens work; it survives reloads", { timeout: 30_000 }, async () => {
    const l = await launch({ spots: SPOTS });
    const pres = await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);
    expect(pres.last("pres_newRoom_callback")!.locked).toBe(false);
    pres.send({ type: "pres_lockRoom", locked: true });
    expect(await pres.next("pres_lockRoom_callback")).toEqual({ type: "pres_lockRoom_callback", locked: true });

    const late = await connect(l.room);
    late.hello();
    expect(await late.next("error")).toEqual({ type: "error", code: "room_locked" });
    // A phone that reloads gets its seat back with its token.
    const back = await join(l.room, { token: a.token });
    expect(back.playerID).toBe(a.playerID);
    // A kicked player's token is worth nothing: no seat back, and no new one while locked.
    pres.kick(b.playerID!);
    await b.next("player_kicked");
    const kicked = await connect(l.room, { token: b.token });
    kicked.hello();
    expect((await kicked.next("error")).code).toBe("room_locked");
    // A forged lock from a phone is refused.
    a.send({ type: "pres_lockRoom", locked: false } as never);
    expect((await a.next("error")).code).toBe("forbidden");

    // The presenter reloads; the room restarts from its storage: still locked.
    pres.close();
    const again = await presenter(l);
    expect(again.last("pres_newRoom_callback")!.locked).toBe(true);
    expect((await reloadRoom(l.room))!.locked).toBe(true);

    again.start();
    await advance(l.room, STARTING_MS);
    await back.next("player_newQuestion");
    const during = await connect(l.room);
    during.hello();
    expect((await during.next("error")).code).toBe("room_locked");
    again.send({ type: "pres_lockRoom", locked: false });
    await again.next("pres_lockRoom_callback", (m) => !m.locked);
    during.hello();
    const seat = await during.next("player_joinRoom_callback");
    expect(seat.playerID).not.toBe(b.playerID);
    expect(seat.phase).toBe("question");
  });
});

describe("Origin", () => {
  it("refuses a socket opened by another site's page; the app's own pages and native clients pass", async () => {
    const l = await launch({ spots: SPOTS });
    expect(await upgradeStatus(l.room, { Origin: "https://quiz-pirate.example" })).toBe(403);
    expect(await upgradeStatus(l.room, { Origin: "http://localhost:8787" })).toBe(403);
    expect(await upgradeStatus(l.room, { Origin: "null" })).toBe(403);
    const foreign = new TestPresenter(socketsWith({ Origin: "https://quiz-pirate.example" }), l.room, { token: l.token, reconnect: false });
    expect(await foreign.waitClosed()).not.toBeNull();
    expect(foreign.opens).toBe(0);
    const own = new TestPresenter(socketsWith({ Origin: "http://localhost" }), l.room, { token: l.token });
    await own.next("pres_newRoom_callback");
    const native = await presenter(l);
    expect(native.last("pres_newRoom_callback")!.roomID).toBe(l.room);
  });
});

describe("a socket the room closed", () => {
  /**
   * The server ends of the room's sockets, kept on the instance: what the runtime hands the room
   * with the frames and the close those sockets still deliver once the room has closed them (a
   * peer may keep writing after the room's close frame, and its close comes later).
   */
  const keepSockets = (room: string) =>
    inRoom(room, (r) => {
      (r as unknown as { kept: WebSocket[] }).kept = r.ctx.getWebSockets();
    });
  const replayKept = (room: string, frame: string) =>
    inRoom(room, async (r) => {
      const instance = r as unknown as GameRoom & { kept: WebSocket[] };
      for (const ws of instance.kept) {
        await instance.webSocketMessage(ws, frame);
        await instance.webSocketClose(ws, 1006, "");
      }
    });

  it("carries its identity into nothing: not into the next game launched in the same room", { timeout: 60_000 }, async () => {
    const l = await launch();
    const pres = await presenter(l);
    const first = await join(l.room);
    expect(first.playerID).toBe("p1");
    const played = await inRoom(l.room, (r) => ({ quiz: r.game.state!.quiz, settings: r.game.state!.settings, meta: r.game.meta! }));
    await keepSockets(l.room);
    await closeRoom(l);
    expect(await pres.waitClosed()).toMatchObject({ code: 4000 });

    // The number comes round again: another game is launched in this room, and a phone takes p1.
    const next = await make.game({ quiz: played.meta.quizUniqueName, owner: played.meta.ownerId, roomNumber: l.room });
    const launched = await stubOf(l.room).launch({ gameId: next.id, quizUniqueName: played.meta.quizUniqueName, ownerId: played.meta.ownerId, quiz: played.quiz, settings: played.settings });
    expect(launched.ok).toBe(true);
    const newcomer = await join(l.room);
    expect(newcomer.playerID).toBe("p1");

    // What the old presenter's and the old p1's sockets still deliver changes nothing here.
    await replayKept(l.room, JSON.stringify({ type: "pres_lockRoom", locked: true }));
    const state = (await roomState(l.room))!;
    expect(state.locked).toBe(false);
    expect(state.seats.map((s) => ({ id: s.id, connected: s.connected }))).toEqual([{ id: "p1", connected: true }]);
    newcomer.close();
  });
});
