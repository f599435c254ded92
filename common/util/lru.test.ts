import { describe, expect, it } from "vitest";
import { LruMap } from "./lru";

describe("LruMap", () => {
  it("never holds more than its cap, forgetting the least recently used first", () => {
    const lru = new LruMap<string, number>(3);
    for (const k of ["a", "b", "c", "d"]) lru.set(k, k.charCodeAt(0));
    expect([...lru.keys()]).toEqual(["b", "c", "d"]);
    expect(lru.has("a")).toBe(false);
    expect(lru.size).toBe(3);
  });

  it("counts a read or a write as a use", () => {
    const lru = new LruMap<string, number>(3);
    lru.set("a", 1).set("b", 2).set("c", 3);
    expect(lru.get("a")).toBe(1); // 'b' is now the least recently used
    lru.set("d", 4);
    expect([...lru.keys()]).toEqual(["c", "a", "d"]);
    lru.set("c", 30); // rewritten: used
    lru.set("e", 5);
    expect([...lru.keys()]).toEqual(["d", "c", "e"]);
    expect(lru.get("c")).toBe(30);
  });

  it("does not count a miss, has() or a delete as a use", () => {
    const lru = new LruMap<string, number>(2);
    lru.set("a", 1).set("b", 2);
    expect(lru.get("z")).toBeUndefined();
    expect(lru.has("a")).toBe(true);
    lru.set("c", 3);
    expect([...lru.keys()]).toEqual(["b", "c"]);
    expect(lru.delete("b")).toBe(true);
    expect(lru.delete("b")).toBe(false);
    lru.set("d", 4);
    expect([...lru.keys()]).toEqual(["c", "d"]);
  });

  it("stays at its cap through 200,000 keys", () => {
    const lru = new LruMap<number, number>(5_000);
    for (let i = 0; i < 200_000; i++) lru.set(i, i);
    expect(lru.size).toBe(5_000);
    expect(lru.keys().next().value).toBe(195_000);
  });

  it("refuses a cap below one", () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
    expect(() => new LruMap(Number.NaN)).toThrow(RangeError);
  });
});
