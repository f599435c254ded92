import { describe, expect, it } from "vitest";
import { THROTTLE_RULES } from "../throttle/throttle.server";
import { recentFailures, verdict, withFailure, withoutFailure } from "../throttle/throttle-window.server";
import { type DoorIo, RoomDoor } from "./room-door.server";

const RULE = THROTTLE_RULES.codeGuess;

/**
 * The registry and the throttle as the Worker sees them, in memory: live and lately closed
 * numbers, one count per address on the throttle's own arithmetic (a guess taken in advance,
 * given back when it found something), and every call written down.
 */
function world(o: { live?: string[]; closed?: string[]; clock: () => number }) {
  const live = new Set(o.live ?? []);
  const closed = new Set(o.closed ?? []);
  const failures = new Map<string, number[]>();
  const calls: string[] = [];
  const io = (address: string): DoorIo => ({
    reserve: async () => {
      calls.push(`take:${address}`);
      const now = o.clock();
      const mine = recentFailures(failures.get(address) ?? [], RULE, now);
      const v = verdict(mine, RULE, now);
      if (!v.ok) return v;
      failures.set(address, withFailure(mine, RULE, now));
      return {
        ok: true,
        release: async () => {
          calls.push(`give back:${address}`);
          failures.set(address, withoutFailure(failures.get(address) ?? [], now));
        },
      };
    },
    isLive: async (room) => (calls.push(`d1:live:${room}`), live.has(room)),
    excused: async (room) => (calls.push(`d1:closed:${room}`), closed.has(room)),
  });
  return { io, calls, live, failures };
}

describe("the room door", () => {
  it("lets a known live number through with no I/O at all, whoever asks", async () => {
    const now = 0;
    const door = new RoomDoor({ clock: () => now });
    const w = world({ live: ["123456"], clock: () => now });
    expect(await door.knock("123456", "203.0.113.1", w.io("203.0.113.1"))).toEqual({ open: true });
    expect(w.calls).toEqual(["take:203.0.113.1", "d1:live:123456", "give back:203.0.113.1"]);
    expect(w.failures.get("203.0.113.1")).toEqual([]);
    w.calls.length = 0;
    for (let i = 0; i < 1_000; i++) expect((await door.knock("123456", `198.51.100.${i % 250}`, w.io(`198.51.100.${i % 250}`))).open).toBe(true);
    expect(w.calls).toEqual([]);
  });

  it("counts numbers no live game holds, and from the 51st refuses before any D1 read", async () => {
    let now = 0;
    const door = new RoomDoor({ clock: () => now });
    const w = world({ clock: () => now });
    const answers: number[] = [];
    for (let i = 0; i < 60; i++) {
      const k = await door.knock(String(200_000 + i), "203.0.113.9", w.io("203.0.113.9"));
      answers.push(k.open ? 101 : k.status);
      now += 1_000;
    }
    expect(answers).toEqual([...Array(RULE.limit).fill(404), ...Array(60 - RULE.limit).fill(429)]);
    expect(w.failures.get("203.0.113.9")).toHaveLength(RULE.limit);
    // Each miss: counted first, then the registry read twice (live? closed lately?).
    expect(w.calls.filter((c) => c.startsWith("d1:"))).toHaveLength(2 * RULE.limit);
    // The 51st was refused its count and read nothing; the later ones asked nothing.
    expect(w.calls.slice(3 * RULE.limit)).toEqual(["take:203.0.113.9"]);
  });

  it("refuses an address over its count on live numbers too, then lets it try again once its count allows", async () => {
    let now = 0;
    const door = new RoomDoor({ clock: () => now });
    const w = world({ live: ["424242"], clock: () => now });
    // The room is known live before the script starts.
    expect((await door.knock("424242", "192.0.2.1", w.io("192.0.2.1"))).open).toBe(true);
    for (let i = 0; i < RULE.limit; i++) await door.knock(String(300_000 + i), "192.0.2.66", w.io("192.0.2.66"));
    const over = await door.knock("300999", "192.0.2.66", w.io("192.0.2.66"));
    expect(over).toEqual({ open: false, status: 429, retryAfterMs: RULE.windowMs });
    w.calls.length = 0;
    // Once over, a live number reads like any other: 429, and nothing asked.
    expect(await door.knock("424242", "192.0.2.66", w.io("192.0.2.66"))).toEqual({ open: false, status: 429, retryAfterMs: RULE.windowMs });
    expect(w.calls).toEqual([]);
    // Another address is not concerned.
    expect((await door.knock("424242", "192.0.2.67", w.io("192.0.2.67"))).open).toBe(true);
    // When the oldest miss leaves the window, one more guess goes on.
    now += RULE.windowMs;
    expect(await door.knock("424242", "192.0.2.66", w.io("192.0.2.66"))).toEqual({ open: true });
    expect(await door.knock("300998", "192.0.2.66", w.io("192.0.2.66"))).toEqual({ open: false, status: 404 });
  });

  it("refuses at once an address the pages already found over its count, before any D1 read", async () => {
    const now = 0;
    const door = new RoomDoor({ clock: () => now });
    const w = world({ live: ["515151"], clock: () => now });
    w.failures.set("192.0.2.80", Array(RULE.limit).fill(0));
    expect(await door.knock("515151", "192.0.2.80", w.io("192.0.2.80"))).toMatchObject({ open: false, status: 429 });
    expect(w.calls).toEqual(["take:192.0.2.80"]);
  });

  it("does not count the number of a game closed lately: its phones come back to it", async () => {
    const now = 0;
    const door = new RoomDoor({ clock: () => now });
    const w = world({ closed: ["777777"], clock: () => now });
    for (let i = 0; i < 3 * RULE.limit; i++) expect(await door.knock("777777", "198.51.100.5", w.io("198.51.100.5"))).toEqual({ open: false, status: 404 });
    expect(w.failures.get("198.51.100.5")).toEqual([]);
  });

  it("forgets a number its room says is gone, and learns one the room accepts", async () => {
    const now = 0;
    const door = new RoomDoor({ clock: () => now });
    const w = world({ live: ["111111"], clock: () => now });
    await door.knock("111111", "192.0.2.1", w.io("192.0.2.1"));
    door.learn("111111", 429);
    expect(door.live.has("111111")).toBe(true);
    door.learn("111111", 404);
    expect(door.live.has("111111")).toBe(false);
  });

  it("remembers a bounded number of refused addresses", async () => {
    const now = 0;
    const door = new RoomDoor({ clock: () => now, addresses: 2 });
    const w = world({ clock: () => now });
    for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) w.failures.set(ip, Array(RULE.limit).fill(0));
    for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) await door.knock("100000", ip, w.io(ip));
    w.calls.length = 0;
    // The first one was forgotten: the door asks its count again (and is refused again).
    expect((await door.knock("100000", "192.0.2.1", w.io("192.0.2.1"))).open).toBe(false);
    expect(w.calls).toEqual(["take:192.0.2.1"]);
  });
});

