import type { TargetSetting } from "../wire/protocol";
import { speedPoints } from "./points";

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

/**
 * A distance rounded to the metre on the same side of every ring's edge as the distance itself:
 * 50.4 m, outside the 50 m ring, is 51 m rather than 50 m. Whoever reads the ring back from the
 * rounded distance (the phone, which is sent only that) reads the ring the answer scored.
 */
export function metresInRing(distanceM: number, targets: readonly TargetSetting[]): number {
  const rounded = Math.round(distanceM);
  return ringIndex(rounded, targets) === ringIndex(distanceM, targets) ? rounded : Math.ceil(distanceM);
}

interface QuestionScore {
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
  speedPointsMax: number,
  targets: readonly TargetSetting[]
): QuestionScore {
  const ring = ringIndex(distanceM, targets);
  const distancePoints = ring === 0 ? 0 : targets[ring]!.points;
  const tp = speedPoints(elapsedMs, answerTimeMs, speedPointsMax);
  return { ring, distancePoints, timePoints: tp, points: ring === 0 ? 0 : distancePoints + tp };
}

/**
 * Display rounding (2 decimals). State keeps full precision so rankings never depend on
 * rounding; only messages are rounded. Number.EPSILON nudges 1.005 up as a human would.
 */
export function round2(x: number): number {
  return Math.round((x + Math.sign(x) * Number.EPSILON) * 100) / 100;
}
