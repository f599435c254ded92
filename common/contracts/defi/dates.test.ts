import { describe, expect, it } from "vitest";
import { defiDateText, isTimeZone } from "./dates";

const AT = Date.UTC(2026, 10, 28, 18, 5);

describe("a défi's dates, in the reader's language and time zone", () => {
  it("keeps the French form in the reader's zone", () => {
    expect(defiDateText("fr", AT, "Europe/Paris")).toBe("28/11/2026 19h05");
    expect(defiDateText("fr", AT, "America/New_York")).toBe("28/11/2026 13h05");
    expect(defiDateText("fr", AT, "Asia/Tokyo")).toBe("29/11/2026 03h05");
  });

  it("writes English and German their own way", () => {
    expect(defiDateText("en", AT, "America/New_York")).toBe("11/28/26, 1:05 PM");
    expect(defiDateText("de", AT, "Europe/Berlin")).toBe("28.11.26, 19:05");
  });

  it("says UTC when the reader's zone is not known yet", () => {
    expect(defiDateText("fr", AT, null)).toBe("28/11/2026 18h05 UTC");
    expect(defiDateText("en", AT, null)).toBe("11/28/26, 6:05 PM UTC");
  });

  it("takes only zones Intl knows", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("Europe/Paris; Path=/")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });
});
