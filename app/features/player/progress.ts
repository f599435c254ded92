import { speedPoints, timeLeftFraction } from "@common/rules";

/**
 * The question's progress bar: the speed points still to win, as the room counts them. The end
 * is the room's: the phone anchors the room's `remainingMs` on its own monotonic reading when the
 * message arrives, and only measures durations from there, never compares its clock with the
 * room's.
 */

export interface QuestionClock {
  /** Local time (same clock as `now`) at which the room closes the question. */
  deadlineAt: number;
  /** The whole answer time, ms. */
  totalMs: number;
  /** The presenter gave this seat more time for this question (« Temps adapté »): its own deadline. */
  extended?: true;
}

/** Anchors the room's remaining time on the local clock at reception. */
export function clockFrom(remainingMs: number, answerTimeSec: number, receivedAt: number): QuestionClock {
  const totalMs = Math.max(0, answerTimeSec * 1000);
  return { deadlineAt: receivedAt + Math.min(Math.max(0, remainingMs), totalMs), totalMs };
}

export function remainingMs(clock: QuestionClock, now: number): number {
  return Math.max(0, clock.deadlineAt - now);
}

interface Progress {
  /** 1 at the opening, 0 at the deadline. */
  fraction: number;
  /** Speed points still to win. */
  points: number;
  timeUp: boolean;
}

export function progressAt(clock: QuestionClock, speedPointsMax: number, now: number): Progress {
  const left = remainingMs(clock, now);
  const elapsed = clock.totalMs - left;
  return {
    fraction: timeLeftFraction(elapsed, clock.totalMs),
    points: speedPoints(elapsed, clock.totalMs, speedPointsMax),
    timeUp: left <= 0,
  };
}

/** The seconds left at which a screen reader is told the time left: not at every tick. */
export const SPOKEN_SECONDS_LEFT = [10, 5] as const;
type SpokenSeconds = (typeof SPOKEN_SECONDS_LEFT)[number];

/** The last of SPOKEN_SECONDS_LEFT already reached, or null before the first (and after the end). */
export function spokenSecondsLeft(clock: QuestionClock, now: number): SpokenSeconds | null {
  const left = remainingMs(clock, now);
  if (left <= 0) return null;
  let spoken: SpokenSeconds | null = null;
  for (const s of SPOKEN_SECONDS_LEFT) if (left <= s * 1000 && s * 1000 < clock.totalMs) spoken = s;
  return spoken;
}

/** What a screen reader has been told of the clock so far: a mark of SPOKEN_SECONDS_LEFT, "up", or nothing yet. */
export type ClockMark = SpokenSeconds | "up" | null;

export function clockMark(clock: QuestionClock, now: number): ClockMark {
  return remainingMs(clock, now) <= 0 ? "up" : spokenSecondsLeft(clock, now);
}

/**
 * When the clock's mark next changes (local time), or null once the time is up: a screen wakes
 * then, not at every tick.
 */
export function nextClockMarkAt(clock: QuestionClock, now: number): number | null {
  const ends = [...SPOKEN_SECONDS_LEFT.map((s) => clock.deadlineAt - s * 1000), clock.deadlineAt];
  const next = ends.filter((at) => at > now).sort((a, b) => a - b)[0];
  return next ?? null;
}
