import { describe, expect, it } from "vitest";
import { RING_COLORS } from "@common/rules/points";
import { CASING_DARK, CASING_LIGHT, casings, contrastRatio } from "./casing";
import { HELP_TARGET_COLOR } from "./help-target";

const grey = (v: number) => `#${v.toString(16).padStart(2, "0").repeat(3)}`;
/** The offline map's land, and satellite imagery from a dark forest to a bright roof. */
const GROUNDS = ["#e3ecd9", "#d6e4d4", "#dfe8d8", "#1d3b2a", "#3b4e5c", "#6d7d5a", ...Array.from({ length: 256 }, (_, v) => grey(v))];

describe("the casing under the map's lines", () => {
  it("stands out by 3:1 at least on any ground, through its white band or its dark one", () => {
    for (const ground of GROUNDS) {
      const best = Math.max(contrastRatio(CASING_DARK, ground), contrastRatio(CASING_LIGHT, ground));
      expect(best, ground).toBeGreaterThanOrEqual(3);
    }
  });

  it("keeps its two bands 3:1 apart, and each ring's colour between them", () => {
    expect(contrastRatio(CASING_DARK, CASING_LIGHT)).toBeGreaterThanOrEqual(3);
    expect(casings(2.5)).toEqual([
      { color: CASING_DARK, width: 6.5 },
      { color: CASING_LIGHT, width: 4.5 },
    ]);
    // A ring's own colour differs from one band or the other: the line never melts into its casing.
    for (const colour of [...RING_COLORS, HELP_TARGET_COLOR]) {
      expect(Math.max(contrastRatio(colour, CASING_DARK), contrastRatio(colour, CASING_LIGHT)), colour).toBeGreaterThanOrEqual(3);
    }
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});
