/**
 * The fair clock (docs/game-rules.md, A fair clock; docs/decisions/037): the server measures each
 * answer on its own clock, from the question's opening to the answer's arrival, and a phone far
 * away would lose to its network the time its question took to reach it and its answer to come
 * back. The server measures each phone's round trip itself and takes a robust figure of the
 * recent ones off the answer's time, giving that phone as much more before its deadline: a live
 * room from its stamp on a frame, echoed at once by the phone (kept with the socket:
 * party/socket-index.ts); a défi from the opening of a question to the request of its photo
 * that the opening triggers (kept with the player).
 *
 * The room cannot tell a slow network from a phone that waits before echoing: whatever a script
 * does, it gains at most ROUND_TRIP_MAX_MS, the bound every figure is held to.
 */

/** The most a round trip may take off an answer's time, and add to its deadline. */
export const ROUND_TRIP_MAX_MS = 500;
/** Round trips kept per socket: the figure is their lower median, so one slow echo moves nothing. */
export const ROUND_TRIP_SAMPLES = 5;
/**
 * An echo of a stamp older than this is not a round trip (a page woken from sleep, a frame that
 * waited in a frozen tab): it is ignored rather than counted at the bound.
 */
export const ECHO_MAX_AGE_MS = 10_000;

/**
 * The samples after one more round trip of `ms`: the last ROUND_TRIP_SAMPLES, each held to the
 * bound. A figure that cannot be a round trip (negative, or older than ECHO_MAX_AGE_MS: a page
 * woken from sleep) adds nothing (the same array).
 */
export function withSample(samples: readonly number[], ms: number): readonly number[] {
  if (!Number.isFinite(ms) || ms < 0 || ms > ECHO_MAX_AGE_MS) return samples;
  const kept = samples.length < ROUND_TRIP_SAMPLES ? samples : samples.slice(samples.length - ROUND_TRIP_SAMPLES + 1);
  return [...kept, Math.min(ROUND_TRIP_MAX_MS, Math.round(ms))];
}

/** The samples after an echo of the room's stamp `at` heard at `now` (both room clock). */
export const withEcho = (samples: readonly number[], at: number, now: number): readonly number[] => withSample(samples, now - at);

/**
 * The socket's round trip as the room counts it: the lower median of its samples (with two, the
 * smaller), 0 without any (a phone gains nothing the room has not measured).
 */
export function roundTripOf(samples: readonly number[]): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.min(ROUND_TRIP_MAX_MS, Math.max(0, sorted[(sorted.length - 1) >> 1]!));
}

/** When a question closes for everyone at the latest: its deadline, plus the most a phone may be given. */
export const questionClosesAt = (deadline: number) => deadline + ROUND_TRIP_MAX_MS;

/**
 * An answer heard at `now` from a socket whose round trip is `roundTripMs` (held to the bound
 * here too), to a question opened at `openedAt` that ends at `deadline`: late once its own
 * deadline is past, else its time as the phone's screen saw it (never below 0).
 */
export function answerTiming(o: { openedAt: number; deadline: number; now: number; roundTripMs: number }): { late: true } | { late: false; elapsedMs: number } {
  const rt = Number.isFinite(o.roundTripMs) ? Math.min(ROUND_TRIP_MAX_MS, Math.max(0, o.roundTripMs)) : 0;
  if (o.now >= o.deadline + rt) return { late: true };
  return { late: false, elapsedMs: Math.max(0, o.now - o.openedAt - rt) };
}
