import { describe, expect, it } from "vitest";
import { boundsFromCorners, boxAround, contains, extend, formatCoords, parseCoords } from "./coords";

describe("typed coordinates", () => {
  it("reads 'lat,lng' and ignores whitespace anywhere", () => {
    expect(parseCoords("48.8584,2.2945")).toEqual({ ok: true, coords: { lat: 48.8584, lng: 2.2945 } });
    expect(parseCoords("  -33.85 ,\t151.21 \n")).toEqual({ ok: true, coords: { lat: -33.85, lng: 151.21 } });
    expect(parseCoords("4 5 . 7 6 , 4 . 8 3")).toEqual({ ok: true, coords: { lat: 45.76, lng: 4.83 } });
    expect(parseCoords("+45,-0.5")).toEqual({ ok: true, coords: { lat: 45, lng: -0.5 } });
  });

  it("asks for coordinates when the field is empty", () => {
    expect(parseCoords("")).toEqual({ ok: false, error: "Merci de renseigner des coordonnées" });
    expect(parseCoords("   ")).toEqual({ ok: false, error: "Merci de renseigner des coordonnées" });
    expect(parseCoords(null)).toEqual({ ok: false, error: "Merci de renseigner des coordonnées" });
  });

  it("refuses anything but exactly two numbers in range", () => {
    for (const bad of ["48.8", "48.8,2.3,7", "48,8;2,3", "abc,2", "48.8,", ",2.3", "1e2,3", "91,0", "0,180.5", "NaN,1", "0x10,2"]) {
      expect(parseCoords(bad), bad).toEqual({ ok: false, error: "Coordonnées invalides" });
    }
    expect(parseCoords("90,-180").ok).toBe(true);
  });

  it("writes coordinates back in the same form, rounded to six decimals", () => {
    expect(formatCoords({ lat: 48.858370123, lng: 2.2944813 })).toBe("48.85837,2.294481");
    const back = parseCoords(formatCoords({ lat: -12.5, lng: 130.25 }));
    expect(back).toEqual({ ok: true, coords: { lat: -12.5, lng: 130.25 } });
  });
});

describe("wizard map boxes", () => {
  it("gives the default ±0.05 / ±0.07 box around a spot", () => {
    const box = boxAround({ lat: 45, lng: 5 });
    expect(box.north).toBeCloseTo(45.05);
    expect(box.south).toBeCloseTo(44.95);
    expect(box.east).toBeCloseTo(5.07);
    expect(box.west).toBeCloseTo(4.93);
  });

  it("spans two corners clicked in any order", () => {
    expect(boundsFromCorners({ lat: 1, lng: 9 }, { lat: 3, lng: 7 })).toEqual({ north: 3, south: 1, east: 9, west: 7 });
  });

  it("tells whether a spot is inside and grows a box to hold spots", () => {
    const box = { north: 2, south: 0, east: 2, west: 0 };
    expect(contains(box, { lat: 1, lng: 1 })).toBe(true);
    expect(contains(box, { lat: 3, lng: 1 })).toBe(false);
    expect(extend([box], [{ lat: 4, lng: -2 }])).toEqual({ north: 4, south: 0, east: 2, west: -2 });
    expect(extend([], [])).toBeNull();
  });
});
