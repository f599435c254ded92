/**
 * The game's history in D1, as the room writes it: each question's answers once it is revealed
 * (they never change after that), then the final totals when the game is over. The rows are
 * built from the room's state when the write is sent (the pending op only names the question),
 * so the op stored with the state stays a few bytes whatever the size of the room.
 *
 * Every statement is idempotent: answers and players are keyed by (game, question, player) and
 * (game, player), so a batch sent again after a lost reply adds nothing; the final totals are
 * upserts of the same values. Rows travel as one JSON parameter per chunk (d1-sql.ts).
 */
import { eq, sql } from "drizzle-orm";
import type { QuizSnapshot, TargetSetting } from "@common/wire/protocol";
import { teamName } from "@common/rules";
import { rankedPlayer, rankedTeam } from "@common/wire/server-to-client";
import type { Db } from "@db/client";
import { gameAnswers, gamePlayers, games } from "@db/schema";
import { type GameState, gameResults, round2 } from "./engine";
import { NULL, type Statement, intoColumns, jsonRows, rowField, value } from "./d1-sql";

/** Answers per INSERT: about 70 kB of JSON, far below D1's limits on a value and a statement. */
const HISTORY_CHUNK = 1000;

/** What the report needs of the quiz as it was played, kept with the game. */
interface PlayedQuiz {
  quiz: QuizSnapshot;
  targets: TargetSetting[];
}

/** D1 refuses rows over 2 MB; the results JSON (ranking and teams) stays clear of it. */
export const MAX_RESULTS_BYTES = 1_900_000;

const seatNo = (id: string) => Number(id.slice(1));

function chunks<T>(rows: T[], size = HISTORY_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** A question was revealed in this step: its answers are final and go into the history. */
export function revealedQuestion(prev: GameState | null, next: GameState): number | null {
  if (next.phase !== "reveal") return null;
  if (prev && prev.phase === "reveal" && prev.questionIndex === next.questionIndex) return null;
  return next.questionIndex;
}

/** [player_no, pseudo, marker, team] of every seat that answered `question`, plus their answers. */
export function questionRows(state: GameState, question: number) {
  const players: [number, string, string, string | null][] = [];
  const answers: [number, number, number, number, number, number, number][] = [];
  for (const seat of state.seats) {
    const a = seat.answers[question];
    if (!a) continue;
    const no = seatNo(seat.id);
    players.push([no, seat.pseudo, seat.marker, seat.team]);
    answers.push([no, a.lat, a.lng, Math.round(a.d), a.ring, round2(a.p), Math.round(a.t)]);
  }
  return { players, answers };
}

/** The value the insert would have written, in an upsert's update. */
const excluded = (column: { name: string }) => sql`excluded.${sql.identifier(column.name)}`;

/** The quiz as played, kept with the game from its first revealed question on (never replaced). */
function summary(state: GameState) {
  const played: PlayedQuiz = { quiz: state.quiz, targets: state.targets };
  return {
    quizName: sql`COALESCE(${games.quizName}, ${state.quiz.name})`,
    quizSnapshot: sql`COALESCE(${games.quizSnapshot}, ${JSON.stringify(played)})`,
  };
}

/**
 * Players from rows [player_no, pseudo, marker, team] (and [rank, points, time_ms] after them
 * with `totals`), one JSON parameter for the whole chunk.
 */
function insertPlayers(db: Db, gameId: string, rows: unknown[][], totals: boolean) {
  return db.insert(gamePlayers).select(
    db
      .select(
        intoColumns(gamePlayers, {
          gameId: value(gameId),
          playerNo: rowField(0),
          pseudo: rowField(1),
          marker: rowField(2),
          team: rowField(3),
          rank: totals ? rowField(4) : NULL,
          points: totals ? rowField(5) : NULL,
          timeMs: totals ? rowField(6) : NULL,
        }),
      )
      .from(jsonRows(rows))
      // SQLite would read the ON CONFLICT after a SELECT without WHERE as part of a join.
      .where(sql`true`),
  );
}

/** The statements that write one revealed question (empty when the state is gone). */
export function answersStatements(db: Db, gameId: string, question: number, state: GameState | null): Statement[] {
  if (!state) return [];
  const { players, answers } = questionRows(state, question);
  const out: Statement[] = [
    db
      .update(games)
      .set({ ...summary(state), playersCount: sql`MAX(COALESCE(${games.playersCount}, 0), ${state.seats.length})` })
      .where(eq(games.id, gameId)),
  ];
  for (const part of chunks(players))
    out.push(insertPlayers(db, gameId, part, false).onConflictDoNothing({ target: [gamePlayers.gameId, gamePlayers.playerNo] }));
  for (const part of chunks(answers))
    out.push(
      db
        .insert(gameAnswers)
        .select(
          db
            .select(
              intoColumns(gameAnswers, {
                gameId: value(gameId),
                question: value(question),
                playerNo: rowField(0),
                lat: rowField(1),
                lng: rowField(2),
                distanceM: rowField(3),
                ring: rowField(4),
                points: rowField(5),
                timeMs: rowField(6),
              }),
            )
            .from(jsonRows(part))
            .where(sql`true`),
        )
        .onConflictDoNothing({ target: [gameAnswers.gameId, gameAnswers.question, gameAnswers.playerNo] }),
    );
  return out;
}

/** The results JSON of the games table: the final ranking and the teams (answers have their table). */
export function finalResults(state: GameState) {
  const { ranking, teams } = gameResults(state);
  return { ranking, teams };
}

/**
 * The results as stored: the ranking's lines and the teams under the wire's names, as the reports
 * have always read them (common/contracts/history), each line with its time.
 */
export function resultsJson(results: ReturnType<typeof finalResults>): string {
  const stored = {
    ranking: results.ranking.map((l) => ({ ...rankedPlayer.toWire(l), timeMs: l.timeMs })),
    teams: results.teams && results.teams.map(rankedTeam.toWire),
  };
  const full = JSON.stringify(stored);
  if (new TextEncoder().encode(full).length <= MAX_RESULTS_BYTES) return full;
  // Out of reach at 2000 players (about 200 bytes a line), but never lose the game over it.
  return JSON.stringify({ ranking: stored.ranking.slice(0, 100), teams: stored.teams, truncated: true });
}

/**
 * The final totals: every seat with its rank, points and time (seats that never answered
 * included), the number of players and the winner (the first team in team mode).
 */
export function overStatements(db: Db, gameId: string, state: GameState, results = finalResults(state)): Statement[] {
  const bySeat = new Map(results.ranking.map((l) => [l.seatId, l]));
  const rows = state.seats.map((seat) => {
    const line = bySeat.get(seat.id);
    return [seatNo(seat.id), seat.pseudo, seat.marker, seat.team, line?.rank ?? null, line?.points ?? 0, Math.round(seat.timeMs)];
  });
  const winner = results.teams?.[0] ? teamName(results.teams[0].team) : (results.ranking[0]?.pseudo ?? null);
  const out: Statement[] = [
    db
      .update(games)
      .set({ ...summary(state), playersCount: state.seats.length, winner })
      .where(eq(games.id, gameId)),
  ];
  const p = gamePlayers;
  for (const part of chunks(rows))
    out.push(
      insertPlayers(db, gameId, part, true).onConflictDoUpdate({
        target: [p.gameId, p.playerNo],
        set: {
          pseudo: excluded(p.pseudo),
          marker: excluded(p.marker),
          team: excluded(p.team),
          rank: excluded(p.rank),
          points: excluded(p.points),
          timeMs: excluded(p.timeMs),
        },
      }),
    );
  return out;
}
