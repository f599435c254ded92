import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games } from "../../db/schema";

/** Room numbers are six digits (the join code shown in two halves on the presenter). */
export const ROOM_NUMBER = /^\d{6}$/;

export type LiveRoom = { roomNumber: string; random: boolean };

/**
 * The live-rooms registry (DESIGN §3): a room exists while its game row is not closed.
 * A Durable Object cannot tell this itself, since addressing one creates it.
 */
export async function findLiveRoom(db: Db, roomNumber: string): Promise<LiveRoom | null> {
  if (!ROOM_NUMBER.test(roomNumber)) return null;
  const [row] = await db
    .select({ roomNumber: games.roomNumber, settings: games.settings })
    .from(games)
    .where(and(eq(games.roomNumber, roomNumber), ne(games.status, "closed")))
    .limit(1);
  if (!row) return null;
  const settings = row.settings as { iconType?: string } | null;
  return { roomNumber: row.roomNumber, random: settings?.iconType !== "defined" };
}
