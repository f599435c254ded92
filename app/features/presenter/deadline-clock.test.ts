import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeadlineClock, type Timers } from "./deadline-clock";

/** How many timers the clock has set: keeping one is not setting it again. */
let timersSet = 0;
const timers: Timers = {
  now: () => Date.now(),
  setTimeout: (fire, ms) => {
    timersSet++;
    return setTimeout(fire, ms) as unknown as number;
  },
  clearTimeout: (id) => clearTimeout(id),
};

describe("DeadlineClock: one timer for the nearest deadline", () => {
  let fired: string[];
  let clock: DeadlineClock<string>;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    fired = [];
    timersSet = 0;
    clock = new DeadlineClock((a) => fired.push(`${a}@${Date.now()}`), timers);
  });
  afterEach(() => {
    clock.stop();
    vi.useRealTimers();
  });

  it("sleeps until the nearest deadline, on one timer, and fires it once", () => {
    clock.arm([
      { at: 5000, action: "turnPage" },
      { at: 1500, action: "showResultsMap" },
    ]);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1499);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(["showResultsMap@1500"]);
    // A state that did not change arms the same deadline again: it is not fired twice.
    clock.arm([{ at: 1500, action: "showResultsMap" }]);
    vi.advanceTimersByTime(10_000);
    expect(fired).toEqual(["showResultsMap@1500"]);
  });

  it("keeps its timer while the nearest deadline stays, and re-arms when it changes", () => {
    clock.arm([{ at: 6000, action: "dismiss" }]);
    vi.advanceTimersByTime(2000);
    clock.arm([{ at: 6000, action: "dismiss" }]);
    expect(timersSet).toBe(1);
    // A new notice at 4 s: the fade moves to 10 s.
    vi.advanceTimersByTime(2000);
    clock.arm([{ at: 10_000, action: "dismiss" }]);
    expect([timersSet, vi.getTimerCount()]).toEqual([2, 1]);
    vi.advanceTimersByTime(5999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(["dismiss@10000"]);
  });

  it("drops its timer when nothing is due any more, and fires at once a deadline already past", () => {
    clock.arm([{ at: 5000, action: "turnPage" }]);
    clock.arm([]); // paused
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(8000);
    expect(fired).toEqual([]);
    clock.arm([{ at: 5000, action: "turnPage" }]); // resumed late: due now
    vi.advanceTimersByTime(0);
    expect(fired).toEqual(["turnPage@8000"]);
  });

  it("fires nothing once stopped (the screen unmounted)", () => {
    clock.arm([{ at: 1000, action: "dismiss" }]);
    clock.stop();
    vi.advanceTimersByTime(2000);
    expect(fired).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
