import { describe, expect, it } from "vitest";
import { checkAdaptedNames, checkDefiName, deadlineProblem, defaultDeadline, defiSeat, DEFI_MSG, questionClock } from "./defi";

describe("checkDefiName", () => {
  it("trims, collapses spaces, reads the phone's apostrophe, and keys without case or accents", () => {
    expect(checkDefiName("  Zoé   L’Hermite ")).toEqual({ ok: true, name: "Zoé L'Hermite", key: "zoe l'hermite" });
    expect(checkDefiName("ZOE l'hermite")).toMatchObject({ key: "zoe l'hermite" });
    expect(checkDefiName("Jean-Marc 2")).toMatchObject({ ok: true, name: "Jean-Marc 2" });
  });

  it("counts characters as a person sees them, and refuses a name with nothing visible or stacked marks", () => {
    expect(checkDefiName("Zoe\u0301".repeat(6))).toMatchObject({ ok: true, name: "Zoé".repeat(6) });
    expect(checkDefiName("Anne-Charlotte Dupontel")).toMatchObject({ ok: true });
    expect(checkDefiName("\u0301\u0301\u0301")).toEqual({ ok: false, error: DEFI_MSG.nameInvisible });
    expect(checkDefiName("\u3164\u3164\u3164")).toEqual({ ok: false, error: DEFI_MSG.nameInvisible });
    expect(checkDefiName("\u3164")).toEqual({ ok: false, error: DEFI_MSG.nameInvisible });
    expect(checkDefiName("Zoé\u3164")).toEqual({ ok: false, error: DEFI_MSG.nameChars });
    expect(checkDefiName("Zo\u0301\u0302\u0303\u0304")).toEqual({ ok: false, error: DEFI_MSG.nameMarks });
  });

  it("keys a look-alike of a name as that name", () => {
    expect(checkDefiName("Zое")).toMatchObject({ ok: true, key: "zoe" });
    expect(checkDefiName("Z0É")).toMatchObject({ ok: true, key: "zoe" });
  });

  it("refuses names too short, too long or with other characters, in French", () => {
    expect(checkDefiName(" a ")).toEqual({ ok: false, error: DEFI_MSG.nameLength });
    expect(checkDefiName("x".repeat(25))).toEqual({ ok: false, error: DEFI_MSG.nameLength });
    expect(checkDefiName("é".repeat(24))).toMatchObject({ ok: true });
    expect(checkDefiName("<script>")).toEqual({ ok: false, error: DEFI_MSG.nameChars });
    expect(checkDefiName("Léa 🚀")).toEqual({ ok: false, error: DEFI_MSG.nameChars });
    expect(checkDefiName(42)).toEqual({ ok: false, error: DEFI_MSG.nameLength });
  });
});

describe("defiSeat", () => {
  it("gives every colour and fruit pair once before numbering any, whatever the seed", () => {
    for (const seed of [0, 7, 123_456, 987_654_321]) {
      const first = Array.from({ length: 54 }, (_, i) => defiSeat(i + 1, seed).pseudo);
      expect(new Set(first).size).toBe(54);
      expect(first.every((p) => !/\d$/.test(p))).toBe(true);
      const second = Array.from({ length: 54 }, (_, i) => defiSeat(i + 55, seed));
      expect(second.map((s) => s.pseudo)).toEqual(first.map((p) => `${p} 2`));
      expect(defiSeat(55, seed).marker).toBe(defiSeat(1, seed).marker);
    }
  });

  it("shuffles the pairs by seed", () => {
    expect(defiSeat(1, 1).pseudo).not.toBe(defiSeat(1, 1000).pseudo);
  });
});

describe("deadlines", () => {
  const now = Date.UTC(2026, 0, 10, 12, 0, 30);
  it("offers a week from now, on the minute", () => {
    expect(defaultDeadline(now)).toBe(Date.UTC(2026, 0, 17, 12, 0));
  });
  it("refuses a deadline in the past, too close or over a year ahead", () => {
    expect(deadlineProblem(now - 1, now)).toBe(DEFI_MSG.deadlinePast);
    expect(deadlineProblem(now + 30_000, now)).toBe(DEFI_MSG.deadlinePast);
    expect(deadlineProblem("demain", now)).toBe(DEFI_MSG.deadlinePast);
    expect(deadlineProblem(now + 400 * 86_400_000, now)).toBe(DEFI_MSG.deadlineFar);
    expect(deadlineProblem(now + 3_600_000, now)).toBeNull();
  });
});

describe("questionClock", () => {
  it("runs on the server's clock from the opening", () => {
    expect(questionClock(null, 30_000, 5)).toEqual({ kind: "unopened" });
    expect(questionClock(1_000, 30_000, 21_000)).toEqual({ kind: "open", remainingMs: 10_000 });
    expect(questionClock(1_000, 30_000, 31_000)).toEqual({ kind: "timeUp" });
  });
  it("moves the deadline on by the player's round trip", () => {
    expect(questionClock(1_000, 30_000, 31_000, 300)).toEqual({ kind: "open", remainingMs: 300 });
    expect(questionClock(1_000, 30_000, 31_300, 300)).toEqual({ kind: "timeUp" });
  });
});

describe("checkAdaptedNames", () => {
  it("keeps each listed name once by the name rule, look-alikes as one, and says which one breaks it", () => {
    expect(checkAdaptedNames(["  Zoé ", "zoe", "Z0É", "", "Léa  Martin"])).toEqual({ ok: true, names: ["Zoé", "Léa Martin"], keys: ["zoe", "lea martin"] });
    expect(checkAdaptedNames(["Zoé", "<b>x</b>"])).toEqual({ ok: false, error: { id: "defi.adapted.badName", values: { name: "<b>x</b>" } } });
  });
});
