import { describe, expect, it } from "vitest";
import { rankMove, nightRanking, rankEntries, rankInPlace, teamStandings } from "./ranking";

const e = (id: string, total: number, timeMs: number, order: number) => ({ id, total, timeMs, order });

describe("rankEntries", () => {
  it.each([
    { rule: "ranks by total, highest first", entries: [e("a", 3, 1000, 0), e("b", 12.5, 9000, 1), e("c", 7, 500, 2)], order: ["b", "c", "a"] },
    {
      rule: "breaks a tie on total with the lower cumulated answer time",
      entries: [e("slow", 8, 20_000, 0), e("fast", 8, 4_000, 1), e("top", 9, 60_000, 2)],
      order: ["top", "fast", "slow"],
    },
  ])("$rule", ({ entries, order }) => {
    const ranked = rankEntries(entries);
    expect(ranked.map((r) => [r.entry.id, r.rank])).toEqual(order.map((id, i) => [id, i + 1]));
  });

  it("shares the rank of an exact tie and skips the next (1, 2, 2, 4)", () => {
    const ranked = rankEntries([e("a", 5, 100, 0), e("b", 4, 100, 1), e("c", 4, 100, 2), e("d", 1, 0, 3)]);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 2, 4]);
    expect(ranked.map((r) => r.entry.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("compares full precision, not display rounding", () => {
    const ranked = rankEntries([e("a", 7.001, 0, 0), e("b", 7.004, 999_999, 1)]);
    expect(ranked[0]!.entry.id).toBe("b");
  });
});

describe("rankInPlace", () => {
  it("orders and ranks as rankEntries does, ties and join order included, in the list it was given", () => {
    // Totals and times drawn from a few values so that exact ties and equal totals are common.
    let x = 7;
    const draw = (n: number) => ((x = (x * 48_271) % 2_147_483_647), x % n);
    const inputs = Array.from({ length: 500 }, (_, i) => e(`p${i}`, draw(6) * 2.5, draw(4) * 1000, draw(1000)));
    const list = inputs.map((input) => ({ ...input, rank: 0 }));
    const ranked = rankInPlace(list);
    expect(ranked).toBe(list);
    expect(ranked.map((r) => [r.id, r.rank])).toEqual(rankEntries(inputs).map((r) => [r.entry.id, r.rank]));
    expect(new Set(ranked.map((r) => r.rank)).size).toBeGreaterThan(5);
    expect(ranked.some((r, i) => i > 0 && r.rank === ranked[i - 1]!.rank)).toBe(true);
  });
});

describe("rankMove", () => {
  it("is previous rank minus new rank", () => {
    expect(rankMove(5, 2)).toBe(3);
    expect(rankMove(1, 4)).toBe(-3);
    expect(rankMove(3, 3)).toBe(0);
    expect(rankMove(undefined, 7)).toBe(0);
  });
});

describe("teamStandings", () => {
  it("scores a team with the average of its members' totals", () => {
    const standings = teamStandings(
      [
        { team: "bleu", total: 10, timeMs: 1000 },
        { team: "bleu", total: 4, timeMs: 3000 },
        { team: "jaune", total: 8, timeMs: 500 },
        { team: "rose", total: 6, timeMs: 100 },
        { team: "rose", total: 6, timeMs: 300 },
        { team: "rose", total: 9, timeMs: 200 },
      ],
      ["bleu", "jaune", "rose", "rouge"]
    );
    // bleu 7, jaune 8, rose 7 (tie with bleu, but 200 ms average against 2000 ms).
    expect(standings).toEqual([
      { team: "jaune", points: 8, timeMs: 500, members: 1, rank: 1 },
      { team: "rose", points: 7, timeMs: 200, members: 3, rank: 2 },
      { team: "bleu", points: 7, timeMs: 2000, members: 2, rank: 3 },
    ]);
  });
});

describe("nightRanking", () => {
  const seat = (id: string, no: number, score: number, timeMs: number, night?: { points: number; timeMs: number }) => ({
    id,
    no,
    score,
    timeMs,
    ...(night ? { night } : {}),
  });

  it("adds the rounds up, a newcomer counting only its rounds", () => {
    const ranked = nightRanking([seat("a", 1, 5, 0, { points: 10, timeMs: 0 }), seat("b", 2, 12, 0), seat("c", 3, 2, 0, { points: 11, timeMs: 0 })]);
    expect(ranked.map((r) => [r.entry.id, r.entry.total, r.rank])).toEqual([
      ["a", 15, 1],
      ["c", 13, 2],
      ["b", 12, 3],
    ]);
  });

  it("breaks a tie with the added-up answer times, and shares an exact tie (1, 2, 2, 4)", () => {
    const ranked = nightRanking([
      seat("slow", 1, 4, 9_000, { points: 6, timeMs: 9_000 }),
      seat("fast", 2, 6, 1_000, { points: 4, timeMs: 1_000 }),
      seat("same1", 3, 3, 5_000, { points: 2, timeMs: 5_000 }),
      seat("same2", 4, 5, 10_000),
    ]);
    expect(ranked.map((r) => [r.entry.id, r.rank])).toEqual([
      ["fast", 1],
      ["slow", 2],
      ["same1", 3],
      ["same2", 3],
    ]);
    const tied = nightRanking([seat("a", 1, 9, 0), seat("b", 2, 5, 0, { points: 3, timeMs: 0 }), seat("c", 3, 8, 0), seat("d", 4, 1, 0)]);
    expect(tied.map((r) => r.rank)).toEqual([1, 2, 2, 4]);
  });
});
