/**
 * The room's D1 outbox: the D1 writes a room owes, which must land exactly once whatever fails
 * (docs/decisions/005). A room event becomes an op (d1-ops.ts), stored in the room's storage in
 * the same transaction as the step that caused it (the caller saves `queue`'s list with the
 * step); ops are sent in order, one at a time, each as one D1 batch whose statements act only
 * once, so an op sent again after a lost reply changes nothing. An op leaves the list (and the
 * list is stored again) only once D1 took it.
 *
 * When to try again is the retry schedule below; the room's alarm rings at `dueAt` (beside the
 * game's own deadlines), so ops a failed flush or a dead instance left behind go out later.
 */
import type { D1Op } from "./d1-ops";

/**
 * The one retry delay of the outbox: after ops are queued (they go at once, from a later turn;
 * the alarm is set this far ahead in case this instance dies first), and after a failed flush,
 * doubled for each failure in a row, up to RETRY_MAX_MS.
 */
export const D1_RETRY_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/** The wait before the next attempt after `failures` failed flushes in a row (0: none yet). */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, D1_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

interface OutboxPorts {
  /** Sends one op as one D1 batch; throws when D1 did not take it. */
  send(op: D1Op): Promise<void>;
  /** Stores the ops still owed (in the room's storage). */
  save(pending: readonly D1Op[]): void;
  now(): number;
  /** A flush failed: the op stays first in line. */
  failed(op: D1Op, error: unknown): void;
}

export class D1Outbox {
  private pending: D1Op[] = [];
  private failures = 0;
  private retryAt: number | null = null;
  private flushing: Promise<void> | null = null;

  constructor(private readonly ports: OutboxPorts) {}

  /** The ops still owed, oldest first. */
  get ops(): readonly D1Op[] {
    return this.pending;
  }

  get empty(): boolean {
    return this.pending.length === 0;
  }

  /** When the alarm should try again; null when nothing is owed. */
  get dueAt(): number | null {
    if (!this.pending.length) return null;
    return this.retryAt ?? this.ports.now() + D1_RETRY_MS;
  }

  /** The ops stored by an earlier instance (or none: a wiped room). */
  load(pending: readonly D1Op[]) {
    this.pending = [...pending];
    this.failures = 0;
    this.retryAt = null;
  }

  /** Appends a step's ops; returns the list to store with the step, in its transaction. */
  queue(ops: readonly D1Op[]): readonly D1Op[] {
    this.pending = [...this.pending, ...ops];
    this.retryAt ??= this.ports.now() + D1_RETRY_MS;
    return this.pending;
  }

  /** Sends what is owed, in order; one flush at a time (a second call waits for the first). */
  flush(): Promise<void> {
    this.flushing ??= this.run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run() {
    while (this.pending.length) {
      const op = this.pending[0]!;
      try {
        await this.ports.send(op);
      } catch (e) {
        this.failures++;
        this.retryAt = this.ports.now() + retryDelayMs(this.failures);
        this.ports.failed(op, e);
        return;
      }
      this.failures = 0;
      this.pending = this.pending.filter((p) => p !== op);
      this.retryAt = this.pending.length ? this.ports.now() + D1_RETRY_MS : null;
      this.ports.save(this.pending);
    }
  }
}
