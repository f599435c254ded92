import { describe, expect, it } from "vitest";
import { creditedAnswer, ROUND_TRIP_MAX_MS, roundTripFigure, withRoundTrip } from "./round-trip";

describe("a player's round trip", () => {
  it("is the median of the latest samples, so one odd sample does not move it", () => {
    expect(roundTripFigure([])).toBe(0);
    expect(roundTripFigure([300])).toBe(300);
    expect(roundTripFigure([300, 310, 2_000, 290, 305])).toBe(305);
    expect(roundTripFigure([20, 300, 310])).toBe(300);
    // An even count takes the lower middle: a script gains nothing by splitting the difference.
    expect(roundTripFigure([100, 200, 300, 400])).toBe(200);
  });

  it("keeps the last five samples, each bounded to 0…500 ms", () => {
    let samples: number[] = [];
    for (const s of [100, 200, 300, 400, 450, 9_999, -50]) samples = withRoundTrip(samples, s);
    expect(samples).toEqual([300, 400, 450, ROUND_TRIP_MAX_MS, 0]);
    expect(withRoundTrip([1, 2], null)).toEqual([1, 2]);
    expect(withRoundTrip([1, 2], Number.NaN)).toEqual([1, 2]);
  });

  it("comes off the answer's time and moves its deadline on by the same", () => {
    // Two players answering 4 s after the question appeared on their screens, one 300 ms away.
    expect(creditedAnswer(4_000, 0, 30_000)).toEqual({ timeMs: 4_000, inTime: true });
    expect(creditedAnswer(4_300, 300, 30_000)).toEqual({ timeMs: 4_000, inTime: true });
    // The far player's answer sent in the last second arrives after the bare deadline, and counts.
    expect(creditedAnswer(30_250, 300, 30_000)).toEqual({ timeMs: 29_950, inTime: true });
    expect(creditedAnswer(30_300, 300, 30_000).inTime).toBe(false);
    expect(creditedAnswer(30_000, 0, 30_000).inTime).toBe(false);
  });

  it("gives a script faking a slow network at most the bound", () => {
    expect(creditedAnswer(4_000, 60_000, 30_000)).toEqual({ timeMs: 4_000 - ROUND_TRIP_MAX_MS, inTime: true });
    expect(creditedAnswer(100, 60_000, 30_000)).toEqual({ timeMs: 0, inTime: true });
    expect(creditedAnswer(30_000 + ROUND_TRIP_MAX_MS, 60_000, 30_000).inTime).toBe(false);
  });
});
