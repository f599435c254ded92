import type { Bounds, LatLng } from "../wire/protocol";

/**
 * The offline map's projection (docs/architecture.md, The map): its view bounds are spread LINEARLY
 * over its box, so a tap at 30 % of the width and 40 % of the height is the point 30 % of the way
 * from west to east and 40 % of the way from north to south. End-to-end tests compute answers from
 * this, so it stays linear (no Mercator), whatever the latitude.
 */

/** Mean Earth radius (IUGG), as common/rules/geo.ts uses for scoring. */
export const EARTH_RADIUS_M = 6_371_000;
export const METRES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_M;

/**
 * A view `halfHeightM` metres above and below `center`, `aspect` (width / height, 0.2 at the
 * least) times as wide: on a map that stretches its view over a box of that shape, circles stay
 * round.
 */
export function boxAroundMetres(center: LatLng, halfHeightM: number, aspect: number): Bounds {
  const dLat = halfHeightM / METRES_PER_DEGREE;
  const cos = Math.max(0.01, Math.cos((center.lat * Math.PI) / 180));
  const dLng = (halfHeightM * Math.max(0.2, aspect)) / (METRES_PER_DEGREE * cos);
  return { north: center.lat + dLat, south: center.lat - dLat, east: center.lng + dLng, west: center.lng - dLng };
}

/** A point of the box as fractions: x 0 = west edge, 1 = east edge; y 0 = north, 1 = south. */
export type BoxPoint = { x: number; y: number };

const WORLD: Bounds = { north: 85, south: -85, west: -180, east: 180 };