/** A lookup that waits until the test lets it go: the registry at its slowest. */
function slowed(io: DoorIo) {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let started = 0;
  return {
    io: { ...io, isLive: async (room: string) => (started++, await gate, io.isLive(room)) },
    started: () => started,
    release: () => open(),
  };
}

describe("the room door under a burst", () => {
  it("looks up no more numbers than the budget when 2,000 are sent at once, and does not find the live one sent last", async () => {
    const now = 0;
    const door = new RoomDoor({ clock: () => now });
    const w = world({ live: ["654321"], clock: () => now });
    const slow = slowed(w.io("198.51.100.77"));
    const burst = Array.from({ length: 1_999 }, (_, i) => door.knock(String(200_000 + i), "198.51.100.77", slow.io));
    // Every guess of the burst is either answered or waiting on its lookup before the live number goes.
    const settled = burst.map((k) => k.then(() => 1));
    let answered = 0;
    for (const s of settled) void s.then((n) => (answered += n));
    while (answered + slow.started() < burst.length) await new Promise((r) => setTimeout(r, 0));
    const live = await door.knock("654321", "198.51.100.77", slow.io);
    slow.release();
    const knocks = await Promise.all(burst);
    expect(live).toMatchObject({ open: false, status: 429 });
    expect(slow.started()).toBe(RULE.limit);
    expect(knocks.filter((k) => !k.open && k.status === 404)).toHaveLength(RULE.limit);
    expect(knocks.filter((k) => !k.open && k.status === 429)).toHaveLength(1_999 - RULE.limit);
  });

  it("makes one guess of a venue's upgrades to a number it does not know yet, from one address at once", async () => {
    const now = 0;
    const door = new RoomDoor({ clock: () => now });
    const w = world({ live: ["135790"], clock: () => now });
    const slow = slowed(w.io("203.0.113.90"));
    const venue = Array.from({ length: 1_000 }, () => door.knock("135790", "203.0.113.90", slow.io));
    await new Promise((r) => setTimeout(r, 0));
    slow.release();
    expect((await Promise.all(venue)).every((k) => k.open)).toBe(true);
    expect(w.calls.filter((c) => c.startsWith("take:"))).toHaveLength(1);
    expect(w.failures.get("203.0.113.90")).toEqual([]);
  });
});
