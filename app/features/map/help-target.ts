import { METRES_PER_DEGREE, project } from "@common/util/projection";
import type { Bounds, LatLng } from "./types";

/**
 * The help target (docs/game-rules.md, Help zones): over the help rectangle, a magenta target
 * of two concentric circles and 8 radial lines, line width max(5, 10 - zoom). The geometry is
 * computed once here in latitude/longitude; Google draws it as polylines, the offline map as SVG
 * paths, so both show the same target.
 */

export const HELP_TARGET_COLOR = "#ff00ff";

export function helpTargetLineWidth(zoom: number): number {
  return Math.max(5, 10 - zoom);
}

type HelpTarget = {
  center: LatLng;
  /** Outer radius in metres: half the shorter side of the rectangle. */
  radiusM: number;
  /** Closed paths: the outer circle, then the inner one (half the radius). */
  rings: LatLng[][];
  /** Eight lines from the centre to the outer circle, every 45 degrees from east. */
  spokes: [LatLng, LatLng][];
};

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Circles are true circles on the ground (radius in metres), so they look round on Google's map
 * whatever the latitude; the room sends a square in metres anyway (common/rules/geo.ts).
 */
export function helpTargetShapes(b: Bounds, segments = 72): HelpTarget {
  const center = { lat: (b.north + b.south) / 2, lng: (b.east + b.west) / 2 };
  const mPerDegLng = METRES_PER_DEGREE * Math.max(Math.cos(rad(center.lat)), 1e-6);
  const halfHeightM = ((b.north - b.south) / 2) * METRES_PER_DEGREE;
  const halfWidthM = ((b.east - b.west) / 2) * mPerDegLng;
  const radiusM = Math.min(halfHeightM, halfWidthM);
  const at = (r: number, angleDeg: number): LatLng => ({
    lat: center.lat + (r * Math.sin(rad(angleDeg))) / METRES_PER_DEGREE,
    lng: center.lng + (r * Math.cos(rad(angleDeg))) / mPerDegLng,
  });
  const ring = (r: number) => {
    const path: LatLng[] = [];
    for (let i = 0; i <= segments; i++) path.push(at(r, (360 * i) / segments));
    return path;
  };
  const spokes: [LatLng, LatLng][] = [];
  for (let k = 0; k < 8; k++) spokes.push([center, at(radiusM, k * 45)]);
  return { center, radiusM, rings: [ring(radiusM), ring(radiusM / 2)], spokes };
}

/**
 * SVG path data of the target in a viewBox of `size` x `size` units stretched over the map's box
 * (offline map): every point goes through the same linear projection as taps and markers.
 */
export function helpTargetSvgPath(target: HelpTarget, view: Bounds, size = 1000): string {
  const pt = (p: LatLng) => {
    const { x, y } = project(view, p);
    return `${(x * size).toFixed(2)} ${(y * size).toFixed(2)}`;
  };
  const parts: string[] = [];
  /* eslint-disable lingui/no-unlocalized-strings -- SVG path commands, never read */
  for (const ring of target.rings) parts.push(`M${ring.map(pt).join(" L")} Z`);
  for (const [a, b] of target.spokes) parts.push(`M${pt(a)} L${pt(b)}`);
  /* eslint-enable lingui/no-unlocalized-strings */
  return parts.join(" ");
}
