/**
 * A real game against the served build while a scripted troll does its worst: 20 honest phones,
 * each on its own network address (127.0.0.x: phones on their own mobile data), and a troll on
 * 127.0.0.1 that floods seats and messages, forges presenter messages, answers twice and for
 * other questions, sends junk and 1 MB frames, and opens a reconnect storm of 200 sockets. The
 * honest scores are computed here from the room's own answer times and the coordinates sent,
 * not by the room's scoring code.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { LatLng, PointsSettings } from "@common/wire/protocol";
import { offset } from "../fixtures/paris";
import { PROTOCOL_VERSION } from "@common/wire/protocol";
import { TestPhone, type TestClient } from "../support/room-sockets";
import { socketsFrom } from "../support/served";
import { app, launch, presenter } from "../support/e2e";

const HONEST = 20;
const SPOTS = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 45.764, lng: 4.8357 },
];
const TIME_S = 30;
/** Metres north of the spot each honest phone answers, clear of the 20/50/100/200 m ring edges. */
const OFFSETS_M = [0, 8, 14, 30, 35, 42, 60, 70, 85, 95, 120, 140, 160, 190, 240, 400, 5, 25, 65, 110];
const north = (s: LatLng, m: number): LatLng => offset(s, m, 0);

/** Great-circle distance on a sphere of the Earth's mean radius (written here, not the room's). */
function metres(a: LatLng, b: LatLng): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** What an answer earns by the rules: the smallest ring it falls in, plus the speed bonus inside one. */
function expectedPoints(distance: number, elapsedMs: number, points: PointsSettings): number {
  const radii = [200, 100, 50, 20];
  let ring = -1;
  radii.forEach((max, i) => {
    if (distance <= max) ring = i;
  });
  if (ring < 0) return 0;
  return points.circlesPoints[ring]! + points.point_max_temps * Math.max(0, 1 - elapsedMs / (TIME_S * 1000));
}

/**
 * The messages carry totals rounded to the cent, and the room adds its exact points in another
 * order than this test: a total ending in a half cent may round either way.
 */
function expectToTheCent(shown: number, exact: number) {
  expect(Math.abs(shown - exact)).toBeLessThanOrEqual(0.005 + 1e-9);
}

