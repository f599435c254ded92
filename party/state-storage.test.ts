import { describe, expect, it } from "vitest";
import type { Seat, SeatAnswer } from "./engine";
import { RECORD_FIELDS, newAnswerRows, readTotals, recordChanged } from "./state-storage";

const answer = (t: number): SeatAnswer => ({ lat: 48.1, lng: 2.2, t, d: 1234.5, ring: 2, p: 7.25 });
const seat = (answers: Seat["answers"]): Seat => ({
  id: "p1",
  no: 1,
  secret: "s",
  color: "bleu",
  fruit: "kiwi",
  n: 1,
  pseudo: "Kiwi bleu",
  marker: "m",
  team: null,
  score: 0,
  timeMs: 0,
  answers,
  connected: true,
  lastSeen: 0,
  joinedAt: 0,
});

describe("newAnswerRows", () => {
  it("gives only the answers the last write did not have, every field kept", () => {
    const first = answer(800);
    const before = seat({ 0: first });
    const after = { ...before, answers: { ...before.answers, 1: answer(1200) } };
    expect(newAnswerRows(before, after)).toEqual([["p1", 1, 48.1, 2.2, 1200, 1234.5, 2, 7.25]]);
    expect(newAnswerRows(undefined, after)).toHaveLength(2);
  });

  it("gives nothing for a seat whose answers did not change (a reveal's new totals)", () => {
    const before = seat({ 0: answer(800) });
    expect(newAnswerRows(before, { ...before, score: 7.25 })).toEqual([]);
  });

  it("says the answers were reset when one went away (a new round)", () => {
    expect(newAnswerRows(seat({ 0: answer(800) }), seat({}))).toBeNull();
  });
});

describe("recordChanged", () => {
  it("notices a change in any field of the record", () => {
    const before = seat({});
    const other: Record<keyof typeof RECORD_FIELDS, unknown> = {
      id: "p2",
      no: 2,
      secret: "t",
      color: "rouge",
      fruit: "pomme",
      n: 2,
      pseudo: "Pomme rouge",
      marker: "n",
      team: "vert",
      night: { points: 1, timeMs: 2, rounds: 1 },
      connected: false,
      lastSeen: 5,
      joinedAt: 5,
    };
    for (const field of Object.keys(RECORD_FIELDS) as (keyof typeof RECORD_FIELDS)[])
      expect(recordChanged(before, { ...before, [field]: other[field] }), field).toBe(true);
  });

  it("ignores the totals and the answers, which are stored apart", () => {
    const before = seat({});
    expect(recordChanged(before, { ...before, score: 12.5, timeMs: 800, answers: { 0: answer(800) } })).toBe(false);
  });
});

describe("readTotals", () => {
  it("reads the columns", () => {
    expect([...readTotals({ ids: ["p1", "p2"], score: [10, 0], timeMs: [900, 30000] })]).toEqual([
      ["p1", [10, 900]],
      ["p2", [0, 30000]],
    ]);
  });

  it("still reads a room stored before the columns (by seat, zeros left out)", () => {
    expect([...readTotals({ p3: [7.5, 1200] })]).toEqual([["p3", [7.5, 1200]]]);
    expect(readTotals(undefined).size).toBe(0);
  });
});
