import { describe, expect, it } from "vitest";
import { recentFailures, verdict, withFailure, withoutFailure, type ThrottleRule } from "./throttle-window.server";

const MINUTE = 60_000;
const RULE: ThrottleRule = { limit: 10, windowMs: 10 * MINUTE };

/** Failures every `step` ms from `start`, as the counter would have stored them. */
function failuresAt(count: number, start: number, step: number): number[] {
  let failures: number[] = [];
  for (let i = 0; i < count; i++) failures = withFailure(failures, RULE, start + i * step);
  return failures;
}

describe("a throttle window", () => {
  it("lets nine failures through, refuses after the tenth until the oldest leaves the window", () => {
    const nine = failuresAt(9, 0, MINUTE / 2);
    expect(verdict(nine, RULE, 5 * MINUTE)).toEqual({ ok: true });
    const ten = withFailure(nine, RULE, 5 * MINUTE);
    expect(ten).toHaveLength(10);
    // The first failure was at 0: a place frees up at 10 minutes.
    expect(verdict(ten, RULE, 5 * MINUTE)).toEqual({ ok: false, retryAfterMs: 5 * MINUTE });
    expect(verdict(recentFailures(ten, RULE, 10 * MINUTE - 1), RULE, 10 * MINUTE - 1)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(verdict(recentFailures(ten, RULE, 10 * MINUTE), RULE, 10 * MINUTE)).toEqual({ ok: true });
  });

  it("forgets failures older than the window and keeps only the last `limit`", () => {
    const old = failuresAt(10, 0, 1000);
    expect(recentFailures(old, RULE, 11 * MINUTE)).toEqual([]);
    const many = failuresAt(25, 0, 1000);
    expect(many).toHaveLength(10);
    expect(many[0]).toBe(15_000);
  });

  it("counts a failure in advance and takes it back when the attempt succeeds", () => {
    const nine = failuresAt(9, 0, 1000);
    const reserved = withFailure(nine, RULE, 20_000);
    expect(verdict(reserved, RULE, 20_000).ok).toBe(false);
    const back = withoutFailure(reserved, 20_000);
    expect(back).toEqual(nine);
    expect(withoutFailure(back, 123)).toEqual(nine);
  });
});
