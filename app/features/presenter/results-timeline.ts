/**
 * The results map sequence (docs/game-rules.md, The reveal), as a pure timeline: what the map shows
 * at every instant after the reveal. The screen only asks `frameAt(timeline, elapsed)` on each
 * tick, so a test can check the whole choreography without a clock or a map.
 *
 *  0 s     the true spot, with a red circle around it, on the quiz's whole map;
 *  1.5 s   zoom in (GameMap focus) on the spot and every answer;
 *  2.8 s   the target rings, in their colours, with their points;
 *  4 s     players' markers appear zone by zone, from the farthest to the nearest, 2 s apart
 *          (answers outside every ring first, then 200 m, 100 m, 50 m, 20 m; empty zones are
 *          skipped); when the answers outside the rings have been shown, the camera closes in
 *          on the rings before the first ring's answers appear;
 *  +2.5 s  completion: the screen moves on to the ranking.
 */
import type { Bounds, LatLng, TargetSetting } from "@common/wire/protocol";
import type { RevealAnswer } from "@common/wire/reveal";
import { boxAroundMetres, METRES_PER_DEGREE } from "@common/util/projection";

export const ZOOM_AT_MS = 1500;
export const RINGS_AT_MS = 2800;
export const FIRST_ZONE_AT_MS = 4000;
export const ZONE_GAP_MS = 2000;
export const DONE_AFTER_MS = 2500;
/** The rings' view: the largest ring fills most of the map's height, the smallest stays visible. */
const RING_VIEW_FACTOR = 1.15;
/** Margin around the answers in the overview, as a share of their spread. */
const OVERVIEW_PAD = 0.15;

export interface TimelineInput {
  spot: LatLng;
  /** The quiz's map bounds: the view before the zoom. */
  bounds: Bounds;
  targets: readonly TargetSetting[];
  answers: readonly Pick<RevealAnswer, "seatId" | "coords">[];
  /** The answers' player ids by zone (zonesOf): indexed like targets, [0] = outside every ring. */
  zones: readonly (readonly string[])[];
  /** Width / height of the map box, so focus views keep circles round. */
  aspect: number;
}

export type TimelineEvent =
  | { at: number; kind: "spot" }
  | { at: number; kind: "focus"; bounds: Bounds }
  | { at: number; kind: "rings" }
  | { at: number; kind: "zone"; zone: number; seatIds: string[] }
  | { at: number; kind: "done" };

interface ResultsFrame {
  /** The red circle around the true spot (before the rings replace it). */
  spotCircle: boolean;
  focus: Bounds | null;
  rings: boolean;
  /** Players whose marker is on the map. */
  shown: string[];
  /** The zone whose answers appeared last (for the caption), null before the first. */
  zone: number | null;
  done: boolean;
}

/** The smallest view of the box's aspect around the spot that holds every point, padded. */
function fitAround(spot: LatLng, points: readonly LatLng[], minHalfHeightM: number, aspect: number): Bounds {
  const cos = Math.max(0.01, Math.cos((spot.lat * Math.PI) / 180));
  let half = minHalfHeightM;
  for (const p of points) {
    const dyM = Math.abs(p.lat - spot.lat) * METRES_PER_DEGREE;
    const dxM = Math.abs(p.lng - spot.lng) * METRES_PER_DEGREE * cos;
    half = Math.max(half, dyM * (1 + OVERVIEW_PAD), (dxM * (1 + OVERVIEW_PAD)) / Math.max(0.2, aspect));
  }
  return boxAroundMetres(spot, half, aspect);
}

/** Half the height of a view, in metres. */
export function halfHeightM(view: Bounds): number {
  return (Math.abs(view.north - view.south) / 2) * METRES_PER_DEGREE;
}

/** Radius of the red circle: visible on the quiz's whole map, whatever its size. */
export function spotCircleRadiusM(bounds: Bounds): number {
  const heightM = Math.abs(bounds.north - bounds.south) * METRES_PER_DEGREE;
  return Math.max(150, heightM * 0.06);
}

function largestRing(targets: readonly TargetSetting[]): number {
  let max = 0;
  for (let i = 1; i < targets.length; i++) if (targets[i]!.max > max) max = targets[i]!.max;
  return max > 0 ? max : 200;
}

/** Zone indices from the farthest to the nearest: outside first, then rings by falling radius. */
export function zonesFarToNear(targets: readonly TargetSetting[]): number[] {
  const rings = targets
    .map((t, i) => ({ i, max: t.max }))
    .filter((r) => r.i > 0)
    .sort((a, b) => b.max - a.max)
    .map((r) => r.i);
  return [0, ...rings];
}

export function resultsTimeline(input: TimelineInput): TimelineEvent[] {
  const { spot, targets, answers, zones, aspect } = input;
  const ringHalf = largestRing(targets) * RING_VIEW_FACTOR;
  const ringView = boxAroundMetres(spot, ringHalf, aspect);
  const known = new Set(answers.map((a) => a.seatId));
  const outsideIds = new Set(zones[0] ?? []);
  const outside = answers.filter((a) => outsideIds.has(a.seatId)).map((a) => a.coords);
  const overview = outside.length > 0 ? fitAround(spot, outside, ringHalf, aspect) : ringView;

  const events: TimelineEvent[] = [
    { at: 0, kind: "spot" },
    { at: ZOOM_AT_MS, kind: "focus", bounds: overview },
    { at: RINGS_AT_MS, kind: "rings" },
  ];
  let at = FIRST_ZONE_AT_MS;
  let closedIn = overview === ringView;
  for (const zone of zonesFarToNear(targets)) {
    const ids = (zones[zone] ?? []).filter((id) => known.has(id));
    if (ids.length === 0) continue;
    if (zone > 0 && !closedIn) {
      // Close in on the rings first, then show who is in them.
      events.push({ at, kind: "focus", bounds: ringView });
      closedIn = true;
      at += ZONE_GAP_MS / 2;
    }
    events.push({ at, kind: "zone", zone, seatIds: ids });
    at += ZONE_GAP_MS;
  }
  const lastAt = events[events.length - 1]!.at;
  events.push({ at: Math.max(lastAt + DONE_AFTER_MS, FIRST_ZONE_AT_MS), kind: "done" });
  return events;
}

/** When the next event after `elapsedMs` happens (the screen sleeps until then), or null at the end. */
export function nextEventAt(timeline: readonly TimelineEvent[], elapsedMs: number): number | null {
  for (const e of timeline) if (e.at > elapsedMs) return e.at;
  return null;
}

export function frameAt(timeline: readonly TimelineEvent[], elapsedMs: number): ResultsFrame {
  const frame: ResultsFrame = { spotCircle: false, focus: null, rings: false, shown: [], zone: null, done: false };
  for (const e of timeline) {
    if (e.at > elapsedMs) break;
    switch (e.kind) {
      case "spot":
        frame.spotCircle = true;
        break;
      case "focus":
        frame.focus = e.bounds;
        break;
      case "rings":
        frame.rings = true;
        frame.spotCircle = false;
        break;
      case "zone":
        frame.shown = [...frame.shown, ...e.seatIds];
        frame.zone = e.zone;
        break;
      case "done":
        frame.done = true;
        break;
    }
  }
  return frame;
}
