/**
 * The room's writes to D1, built with drizzle from db/schema.ts (a renamed or retyped column
 * does not compile here). Each op is one `db.batch()` (a D1 transaction) whose statements act
 * only once: guarded by a column the op itself sets (started_at, results, status) or by the
 * history's keys (d1-history.ts), so a batch sent again after a lost reply changes nothing.
 * The outbox (d1-outbox.ts) stores the ops and sends them in order.
 */
import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { quotaLeft } from "@db/quota";
import { accounts, games, quizzes } from "@db/schema";
import type { GameSettings, GameState } from "./engine";
import { answersStatements, finalResults, overStatements, resultsJson } from "./d1-history";
import { NULL, type Statement, intoColumns, value } from "./d1-sql";

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
export function statementsFor(db: Db, op: D1Op, state: GameState | null): Statement[] {
  switch (op.kind) {
    case "answers":
      return answersStatements(db, op.gameId, op.question, state);
    case "started": {
      // The decrement reads the game before the update marks it started: both or neither.
      const owner = db
        .select({ id: games.ownerId })
        .from(games)
        .where(and(eq(games.id, op.gameId), isNull(games.startedAt)));
      return [
        db
          .update(accounts)
          .set({ gamesLeft: sql`MAX(${accounts.gamesLeft} - 1, 0)` })
          .where(and(isNotNull(accounts.gamesLeft), eq(accounts.id, owner))),
        db
          .update(games)
          .set({ startedAt: op.at, status: sql`CASE WHEN ${games.status} = 'lobby' THEN 'live' ELSE ${games.status} END` })
          .where(and(eq(games.id, op.gameId), isNull(games.startedAt))),
      ];
    }
    case "over": {
      const results = state ? finalResults(state) : null;
      const quiz = db.select({ name: games.quizUniqueName }).from(games).where(eq(games.id, op.gameId));
      return [
        db
          .update(quizzes)
          .set({ lastTimePlayed: sql`MAX(COALESCE(${quizzes.lastTimePlayed}, 0), ${op.at})` })
          .where(eq(quizzes.uniqueName, quiz)),
        db
          .update(games)
          .set({
            // Already JSON (resultsJson keeps it under D1's row limit): written as is.
            results: sql`${results ? resultsJson(results) : null}`,
            endedAt: op.at,
            status: sql`CASE WHEN ${games.status} = 'closed' THEN 'closed' ELSE 'over' END`,
          })
          .where(and(eq(games.id, op.gameId), isNull(games.results))),
        ...(state && results ? overStatements(db, op.gameId, state, results) : []),
      ];
    }
    case "closed":
      return [
        db
          .update(games)
          .set({ status: "closed", endedAt: sql`COALESCE(${games.endedAt}, ${op.at})` })
          .where(and(eq(games.id, op.gameId), ne(games.status, "closed"))),
      ];
  }
}

/** The D1 rows of a new round in the same room: the finished game is closed, the new one opens. */
interface RoundRows {
  previousGameId: string;
  gameId: string;
  quizUniqueName: string;
  ownerId: number;
  roomNumber: string;
  mode: "player" | "team";
  settings: GameSettings;
  createdAt: number;
}

/**
 * One batch (a D1 transaction): the finished game's row is closed and the new game's row goes in
 * with the same room number, both under the owner's quota (db/quota.ts), so over the quota
 * neither changes. Closing first frees the number in the live-room index for the insert; the
 * insert only goes in once the finished game is closed. The insert's row count (the second
 * result's `meta.changes`) says whether the round was granted.
 */
export function roundStatements(db: Db, r: RoundRows): [Statement, Statement] {
  return [
    db
      .update(games)
      .set({ status: "closed", endedAt: sql`COALESCE(${games.endedAt}, ${r.createdAt})` })
      .where(and(eq(games.id, r.previousGameId), ne(games.status, "closed"), quotaLeft(r.ownerId))),
    db.insert(games).select(
      db
        .select(
          intoColumns(games, {
            id: value(r.gameId),
            quizUniqueName: value(r.quizUniqueName),
            ownerId: value(r.ownerId),
            roomNumber: value(r.roomNumber),
            status: value("lobby"),
            kind: value("room"),
            mode: value(r.mode),
            settings: value(JSON.stringify(r.settings)),
            results: NULL,
            createdAt: value(r.createdAt),
            startedAt: NULL,
            endedAt: NULL,
            quizName: NULL,
            quizSnapshot: NULL,
            playersCount: NULL,
            winner: NULL,
          }),
        )
        // One row, from the finished game's own, once it is closed.
        .from(games)
        .where(and(eq(games.id, r.previousGameId), eq(games.status, "closed"), quotaLeft(r.ownerId))),
    ),
  ];
}

/** A new round's row that must not stay (the room went on while D1 answered): closed now. */
export function closeRoundRow(db: Db, gameId: string, at: number): Statement {
  return db.update(games).set({ status: "closed", endedAt: at }).where(eq(games.id, gameId));
}
