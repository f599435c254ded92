import { isValidLatLng as validLatLng } from "@common/util/coords";
import { EARTH_RADIUS_M, METRES_PER_DEGREE } from "@common/util/projection";
import type { Bounds, LatLng } from "@common/wire/protocol";
import type { Random } from "@common/util/random";

// The sphere is the mean Earth (6371 km): the rings are 20 to 200 m, far below where the
// model's error shows.

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine: stable for the short distances scoring cares about). */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const isValidLatLng = (p: LatLng): boolean => validLatLng(p.lat, p.lng);

/**
 * Help square of side `sideMeters` that contains `spot` without being centred on it: were it
 * centred, the middle of the drawn target would give the answer away.
 * The spot sits 20 % to 80 % of the half-side away from the centre, in a random direction, so it
 * is never at the centre and never on an edge either (which would give it away just as much).
 * `random` returns numbers in [0, 1): the room passes the cryptographic generator (a player who
 * could predict it would know the offset, hence the spot), tests a fixed sequence.
 */
export function helpZone(spot: LatLng, sideMeters: number, random: Random): Bounds {
  const half = sideMeters / 2;
  const angle = 2 * Math.PI * random();
  const dist = half * (0.2 + 0.6 * random());
  // Offset of the spot from the centre, metres east / north; the largest coordinate is at most
  // 0.8 x half, so the spot stays inside the square whatever the angle.
  const east = dist * Math.cos(angle);
  const north = dist * Math.sin(angle);
  const metresPerDegLng = METRES_PER_DEGREE * Math.cos(rad(spot.lat));
  const centreLat = spot.lat - north / METRES_PER_DEGREE;
  const centreLng = spot.lng - east / metresPerDegLng;
  const halfLat = half / METRES_PER_DEGREE;
  const halfLng = half / metresPerDegLng;
  return {
    south: centreLat - halfLat,
    west: centreLng - halfLng,
    north: centreLat + halfLat,
    east: centreLng + halfLng,
  };
}
