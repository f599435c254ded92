/**
 * Which room socket upgrades the Worker lets through to a room (server.ts, roomSocket), and what
 * a number that is not live costs the address that asked for it. Without I/O: the D1 registry
 * and the address's room-number throttle come in as `DoorIo`.
 *
 * - A number this isolate knows to be live (LiveRooms) costs nothing: no D1 read, no count. A
 *   venue reconnecting at once is a thousand upgrades to one known number.
 * - Any other number is a guess, counted like the room check's (throttle.server.ts, 50 misses in
 *   10 minutes per address): the address is asked about first, and once it is over, the upgrade
 *   gets 429 before any D1 read; a number no live game holds is counted, unless its game closed
 *   lately (a phone whose room ended while it was away tries its socket a few times before the
 *   room check sends it home).
 * - An address found over is remembered here until its count allows it again, and refused with
 *   no I/O at all, known live numbers included: otherwise, once over, a script would still read
 *   live numbers (101) apart from the rest (429), as the room check refuses live numbers too. An
 *   isolate that has not yet met the address over its count learns it at its first unknown
 *   number.
 */
import { LruMap } from "@common/lru";
import { LiveRooms } from "./live-rooms.server";
import type { Verdict } from "./throttle-window.server";

/** What the door asks the outside world: the D1 registry, and the asking address's throttle. */
export interface DoorIo {
  /** Is a game live under this number? */
  isLive(room: string): Promise<boolean>;
  /** Did a game under this number close lately? */
  recentlyClosed(room: string): Promise<boolean>;
  /** Would the address's next guess go on? Counts nothing. */
  check(): Promise<Verdict>;
  /** Counts a miss for the address, unless it is already over (refused, nothing counted). */
  miss(): Promise<Verdict>;
}

type Knock = { open: true } | { open: false; status: 404 } | { open: false; status: 429; retryAfterMs: number };

const OPEN: Knock = { open: true };
const NOT_FOUND: Knock = { open: false, status: 404 };

export class RoomDoor {
  /** Room numbers known live. */
  readonly live: LiveRooms;
  /** Addresses found over their count, and when their count lets them try again (ms). */
  private readonly refused: LruMap<string, number>;
  private readonly clock: () => number;

  constructor(o: { rooms?: number; addresses?: number; clock?: () => number } = {}) {
    this.live = new LiveRooms(o.rooms);
    this.refused = new LruMap(o.addresses ?? 10_000);
    this.clock = o.clock ?? Date.now;
  }

  /** Whether an upgrade from `address` to `room` goes on to the room. */
  async knock(room: string, address: string, io: DoorIo): Promise<Knock> {
    const until = this.refused.get(address);
    if (until !== undefined) {
      const wait = until - this.clock();
      if (wait > 0) return { open: false, status: 429, retryAfterMs: wait };
      this.refused.delete(address);
    }
    if (this.live.has(room)) return OPEN;
    const asked = await io.check();
    if (!asked.ok) return this.refuse(address, asked.retryAfterMs);
    if (await io.isLive(room)) {
      this.live.confirm(room);
      return OPEN;
    }
    if (await io.recentlyClosed(room)) return NOT_FOUND;
    const counted = await io.miss();
    return counted.ok ? NOT_FOUND : this.refuse(address, counted.retryAfterMs);
  }

  /** What the room's answer to an upgrade says of its number (LiveRooms.learn). */
  learn(room: string, status: number): void {
    this.live.learn(room, status);
  }

  private refuse(address: string, retryAfterMs: number): Knock {
    this.refused.set(address, this.clock() + retryAfterMs);
    return { open: false, status: 429, retryAfterMs };
  }
}
