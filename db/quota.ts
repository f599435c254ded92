/**
 * An MJ's quota of games (accounts.nb_game, null = unlimited), as one SQL condition shared by
 * every statement that opens a game: a launch (app/server/rooms/rooms.server.ts), a new round in a
 * room (party/d1-ops.ts) and a défi (app/server/defi/defi-create.server.ts). A game is spent when it starts
 * (the room's 'started' write; a défi's creation), so games still in their lobby hold one each:
 * a game may open while the quota exceeds the owner's open lobbies. Evaluated inside the INSERT (or UPDATE) it guards, so two at the same instant cannot
 * both read the same count and both pass.
 */
import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";
import { accounts, games } from "./schema";

export function quotaLeft(ownerId: number): SQL {
  const left = sql`(SELECT ${accounts.gamesLeft} FROM ${accounts} WHERE ${accounts.id} = ${ownerId})`;
  const lobbies = sql`(SELECT count(*) FROM ${games} WHERE ${games.ownerId} = ${ownerId} AND ${games.status} = 'lobby')`;
  return sql`(${left} IS NULL OR ${left} > ${lobbies})`;
}

/**
 * Spends one of the owner's games for a game that starts now (a défi): its row must exist (its
 * insert passed quotaLeft in the same batch), so a refused game spends nothing. Never below 0.
 */
export function spendGame(db: Db, gameId: string) {
  const owner = db.select({ id: games.ownerId }).from(games).where(eq(games.id, gameId));
  return db
    .update(accounts)
    .set({ gamesLeft: sql`MAX(${accounts.gamesLeft} - 1, 0)` })
    .where(and(isNotNull(accounts.gamesLeft), eq(accounts.id, owner)));
}
