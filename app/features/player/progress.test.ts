import { describe, expect, it } from "vitest";
import { clockFrom, clockMark, nextClockMarkAt, progressAt, remainingMs, spokenSecondsLeft } from "./progress";

describe("question progress bar", () => {
  it("starts full at the opening and falls linearly to 0 at the room's deadline", () => {
    const clock = clockFrom(60_000, 60, 1_000);
    expect(progressAt(clock, 5, 1_000)).toEqual({ fraction: 1, points: 5, timeUp: false });
    expect(progressAt(clock, 5, 31_000)).toEqual({ fraction: 0.5, points: 2.5, timeUp: false });
    expect(progressAt(clock, 5, 61_000)).toEqual({ fraction: 0, points: 0, timeUp: true });
    expect(progressAt(clock, 5, 99_000).points).toBe(0);
  });

  it("uses the room's remaining time, not a full answer time, for a phone that joins late", () => {
    // 30 s question, the phone arrives with 12 s left: 2/5 of the points are still to win.
    const clock = clockFrom(12_000, 30, 500);
    expect(remainingMs(clock, 500)).toBe(12_000);
    expect(progressAt(clock, 5, 500).points).toBeCloseTo(2, 10);
    expect(progressAt(clock, 5, 6_500).points).toBeCloseTo(1, 10);
  });

  it("never shows more than the whole answer time nor negative time", () => {
    expect(remainingMs(clockFrom(90_000, 60, 0), 0)).toBe(60_000);
    expect(remainingMs(clockFrom(-5, 60, 0), 0)).toBe(0);
    expect(progressAt(clockFrom(0, 0, 0), 5, 0)).toEqual({ fraction: 0, points: 0, timeUp: true });
  });
});

describe("the time left a screen reader hears", () => {
  const clock = { deadlineAt: 60_000, totalMs: 60_000 };
  it("is said at 10 s and at 5 s, not before, not after the end", () => {
    expect(spokenSecondsLeft(clock, 0)).toBeNull();
    expect(spokenSecondsLeft(clock, 49_999)).toBeNull();
    expect(spokenSecondsLeft(clock, 50_000)).toBe(10);
    expect(spokenSecondsLeft(clock, 54_999)).toBe(10);
    expect(spokenSecondsLeft(clock, 55_000)).toBe(5);
    expect(spokenSecondsLeft(clock, 60_000)).toBeNull();
  });
  it("says nothing a question never had (a 5 s question does not announce 10 s)", () => {
    expect(spokenSecondsLeft({ deadlineAt: 5_000, totalMs: 5_000 }, 1)).toBeNull();
  });
});

describe("when the phone wakes to say the time left", () => {
  const clock = { deadlineAt: 60_000, totalMs: 60_000 };
  it("wakes at 10 s, at 5 s and at the end, never after", () => {
    expect(nextClockMarkAt(clock, 0)).toBe(50_000);
    expect(nextClockMarkAt(clock, 50_000)).toBe(55_000);
    expect(nextClockMarkAt(clock, 57_000)).toBe(60_000);
    expect(nextClockMarkAt(clock, 60_000)).toBeNull();
  });
  it("marks the time up once the deadline has passed", () => {
    expect(clockMark(clock, 49_000)).toBeNull();
    expect(clockMark(clock, 56_000)).toBe(5);
    expect(clockMark(clock, 60_000)).toBe("up");
  });
});
