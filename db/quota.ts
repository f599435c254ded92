/**
 * An MJ's quota of games (accounts.nb_game, null = unlimited), as one SQL condition shared by
 * every statement that opens a game: a launch (app/server/rooms.server.ts) and a new round in a
 * room (party/room-d1.ts). A game is spent when it starts (the room's 'started' write), so games
 * still in their lobby hold one each: a game may open while the quota exceeds the owner's open
 * lobbies. Evaluated inside the INSERT (or UPDATE) it guards, so two at the same instant cannot
 * both read the same count and both pass.
 *
 * `owner` is an SQL expression for the owner's id: a bound parameter (`?3`) or an integer.
 */
export function quotaLeftSql(owner: string): string {
  return `(
    (SELECT nb_game FROM accounts WHERE id = ${owner}) IS NULL
    OR (SELECT nb_game FROM accounts WHERE id = ${owner})
       > (SELECT count(*) FROM games WHERE owner_id = ${owner} AND status = 'lobby')
  )`;
}

/**
 * Spends one of the owner's games for a game that starts now: its row must exist (its insert
 * passed quotaLeftSql in the same batch), so a refused game spends nothing. Never below 0.
 * `gameId` is an SQL expression for the game's id.
 */
export function spendGameSql(gameId: string): string {
  return `UPDATE accounts SET nb_game = MAX(nb_game - 1, 0)
    WHERE nb_game IS NOT NULL AND id = (SELECT owner_id FROM games WHERE id = ${gameId})`;
}
