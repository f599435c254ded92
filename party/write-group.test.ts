import { describe, expect, it } from "vitest";
import { WRITE_GROUP_MS, WriteGroup, type GroupTimers } from "./write-group";

/** A clock and timers the test moves by hand. */
function manualTime() {
  let now = 1_000;
  const due: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const timers: GroupTimers = {
    set: (fn, ms) => {
      due.push({ at: now + ms, fn, id: ++ids });
      return ids;
    },
    clear: (id) => {
      const i = due.findIndex((d) => d.id === id);
      if (i >= 0) due.splice(i, 1);
    },
  };
  return {
    timers,
    now: () => now,
    pending: () => due.length,
    /** Moves the clock without ringing any timer (they ring late under load). */
    skip(ms: number) {
      now += ms;
    },
    advance(ms: number) {
      now += ms;
      for (const d of due.filter((x) => x.at <= now)) {
        due.splice(due.indexOf(d), 1);
        d.fn();
      }
    },
  };
}

function group() {
  const time = manualTime();
  const commits: { seats: string[]; owed: string[] }[] = [];
  const g = new WriteGroup<string>((seats, owed) => commits.push({ seats, owed }), time.now, time.timers);
  return { g, time, commits };
}

describe("the write group", () => {
  it("commits the steps of one window together, seats once each, then what they owe in order", () => {
    const { g, time, commits } = group();
    g.add(["p1"], ["ack p1"]);
    time.advance(3);
    g.add(["p2", "p1"], ["ack p2", "notice p2"]);
    expect(g.open).toBe(true);
    expect(commits).toEqual([]);
    time.advance(WRITE_GROUP_MS);
    expect(commits).toEqual([{ seats: ["p1", "p2"], owed: ["ack p1", "ack p2", "notice p2"] }]);
    expect(g.open).toBe(false);
    expect(time.pending()).toBe(0);
  });

  it("holds a reply behind the steps waiting for their write, and lets it go at once otherwise", () => {
    const { g, time, commits } = group();
    expect(g.hold("pong")).toBe(false);
    g.add(["p1"], ["seat p1"]);
    expect(g.hold("pong")).toBe(true);
    time.advance(WRITE_GROUP_MS);
    expect(commits[0]!.owed).toEqual(["seat p1", "pong"]);
  });

  it("is written by the first step that finds its window past, even when its timer is late", () => {
    const { g, time, commits } = group();
    g.add(["p1"], ["a"]);
    // A flood of events: the window is past and the timer has not rung yet.
    time.skip(WRITE_GROUP_MS);
    expect(g.writeIfDue()).toBe(true);
    expect(commits).toEqual([{ seats: ["p1"], owed: ["a"] }]);
    expect(time.pending()).toBe(0);
    g.add(["p2"], ["b"]);
    time.skip(WRITE_GROUP_MS + 5);
    g.add(["p3"], ["c"]);
    expect(commits[1]).toEqual({ seats: ["p2", "p3"], owed: ["b", "c"] });
    expect(g.writeIfDue()).toBe(false);
  });

  it("writes at once when told (another step must come after the group), and nothing when empty", () => {
    const { g, time, commits } = group();
    g.write();
    expect(commits).toEqual([]);
    g.add(["p1"], ["a"]);
    g.write();
    expect(commits).toEqual([{ seats: ["p1"], owed: ["a"] }]);
    time.advance(WRITE_GROUP_MS);
    expect(commits).toHaveLength(1);
  });
});
