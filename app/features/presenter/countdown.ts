/**
 * The question countdown (spec §4, §9): refreshed every 100 ms, the bar goes from 100% to 0
 * and the points still to win fall linearly from point_max_temps to 0 over the answer time.
 */
export const COUNTDOWN_TICK_MS = 100;
/** Spec §9: the warning sound plays 10 s before the end. */
export const WARNING_BEFORE_MS = 10_000;

export interface Progress {
  /** 1 at the opening, 0 at the deadline. */
  fraction: number;
  /** Speed points still to win, rounded to 1 decimal. */
  points: number;
  /** Whole seconds left, rounded up (shows 1 until the very end). */
  seconds: number;
}

export function questionProgress(remainingMs: number, maxAnswerTimeMs: number, pointMaxTemps: number): Progress {
  const remaining = Math.max(0, Math.min(remainingMs, maxAnswerTimeMs));
  const fraction = maxAnswerTimeMs > 0 ? remaining / maxAnswerTimeMs : 0;
  return {
    fraction,
    points: Math.round(pointMaxTemps * fraction * 10) / 10,
    seconds: Math.ceil(remaining / 1000),
  };
}

/** True once, at the tick that crosses the warning mark (not when a reload lands past it). */
export function crossesWarning(previousRemainingMs: number | null, remainingMs: number): boolean {
  if (previousRemainingMs === null) return false;
  return previousRemainingMs > WARNING_BEFORE_MS && remainingMs <= WARNING_BEFORE_MS && remainingMs > 0;
}
