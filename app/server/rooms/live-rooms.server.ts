import { KnownCodes } from "../throttle/code-door.server";

/**
 * Room numbers the Worker knows to be live, so that a socket upgrade reaches its room without a
 * D1 read (the room door, room-door.server.ts, for server.ts's roomSocket). A number is learnt
 * from the D1 registry once; after that the room itself keeps the memory true: an upgrade it
 * accepts (101) confirms the number, its 404 ("no game here", GameRoom.fetch) makes the Worker
 * forget it. A number never seen live still never addresses a Durable Object.
 *
 * The memory used to last 10 s. A venue whose Wi-Fi restarts mid-game brings every phone back
 * at once, long after anyone last joined: each upgrade found the memory stale and read D1 for
 * itself, 1,000 reads together, and the whole room waited about 3 s for its sockets
 * (docs/scaling.md). With no expiry there is nothing to go stale; the room's own answers are what
 * keeps it right.
 */
export class LiveRooms extends KnownCodes {
  /** What the room's answer to an upgrade says of its number. */
  learn(room: string, status: number): void {
    if (status === 101) this.confirm(room);
    else if (status === 404) this.forget(room);
    // Anything else (429 past an address's caps) says nothing about the game.
  }
}
