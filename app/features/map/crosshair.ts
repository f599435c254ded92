import { clampView, latSpan, lngSpan } from "@common/util/projection";
import type { Bounds, LatLng } from "./types";

/**
 * The map without a pointer (docs/decisions/043-the-map-without-a-pointer.md): the crosshair
 * marks a point of the ground, the target, and the keyboard moves that point. The view follows
 * it, centred on it while the zone lets the view go there; at the zone's edge the view stops and
 * the crosshair goes on to the edge, so every point of the zone can be reached. Both renderings
 * use these rules: the offline map computes its view with them, Google's map is asked to centre
 * on the target and draws the crosshair wherever the target then is.
 */

/** Arrows move the target by this share of the view; with Shift, by this larger one. */
export const KEY_STEP = 0.1;
export const KEY_STEP_FAST = 1 / 3;
/** + and − halve and double the view's size. */
export const KEY_ZOOM = 0.5;

export type MapCommand =
  | { kind: "move"; dx: number; dy: number }
  | { kind: "zoom"; factor: number }
  /** Space: the marker at the crosshair. */
  | { kind: "place" }
  /** Enter: the marker at the crosshair, or the screen's validation once it is there. */
  | { kind: "enter" };

type KeyPress = { key: string; shiftKey?: boolean; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean };

/** What a key does on the map; null: not the map's (Tab, shortcuts of the browser). */
export function mapCommand(e: KeyPress): MapCommand | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const step = e.shiftKey ? KEY_STEP_FAST : KEY_STEP;
  switch (e.key) {
    case "ArrowLeft":
      return { kind: "move", dx: -step, dy: 0 };
    case "ArrowRight":
      return { kind: "move", dx: step, dy: 0 };
    case "ArrowUp":
      return { kind: "move", dx: 0, dy: -step };
    case "ArrowDown":
      return { kind: "move", dx: 0, dy: step };
    case "+":
    case "=":
      return { kind: "zoom", factor: KEY_ZOOM };
    case "-":
    case "_":
      return { kind: "zoom", factor: 1 / KEY_ZOOM };
    case " ":
    case "Spacebar":
      return { kind: "place" };
    case "Enter":
      return { kind: "enter" };
    default:
      return null;
  }
}

/**
 * Above this share of the map's height the crosshair would sit under the help line, which then
 * moves down (map.css).
 */
export const HINT_FLIP = 0.45;

const WORLD_LAT = 85;

/** Longitude into [-180, 180). */
const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/** A point kept inside the zone (with `limit`), else inside the latitudes a map shows. */
export function clampTarget(p: LatLng, limit: Bounds | null): LatLng {
  if (!limit) return { lat: Math.max(-WORLD_LAT, Math.min(WORLD_LAT, p.lat)), lng: wrapLng(p.lng) };
  const lat = Math.max(limit.south, Math.min(limit.north, p.lat));
  // Measured eastwards from the zone's west edge, so that a zone across the antimeridian works.
  const span = lngSpan(limit);
  const slack = (360 - span) / 2;
  let rel = p.lng - limit.west;
  while (rel <= -slack) rel += 360;
  while (rel > span + slack) rel -= 360;
  rel = Math.max(0, Math.min(span, rel));
  const lng = limit.west + rel;
  return { lat, lng: lng > 180 ? lng - 360 : lng };
}

/** The target moved by fractions of the view (dx > 0: east, dy > 0: south), kept in the zone. */
export function movedTarget(target: LatLng, view: Bounds, dx: number, dy: number, limit: Bounds | null): LatLng {
  return clampTarget({ lat: target.lat - dy * latSpan(view), lng: target.lng + dx * lngSpan(view) }, limit);
}

/** The view of the same size centred on the target, as far as the zone lets it go. */
export function viewOn(view: Bounds, target: LatLng, limit: Bounds | null): Bounds {
  const halfLat = latSpan(view) / 2;
  const halfLng = lngSpan(view) / 2;
  return clampView(
    { north: target.lat + halfLat, south: target.lat - halfLat, west: target.lng - halfLng, east: target.lng + halfLng },
    limit,
  );
}

/** The view `factor` times the size (< 1 zooms in), centred on the target as far as it can be. */
export function zoomedOn(view: Bounds, target: LatLng, factor: number, limit: Bounds | null): Bounds {
  const halfLat = (latSpan(view) * factor) / 2;
  const halfLng = (lngSpan(view) * factor) / 2;
  return clampView(
    { north: target.lat + halfLat, south: target.lat - halfLat, west: target.lng - halfLng, east: target.lng + halfLng },
    limit,
  );
}

const SAME_POINT_DEG = 1e-9;
export const samePoint = (a: LatLng | null, b: LatLng | null): boolean =>
  !!a && !!b && Math.abs(a.lat - b.lat) < SAME_POINT_DEG && Math.abs(a.lng - b.lng) < SAME_POINT_DEG;

/**
 * What Enter does: the screen's validation (the phone's « Répondre ») when the marker already
 * stands at the crosshair and the screen has one; else it places the marker there, so that a
 * moved crosshair is never answered with the marker left behind.
 */
export function enterMeans(placed: LatLng | null, target: LatLng, canConfirm: boolean): "place" | "confirm" {
  return canConfirm && samePoint(placed, target) ? "confirm" : "place";
}
