import { describe, expect, it } from "vitest";
import { tIn } from "../../../tests/support/i18n";
import { medalOf, pointsText } from "./format";

const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

describe("phone number formats", () => {
  it("agrees 'point' with its number in each language", () => {
    expect(plain(pointsText(tIn("fr"), "fr", 6.374))).toBe("6,37 points");
    expect(plain(pointsText(tIn("fr"), "fr", 1.5))).toBe("1,50 point");
    expect(plain(pointsText(tIn("fr"), "fr", 2))).toBe("2,00 points");
    expect(pointsText(tIn("en"), "en", 1.5)).toBe("1.50 points");
    expect(pointsText(tIn("en"), "en", 1, 0)).toBe("1 point");
    expect(plain(pointsText(tIn("de"), "de", 1234.5))).toBe("1.234,50 Punkte");
    expect(plain(pointsText(tIn("fr"), "fr", 4.25, 1))).toBe("4,3 points");
  });

  it("has medals for the first three only", () => {
    expect(medalOf(1)?.emoji).toBe("🥇");
    expect(medalOf(2)?.emoji).toBe("🥈");
    expect(medalOf(3)?.emoji).toBe("🥉");
    expect(medalOf(4)).toBeNull();
  });
});
