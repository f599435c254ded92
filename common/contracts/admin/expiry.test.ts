import { describe, expect, it } from "vitest";
import { endOfParisDay, formatDay, parisDay } from "./expiry";

describe("MJ expiry days (Paris time)", () => {
  it("keeps a winter day valid until 23:59:59.999 Paris time (22:59 UTC)", () => {
    expect(new Date(endOfParisDay("2027-01-15")!).toISOString()).toBe("2027-01-15T22:59:59.999Z");
  });

  it("keeps a summer day valid until 23:59:59.999 Paris time (21:59 UTC)", () => {
    expect(new Date(endOfParisDay("2027-07-14")!).toISOString()).toBe("2027-07-14T21:59:59.999Z");
  });

  it("refuses what is not a real day", () => {
    expect(endOfParisDay("2027-02-30")).toBeNull();
    expect(endOfParisDay("15/01/2027")).toBeNull();
    expect(endOfParisDay("")).toBeNull();
    expect(endOfParisDay("1999-12-31")).toBeNull();
  });

  it("gives back the day that was picked, for the date field and for display", () => {
    const ms = endOfParisDay("2027-03-28")!; // the night clocks go forward
    expect(parisDay(ms)).toBe("2027-03-28");
    expect(formatDay(ms)).toBe("28/03/2027");
    expect(parisDay(Date.UTC(2027, 0, 15, 23, 30))).toBe("2027-01-16");
  });

  it("shows the day the French way in French, each language's own way otherwise", () => {
    const ms = endOfParisDay("2027-01-15")!;
    expect(formatDay(ms, "fr")).toBe("15/01/2027");
    expect(formatDay(ms, "en")).toBe("1/15/27");
    expect(formatDay(ms, "de")).toBe("15.01.27");
  });
});
