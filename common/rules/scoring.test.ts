import { describe, expect, it } from "vitest";
import { buildTargetSettings } from "./points";
import { metresInRing, ringIndex, round2, scoreAnswer } from "./scoring";

const targets = buildTargetSettings([2, 3, 4, 5]);

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

describe("metresInRing", () => {
  it("rounds to the metre, never across a ring's edge", () => {
    expect(metresInRing(42.4, targets)).toBe(42);
    expect(metresInRing(49.6, targets)).toBe(50);
    expect(metresInRing(50, targets)).toBe(50);
    // Just outside the 50 m ring: 51 m, in the 100 m ring it scored in.
    expect(metresInRing(50.4, targets)).toBe(51);
    expect(ringIndex(metresInRing(50.4, targets), targets)).toBe(ringIndex(50.4, targets));
    expect(metresInRing(50.6, targets)).toBe(51);
    expect(metresInRing(200.2, targets)).toBe(201);
    expect(metresInRing(1234.4, targets)).toBe(1234);
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
