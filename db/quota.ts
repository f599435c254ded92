/**
 * An MJ's quota of games (accounts.nb_game, null = unlimited), as one SQL condition shared by
 * every statement that opens a game: a launch (app/server/rooms.server.ts) and a new round in a
 * room (party/room-d1.ts). A game is spent when it starts (the room's 'started' write), so games
 * still in their lobby hold one each: a game may open while the quota exceeds the owner's open
 * lobbies. Evaluated inside the INSERT (or UPDATE) it guards, so two at the same instant cannot
 * both read the same count and both pass.
 */
import { type SQL, sql } from "drizzle-orm";
import { accounts, games } from "./schema";

export function quotaLeft(ownerId: number): SQL {
  const left = sql`(SELECT ${accounts.nbGame} FROM ${accounts} WHERE ${accounts.id} = ${ownerId})`;
  const lobbies = sql`(SELECT count(*) FROM ${games} WHERE ${games.ownerId} = ${ownerId} AND ${games.status} = 'lobby')`;
  return sql`(${left} IS NULL OR ${left} > ${lobbies})`;
}
