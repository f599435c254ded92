/**
 * How the room's messages reach the presenter's reducer. 2,000 phones joining in 20 s are 100
 * `pres_newPlayer` a second: one render each kept the big screen's main thread busy for most of
 * those 20 s. Messages that only add to what is on screen (arrivals, departures, kicks, answer
 * notices) wait here and go to the reducer together, at most every BATCH_MS; any other message
 * takes the waiting ones with it at once, in their order, so the screen never shows a step
 * before the arrivals that came first.
 */
import type { RoomMessage } from "@common/wire/room-messages";

/** At most four renders a second from the lobby's arrivals and the answer notices. */
export const BATCH_MS = 250;

const BATCHED: ReadonlySet<RoomMessage["type"]> = new Set([
  "pres_newPlayer",
  "pres_playerLeft",
  "pres_kickPlayer_callback",
  "pres_playerAnswered",
]);

export class MessageBatcher {
  private queue: RoomMessage[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastFlush = -Infinity;

  constructor(
    private readonly deliver: (msgs: RoomMessage[]) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(msg: RoomMessage) {
    this.queue.push(msg);
    if (!BATCHED.has(msg.type)) return this.flush();
    if (this.timer !== null) return;
    // A lone arrival after a quiet while shows at once; a crowd, a few times a second.
    this.timer = setTimeout(() => this.flush(), Math.max(0, this.lastFlush + BATCH_MS - this.now()));
  }

  /** Everything waiting goes now, in one delivery. */
  flush() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    const msgs = this.queue;
    this.queue = [];
    this.lastFlush = this.now();
    this.deliver(msgs);
  }

  /** The page is leaving: nothing more is delivered. */
  dispose() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
  }
}
