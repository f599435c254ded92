import { describe, expect, it } from "vitest";
import { WARNING_BEFORE_MS } from "@common/rules";
import { crossesWarning, questionProgress } from "./countdown";

describe("question countdown and speed points left", () => {
  it("falls linearly from point_max_temps to 0, one decimal", () => {
    expect(questionProgress(60_000, 60_000, 5)).toEqual({ fraction: 1, points: 5, seconds: 60 });
    expect(questionProgress(30_000, 60_000, 5)).toMatchObject({ fraction: 0.5, points: 2.5, seconds: 30 });
    expect(questionProgress(12_340, 60_000, 5).points).toBe(1);
    expect(questionProgress(100, 15_000, 5)).toMatchObject({ points: 0, seconds: 1 });
    expect(questionProgress(0, 15_000, 5)).toEqual({ fraction: 0, points: 0, seconds: 0 });
    expect(questionProgress(-300, 15_000, 5)).toEqual({ fraction: 0, points: 0, seconds: 0 });
  });

  it("never shows more than the full answer time (a clock running ahead)", () => {
    expect(questionProgress(70_000, 60_000, 5)).toMatchObject({ fraction: 1, points: 5 });
  });

  it("warns once, when the last 10 s begin", () => {
    expect(WARNING_BEFORE_MS).toBe(10_000);
    expect(crossesWarning(10_050, 9_950)).toBe(true);
    expect(crossesWarning(9_950, 9_850)).toBe(false);
    expect(crossesWarning(null, 9_000)).toBe(false);
    expect(crossesWarning(20_000, 19_900)).toBe(false);
    expect(crossesWarning(10_050, 0)).toBe(false);
  });
});
