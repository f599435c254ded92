import { describe, expect, it } from "vitest";
import { helpTargetLineWidth, helpTargetShapes, helpTargetSvgPath } from "./help-target";
import { METRES_PER_DEGREE } from "@common/util/projection";

// A 500 m square at 45° N, as common/rules/geo.ts builds it.
const HALF_LAT = 250 / METRES_PER_DEGREE;
const HALF_LNG = 250 / (METRES_PER_DEGREE * Math.cos(Math.PI / 4));
const ZONE = { south: 45 - HALF_LAT, west: 5 - HALF_LNG, north: 45 + HALF_LAT, east: 5 + HALF_LNG };

describe("help target over the help rectangle", () => {
  it("draws lines max(5, 10 - zoom) wide", () => {
    expect(helpTargetLineWidth(0)).toBe(10);
    expect(helpTargetLineWidth(3)).toBe(7);
    expect(helpTargetLineWidth(5)).toBe(5);
    expect(helpTargetLineWidth(15)).toBe(5);
  });

  it("centres two concentric circles on the rectangle, the outer one touching its sides", () => {
    const t = helpTargetShapes(ZONE);
    expect(t.center.lat).toBeCloseTo(45, 9);
    expect(t.center.lng).toBeCloseTo(5, 9);
    expect(t.rings).toHaveLength(2);
    expect(t.radiusM).toBeCloseTo(250, 6);
    const [outer, inner] = t.rings;
    // East point of the outer ring is on the east edge, north point on the north edge.
    expect(outer[0].lng).toBeCloseTo(ZONE.east, 9);
    expect(outer[18].lat).toBeCloseTo(ZONE.north, 9);
    expect(inner[0].lng - 5).toBeCloseTo(HALF_LNG / 2, 9);
    expect(outer[0]).toEqual(outer[outer.length - 1]);
  });

  it("has 8 radial lines every 45 degrees from the centre to the outer circle", () => {
    const t = helpTargetShapes(ZONE);
    expect(t.spokes).toHaveLength(8);
    for (const [from] of t.spokes) expect(from).toEqual(t.center);
    expect(t.spokes[2][1].lat).toBeCloseTo(ZONE.north, 9);
    expect(t.spokes[2][1].lng).toBeCloseTo(5, 9);
    expect(t.spokes[4][1].lng).toBeCloseTo(ZONE.west, 9);
  });

  it("uses the shorter side of a wide rectangle", () => {
    const wide = { ...ZONE, east: ZONE.east + 2 * HALF_LNG };
    const t = helpTargetShapes(wide);
    expect(t.radiusM).toBeCloseTo(250, 6);
    expect(t.center.lng).toBeCloseTo(5 + HALF_LNG, 9);
  });

  it("becomes SVG paths through the offline map's projection", () => {
    const d = helpTargetSvgPath(helpTargetShapes(ZONE, 4), ZONE, 100);
    // Outer ring: east, north, west, south, east; then the centre (50, 50) to each spoke end.
    expect(d.startsWith("M100.00 50.00 L50.00 0.00 L0.00 50.00 L50.00 100.00 L100.00 50.00 Z")).toBe(true);
    expect(d.match(/M50\.00 50\.00 L/g)).toHaveLength(8);
  });
});
