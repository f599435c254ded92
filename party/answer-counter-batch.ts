/**
 * The presenter's answer counter at scale (docs/protocol.md, Load at scale): 2000 answers in a few
 * seconds would be 2000 presenter messages. The first notice after a quiet spell goes at once; the
 * following ones are merged (mergePlayerAnswered) and sent at most every `intervalMs`. The timer is
 * in memory and safe to lose: any other presenter message flushes the queue first (so order
 * holds), and the reveal carries every answer anyway.
 */
import { mergePlayerAnswered } from "./engine";
import type { RoomMessageOf } from "@common/wire/room-messages";

type PresPlayerAnswered = RoomMessageOf<"pres_playerAnswered">;

const ANSWER_COUNTER_INTERVAL_MS = 250;

export class AnswerCounterBatch {
  private queued: PresPlayerAnswered[] = [];
  private lastSent = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: (msg: PresPlayerAnswered) => void,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = ANSWER_COUNTER_INTERVAL_MS
  ) {}

  push(msg: PresPlayerAnswered) {
    this.queued.push(msg);
    if (this.timer) return;
    const wait = this.lastSent + this.intervalMs - this.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Sends what is queued, now. */
  flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const msg = mergePlayerAnswered(this.queued);
    this.queued = [];
    if (!msg) return;
    this.lastSent = this.now();
    this.send(msg);
  }

  /** Drops the queue (the room closed). */
  clear() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queued = [];
  }
}
