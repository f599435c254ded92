/**
 * The room's writes to D1, which must land exactly once whatever fails (docs/decisions/005).
 * A room event becomes an op stored in the room's storage in the same transaction as the state
 * that caused it (the "pending D1 writes" marker); ops are flushed in order, each as one
 * `db.batch()` (a D1 transaction) whose statements only act once: they are guarded by a column
 * the op itself sets (started_at, results) or by the history's keys (room-history.ts), so a
 * retry after a lost answer changes nothing.
 * A failed flush is retried from the alarm until it succeeds.
 */
import { quotaLeftSql } from "@db/quota";
import type { GameState } from "./engine";
import { answersStatements, finalResults, overStatements, resultsJson } from "./room-history";

export type D1Op =
  /** The game left the lobby: status 'live', started_at, and one of the owner's games used. */
  | { kind: "started"; gameId: string; at: number }
  /** A question was revealed: its answers into the history (built from the state when flushed). */
  | { kind: "answers"; gameId: string; question: number; at: number }
  /** Final ranking: results and totals (from the room's state when flushed), ended_at, last played. */
  | { kind: "over"; gameId: string; at: number }
  /** The room is gone: its number returns to the pool. */
  | { kind: "closed"; gameId: string; at: number };

/**
 * Statements of one op. `state` is the room's game when it is still the op's (null: the state is
 * gone; the status still moves on, the history keeps what it already has).
 */
export function statementsFor(db: D1Database, op: D1Op, state: GameState | null): D1PreparedStatement[] {
  switch (op.kind) {
    case "answers":
      return answersStatements(db, op.gameId, op.question, state);
    case "started":
      // The decrement reads the game before the update marks it started: both or neither.
      return [
        db
          .prepare(
            `UPDATE accounts SET nb_game = MAX(nb_game - 1, 0)
             WHERE nb_game IS NOT NULL
               AND id = (SELECT owner_id FROM games WHERE id = ?1 AND started_at IS NULL)`
          )
          .bind(op.gameId),
        db
          .prepare(
            `UPDATE games SET started_at = ?2,
               status = CASE WHEN status = 'lobby' THEN 'live' ELSE status END
             WHERE id = ?1 AND started_at IS NULL`
          )
          .bind(op.gameId, op.at),
      ];
    case "over": {
      const results = state ? finalResults(state) : null;
      return [
        db
          .prepare(
            `UPDATE quizzes SET last_time_played = MAX(COALESCE(last_time_played, 0), ?2)
             WHERE unique_name = (SELECT quiz_unique_name FROM games WHERE id = ?1)`
          )
          .bind(op.gameId, op.at),
        db
          .prepare(
            `UPDATE games SET results = ?2, ended_at = ?3,
               status = CASE WHEN status = 'closed' THEN 'closed' ELSE 'over' END
             WHERE id = ?1 AND results IS NULL`
          )
          .bind(op.gameId, results ? resultsJson(results) : null, op.at),
        ...(state && results ? overStatements(db, op.gameId, state, results) : []),
      ];
    }
    case "closed":
      return [
        db
          .prepare(
            `UPDATE games SET status = 'closed', ended_at = COALESCE(ended_at, ?2)
             WHERE id = ?1 AND status <> 'closed'`
          )
          .bind(op.gameId, op.at),
      ];
  }
}

/** Retry delays after failed flushes: quick at first, then once a minute. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.min(6, Math.max(0, failures - 1)));
}

/** The D1 rows of a new round in the same room: the finished game is closed, the new one opens. */
export interface RoundRows {
  previousGameId: string;
  gameId: string;
  quizUniqueName: string;
  ownerId: number;
  roomNumber: string;
  mode: "player" | "team";
  settings: unknown;
  createdAt: number;
}

/**
 * One batch (a D1 transaction): the finished game's row is closed and the new game's row goes in
 * with the same room number, both under the owner's quota (db/quota.ts), so over the quota
 * neither changes. Closing first frees the number in the live-room index for the insert; the
 * insert only goes in once the finished game is closed. The insert's row count says whether the
 * round was granted.
 */
export function roundStatements(db: D1Database, r: RoundRows): D1PreparedStatement[] {
  const quota = quotaLeftSql("?3");
  return [
    db
      .prepare(
        `UPDATE games SET status = 'closed', ended_at = COALESCE(ended_at, ?2)
         WHERE id = ?1 AND status <> 'closed' AND ${quota}`
      )
      .bind(r.previousGameId, r.createdAt, r.ownerId),
    db
      .prepare(
        `INSERT INTO games (id, quiz_unique_name, owner_id, room_number, status, mode, settings, created_at)
         SELECT ?1, ?2, ?3, ?4, 'lobby', ?5, ?6, ?7
         WHERE (SELECT status FROM games WHERE id = ?8) = 'closed' AND ${quota}`
      )
      .bind(r.gameId, r.quizUniqueName, r.ownerId, r.roomNumber, r.mode, JSON.stringify(r.settings), r.createdAt, r.previousGameId),
  ];
}
