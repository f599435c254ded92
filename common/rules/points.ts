/**
 * How answers earn points. A target of four rings around the true spot: an answer inside a ring
 * earns that ring's points plus speed points; outside every ring it earns nothing. The room
 * scores with these, the presenter and the phones show the speed points still to win with them.
 */
import type { TargetSetting } from "../wire/protocol";

/** Ring radii in metres, outermost first; ringPoints[i] belongs to RING_RADII_M[i]. */
export const RING_RADII_M = [200, 100, 50, 20] as const;
/** The rings' points, outermost first (circlesPoints on the wire and as the D1 settings key). */
export type RingPoints = [number, number, number, number];
/** Until the admin changes them: 2, 3, 4, 5 points for 200, 100, 50, 20 m. */
export const DEFAULT_RING_POINTS: RingPoints = [2, 3, 4, 5];
/** Speed points at the opening of a question (point_max_temps on the wire and in D1), for a new quiz. */
export const DEFAULT_SPEED_POINTS_MAX = 5;
/** What the wizard lets a game master set as a quiz's speed points: 0 (speed does not count) to 100. */
export const SPEED_POINTS_MAX_LIMIT = 100;
/** Ceiling of any points setting, a ring's or the speed bonus. */
export const MAX_POINTS = 1000;

/** The true spot on the results maps (the presenter's, a game's report): the smallest ring's red. */
export const SPOT_COLOR = "#e53935";
/** Colours of the drawn target, indexed like targetSettings: [0] is the rest of the map, never drawn. */
export const TARGET_COLORS = ["#9e9e9e", "#1e88e5", "#43a047", "#fdd835", SPOT_COLOR] as const;
/** The rings' colours alone, outermost first (like RING_RADII_M). */
export const RING_COLORS = TARGET_COLORS.slice(1);

export const isPointsValue = (p: unknown): p is number =>
  typeof p === "number" && Number.isFinite(p) && p >= 0 && p <= MAX_POINTS;

/** A quiz's speed points: a number from 0 to SPEED_POINTS_MAX_LIMIT, tenths at most. */
export const isSpeedPointsMax = (p: unknown): p is number =>
  typeof p === "number" && Number.isFinite(p) && p >= 0 && p <= SPEED_POINTS_MAX_LIMIT && Math.abs(p * 10 - Math.round(p * 10)) < 1e-9;

export function isRingPoints(value: unknown): value is RingPoints {
  return Array.isArray(value) && value.length === RING_RADII_M.length && value.every(isPointsValue);
}

/** targetSettings: [rest of the map (max -1, 0 points), 200 m, 100 m, 50 m, 20 m]. */
export function buildTargetSettings(ringPoints: readonly number[]): TargetSetting[] {
  return [
    { max: -1, points: 0, color: TARGET_COLORS[0] },
    ...RING_RADII_M.map((max, i) => ({ max, points: ringPoints[i] ?? 0, color: TARGET_COLORS[i + 1]! })),
  ];
}

/** Share of the answer time still to run: 1 at the opening, 0 at the deadline and after. */
export function timeLeftFraction(elapsedMs: number, answerTimeMs: number): number {
  if (!(answerTimeMs > 0)) return 0;
  return Math.max(0, 1 - Math.max(0, elapsedMs) / answerTimeMs);
}

/**
 * Speed points: speedPointsMax x (1 - elapsed / answer time), never below 0. Full precision; each
 * screen rounds for itself.
 */
export function speedPoints(elapsedMs: number, answerTimeMs: number, speedPointsMax: number): number {
  return speedPointsMax * timeLeftFraction(elapsedMs, answerTimeMs);
}
