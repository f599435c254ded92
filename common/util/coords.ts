/**
 * The coordinates a game master types for a question (docs/game-rules.md, Building a quiz):
 * 'lat,lng', whitespace ignored, exactly two comma-separated numbers, a dot before the decimals in
 * every language (what Google Maps copies). Shared by the wizard form and the server. Shown back to
 * a reader, a spot is written in their language's numbers instead (`shownPoint`).
 */
import type { Bounds, LatLng } from "@common/wire/protocol";
import { m } from "../i18n/words";
import type { Words } from "../i18n/ids";
import { formatDecimal } from "../i18n/format";
import type { Locale } from "../i18n/locales";

export const COORDS_MSG = {
  missing: m("wizard.coords.missing"),
  invalid: m("wizard.coords.invalid"),
  undetected: m("wizard.coords.undetected"),
} as const;

export type CoordsResult = { ok: true; coords: LatLng } | { ok: false; error: Words };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function isValidLatLng(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

export function parseCoords(text: string | null | undefined): CoordsResult {
  const compact = (text ?? "").replace(/\s+/g, "");
  if (!compact) return { ok: false, error: COORDS_MSG.missing };
  const parts = compact.split(",");
  if (parts.length !== 2 || !parts.every((p) => NUMBER.test(p))) {
    return { ok: false, error: COORDS_MSG.invalid };
  }
  const [lat, lng] = parts.map(Number);
  if (!isValidLatLng(lat, lng)) return { ok: false, error: COORDS_MSG.invalid };
  return { ok: true, coords: { lat, lng } };
}

/** Six decimals are about 10 cm: plenty for a photo spot, short enough to read. */
export function formatCoords({ lat, lng }: LatLng): string {
  const round = (n: number) => String(Math.round(n * 1e6) / 1e6);
  return `${round(lat)},${round(lng)}`;
}

/**
 * A spot as a reader reads it, hemispheres in their language's letters and numbers in its own
 * form: '48,6361° N · 1,5115° O' (fr), '48.6361° N · 1.5115° W' (en). Never to be typed back:
 * the field takes 'lat,lng' with a dot.
 */
export function shownPoint(locale: Locale, { lat, lng }: LatLng, digits = 4): Words {
  return m("wizard.coords.point", {
    lat: formatDecimal(locale, Math.abs(lat), digits),
    ns: lat < 0 ? "south" : "north",
    lng: formatDecimal(locale, Math.abs(lng), digits),
    ew: lng < 0 ? "west" : "east",
  });
}

const degreeFormats = new Map<Locale, Intl.NumberFormat>();

/** A bound in degrees, signed, up to five decimals (about a metre): '-1,51153' (fr). */
export function formatDegrees(locale: Locale, value: number): string {
  let format = degreeFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 5 });
    degreeFormats.set(locale, format);
  }
  return format.format(Object.is(value, -0) ? 0 : value);
}

/** The wizard's default box: ±0.05 latitude and ±0.07 longitude around a spot. */
const DEFAULT_HALF_SPAN = { lat: 0.05, lng: 0.07 } as const;

export function boxAround({ lat, lng }: LatLng, scale = 1): Bounds {
  const dLat = DEFAULT_HALF_SPAN.lat * scale;
  const dLng = DEFAULT_HALF_SPAN.lng * scale;
  return {
    north: Math.min(90, lat + dLat),
    south: Math.max(-90, lat - dLat),
    east: Math.min(180, lng + dLng),
    west: Math.max(-180, lng - dLng),
  };
}

/** The rectangle two clicks span, whatever corners they are. */
export function boundsFromCorners(a: LatLng, b: LatLng): Bounds {
  return {
    north: Math.max(a.lat, b.lat),
    south: Math.min(a.lat, b.lat),
    east: Math.max(a.lng, b.lng),
    west: Math.min(a.lng, b.lng),
  };
}

export function contains(bounds: Bounds, { lat, lng }: LatLng): boolean {
  return lat <= bounds.north && lat >= bounds.south && lng <= bounds.east && lng >= bounds.west;
}

/** The smallest box holding every given box and spot, widened by `pad` of its size each side. */
export function extend(boxes: Bounds[], spots: LatLng[], pad = 0): Bounds | null {
  const all: Bounds[] = [
    ...boxes,
    ...spots.map((s) => ({ north: s.lat, south: s.lat, east: s.lng, west: s.lng })),
  ];
  if (all.length === 0) return null;
  let { north, south, east, west } = all[0];
  for (const b of all.slice(1)) {
    north = Math.max(north, b.north);
    south = Math.min(south, b.south);
    east = Math.max(east, b.east);
    west = Math.min(west, b.west);
  }
  const padLat = (north - south) * pad;
  const padLng = (east - west) * pad;
  return {
    north: Math.min(90, north + padLat),
    south: Math.max(-90, south - padLat),
    east: Math.min(180, east + padLng),
    west: Math.max(-180, west - padLng),
  };
}
