import { describe, expect, it } from "vitest";
import { readStoredHelpSquare } from "./help-square";

const square = { north: 45.01, south: 44.99, east: 5.02, west: 4.98 };
const wire = { lat1: 44.99, lon1: 4.98, lat2: 45.01, lon2: 5.02 };

describe("help squares stored under either name set", () => {
  it("reads a square stored under either name set", () => {
    expect(readStoredHelpSquare(wire)).toEqual(square);
    expect(readStoredHelpSquare({ lat1: 45.01, lon1: 5.02, lat2: 44.99, lon2: 4.98 })).toEqual(square);
    expect(readStoredHelpSquare(square)).toBe(square);
    expect(readStoredHelpSquare(null)).toBeNull();
  });
});
