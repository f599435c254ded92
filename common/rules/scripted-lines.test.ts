import { describe, expect, it } from "vitest";
import { NETWORK_LINES_FLAGGED, scriptedLineFlags } from "./scripted-lines";

const answer = (playerNo: number, question: number, extra: Partial<{ lat: number; lng: number; distanceM: number; timeMs: number }> = {}) => ({
  playerNo,
  question,
  lat: 48 + playerNo / 1000 + question / 100,
  lng: 2 + playerNo / 1000,
  distanceM: 800,
  timeMs: 6_000,
  ...extra,
});

describe("lines that look scripted", () => {
  it("flags every line of a network with many lines, and none of a small one", () => {
    const lines = [
      ...Array.from({ length: NETWORK_LINES_FLAGGED }, (_, i) => ({ playerNo: i + 1, network: "aaaa0000" })),
      { playerNo: 50, network: "bbbb0000" },
      { playerNo: 51, network: "bbbb0000" },
    ];
    const flags = scriptedLineFlags(lines, []);
    expect(flags.get(1)).toEqual(["network"]);
    expect(flags.get(NETWORK_LINES_FLAGGED)).toEqual(["network"]);
    expect(flags.has(50)).toBe(false);
  });

  it("flags an answer within 50 m in under 1.5 s, not a close slow one nor a far fast one", () => {
    const lines = [1, 2, 3, 4].map((playerNo) => ({ playerNo, network: `n${playerNo}` }));
    const flags = scriptedLineFlags(lines, [
      answer(1, 0, { distanceM: 12, timeMs: 900 }),
      answer(2, 0, { distanceM: 12, timeMs: 1_500 }),
      answer(3, 0, { distanceM: 50, timeMs: 400 }),
      answer(4, 0),
    ]);
    expect(flags.get(1)).toEqual(["fast"]);
    expect([...flags.keys()]).toEqual([1]);
  });

  it("flags lines whose answers are the same to the coordinate, whatever their order", () => {
    const lines = [1, 2, 3].map((playerNo) => ({ playerNo, network: `n${playerNo}` }));
    const same = { lat: 48.85, lng: 2.35 };
    const other = { lat: 48.86, lng: 2.3 };
    const flags = scriptedLineFlags(lines, [
      answer(1, 0, same),
      answer(1, 1, other),
      answer(2, 1, other),
      answer(2, 0, same),
      answer(3, 0, same),
    ]);
    expect(flags.get(1)).toEqual(["same"]);
    expect(flags.get(2)).toEqual(["same"]);
    expect(flags.has(3)).toBe(false);
  });
});
