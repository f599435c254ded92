import { describe, expect, it } from "vitest";
import { COLOR_KEYS, COLORS, FRUIT_KEYS, markerOf, pseudoOf } from "@common/rules";
import { FRUIT_ART, fruitSvg } from "./fruits";
import { markerPair, markerSvg } from "./marker-svg";

describe("marker pictures", () => {
  it("finds the pair of every pseudo's marker, numbered ones included", () => {
    for (const color of COLOR_KEYS)
      for (const fruit of FRUIT_KEYS) {
        expect(markerPair(markerOf(fruit, color))).toEqual({ color, fruit });
        expect(markerPair(pseudoOf(fruit, color, 3).replace(/\s/g, ""))).toEqual({ color, fruit });
      }
    expect(markerPair("Kiwibleu2")).toEqual({ color: "bleu", fruit: "kiwi" });
    expect(markerPair("Pastèqueverte")).toEqual({ color: "vert", fruit: "pasteque" });
    expect(markerPair("Fraiseverte")).toEqual({ color: "vert", fruit: "fraise" });
  });

  it("knows nothing else", () => {
    for (const name of ["", "Kiwi", "Kiwiverte", "Fraisevert", "Mangue bleue", "../etc", "Kiwibleu2x", "x".repeat(100)])
      expect(markerPair(name)).toBeNull();
  });

  it("draws a pin in the team colour with the fruit", () => {
    const svg = markerSvg("turquoise", "kiwi");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain(`fill="${COLORS.turquoise.hex}"`);
    expect(svg).toContain(FRUIT_ART.kiwi);
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
  });

  it("has a distinct drawing for each fruit, without ids that could clash in one page", () => {
    const arts = FRUIT_KEYS.map((f) => FRUIT_ART[f]);
    expect(new Set(arts).size).toBe(9);
    for (const art of arts) expect(art).not.toMatch(/\sid=|url\(#/);
    expect(fruitSvg("fraise")).toContain('viewBox="0 0 40 40"');
  });
});
