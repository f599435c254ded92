import { describe, expect, it } from "vitest";
import { buildTargetSettings, ringIndex, round2, scoreAnswer, timePoints } from "./scoring";

const targets = buildTargetSettings([2, 3, 4, 5]);

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

describe("ringIndex", () => {
  it("picks the smallest ring that contains the distance, edges included", () => {
    expect(ringIndex(0, targets)).toBe(4);
    expect(ringIndex(20, targets)).toBe(4);
    expect(ringIndex(20.01, targets)).toBe(3);
    expect(ringIndex(50, targets)).toBe(3);
    expect(ringIndex(75, targets)).toBe(2);
    expect(ringIndex(100, targets)).toBe(2);
    expect(ringIndex(150, targets)).toBe(1);
    expect(ringIndex(200, targets)).toBe(1);
    expect(ringIndex(200.01, targets)).toBe(0);
    expect(ringIndex(5_000_000, targets)).toBe(0);
  });

  it("does not depend on the order the rings are listed in", () => {
    const shuffled = [targets[0]!, targets[3]!, targets[1]!, targets[4]!, targets[2]!];
    expect(shuffled[ringIndex(30, shuffled)]!.max).toBe(50);
  });
});

describe("timePoints", () => {
  it("falls linearly from point_max_temps to 0 over the answer time", () => {
    expect(timePoints(0, 60_000, 5)).toBe(5);
    expect(timePoints(15_000, 60_000, 5)).toBe(3.75);
    expect(timePoints(30_000, 60_000, 5)).toBe(2.5);
    expect(timePoints(60_000, 60_000, 5)).toBe(0);
  });
  it("never goes below 0 nor above the maximum", () => {
    expect(timePoints(90_000, 60_000, 5)).toBe(0);
    expect(timePoints(-500, 60_000, 5)).toBe(5);
    expect(timePoints(1000, 0, 5)).toBe(0);
  });
});

describe("scoreAnswer", () => {
  it("adds ring points and speed points inside a ring", () => {
    // 35 m: inside the 50 m ring (4 points); 12 s into a 60 s question: 5 x 0.8 = 4 points.
    expect(scoreAnswer(35, 12_000, 60_000, 5, targets)).toEqual({
      ring: 3,
      distancePoints: 4,
      timePoints: 4,
      points: 8,
    });
  });
  it("gives the 20 m ring's 5 points plus 3.125 speed points at 3/8 of a 30 s question", () => {
    expect(scoreAnswer(10, 11_250, 30_000, 5, targets).points).toBe(8.125);
  });
  it("gives nothing for a fast answer outside every ring", () => {
    expect(scoreAnswer(250, 100, 60_000, 5, targets)).toEqual({
      ring: 0,
      distancePoints: 0,
      timePoints: 5 * (1 - 100 / 60_000),
      points: 0,
    });
  });
  it("gives the ring points alone at the deadline", () => {
    expect(scoreAnswer(199, 60_000, 60_000, 5, targets).points).toBe(2);
  });
});

describe("round2", () => {
  it("rounds to 2 decimals for display", () => {
    expect(round2(8.125)).toBe(8.13);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(4.99833333)).toBe(5);
    expect(round2(2)).toBe(2);
    expect(round2(-1.234)).toBe(-1.23);
  });
});
