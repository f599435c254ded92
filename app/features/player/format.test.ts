import { describe, expect, it } from "vitest";
import { formatDecimal, formatDistance, formatPoints, formatSeconds, medalOf } from "./format";

// Intl writes a narrow no-break space (U+202F) between thousands in French.
const nnbsp = "\u202f";

describe("phone number formats", () => {
  it("writes decimals with a comma and the asked precision", () => {
    expect(formatDecimal(4.25, 1)).toBe("4,3");
    expect(formatDecimal(5, 1)).toBe("5,0");
    expect(formatDecimal(0, 2)).toBe("0,00");
    expect(formatDecimal(-0, 2)).toBe("0,00");
    expect(formatDecimal(1234.5, 2)).toBe(`1${nnbsp}234,50`);
  });

  it("agrees 'point' in French: singular below 2", () => {
    expect(formatPoints(6.374)).toBe("6,37 points");
    expect(formatPoints(1.5)).toBe("1,50 point");
    expect(formatPoints(2)).toBe("2,00 points");
  });

  it("gives answer times in seconds with 2 decimals", () => {
    expect(formatSeconds(3421)).toBe("3,42 s");
    expect(formatSeconds(60_000)).toBe("60,00 s");
  });

  it("gives distances in whole metres", () => {
    expect(formatDistance(42.6)).toBe("43 m");
    expect(formatDistance(12345)).toBe(`12${nnbsp}345 m`);
  });

  it("has medals for the first three only", () => {
    expect(medalOf(1)?.emoji).toBe("🥇");
    expect(medalOf(2)?.emoji).toBe("🥈");
    expect(medalOf(3)?.emoji).toBe("🥉");
    expect(medalOf(4)).toBeNull();
  });
});
