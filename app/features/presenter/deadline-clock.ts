import type { Deadline } from "./presenter-deadlines";

/** What a clock needs of the browser: its monotonic time and one timer (a test gives fake ones). */
export interface Timers {
  now(): number;
  setTimeout(fire: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/**
 * One timer for the nearest of a screen's deadlines (presenter-deadlines.ts). `arm` is called
 * with the deadlines at every change of state: the same nearest one keeps its timer, another
 * replaces it, none stops it. A deadline already past is due at once (the next task), so a state
 * that comes back late (a reload, a sleeping tab) catches up. It fires once: what it fires changes
 * the state, which arms the next.
 */
export class DeadlineClock<A> {
  private armed: { key: string; id: number } | null = null;

  constructor(
    private readonly onDue: (action: A) => void,
    private readonly timers: Timers,
  ) {}

  arm(deadlines: readonly Deadline<A>[]) {
    let next: Deadline<A> | null = null;
    for (const d of deadlines) if (next === null || d.at < next.at) next = d;
    const key = next === null ? null : `${next.at}|${JSON.stringify(next.action)}`;
    if (key === (this.armed?.key ?? null)) return;
    this.stop();
    if (next === null || key === null) return;
    const { action } = next;
    // Once fired, the same deadline armed again (a state the action left as it was) keeps its key
    // and does not fire twice.
    const id = this.timers.setTimeout(() => this.onDue(action), Math.max(0, next.at - this.timers.now()));
    this.armed = { key, id };
  }

  stop() {
    if (this.armed) this.timers.clearTimeout(this.armed.id);
    this.armed = null;
  }
}
