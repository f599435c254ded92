import { describe, expect, it } from "vitest";
import type { GameResults } from "./engine";
import { MAX_RESULTS_BYTES, resultsJson, retryDelayMs } from "./room-d1";

function results(players: number, questions: number): GameResults {
  const ranking = Array.from({ length: players }, (_, i) => ({
    rank: i + 1,
    playerID: `p${i + 1}`,
    pseudo: `Pastèque turquoise ${i + 1}`,
    marker: "Pastequeturquoise",
    points: 100 - i / 100,
    pointsQuestion: 0,
    classementMove: 0,
    timeMs: 1000,
  }));
  const answers = [];
  for (let q = 0; q < questions; q++)
    for (let i = 0; i < players; i++)
      answers.push({ playerID: `p${i + 1}`, pseudo: `Pastèque turquoise ${i + 1}`, question: q, lat: 48.123456789, lng: 2.123456789, distance: 1234, points: 7.12, time: 12345 });
  return { ranking, teams: null, answers };
}

describe("resultsJson", () => {
  it("keeps everything as is when it fits", () => {
    const r = results(50, 10);
    expect(JSON.parse(resultsJson(r))).toEqual(r);
  });

  it("stays under D1's row limit for 2000 players: columns first, then the ranking alone", () => {
    const medium = JSON.parse(resultsJson(results(2000, 10)));
    expect(medium.answerColumns).toEqual(["playerID", "question", "lat", "lng", "distance", "points", "time"]);
    expect(medium.answers).toHaveLength(20_000);
    expect(medium.answers[0]).toEqual(["p1", 0, 48.123457, 2.123457, 1234, 7.12, 12345]);
    const huge = resultsJson(results(2000, 60));
    expect(new TextEncoder().encode(huge).length).toBeLessThanOrEqual(MAX_RESULTS_BYTES);
    const parsed = JSON.parse(huge);
    expect(parsed.ranking).toHaveLength(2000);
    expect(parsed.answersOmitted).toBe(120_000);
  });
});

describe("retryDelayMs", () => {
  it("starts at one second and stays at a minute", () => {
    expect([1, 2, 3, 7, 20].map(retryDelayMs)).toEqual([1000, 2000, 4000, 60_000, 60_000]);
  });
});
