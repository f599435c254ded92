import { describe, expect, it } from "vitest";
import type { GameState, Seat } from "./engine";
import { newGame } from "./engine/test-fixtures";
import { MAX_RESULTS_BYTES, finalResults, questionRows, resultsJson, revealedQuestion } from "./d1-history";

function seat(no: number, answers: Seat["answers"], score = 0): Seat {
  return {
    id: `p${no}`,
    no,
    secret: "s".repeat(16),
    color: "bleu",
    fruit: "kiwi",
    n: no,
    pseudo: `Kiwi bleu ${no}`,
    marker: "Kiwibleu",
    team: null,
    score,
    timeMs: 1000 * no,
    answers,
    connected: true,
    lastSeen: 0,
    joinedAt: 0,
  };
}

const at = (phase: GameState["phase"], questionIndex: number, seats: Seat[] = []): GameState => ({
  ...newGame(),
  phase,
  questionIndex,
  seats,
});

describe("revealedQuestion", () => {
  it("names the question only on the step that reveals it", () => {
    expect(revealedQuestion(at("question", 0), at("reveal", 0))).toBe(0);
    expect(revealedQuestion(at("question", 1), at("reveal", 1))).toBe(1);
    expect(revealedQuestion(at("reveal", 1), at("reveal", 1))).toBeNull();
    expect(revealedQuestion(at("reveal", 0), at("question", 1))).toBeNull();
    expect(revealedQuestion(at("reveal", 1), at("over", 1))).toBeNull();
    expect(revealedQuestion(null, at("lobby", -1))).toBeNull();
  });
});

describe("questionRows", () => {
  it("takes the seats that answered that question, with their join number and rounded values", () => {
    const state = at("reveal", 0, [
      seat(1, { 0: { lat: 48.1, lng: 2.2, t: 1234.4, d: 15.6, ring: 4, p: 9.876 } }),
      seat(2, { 1: { lat: 45, lng: 5, t: 10, d: 0, ring: 4, p: 10 } }),
      seat(12, { 0: { lat: 40, lng: 1, t: 900, d: 900_000, ring: 0, p: 0 } }),
    ]);
    const { players, answers } = questionRows(state, 0);
    expect(players).toEqual([
      [1, "Kiwi bleu 1", "Kiwibleu", null],
      [12, "Kiwi bleu 12", "Kiwibleu", null],
    ]);
    expect(answers).toEqual([
      [1, 48.1, 2.2, 16, 4, 9.88, 1234],
      [12, 40, 1, 900_000, 0, 0, 900],
    ]);
  });
});

describe("resultsJson", () => {
  it("keeps the ranking and the teams, not the answers (they have their own table)", () => {
    const state = at("over", 1, [seat(1, { 0: { lat: 48, lng: 2, t: 5, d: 1, ring: 4, p: 9 } }, 9), seat(2, {}, 0)]);
    const parsed = JSON.parse(resultsJson(finalResults(state)));
    expect(Object.keys(parsed).sort()).toEqual(["ranking", "teams"]);
    expect(parsed.ranking.map((l: { playerID: string; rank: number }) => [l.playerID, l.rank])).toEqual([
      ["p1", 1],
      ["p2", 2],
    ]);
  });

  it("stays far below D1's row limit at 2000 players", () => {
    const seats = Array.from({ length: 2000 }, (_, i) => seat(i + 1, {}, 2000 - i));
    const json = resultsJson(finalResults(at("over", 1, seats)));
    expect(new TextEncoder().encode(json).length).toBeLessThan(MAX_RESULTS_BYTES / 2);
    expect(JSON.parse(json).ranking).toHaveLength(2000);
  });
});