/** Smallest span the offline map zooms into (about 50 m): the rings are 20 m at the least. */
const MIN_SPAN_DEG = 0.0005;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Longitude into [-180, 180]; 180 itself stays 180 so that the world's east edge survives. */
function wrapLng(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/** West to east, in degrees; bounds whose west is east of their east cross the antimeridian. */
export function lngSpan(b: Bounds): number {
  const span = b.east - b.west;
  return span < 0 ? span + 360 : span;
}

export function latSpan(b: Bounds): number {
  return b.north - b.south;
}

export function boundsCenter(b: Bounds): LatLng {
  return { lat: (b.north + b.south) / 2, lng: wrapLng(b.west + lngSpan(b) / 2) };
}

export function project(view: Bounds, p: LatLng): BoxPoint {
  const span = lngSpan(view);
  // Measured from the view's middle so that a point just west of a view crossing the
  // antimeridian comes out slightly negative, not near 360 degrees east.
  const center = view.west + span / 2;
  let d = p.lng - center;
  if (d > 180) d -= 360;
  if (d < -180) d += 360;
  return { x: 0.5 + d / span, y: (view.north - p.lat) / latSpan(view) };
}

export function unproject(view: Bounds, pt: BoxPoint): LatLng {
  return {
    lat: view.north - pt.y * latSpan(view),
    lng: wrapLng(view.west + pt.x * lngSpan(view)),
  };
}

/**
 * A radius in metres as fractions of the box's width and height at that latitude: on a linear
 * map a circle becomes an ellipse, the honest picture of the same ground distance.
 */
export function metresToBox(view: Bounds, lat: number, metres: number): { rx: number; ry: number } {
  const degLat = metres / METRES_PER_DEGREE;
  const degLng = metres / (METRES_PER_DEGREE * Math.max(Math.cos(rad(lat)), 1e-6));
  return { rx: degLng / lngSpan(view), ry: degLat / latSpan(view) };
}

/** Metres across the box's width at its middle latitude (scale bar). */
export function viewWidthMetres(view: Bounds): number {
  const lat = (view.north + view.south) / 2;
  return lngSpan(view) * METRES_PER_DEGREE * Math.cos(rad(lat));
}

/**
 * The Google zoom level that would show this width of longitude in `widthPx` pixels
 * (256 px tiles): the help target's line width depends on it on both maps.
 */
export function approxZoom(view: Bounds, widthPx: number): number {
  const z = Math.log2((Math.max(widthPx, 1) * 360) / (256 * lngSpan(view)));
  return Math.min(22, Math.max(0, Math.round(z * 10) / 10));
}

/**
 * Keeps `view` inside `limit`: no larger than it, shifted back inside it. Without a limit only
 * the poles bound it (a linear map has no use for latitudes beyond ±85).
 */
export function clampView(view: Bounds, limit: Bounds | null): Bounds {
  const lim = limit ?? WORLD;
  const maxLat = latSpan(lim);
  const maxLng = lngSpan(lim);
  const hLat = Math.max(MIN_SPAN_DEG, Math.min(latSpan(view), maxLat));
  const hLng = Math.max(MIN_SPAN_DEG, Math.min(lngSpan(view), maxLng));
  const c = boundsCenter(view);
  let cLat = Math.min(lim.north - hLat / 2, Math.max(lim.south + hLat / 2, c.lat));
  let cLng = c.lng;
  if (limit) {
    // Measured eastwards from the limit's west edge, so that limits across the antimeridian work.
    const slack = (360 - maxLng) / 2;
    let rel = c.lng - lim.west;
    while (rel <= -slack) rel += 360;
    while (rel > maxLng + slack) rel -= 360;
    rel = Math.min(maxLng - hLng / 2, Math.max(hLng / 2, rel));
    cLng = wrapLng(lim.west + rel);
  }
  if (!Number.isFinite(cLat)) cLat = c.lat;
  return {
    north: cLat + hLat / 2,
    south: cLat - hLat / 2,
    west: wrapLng(cLng - hLng / 2),
    east: wrapLng(cLng + hLng / 2),
  };
}

/**
 * Zoom by `factor` (< 1 zooms in) keeping the geographic point under `anchor` where it is on
 * screen, as a wheel or a pinch does.
 */
export function zoomView(view: Bounds, factor: number, anchor: BoxPoint, limit: Bounds | null): Bounds {
  const a = unproject(view, anchor);
  const hLat = Math.max(MIN_SPAN_DEG, latSpan(view) * factor);
  const hLng = Math.max(MIN_SPAN_DEG, lngSpan(view) * factor);
  const north = a.lat + anchor.y * hLat;
  const west = a.lng - anchor.x * hLng;
  return clampView({ north, south: north - hLat, west: wrapLng(west), east: wrapLng(west + hLng) }, limit);
}

/** Moves the view by fractions of its own size (positive dx shows what lies east). */
export function panView(view: Bounds, dx: number, dy: number, limit: Bounds | null): Bounds {
  const dLng = dx * lngSpan(view);
  const dLat = dy * latSpan(view);
  return clampView(
    {
      north: view.north - dLat,
      south: view.south - dLat,
      west: wrapLng(view.west + dLng),
      east: wrapLng(view.east + dLng),
    },
    limit
  );
}

/** Linear blend of two views (t in [0, 1]) for the focus animation. */
export function interpolateBounds(a: Bounds, b: Bounds, t: number): Bounds {
  const ca = boundsCenter(a);
  const cb = boundsCenter(b);
  let dLng = cb.lng - ca.lng;
  if (dLng > 180) dLng -= 360;
  if (dLng < -180) dLng += 360;
  const hLat = latSpan(a) + (latSpan(b) - latSpan(a)) * t;
  const hLng = lngSpan(a) + (lngSpan(b) - lngSpan(a)) * t;
  const cLat = ca.lat + (cb.lat - ca.lat) * t;
  const cLng = ca.lng + dLng * t;
  return {
    north: cLat + hLat / 2,
    south: cLat - hLat / 2,
    west: wrapLng(cLng - hLng / 2),
    east: wrapLng(cLng + hLng / 2),
  };
}

/**
 * Bounds that show every point with a margin (public pages of a quiz without map settings).
 * One point, or points very close together, get at least `minSpan` degrees around them.
 */
export function boundsAround(points: LatLng[], margin = 0.15, minSpan = 0.1): Bounds | null {
  if (points.length === 0) return null;
  let north = -90;
  let south = 90;
  let east = -180;
  let west = 180;
  for (const p of points) {
    north = Math.max(north, p.lat);
    south = Math.min(south, p.lat);
    east = Math.max(east, p.lng);
    west = Math.min(west, p.lng);
  }
  const hLat = Math.max(minSpan, (north - south) * (1 + 2 * margin));
  const hLng = Math.max(minSpan, (east - west) * (1 + 2 * margin));
  const cLat = (north + south) / 2;
  const cLng = (east + west) / 2;
  return {
    north: Math.min(85, cLat + hLat / 2),
    south: Math.max(-85, cLat - hLat / 2),
    west: Math.max(-180, cLng - hLng / 2),
    east: Math.min(180, cLng + hLng / 2),
  };
}

const STEPS = [
  0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 45, 90,
];

/** A round graticule step giving at most `maxLines` lines across `span` degrees. */
export function graticuleStep(span: number, maxLines = 8): number {
  for (const step of STEPS) if (span / step <= Math.max(2, maxLines)) return step;
  return 90;
}

/** The graticule lines (multiples of `step`) strictly inside [from, to]. */
export function graticuleLines(from: number, to: number, step: number): number[] {
  const lines: number[] = [];
  const first = Math.ceil(from / step);
  const last = Math.floor(to / step);
  for (let i = first; i <= last && lines.length < 50; i++) {
    const v = Number((i * step).toFixed(6));
    if (v > from && v < to) lines.push(v);
  }
  return lines;
}

/** Decimals a graticule line's label needs for lines `step` degrees apart. */
export function graticuleDecimals(step: number): number {
  return Math.max(0, Math.min(6, Math.ceil(-Math.log10(step) - 1e-9)));
}

/**
 * One French number format per number of decimals, made once: toLocaleString builds a new one at
 * every call, and the offline map writes a dozen coordinates at every frame of its zoom.
 */
const frFormats = new Map<number, Intl.NumberFormat>();
function frNumber(value: number, decimals: number): string {
  let format = frFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    frFormats.set(decimals, format);
  }
  return format.format(value);
}

/** "48,85° N" — French decimal comma, hemisphere letter instead of a sign. */
export function formatLat(lat: number, decimals = 4): string {
  return `${frNumber(Math.abs(lat), decimals)}° ${lat < 0 ? "S" : "N"}`;
}

export function formatLng(lng: number, decimals = 4): string {
  return `${frNumber(Math.abs(lng), decimals)}° ${lng < 0 ? "O" : "E"}`;
}

/** A round length for the scale bar that is at most `maxMetres` (worded by the map, in its language). */
export function scaleBar(maxMetres: number): { metres: number } {
  const pow = 10 ** Math.floor(Math.log10(Math.max(maxMetres, 1)));
  const metres = [5, 2, 1].map((m) => m * pow).find((m) => m <= maxMetres) ?? pow;
  return { metres };
}
