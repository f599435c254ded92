import type { PointsSettings, TargetSetting } from "@common/protocol";

/** Ring radii in metres, outermost first; circlesPoints[i] belongs to RING_RADII[i]. */
export const RING_RADII = [200, 100, 50, 20] as const;

/** Admin defaults (spec §9): 2, 3, 4, 5 points for 200, 100, 50, 20 m. */
export const DEFAULT_CIRCLES_POINTS: [number, number, number, number] = [2, 3, 4, 5];
export const DEFAULT_POINT_MAX_TEMPS = 5;

/** Colours of the drawn target: index 0 (rest of the map) is never drawn but keeps the shape. */
export const TARGET_COLORS = ["#9e9e9e", "#1e88e5", "#43a047", "#fdd835", "#e53935"] as const;

/** Spec §3 targetSettings: [rest of the map (max -1, 0 points), 200 m, 100 m, 50 m, 20 m]. */
export function buildTargetSettings(circlesPoints: readonly number[]): TargetSetting[] {
  return [
    { max: -1, points: 0, color: TARGET_COLORS[0] },
    ...RING_RADII.map((max, i) => ({ max, points: circlesPoints[i] ?? 0, color: TARGET_COLORS[i + 1]! })),
  ];
}

/**
 * Index in targetSettings of the smallest ring containing the distance (edge included), 0 when
 * outside every ring. Works whatever order the rings are listed in.
 */
export function ringIndex(distanceM: number, targets: readonly TargetSetting[]): number {
  let best = 0;
  for (let i = 1; i < targets.length; i++) {
    const ring = targets[i]!;
    if (ring.max >= 0 && distanceM <= ring.max && (best === 0 || ring.max < targets[best]!.max)) best = i;
  }
  return best;
}

/** Speed points: falls linearly from pointMaxTemps at the opening to 0 at the deadline. */
export function timePoints(elapsedMs: number, answerTimeMs: number, pointMaxTemps: number): number {
  if (answerTimeMs <= 0) return 0;
  const t = Math.max(0, elapsedMs);
  return Math.max(0, pointMaxTemps * (1 - t / answerTimeMs));
}

export interface QuestionScore {
  /** Index in targetSettings (0 = outside every ring). */
  ring: number;
  distancePoints: number;
  timePoints: number;
  /** distancePoints + timePoints inside a ring, else 0: a blind fast tap earns nothing. */
  points: number;
}

export function scoreAnswer(
  distanceM: number,
  elapsedMs: number,
  answerTimeMs: number,
  pointMaxTemps: number,
  targets: readonly TargetSetting[]
): QuestionScore {
  const ring = ringIndex(distanceM, targets);
  const distancePoints = ring === 0 ? 0 : targets[ring]!.points;
  const tp = timePoints(elapsedMs, answerTimeMs, pointMaxTemps);
  return { ring, distancePoints, timePoints: tp, points: ring === 0 ? 0 : distancePoints + tp };
}

export function pointsSettings(pointMaxTemps: number, circlesPoints: [number, number, number, number]): PointsSettings {
  return { point_max_temps: pointMaxTemps, circlesPoints };
}

/**
 * Display rounding (spec: 2 decimals). State keeps full precision so rankings never depend on
 * rounding; only messages are rounded. Number.EPSILON nudges 1.005 up as a human would.
 */
export function round2(x: number): number {
  return Math.round((x + Math.sign(x) * Number.EPSILON) * 100) / 100;
}
