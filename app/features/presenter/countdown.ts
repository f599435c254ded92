/**
 * The question countdown: redrawn every QUESTION_TICK_MS, the bar goes from 100% to 0 and the
 * speed points still to win fall as the room counts them.
 */
import { speedPoints, timeLeftFraction, WARNING_BEFORE_MS } from "@common/rules";

interface Progress {
  /** 1 at the opening, 0 at the deadline. */
  fraction: number;
  /** Speed points still to win, rounded to 1 decimal. */
  points: number;
  /** Whole seconds left, rounded up (shows 1 until the very end). */
  seconds: number;
}

export function questionProgress(remainingMs: number, answerTimeMs: number, speedPointsMax: number): Progress {
  const remaining = Math.max(0, Math.min(remainingMs, answerTimeMs));
  const elapsed = answerTimeMs - remaining;
  return {
    fraction: timeLeftFraction(elapsed, answerTimeMs),
    points: Math.round(speedPoints(elapsed, answerTimeMs, speedPointsMax) * 10) / 10,
    seconds: Math.ceil(remaining / 1000),
  };
}

/** True once, at the tick that crosses the warning mark (not when a reload lands past it). */
export function crossesWarning(previousRemainingMs: number | null, remainingMs: number): boolean {
  if (previousRemainingMs === null) return false;
  return previousRemainingMs > WARNING_BEFORE_MS && remainingMs <= WARNING_BEFORE_MS && remainingMs > 0;
}
