import { describe, expect, it } from "vitest";
import { chunks, readInChunks } from "./client";

describe("a long list bound in statement-sized parts", () => {
  const ids = Array.from({ length: 200 }, (_, i) => i);

  it("binds at most 90 values a statement (D1 refuses more than 100), every value once", () => {
    const parts = chunks(ids);
    expect(parts.map((p) => p.length)).toEqual([90, 90, 20]);
    expect(parts.flat()).toEqual(ids);
    expect(chunks([])).toEqual([]);
  });

  it("reads every part, in order, into one list", async () => {
    const asked: number[][] = [];
    const rows = await readInChunks(ids, async (part) => {
      asked.push(part);
      return part.map((id) => ({ id }));
    });
    expect(asked).toHaveLength(3);
    expect(rows.map((r) => r.id)).toEqual(ids);
  });
});
