import { describe, expect, it } from "vitest";
import { METRES_PER_DEGREE } from "@common/util/projection";
import { contains } from "@common/util/coords";
import { haversineMeters, helpZone, isValidLatLng } from "./geo";

/** Deterministic stand-in for Math.random: returns the given values in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe("haversineMeters", () => {
  it("gives 111 194.93 m for one degree along the equator or a meridian (R = 6 371 km)", () => {
    expect(METRES_PER_DEGREE).toBeCloseTo(111_194.93, 2);
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_194.93, 2);
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_194.93, 2);
  });

  it("is zero for the same point and symmetric", () => {
    const a = { lat: 45.764, lng: 4.8357 };
    const b = { lat: 45.7578, lng: 4.832 };
    expect(haversineMeters(a, a)).toBe(0);
    expect(haversineMeters(a, b)).toBeCloseTo(haversineMeters(b, a), 9);
  });

  it("measures Paris - London as about 343.6 km", () => {
    // Published great-circle figure on a 6371 km sphere: 343.56 km.
    const d = haversineMeters({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 });
    expect(d / 1000).toBeCloseTo(343.56, 1);
  });

  it("shrinks east-west distances by cos(latitude): 0.001 deg of longitude at 60 N is 55.6 m", () => {
    const d = haversineMeters({ lat: 60, lng: 10 }, { lat: 60, lng: 10.001 });
    expect(d).toBeCloseTo(55.597, 2);
  });

  it("places 0.0018 deg of latitude at 200.15 m: just outside a 200 m ring", () => {
    expect(haversineMeters({ lat: 48, lng: 2 }, { lat: 48.0018, lng: 2 })).toBeCloseTo(200.15, 2);
  });

  it("handles antipodes without NaN", () => {
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6_371_000, 3);
  });
});

describe("isValidLatLng", () => {
  it("refuses NaN and out-of-range values", () => {
    expect(isValidLatLng({ lat: 10, lng: 20 })).toBe(true);
    expect(isValidLatLng({ lat: Number.NaN, lng: 0 })).toBe(false);
    expect(isValidLatLng({ lat: 91, lng: 0 })).toBe(false);
    expect(isValidLatLng({ lat: 0, lng: -181 })).toBe(false);
  });
});

describe("helpZone", () => {
  // The square's sides in metres from the spot at (0, 0), for the random draws (angle, offset).
  it.each([
    // 250 m on each side in latitude; the centre is 50 m west, so 300 m west and 200 m east.
    { draws: [0, 0], where: "with angle 0 and the smallest offset, puts the spot 50 m east of the centre of a 500 m square", south: -250, north: 250, west: -300, east: 200 },
    { draws: [0.25, 1], where: "with angle 90 deg and the largest offset, puts the spot 200 m north of the centre", south: -450, north: 50, west: -250, east: 250 },
  ])("$where", ({ draws, south, north, west, east }) => {
    const z = helpZone({ lat: 0, lng: 0 }, 500, sequence(...draws));
    expect(z.south).toBeCloseTo(south / 111_194.93, 9);
    expect(z.north).toBeCloseTo(north / 111_194.93, 9);
    expect(z.west).toBeCloseTo(west / 111_194.93, 9);
    expect(z.east).toBeCloseTo(east / 111_194.93, 9);
  });

  it("always contains the spot, never centred on it, with sides of the requested length", () => {
    const spot = { lat: 45.764, lng: 4.8357 };
    let seed = 7;
    const lcg = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 500; i++) {
      const z = helpZone(spot, 1000, lcg);
      expect(contains({ south: z.south, north: z.north, west: z.west, east: z.east }, spot)).toBe(true);
      const centre = { lat: (z.south + z.north) / 2, lng: (z.west + z.east) / 2 };
      // At least 20 % of the half-side (100 m) from the centre.
      expect(haversineMeters(spot, centre)).toBeGreaterThan(99);
      expect(haversineMeters({ lat: z.south, lng: centre.lng }, { lat: z.north, lng: centre.lng })).toBeCloseTo(1000, 3);
      expect(haversineMeters({ lat: centre.lat, lng: z.west }, { lat: centre.lat, lng: z.east })).toBeCloseTo(1000, 0);
    }
  });
});
