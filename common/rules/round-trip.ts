/**
 * A fair clock at any distance: the server measures an answer from the instant it handed the
 * question out, so a player far away would lose their network's round trip in speed points and
 * in the last second of the answer time. The server measures each player's round trip itself
 * (samples of its own clock: a défi's opening and the photo request it triggers), keeps a robust
 * figure of the recent ones, bounds it, takes it off the answer time and adds it to the
 * deadline. A script faking a slow network gains at most the bound.
 */

/** The most a player's network may be credited with, per answer. */
export const ROUND_TRIP_MAX_MS = 500;
/** Samples kept per player: the figure follows a network that changes, one odd sample does not move it. */
export const ROUND_TRIP_SAMPLES = 5;

/** Keeps `sample` (bounded to [0, ROUND_TRIP_MAX_MS]) with the latest ones, newest last. */
export function withRoundTrip(samples: readonly number[], sample: number | null): number[] {
  if (sample === null || !Number.isFinite(sample)) return samples.slice(-ROUND_TRIP_SAMPLES);
  return [...samples, Math.min(ROUND_TRIP_MAX_MS, Math.max(0, Math.round(sample)))].slice(-ROUND_TRIP_SAMPLES);
}

/** The robust figure: the median of the samples (the lower middle of an even count), 0 without any. */
export function roundTripFigure(samples: readonly number[]): number {
  const sorted = samples.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const figure = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return Math.min(ROUND_TRIP_MAX_MS, Math.max(0, figure));
}

/**
 * An answer that arrived `elapsedMs` after the server handed its question out, from a player
 * whose round trip is `roundTripMs` (roundTripFigure): the time it is credited with, and whether
 * it came in time (the deadline moved on by the same round trip).
 */
export function creditedAnswer(elapsedMs: number, roundTripMs: number, answerTimeMs: number): { timeMs: number; inTime: boolean } {
  const timeMs = Math.max(0, elapsedMs - Math.min(ROUND_TRIP_MAX_MS, Math.max(0, roundTripMs)));
  return { timeMs, inTime: timeMs < answerTimeMs };
}
