import { describe, expect, it } from "vitest";
import { joinsAdapted, liveSeatTiming, playerTiming, publicAdapted, type AdaptedTime } from "./adapted-time";

const DOUBLE: AdaptedTime = { kind: "double", speed: "stretched", all: false, ask: true, names: ["Zoé"] };

describe("a défi's adapted time", () => {
  it("changes only the time limit and, as the MJ chose, the speed points", () => {
    expect(playerTiming(30_000, 5, DOUBLE, false)).toEqual({ limitMs: 30_000, speedOverMs: 30_000, speedPointsMax: 5 });
    expect(playerTiming(30_000, 5, DOUBLE, true)).toEqual({ limitMs: 60_000, speedOverMs: 60_000, speedPointsMax: 5 });
    expect(playerTiming(30_000, 5, { ...DOUBLE, speed: "none" }, true)).toEqual({ limitMs: 60_000, speedOverMs: 60_000, speedPointsMax: 0 });
    expect(playerTiming(30_000, 5, { ...DOUBLE, kind: "unlimited" }, true)).toEqual({ limitMs: null, speedOverMs: 30_000, speedPointsMax: 0 });
    expect(playerTiming(30_000, 5, null, true)).toEqual({ limitMs: 30_000, speedOverMs: 30_000, speedPointsMax: 5 });
  });

  it("is given to everyone, to those who ask when the MJ allows it, or to the names listed", () => {
    const keys = ["zoe"];
    expect(joinsAdapted(null, { asked: true, nameKey: "zoe", namedKeys: keys })).toBe(false);
    expect(joinsAdapted({ ...DOUBLE, all: true, ask: false }, { asked: false, nameKey: null, namedKeys: [] })).toBe(true);
    expect(joinsAdapted(DOUBLE, { asked: true, nameKey: null, namedKeys: [] })).toBe(true);
    expect(joinsAdapted({ ...DOUBLE, ask: false }, { asked: true, nameKey: null, namedKeys: [] })).toBe(false);
    expect(joinsAdapted({ ...DOUBLE, ask: false }, { asked: false, nameKey: "zoe", namedKeys: keys })).toBe(true);
    expect(joinsAdapted({ ...DOUBLE, ask: false }, { asked: false, nameKey: "lea", namedKeys: keys })).toBe(false);
  });

  it("tells players and the leaderboard how it plays, never whom it names", () => {
    expect(publicAdapted(DOUBLE)).toEqual({ kind: "double", speed: "stretched", all: false, ask: true });
    expect(publicAdapted({ ...DOUBLE, kind: "unlimited" })).toMatchObject({ speed: "none" });
    expect(publicAdapted(null)).toBeNull();
  });
});

describe("extra time in a live night", () => {
  it("doubles the seat's time and counts its speed points over it, as a défi's adapted time does", () => {
    expect(liveSeatTiming(30_000, 5, false)).toEqual({ limitMs: 30_000, speedOverMs: 30_000, speedPointsMax: 5 });
    expect(liveSeatTiming(30_000, 5, true)).toEqual({ limitMs: 60_000, speedOverMs: 60_000, speedPointsMax: 5 });
    expect(liveSeatTiming(30_000, 5, true)).toEqual(playerTiming(30_000, 5, { ...DOUBLE, speed: "stretched" }, true));
  });
});
