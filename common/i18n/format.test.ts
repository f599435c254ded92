import { describe, expect, it } from "vitest";
import { formatDecimal, formatDistance, formatInteger, formatSeconds, pluralForm } from "./format";

// Intl writes French thousands with a narrow no-break space and units after a no-break space.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

describe("formats by language", () => {
  it("writes numbers each language's way", () => {
    expect(plain(formatInteger("fr", 1234))).toBe("1 234");
    expect(formatInteger("en", 1234)).toBe("1,234");
    expect(formatInteger("de", 1234)).toBe("1.234");
    expect(formatDecimal("fr", 6.366, 2)).toBe("6,37");
    expect(formatDecimal("en", -0, 2)).toBe("0.00");
  });

  it("writes metres, then kilometres past 1,000 m", () => {
    expect(plain(formatDistance("fr", 850.4))).toBe("850 m");
    expect(plain(formatDistance("fr", 1234))).toBe("1,2 km");
    expect(formatDistance("en", 1234)).toBe("1.2 km");
    expect(plain(formatDistance("de", 37_400))).toBe("37 km");
    expect(plain(formatDistance("en", 999.4))).toBe("999 m");
  });

  it("writes seconds with their decimals", () => {
    expect(plain(formatSeconds("fr", 3420))).toBe("3,42 s");
    expect(plain(formatSeconds("en", 3420, 1))).toBe("3.4 s");
  });

  it("picks the plural form of a number as written", () => {
    expect(pluralForm("fr", 1.5, 2)).toBe("one");
    expect(pluralForm("en", 1.5, 2)).toBe("other");
    expect(pluralForm("en", 1, 0)).toBe("one");
    expect(pluralForm("fr", 0, 0)).toBe("one");
    expect(pluralForm("de", 2, 0)).toBe("other");
  });
});
