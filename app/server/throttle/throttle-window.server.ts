/**
 * The arithmetic of a throttle, without I/O: a sliding window of failures per key. After
 * `limit` failures within `windowMs`, the key is refused until the oldest of them leaves the
 * window.
 */

export type ThrottleRule = {
  /** Failures allowed in the window; with that many, the next attempt is refused. */
  limit: number;
  windowMs: number;
};

export type Verdict = { ok: true } | { ok: false; retryAfterMs: number };

/** The failures still inside the window at `now`, oldest first, at most `limit` of them. */
export function recentFailures(failures: readonly number[], rule: ThrottleRule, now: number): number[] {
  return failures
    .filter((at) => at > now - rule.windowMs && at <= now)
    .sort((a, b) => a - b)
    .slice(-rule.limit);
}

/** May one more attempt go on, given the failures inside the window (recentFailures)? */
export function verdict(failures: readonly number[], rule: ThrottleRule, now: number): Verdict {
  if (failures.length < rule.limit) return { ok: true };
  // The window slides: one place is free once the oldest of the last `limit` failures leaves it.
  const oldest = failures[failures.length - rule.limit]!;
  return { ok: false, retryAfterMs: Math.max(1, oldest + rule.windowMs - now) };
}

/** The failures after one more at `now`; only the last `limit` ever matter. */
export function withFailure(failures: readonly number[], rule: ThrottleRule, now: number): number[] {
  return recentFailures([...failures, now], rule, now);
}

/** The failures without one of them (an attempt counted in advance that succeeded). */
export function withoutFailure(failures: readonly number[], at: number): number[] {
  const index = failures.indexOf(at);
  return index === -1 ? [...failures] : [...failures.slice(0, index), ...failures.slice(index + 1)];
}
