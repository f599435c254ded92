import { describe, expect, it } from "vitest";
import { AXIS_SLOTS, axisSlot, layoutAxis, mergeAnswers } from "./answer-axis";

const a = (id: string, elapsedMs: number) => ({ seatId: id, pseudo: id, marker: id, elapsedMs });

describe("answer-time axis in 20 slots", () => {
  it("puts an answer in the slot of its time", () => {
    expect(AXIS_SLOTS).toBe(20);
    expect(axisSlot(0, 15_000)).toBe(0);
    expect(axisSlot(749, 15_000)).toBe(0);
    expect(axisSlot(750, 15_000)).toBe(1);
    expect(axisSlot(7_500, 15_000)).toBe(10);
    expect(axisSlot(14_999, 15_000)).toBe(19);
    expect(axisSlot(15_000, 15_000)).toBe(19);
    expect(axisSlot(-5, 15_000)).toBe(0);
    expect(axisSlot(1000, 0)).toBe(0);
  });

  it("stacks answers of one slot in arrival order and counts the overflow", () => {
    const layout = layoutAxis([a("c", 300), a("a", 100), a("b", 200), a("d", 400), a("e", 9000)], 15_000, 3);
    expect(layout.items.map((i) => [i.seatId, i.slot, i.row])).toEqual([
      ["a", 0, 0],
      ["b", 0, 1],
      ["c", 0, 2],
      ["e", 12, 0],
    ]);
    expect(layout.overflow[0]).toBe(1);
    expect(layout.overflow.reduce((s, n) => s + n, 0)).toBe(1);
  });

  it("merges batched answers once per player", () => {
    const merged = mergeAnswers([a("a", 1)], [a("a", 1), a("b", 2), a("b", 2)]);
    expect(merged.map((x) => x.seatId)).toEqual(["a", "b"]);
  });
});
