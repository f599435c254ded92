import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./room-d1";

describe("retryDelayMs", () => {
  it("starts at one second and stays at a minute", () => {
    expect([1, 2, 3, 7, 20].map(retryDelayMs)).toEqual([1000, 2000, 4000, 60_000, 60_000]);
  });
});
