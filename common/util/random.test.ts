import { afterEach, describe, expect, it, vi } from "vitest";
import { secureRandom } from "./random";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the random source of what players must not predict", () => {
  it("draws from crypto.getRandomValues, never Math.random", () => {
    const crypto = vi.spyOn(globalThis.crypto, "getRandomValues");
    const math = vi.spyOn(Math, "random");
    secureRandom();
    expect(crypto).toHaveBeenCalledTimes(1);
    expect(math).not.toHaveBeenCalled();
  });

  it("gives numbers in [0, 1), its ends included in what two 32-bit draws can make", () => {
    const draws = (values: number[]) => vi.spyOn(globalThis.crypto, "getRandomValues").mockImplementationOnce((a) => {
      (a as Uint32Array).set(values);
      return a;
    });
    draws([0, 0]);
    expect(secureRandom()).toBe(0);
    draws([0xffff_ffff, 0xffff_ffff]);
    expect(secureRandom()).toBe(1 - 2 ** -53);
    draws([0x8000_0000, 0]);
    expect(secureRandom()).toBe(0.5);
    vi.restoreAllMocks();
    const many = Array.from({ length: 10_000 }, secureRandom);
    expect(Math.min(...many)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...many)).toBeLessThan(1);
    // Spread over the interval: each tenth gets its share.
    for (let tenth = 0; tenth < 10; tenth++) {
      const inIt = many.filter((x) => x >= tenth / 10 && x < (tenth + 1) / 10).length;
      expect(inIt).toBeGreaterThan(800);
      expect(inIt).toBeLessThan(1200);
    }
  });
});
