/**
 * The write group: steps that only touch seats (an answer, a phone joining, coming back or
 * dropping) are applied in memory at once, and written together. Those arriving within
 * WRITE_GROUP_MS share one storage commit; what they owe (their messages, and any reply that came
 * after them) leaves once that commit is made, in the order the steps said it (the output gate
 * then holds it until the commit is durable).
 *
 * One commit per step cost a 2000-player room a second of queueing for its answers
 * (bench/room.ts), and 25 s when a whole venue's Wi-Fi restarted (2000 drops then 2000 hellos,
 * each commit waiting for the one before); the window costs each of those messages at most this.
 * Under such a flood the group's timer rang up to half a second late, so whoever finds the window
 * past (a step, a socket upgrade) writes the group first (writeIfDue).
 */
import type { SeatId } from "./engine";

export const WRITE_GROUP_MS = 10;

/** Timers the group sets (setTimeout by default; tests pass their own). */
export interface GroupTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const globalTimers: GroupTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class WriteGroup<Owed> {
  private seats = new Set<SeatId>();
  private owed: Owed[] = [];
  private openedAt: number | null = null;
  private timer: unknown = null;

  /**
   * `commit(seats, owed)` writes the seats the grouped steps touched in one transaction, then
   * carries out what they owe, in order.
   */
  constructor(
    private readonly commit: (seats: SeatId[], owed: Owed[]) => void,
    private readonly now: () => number,
    private readonly timers: GroupTimers = globalTimers,
  ) {}

  /** Whether steps are waiting for their write. */
  get open(): boolean {
    return this.openedAt !== null;
  }

  /**
   * A seat-only step applied in memory: its seats and what it owes wait for the group's commit,
   * within WRITE_GROUP_MS of the group's first step.
   */
  add(seats: readonly SeatId[], owed: Iterable<Owed>) {
    this.openedAt ??= this.now();
    for (const id of seats) this.seats.add(id);
    for (const o of owed) this.owed.push(o);
    if (!this.writeIfDue()) this.timer ??= this.timers.set(() => this.write(), WRITE_GROUP_MS);
  }

  /**
   * Something owed that must not overtake the grouped steps (a reply to the socket whose hello
   * took a seat): it waits with them. False when no group is open: it may go at once.
   */
  hold(owed: Owed): boolean {
    if (this.openedAt === null) return false;
    this.owed.push(owed);
    return true;
  }

  /** Writes the group if its window is past; true if it did. */
  writeIfDue(): boolean {
    if (this.openedAt === null || this.now() - this.openedAt < WRITE_GROUP_MS) return false;
    this.write();
    return true;
  }

  /** Writes the group now (whatever else happens must come after it); nothing if none is open. */
  write() {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    if (this.openedAt === null) return;
    const seats = [...this.seats];
    const owed = this.owed;
    this.seats = new Set();
    this.owed = [];
    this.openedAt = null;
    this.commit(seats, owed);
  }
}
