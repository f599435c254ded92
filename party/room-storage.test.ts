import { describe, expect, it } from "vitest";
import type { Seat, SeatAnswer } from "./engine";
import { newAnswerRows } from "./room-storage";

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
