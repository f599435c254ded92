import { describe, expect, it } from "vitest";
import {
  DEFAULT_RING_POINTS,
  DEFAULT_SPEED_POINTS_MAX,
  RING_COLORS,
  RING_RADII_M,
  TARGET_COLORS,
  buildTargetSettings,
  isRingPoints,
  isSpeedPointsMax,
  isPointsValue,
  SPEED_POINTS_MAX_LIMIT,
  speedPoints,
  timeLeftFraction,
} from "./points";

const targets = buildTargetSettings(DEFAULT_RING_POINTS);

describe("rings", () => {
  it("are 200, 100, 50 and 20 m, worth 2, 3, 4 and 5 points until the admin says otherwise", () => {
    expect(RING_RADII_M).toEqual([200, 100, 50, 20]);
    expect(DEFAULT_RING_POINTS).toEqual([2, 3, 4, 5]);
    expect(DEFAULT_SPEED_POINTS_MAX).toBe(5);
    expect(RING_COLORS).toEqual(TARGET_COLORS.slice(1));
  });

  it("accepts four points between 0 and 1000, nothing else", () => {
    expect(isRingPoints([0, 2.5, 4, 1000])).toBe(true);
    for (const bad of [[1, 2, 3], [1, 2, 3, 4, 5], [1, 2, 3, -1], [1, 2, 3, 1001], [1, 2, 3, "4"], [1, 2, 3, Number.NaN], "1,2,3,4", null])
      expect(isRingPoints(bad)).toBe(false);
    expect(isPointsValue(5)).toBe(true);
    expect(isPointsValue(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe("a quiz's speed points", () => {
  it("go from 0 to 100, in tenths at most", () => {
    expect(SPEED_POINTS_MAX_LIMIT).toBe(100);
    for (const ok of [0, 0.5, 5, 7.3, 100]) expect(isSpeedPointsMax(ok)).toBe(true);
    for (const bad of [-1, 100.5, 2.25, Number.NaN, Number.POSITIVE_INFINITY, "5", null]) expect(isSpeedPointsMax(bad)).toBe(false);
  });
});

describe("buildTargetSettings", () => {
  it("puts the rest of the map first, then 200/100/50/20 m with their points and colours", () => {
    expect(targets.map((t) => [t.max, t.points])).toEqual([
      [-1, 0],
      [200, 2],
      [100, 3],
      [50, 4],
      [20, 5],
    ]);
    for (const t of targets) expect(t.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(targets.map((t) => t.color)).size).toBe(5);
  });

  it("uses the admin's points as given", () => {
    expect(buildTargetSettings([1, 10, 100, 1000]).map((t) => t.points)).toEqual([0, 1, 10, 100, 1000]);
  });
});

describe("speedPoints", () => {
  it("falls linearly from point_max_temps to 0 over the answer time", () => {
    expect(speedPoints(0, 60_000, 5)).toBe(5);
    expect(speedPoints(15_000, 60_000, 5)).toBe(3.75);
    expect(speedPoints(30_000, 60_000, 5)).toBe(2.5);
    expect(speedPoints(60_000, 60_000, 5)).toBe(0);
  });
  it("never goes below 0 nor above the maximum", () => {
    expect(speedPoints(90_000, 60_000, 5)).toBe(0);
    expect(speedPoints(-500, 60_000, 5)).toBe(5);
    expect(speedPoints(1000, 0, 5)).toBe(0);
  });
});


describe("timeLeftFraction", () => {
  it("is the share of the answer time still to run", () => {
    expect(timeLeftFraction(0, 60_000)).toBe(1);
    expect(timeLeftFraction(45_000, 60_000)).toBe(0.25);
    expect(timeLeftFraction(60_000, 60_000)).toBe(0);
    expect(timeLeftFraction(61_000, 60_000)).toBe(0);
    expect(timeLeftFraction(-1, 60_000)).toBe(1);
    expect(timeLeftFraction(0, 0)).toBe(0);
    expect(timeLeftFraction(0, Number.NaN)).toBe(0);
  });
});
