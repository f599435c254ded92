/**
 * The game's history in D1, as the room writes it: each question's answers once it is revealed
 * (they never change after that), then the final totals when the game is over. The rows are
 * built from the room's state when the write is sent (the pending op only names the question),
 * so the op stored with the state stays a few bytes whatever the size of the room.
 *
 * Every statement is idempotent: answers and players are keyed by (game, question, player) and
 * (game, player), so a batch sent again after a lost reply adds nothing; the final totals are
 * upserts of the same values. Rows travel as one JSON parameter per chunk (json_each), which
 * keeps a 2000-player question to two statements instead of D1's 100-parameter limit per query
 * turning it into hundreds.
 */
import type { QuizSnapshot, TargetSetting } from "@common/protocol";
import { teamName } from "@common/rules";
import { type GameState, gameResults, round2 } from "./engine";

/** Answers per INSERT: about 70 kB of JSON, far below D1's limits on a value and a statement. */
export const HISTORY_CHUNK = 1000;

/** What the report needs of the quiz as it was played, kept with the game. */
export interface PlayedQuiz {
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

/** The statements that write one revealed question (empty when the state is gone). */
export function answersStatements(db: D1Database, gameId: string, question: number, state: GameState | null): D1PreparedStatement[] {
  if (!state) return [];
  const { players, answers } = questionRows(state, question);
  const played: PlayedQuiz = { quiz: state.quiz, targets: state.targets };
  const out = [
    db
      .prepare(
        `UPDATE games SET quiz_name = COALESCE(quiz_name, ?2), quiz_snapshot = COALESCE(quiz_snapshot, ?3),
           players_count = MAX(COALESCE(players_count, 0), ?4)
         WHERE id = ?1`
      )
      .bind(gameId, state.quiz.name, JSON.stringify(played), state.seats.length),
  ];
  for (const part of chunks(players))
    out.push(
      db
        .prepare(
          `INSERT INTO game_players (game_id, player_no, pseudo, marker, team)
           SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
                  json_extract(value, '$[3]')
           FROM json_each(?2) WHERE true
           ON CONFLICT (game_id, player_no) DO NOTHING`
        )
        .bind(gameId, JSON.stringify(part))
    );
  for (const part of chunks(answers))
    out.push(
      db
        .prepare(
          `INSERT INTO game_answers (game_id, question, player_no, lat, lng, distance_m, ring, points, time_ms)
           SELECT ?1, ?2, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
                  json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'),
                  json_extract(value, '$[6]')
           FROM json_each(?3) WHERE true
           ON CONFLICT (game_id, question, player_no) DO NOTHING`
        )
        .bind(gameId, question, JSON.stringify(part))
    );
  return out;
}

/** The results JSON of the games table: the final ranking and the teams (answers have their table). */
export function finalResults(state: GameState) {
  const { ranking, teams } = gameResults(state);
  return { ranking, teams };
}

export function resultsJson(results: ReturnType<typeof finalResults>): string {
  const full = JSON.stringify(results);
  if (new TextEncoder().encode(full).length <= MAX_RESULTS_BYTES) return full;
  // Out of reach at 2000 players (about 200 bytes a line), but never lose the game over it.
  return JSON.stringify({ ranking: results.ranking.slice(0, 100), teams: results.teams, truncated: true });
}

/**
 * The final totals: every seat with its rank, points and time (seats that never answered
 * included), the number of players and the winner (the first team in team mode).
 */
export function overStatements(db: D1Database, gameId: string, state: GameState, results = finalResults(state)): D1PreparedStatement[] {
  const bySeat = new Map(results.ranking.map((l) => [l.playerID, l]));
  const rows = state.seats.map((seat) => {
    const line = bySeat.get(seat.id);
    return [seatNo(seat.id), seat.pseudo, seat.marker, seat.team, line?.rank ?? null, line?.points ?? 0, Math.round(seat.timeMs)];
  });
  const winner = results.teams?.[0] ? teamName(results.teams[0].team) : (results.ranking[0]?.pseudo ?? null);
  const out = [
    db
      .prepare(
        `UPDATE games SET quiz_name = COALESCE(quiz_name, ?2), quiz_snapshot = COALESCE(quiz_snapshot, ?3),
           players_count = ?4, winner = ?5
         WHERE id = ?1`
      )
      .bind(gameId, state.quiz.name, JSON.stringify({ quiz: state.quiz, targets: state.targets } satisfies PlayedQuiz), state.seats.length, winner),
  ];
  for (const part of chunks(rows))
    out.push(
      db
        .prepare(
          `INSERT INTO game_players (game_id, player_no, pseudo, marker, team, rank, points, time_ms)
           SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
                  json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'),
                  json_extract(value, '$[6]')
           FROM json_each(?2) WHERE true
           ON CONFLICT (game_id, player_no) DO UPDATE SET
             pseudo = excluded.pseudo, marker = excluded.marker, team = excluded.team,
             rank = excluded.rank, points = excluded.points, time_ms = excluded.time_ms`
        )
        .bind(gameId, JSON.stringify(part))
    );
  return out;
}