const open: { close(): void }[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
const keep = <T extends { close(): void }>(c: T) => (open.push(c), c);
const tally = (xs: string[]) => Object.fromEntries([...new Set(xs)].map((x) => [x, xs.filter((y) => y === x).length]));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The troll's network address: every socket it opens comes from there. */
const TROLL = app.sockets;

/** What the room made of a troll socket: a seat, an error code, or a refused/closed socket. */
function outcome(s: TestPhone, timeoutMs = 20_000): Promise<string> {
  const never = new Promise<string>(() => {});
  const settled = <T,>(p: Promise<T>, v: (x: T) => string) => p.then(v, () => never);
  return Promise.race([
    settled(s.find("player_joinRoom_callback", () => true, timeoutMs), () => "seat"),
    settled(s.find("error", () => true, timeoutMs), (e) => e.code),
    s.waitClosed(timeoutMs).then((c) => (c ? `closed ${c.code}` : "silence")),
  ]);
}

/** Sends frames the room must refuse, as fast as `ws` writes them. */
function spray(sock: TestClient, frames: (string | ArrayBuffer)[]) {
  for (const f of frames) sock.sendRaw(f);
}

describe("a hostile audience", () => {
  it("20 honest phones play a whole game to its podium, scored to the cent, whatever the troll does", { timeout: 90_000 }, async () => {
    const l = await launch({ time: TIME_S, max_player: 80, help_zone: "non", spots: SPOTS });
    const spots = l.spots;
    expect(spots).toHaveLength(2);
    const pres = keep(await presenter(l));
    const points = pres.last("pres_newRoom_callback")!.quizzData.pointsSettings;

    const honest = Array.from({ length: HONEST }, (_, i) =>
      keep(new TestPhone(socketsFrom(app, `127.0.0.${10 + i}`), l.room, { label: `honnête ${i}` })),
    );
    await Promise.all(honest.map((p) => p.seated()));
    const honestIds = new Set(honest.map((p) => p.playerID!));

    // Seat flood: 120 sockets each asking for a seat. The room fills to its 80 places at most;
    // the presenter kicks every intruder and locks the room; their tokens are then worthless.
    const flood = Array.from({ length: 120 }, () => keep(new TestPhone(TROLL, l.room, { reconnect: false, label: "troll" })));
    const floodOutcomes = await Promise.all(flood.map((s) => outcome(s)));
    console.log("inondation de places :", tally(floodOutcomes));
    const intruders = flood.filter((s) => s.playerID);
    expect(intruders.length).toBeGreaterThan(0);
    expect(intruders.length).toBeLessThanOrEqual(80 - HONEST);
    // One socket, one seat: thirty hellos on one of them give it the same seat.
    const greedy = intruders[0]!;
    for (let i = 0; i < 15; i++) greedy.hello();
    await greedy.sync();
    expect(new Set(greedy.all("player_joinRoom_callback").map((m) => m.playerID))).toEqual(new Set([greedy.playerID]));
    // The troll keeps one seat to play with; the presenter clears the rest and locks the room.
    const trollSeat = intruders.pop()!;
    pres.send({ type: "pres_lockRoom", locked: true });
    await pres.next("pres_lockRoom_callback");
    for (const s of intruders) pres.kick(s.playerID!);
    await pres.next("pres_kickPlayer_callback", (m) => m.playersCount === HONEST + 1, 30_000);
    for (const s of flood) if (s !== trollSeat) s.close();
    // A kicked seat's token is worthless in the locked room. The troll replays it from another
    // address (its mobile data): its own address still holds up to its cap of sockets without a
    // seat (the flood's refused sockets and the kicked ones stay open until their closes reach
    // the room), where an upgrade is refused before any hello (tests/workers/room-hostile.test.ts),
    // which would say nothing of the token.
    const comeback = keep(new TestPhone(socketsFrom(app, "127.0.0.2"), l.room, { token: intruders[0]!.token, reconnect: false }));
    expect((await comeback.next("error")).code).toBe("room_locked");

    pres.start();
    const results: Map<string, number> = new Map();
    let refusedHonest = 0;
    for (let q = 0; q < spots.length; q++) {
      await Promise.all(honest.map((p) => p.find("player_newQuestion", (m) => m.questionIndex === q, 30_000)));

      // Forged presenter messages, double answers, other questions' answers, junk, 1 MB.
      const forger = keep(new TestPhone(TROLL, l.room, { token: trollSeat.token, reconnect: false }));
      await forger.seated();
      spray(forger, [
        JSON.stringify({ type: "pres_nextQuestion" }),
        JSON.stringify({ type: "pres_startGame" }),
        JSON.stringify({ type: "pres_lockRoom", locked: false }),
        JSON.stringify({ type: "pres_kickPlayer", playerID: honest[0]!.playerID }),
        JSON.stringify({ type: "player_answer", questionIndex: q, coords: spots[q] }),
        JSON.stringify({ type: "player_answer", questionIndex: q, coords: spots[q] }),
        JSON.stringify({ type: "player_answer", questionIndex: q + 1, coords: spots[q] }),
        JSON.stringify({ type: "player_answer", questionIndex: q - 1, coords: spots[q] }),
        JSON.stringify({ type: "hello", role: "presenter", token: "x".repeat(43), version: PROTOCOL_VERSION }),
        "{]{ pas du JSON",
        new Uint8Array(64).buffer,
      ]);
      await forger.sync();
      // Its first answer counts (the room acknowledges it on the seat); the second and the
      // answers to other questions are refused, as are the presenter's messages.
      expect(forger.all("error").map((e) => e.code)).toEqual(
        expect.arrayContaining(["forbidden", "answer_twice", "answer_wrong_question", "bad_message"]),
      );
      expect(forger.all("error").filter((e) => e.code === "answer_twice")).toHaveLength(1);
      const big = keep(new TestPhone(TROLL, l.room, { hello: false, reconnect: false }));
      await big.open();
      big.sendRaw("x".repeat(1_000_000));
      expect((await big.waitClosed())?.code).toBe(4002);
      const chatter = keep(new TestPhone(TROLL, l.room, { hello: false, reconnect: true }));
      await chatter.open();
      for (let i = 0; i < 500; i++) chatter.sendRaw('{"type":"ping"}');
      expect((await chatter.waitClosed())?.code).toBe(4002);
      expect(chatter.opens).toBe(1);

      // Reconnect storm: 200 sockets at once, half resuming the troll's seat, half asking for one.
      const storm = Array.from({ length: 200 }, (_, i) =>
        keep(new TestPhone(TROLL, l.room, { reconnect: false, label: "tempête", ...(i % 2 ? { token: trollSeat.token } : {}) })),
      );
      // Meanwhile five honest phones lose their network and come back with their tokens.
      const dropped = honest.slice(q * 5, q * 5 + 5);
      const closesBefore = new Map(dropped.map((p) => [p, p.closes.length]));
      for (const p of dropped) p.drop();
      const honestAnswers = honest.map(async (p, i) => {
        if (dropped.includes(p)) {
          const back = await p.next("player_joinRoom_callback");
          expect(back.playerID).toBe(p.playerID);
          // Each close after the cut but the cut itself is an attempt the room refused.
          refusedHonest += p.closes.length - closesBefore.get(p)! - 1;
        }
        await wait(50 * i);
        const coords = north(spots[q]!, OFFSETS_M[i]!);
        const ack = await p.play(q, coords);
        return { p, coords, elapsed: ack.tempsReponse };
      });
      console.log(`tempête ${q} :`, tally(await Promise.all(storm.map((s) => outcome(s)))));
      for (const s of storm) s.close();
      forger.close();
      for (const { p, coords, elapsed } of await Promise.all(honestAnswers)) {
        const pts = expectedPoints(metres(coords, spots[q]!), elapsed, points);
        results.set(p.playerID!, (results.get(p.playerID!) ?? 0) + pts);
      }
      // The troll's seat answered, the honest phones answered: the question ends at once.
      const reveal = await pres.next("pres_results", (m) => m.questionIndex === q, 30_000);
      expect(reveal.answersCount).toBe(HONEST + 1);
      pres.nextQuestion();
    }

    const end = await pres.next("pres_endGame", () => true, 30_000);
    expect(refusedHonest).toBe(0);
    for (const p of honest) expect(p.all("error").map((e) => e.code)).toEqual([]);
    expect(end.playersCount).toBe(HONEST + 1);
    for (const p of honest) {
      const line = end.ranking.find((r) => r.playerID === p.playerID)!;
      expectToTheCent(line.points, results.get(p.playerID!)!);
    }
    // Every honest phone reached the podium screen with that same total.
    const ends = await Promise.all(honest.map((p) => p.find("player_endGame")));
    ends.forEach((e, i) => expectToTheCent(e.pointsTotal, results.get(honest[i]!.playerID!)!));
    expect([...honestIds].every((id) => end.ranking.some((r) => r.playerID === id))).toBe(true);
  });
});
