/**
 * Which room socket upgrades the Worker lets through to a room (server.ts, roomSocket), and what
 * a number that is not live costs the address that asked for it: the door of code-door.server.ts
 * for room numbers. Without I/O: the D1 registry and the address's count come in as `DoorIo`
 * (room-door-io.server.ts).
 *
 * - A number this isolate knows to be live (LiveRooms) costs nothing: no D1 read, no count. A
 *   venue reconnecting at once is a thousand upgrades to one known number.
 * - Any other number is a guess, counted like the room check's (throttle.server.ts, 50 misses in
 *   10 minutes per address, 500 per IPv6 /48) before the registry is read: once the address is
 *   over, the upgrade gets 429 and nothing is read. A number no live game holds stays counted,
 *   unless its game closed lately (a phone whose room ended while it was away tries its socket a
 *   few times before the room check sends it home); a live one gives its count back.
 * - An address found over is remembered until its count allows it again, and refused with no
 *   I/O at all, known live numbers included: otherwise, once over, a script would still read
 *   live numbers (101) apart from the rest (429), as the room check refuses live numbers too. An
 *   isolate that has not yet met the address over its count learns it at its first unknown
 *   number.
 */
import { CodeDoor } from "../throttle/code-door.server";
import { LiveRooms } from "./live-rooms.server";

export type { DoorIo } from "../throttle/code-door.server";

export class RoomDoor extends CodeDoor<LiveRooms> {
  constructor(o: { rooms?: number; addresses?: number; clock?: () => number } = {}) {
    super(new LiveRooms(o.rooms), o);
  }

  /** Room numbers known live. */
  get live(): LiveRooms {
    return this.known;
  }

  /** What the room's answer to an upgrade says of its number (LiveRooms.learn). */
  learn(room: string, status: number): void {
    this.known.learn(room, status);
  }
}
