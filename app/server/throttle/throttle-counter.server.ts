/**
 * The Durable Object that counts failures for one throttled key (a login's mail, from one
 * address or from all, an address).
 * One object per key, addressed by name, so every Worker instance in the world reads the same
 * count, and its calls run one at a time: "is there room? then count this attempt" is atomic,
 * which a burst of parallel guesses cannot slip past.
 *
 * The Workers Rate Limiting binding was the first candidate; it does not fit: its window is 10
 * or 60 s (not 10 minutes), it counts every call (not failures), it cannot be asked without
 * counting, and its counts are per Cloudflare location. See docs/decisions/012.
 *
 * Only imported by the Worker entry (server.ts): the Remix bundle cannot resolve
 * `cloudflare:workers`; app code reaches it through throttle.server.ts.
 */
import { DurableObject } from "cloudflare:workers";
import { recentFailures, verdict, withFailure, withoutFailure, type ThrottleRule } from "./throttle-window.server";

const FAILURES = "failures";

export type Taken = { ok: true; at: number } | { ok: false; retryAfterMs: number };

export class Throttle extends DurableObject<Env> {
  private failures(rule: ThrottleRule, now: number): number[] {
    return recentFailures(this.ctx.storage.kv.get<number[]>(FAILURES) ?? [], rule, now);
  }

  private async save(failures: number[], rule: ThrottleRule): Promise<void> {
    if (failures.length === 0) {
      this.ctx.storage.kv.delete(FAILURES);
      await this.ctx.storage.deleteAlarm();
      return;
    }
    this.ctx.storage.kv.put(FAILURES, failures);
    // Nothing is kept once the newest failure has left the window.
    await this.ctx.storage.setAlarm(failures[failures.length - 1]! + rule.windowMs);
  }

  /**
   * Counts a failure now, unless the key is already over its limit (then refused, nothing
   * counted). An attempt whose outcome is not known yet is counted in advance and taken back
   * with `forgive` if it succeeds.
   */
  async take(rule: ThrottleRule): Promise<Taken> {
    const now = Date.now();
    const failures = this.failures(rule, now);
    const decision = verdict(failures, rule, now);
    if (!decision.ok) return decision;
    await this.save(withFailure(failures, rule, now), rule);
    return { ok: true, at: now };
  }

  /** Takes back the failure counted at `at` (the attempt succeeded). */
  async forgive(rule: ThrottleRule, at: number): Promise<void> {
    await this.save(withoutFailure(this.failures(rule, Date.now()), at), rule);
  }

  async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
