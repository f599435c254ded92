import { describe, expect, it } from "vitest";
import { helpSquareFromWire, helpSquareToWire, helpSquaresToWire, readStoredHelpSquare } from "./help-square";

const square = { north: 45.01, south: 44.99, east: 5.02, west: 4.98 };
const wire = { lat1: 44.99, lon1: 4.98, lat2: 45.01, lon2: 5.02 };

describe("help squares: Bounds inside, lat1/lon1/lat2/lon2 on the wire", () => {
  it("writes the wire's edges, south-west then north-east, in the wire's order", () => {
    expect(JSON.stringify(helpSquareToWire(square))).toBe(JSON.stringify(wire));
    expect(helpSquaresToWire([square, null])).toEqual([wire, null]);
    expect(helpSquareToWire(null)).toBeNull();
  });

  it("reads them back, whichever corner comes first", () => {
    expect(helpSquareFromWire(wire)).toEqual(square);
    expect(helpSquareFromWire({ lat1: 45.01, lon1: 5.02, lat2: 44.99, lon2: 4.98 })).toEqual(square);
  });

  it("reads a square stored under either name set", () => {
    expect(readStoredHelpSquare(wire)).toEqual(square);
    expect(readStoredHelpSquare(square)).toBe(square);
    expect(readStoredHelpSquare(null)).toBeNull();
  });
});
