/**
 * The question's progress bar (spec §4 "Answer progress"): points still to win fall linearly
 * from point_max_temps to 0 over the answer time. The end is the room's: the phone anchors the
 * room's `remainingMs` on its own monotonic reading when the message arrives, and only measures
 * durations from there, never compares its clock with the room's.
 */

export const PROGRESS_TICK_MS = 100;

export interface QuestionClock {
  /** Local time (same clock as `now`) at which the room closes the question. */
  deadlineAt: number;
  /** The whole answer time, ms. */
  totalMs: number;
}

/** Anchors the room's remaining time on the local clock at reception. */
export function clockFrom(remainingMs: number, answerTimeSec: number, receivedAt: number): QuestionClock {
  const totalMs = Math.max(0, answerTimeSec * 1000);
  return { deadlineAt: receivedAt + Math.min(Math.max(0, remainingMs), totalMs), totalMs };
}

export function remainingMs(clock: QuestionClock, now: number): number {
  return Math.max(0, clock.deadlineAt - now);
}

export interface Progress {
  /** 1 at the opening, 0 at the deadline. */
  fraction: number;
  /** Speed points still to win. */
  points: number;
  timeUp: boolean;
}

export function progressAt(clock: QuestionClock, pointMaxTemps: number, now: number): Progress {
  const left = remainingMs(clock, now);
  const fraction = clock.totalMs > 0 ? Math.min(1, left / clock.totalMs) : 0;
  return { fraction, points: Math.max(0, pointMaxTemps * fraction), timeUp: left <= 0 };
}
