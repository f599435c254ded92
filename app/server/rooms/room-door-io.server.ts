import { createDb } from "@db/client";
import type { DoorIo } from "../throttle/code-door.server";
import { liveGame, recentlyClosed } from "./rooms.server";
import { reserveCodeGuess } from "../throttle/throttle.server";

/**
 * What the room door (room-door.server.ts) reads for an upgrade from `address`: the D1 registry,
 * and the address's code-guess count, reached only when the door asks.
 */
export function roomDoorIo(env: Env, address: string): DoorIo {
  return {
    reserve: () => reserveCodeGuess(env, address),
    isLive: async (room) => (await liveGame(createDb(env.DB), room)) !== null,
    excused: (room) => recentlyClosed(createDb(env.DB), room),
  };
}
