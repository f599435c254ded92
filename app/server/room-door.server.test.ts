import { describe, expect, it } from "vitest";
import { THROTTLE_RULES } from "./throttle.server";
import { recentFailures, verdict, withFailure } from "./throttle-window.server";
import { type DoorIo, RoomDoor } from "./room-door.server";

const RULE = THROTTLE_RULES.roomGuess;

/**
 * The registry and the throttle as the Worker sees them, in memory: live and lately closed
 * numbers, one count per address on the throttle's own arithmetic, and every call written down.
 */
function world(o: { live?: string[]; closed?: string[]; clock: () => number }) {
  const live = new Set(o.live ?? []);
  const closed = new Set(o.closed ?? []);
  const failures = new Map<string, number[]>();
  const calls: string[] = [];
  const io = (address: string): DoorIo => ({
    isLive: async (room) => (calls.push(`d1:live:${room}`), live.has(room)),
    recentlyClosed: async (room) => (calls.push(`d1:closed:${room}`), closed.has(room)),
    check: async () => {
      calls.push(`check:${address}`);
      return verdict(recentFailures(failures.get(address) ?? [], RULE, o.clock()), RULE, o.clock());
    },
    miss: async () => {
      calls.push(`miss:${address}`);
      const now = o.clock();
      const mine = recentFailures(failures.get(address) ?? [], RULE, now);
      const v = verdict(mine, RULE, now);
      if (v.ok) failures.set(address, withFailure(mine, RULE, now));
      return v;
    },
  });
  return { io, calls, live, failures };
}

describe("the room door", () => {
  it("lets a known live number through with no I/O at all, whoever asks", async () => {
    const now = 0;
    const door = new RoomDoor({ clock: () => now });
    const w = world({ live: ["123456"], clock: () => now });
    expect(await door.knock("123456", "203.0.113.1", w.io("203.0.113.1"))).toEqual({ open: true });
    expect(w.calls).toEqual(["check:203.0.113.1", "d1:live:123456"]);
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
    // Each miss: the count asked, the registry read twice (live? closed lately?), the miss counted.
    expect(w.calls.filter((c) => c.startsWith("d1:"))).toHaveLength(2 * RULE.limit);
    // The 51st asked the count and stopped there; the later ones asked nothing.
    expect(w.calls.slice(4 * RULE.limit)).toEqual(["check:203.0.113.9"]);
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
    expect(w.calls).toEqual(["check:192.0.2.80"]);
  });

  it("does not count the number of a game closed lately: its phones come back to it", async () => {
    const now = 0;
    const door = new RoomDoor({ clock: () => now });
    const w = world({ closed: ["777777"], clock: () => now });
    for (let i = 0; i < 3 * RULE.limit; i++) expect(await door.knock("777777", "198.51.100.5", w.io("198.51.100.5"))).toEqual({ open: false, status: 404 });
    expect(w.failures.get("198.51.100.5")).toBeUndefined();
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
    expect(w.calls).toEqual(["check:192.0.2.1"]);
  });
});
