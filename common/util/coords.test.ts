import { describe, expect, it } from "vitest";
import { boundsFromCorners, boxAround, contains, extend, formatCoords, formatDegrees, parseCoords, shownPoint } from "./coords";
import { tIn } from "../../tests/support/i18n";

const fr = tIn("fr");
/** What a refusal reads in French. */
const refusal = (text: string) => {
  const result = parseCoords(text);
  return result.ok ? null : fr(result.error);
};

describe("typed coordinates", () => {
  it("reads 'lat,lng' and ignores whitespace anywhere", () => {
    expect(parseCoords("48.8584,2.2945")).toEqual({ ok: true, coords: { lat: 48.8584, lng: 2.2945 } });
    expect(parseCoords("  -33.85 ,\t151.21 \n")).toEqual({ ok: true, coords: { lat: -33.85, lng: 151.21 } });
    expect(parseCoords("4 5 . 7 6 , 4 . 8 3")).toEqual({ ok: true, coords: { lat: 45.76, lng: 4.83 } });
    expect(parseCoords("+45,-0.5")).toEqual({ ok: true, coords: { lat: 45, lng: -0.5 } });
  });

  it("asks for coordinates when the field is empty", () => {
    expect(refusal("")).toBe("Merci de renseigner des coordonnées");
    expect(refusal("   ")).toBe("Merci de renseigner des coordonnées");
    const none = parseCoords(null);
    expect(none.ok ? null : fr(none.error)).toBe("Merci de renseigner des coordonnées");
  });

  it("refuses anything but exactly two numbers in range", () => {
    for (const bad of ["48.8", "48.8,2.3,7", "48,8;2,3", "abc,2", "48.8,", ",2.3", "1e2,3", "91,0", "0,180.5", "NaN,1", "0x10,2"]) {
      expect(refusal(bad), bad).toBe("Coordonnées invalides");
    }
    expect(parseCoords("90,-180").ok).toBe(true);
  });

  it("writes coordinates back in the same form, rounded to six decimals", () => {
    expect(formatCoords({ lat: 48.858370123, lng: 2.2944813 })).toBe("48.85837,2.294481");
    const back = parseCoords(formatCoords({ lat: -12.5, lng: 130.25 }));
    expect(back).toEqual({ ok: true, coords: { lat: -12.5, lng: 130.25 } });
  });
});

describe("coordinates shown to a reader", () => {
  // Intl may write a minus sign other than '-' in some languages; these three write '-'.
  it("writes a spot in the reader's numbers and hemisphere letters", () => {
    const mont = { lat: 48.636063, lng: -1.511457 };
    expect(fr(shownPoint("fr", mont))).toBe("48,6361° N · 1,5115° O");
    expect(tIn("en")(shownPoint("en", mont))).toBe("48.6361° N · 1.5115° W");
    expect(tIn("de")(shownPoint("de", mont))).toBe("48,6361° N · 1,5115° W");
    expect(tIn("de")(shownPoint("de", { lat: -33.8568, lng: 151.2153 }))).toBe("33,8568° S · 151,2153° O");
  });

  it("writes a bound signed, to five decimals at most", () => {
    expect(formatDegrees("fr", -1.511457)).toBe("-1,51146");
    expect(formatDegrees("en", 48.68)).toBe("48.68");
    expect(formatDegrees("de", -0)).toBe("0");
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
