import { describe, expect, it } from "vitest";
import { STARTING_MS } from "@party/engine";
import { ERROR_MESSAGES, PROTOCOL_VERSION, type ServerMessage } from "@common/protocol";
import type { TestClient } from "../support/room-sockets";
import { advance, connect, join, launch, presenter, roomState } from "../support/workers";

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
    () => '{"type":"ping"' + "]".repeat(Math.floor(rand() * 3)),
    () => JSON.stringify({ type: "pres_startGame", __proto__: { admin: true }, extra: junk() }).replace("pres_startGame", "pres_startgame"),
  ];
  const byRole: Record<Who, (() => string)[]> = {
    stranger: [
      () => JSON.stringify({ type: "pres_startGame" }),
      () => JSON.stringify({ type: "pres_nextQuestion" }),
      () => JSON.stringify({ type: "player_answer", questionIndex: 0, coords: SPOTS[0] }),
      () => JSON.stringify({ type: "player_chooseColor", color: "vert" }),
      () => JSON.stringify({ type: "hello", role: "presenter", token: "a".repeat(43), version: PROTOCOL_VERSION }),
      () => JSON.stringify({ type: "hello", role: "presenter", version: PROTOCOL_VERSION }),
    ],
    player: [
      () => JSON.stringify({ type: "pres_startGame" }),
      () => JSON.stringify({ type: "pres_nextQuestion" }),
      () => JSON.stringify({ type: "pres_kickPlayer", playerID: "p1" }),
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

/** Sends `n` hostile frames and checks that each got exactly one clean reply. */
async function flood(sock: TestClient, who: Who, phase: "lobby" | "question", n: number, rand: () => number) {
  const before = sock.msgs.length;
  for (let i = 0; i < n; i++) sock.sendRaw(hostile(rand, who, phase));
  await sock.sync();
  const replies = sock.msgs.slice(before).filter((m) => m.type !== "pong");
  expect(replies).toHaveLength(n);
  for (const r of replies as ServerMessage[]) {
    if (r.type === "reload") {
      expect(r.version).toBe(PROTOCOL_VERSION);
      continue;
    }
    expect(r.type).toBe("error");
    if (r.type !== "error") continue;
    expect(r.message).toBe(ERROR_MESSAGES[r.code]);
    expect(Object.keys(r).sort()).toEqual(["code", "message", "type"]);
  }
}

describe("hostile input", () => {
  it("answers thousands of bad messages with an error each, changes nothing, and the game still plays", { timeout: 60_000 }, async () => {
    const rand = mulberry32(20260426);
    const l = await launch({ spots: SPOTS });
    const pres = await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);
    const stranger = await connect(l.room);
    await pres.sync();
    const lobbyBefore = await roomState(l.room);

    await flood(stranger, "stranger", "lobby", 800, rand);
    await flood(a, "player", "lobby", 800, rand);
    await flood(pres, "presenter", "lobby", 800, rand);
    expect(await roomState(l.room)).toEqual(lobbyBefore);

    pres.start();
    await advance(l.room, STARTING_MS);
    await a.next("player_newQuestion");
    const questionBefore = await roomState(l.room);
    await flood(b, "player", "question", 600, rand);
    await flood(stranger, "stranger", "question", 400, rand);
    await flood(pres, "presenter", "question", 400, rand);
    expect(await roomState(l.room)).toEqual(questionBefore);

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
