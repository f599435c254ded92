/**
 * The games played, as the room left them in D1 (party/d1-history.ts): « Parties jouées » on
 * the dashboard, the report of one game, its CSV export. An MJ sees only their own games, the
 * admin everyone's; another account's game answers like a missing one (404), as quizzes do.
 */
import { and, asc, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { accounts, defis, gameAnswers, gamePlayers, games, quizzes, type Account, type Game } from "@db/schema";
import type { TeamResult } from "@common/wire/protocol";
import { readStoredQuiz } from "@common/wire/quiz-question";
import { answersCsv, exportFileName, totalsCsv, type ExportLanguage } from "@common/contracts/history/exports";
import type {
  GameStatus,
  GamesPage,
  HistoryAnswer,
  HistoryPlayer,
  PlayedQuizSnapshot,
  QuestionSummary,
  ReportData,
} from "@common/contracts/history/types";
import type { Side } from "@common/contracts/dashboard/types";
import { rankEntries } from "@common/rules/ranking";
import { defiAdmin } from "../defi/defi-manage.server";
import { HISTORY_MSG, requirePlayedGame } from "./played-game.server";
import type { Translate } from "@common/i18n/ids";

/** Games per page of « Parties jouées ». */
const GAMES_PAGE_SIZE = 10;

function reportUrl(side: Side, gameId: string): string {
  return `/${side === "admin" ? "pres" : "mj"}/parties/${gameId}`;
}

function exportUrl(gameId: string, kind: "answers" | "totals"): string {
  return `/api/history/${gameId}/${kind}`;
}

function statusOf(game: Pick<Game, "status" | "results">): GameStatus {
  if (game.status === "over" || (game.status === "closed" && game.results !== null)) return "over";
  return game.status === "closed" ? "interrupted" : "live";
}

/** A page or question number of the query, from 1: anything else is 1. */
export const pageNumber = z.string().regex(/^[1-9][0-9]{0,5}$/).transform(Number).catch(1);

/** « Parties jouées »: the games that started, newest first. */
export async function playedGamesPage(db: Db, account: Account, side: Side, page: number, t: Translate): Promise<GamesPage> {
  const mine = account.role === "admin" ? undefined : eq(games.ownerId, account.id);
  const where = and(isNotNull(games.startedAt), mine);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(games).where(where);
  const pages = Math.max(1, Math.ceil(total / GAMES_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = await db
    .select({
      id: games.id,
      status: games.status,
      results: sql<string | null>`CASE WHEN ${games.results} IS NULL THEN NULL ELSE 1 END`,
      mode: games.mode,
      startedAt: games.startedAt,
      ownerId: games.ownerId,
      quizName: games.quizName,
      currentQuizName: quizzes.name,
      playersCount: games.playersCount,
      winner: games.winner,
      ownerName: accounts.name,
      deadline: defis.deadline,
    })
    .from(games)
    .leftJoin(quizzes, eq(quizzes.uniqueName, games.quizUniqueName))
    .leftJoin(accounts, eq(accounts.id, games.ownerId))
    .leftJoin(defis, eq(defis.gameId, games.id))
    .where(where)
    .orderBy(desc(games.startedAt), desc(games.id))
    .limit(GAMES_PAGE_SIZE)
    .offset((current - 1) * GAMES_PAGE_SIZE);
  const now = Date.now();
  return {
    page: current,
    pages,
    total,
    rows: rows.map((g) => {
      // A défi past its deadline is over, even before anyone has read it since.
      const defiOpen = g.deadline !== null && g.status === "live" && g.deadline > now;
      return {
      id: g.id,
      // Listed games all started (the query's own condition).
      playedAt: g.startedAt ?? 0,
      quizName: g.quizName ?? g.currentQuizName ?? t(HISTORY_MSG.deletedQuiz),
      mode: g.mode,
      playersCount: g.playersCount ?? 0,
      winner: g.winner,
      status: g.deadline === null ? statusOf(g) : defiOpen ? "live" : "over",
      owner: g.ownerId === account.id ? null : (g.ownerName ?? "?"),
      reportUrl: reportUrl(side, g.id),
      defi: g.deadline === null ? null : { deadline: g.deadline, open: defiOpen },
      };
    }),
  };
}

async function playersOf(db: Db, gameId: string): Promise<HistoryPlayer[]> {
  return db
    .select({
      playerNo: gamePlayers.playerNo,
      pseudo: gamePlayers.pseudo,
      marker: gamePlayers.marker,
      team: gamePlayers.team,
      rank: gamePlayers.rank,
      points: gamePlayers.points,
      timeMs: gamePlayers.timeMs,
    })
    .from(gamePlayers)
    .where(eq(gamePlayers.gameId, gameId))
    // Before its end a défi has no ranks yet: its running totals order it.
    .orderBy(sql`${gamePlayers.rank} IS NULL`, asc(gamePlayers.rank), desc(gamePlayers.points), asc(gamePlayers.timeMs), asc(gamePlayers.playerNo));
}

/** What one answer says, as the report shows it and the CSV exports it. */
export const answerColumns = {
  lat: gameAnswers.lat,
  lng: gameAnswers.lng,
  distanceM: gameAnswers.distanceM,
  ring: gameAnswers.ring,
  points: gameAnswers.points,
  timeMs: gameAnswers.timeMs,
};

async function answersOf(db: Db, gameId: string): Promise<HistoryAnswer[]> {
  return db
    .select({
      question: gameAnswers.question,
      playerNo: gameAnswers.playerNo,
      ...answerColumns,
    })
    .from(gameAnswers)
    .where(eq(gameAnswers.gameId, gameId));
}

/** The game's quiz as played; a game stored before the code said `title` has its questions' `titre`. */
function playedQuiz(game: Game): PlayedQuizSnapshot | null {
  const stored = game.quizSnapshot as PlayedQuizSnapshot | null;
  return stored && { ...stored, quiz: readStoredQuiz(stored.quiz) };
}

type Stats = { question: number; answers: number; avg: number | null; scored: number };
type Fastest = { question: number; pseudo: string; time_ms: number };

/** Per question, counted by D1: answers, average distance, who scored, the quickest good answer. */
async function questionStats(db: Db, gameId: string) {
  const [stats, fastest] = await Promise.all([
    db.all<Stats>(sql`
      SELECT question, COUNT(*) AS answers, AVG(distance_m) AS avg, SUM(points > 0) AS scored
      FROM game_answers WHERE game_id = ${gameId} GROUP BY question`),
    db.all<Fastest>(sql`
      SELECT f.question, p.pseudo, f.time_ms FROM (
        SELECT question, player_no, time_ms,
               ROW_NUMBER() OVER (PARTITION BY question ORDER BY time_ms, player_no) AS n
        FROM game_answers WHERE game_id = ${gameId} AND ring > 0
      ) f JOIN game_players p ON p.game_id = ${gameId} AND p.player_no = f.player_no
      WHERE f.n = 1`),
  ]);
  return { stats: new Map(stats.map((s) => [s.question, s])), fastest: new Map(fastest.map((f) => [f.question, f])) };
}

/** The report of one game; `question` is the 1-based number of the question shown on its map. */
export async function gameReport(db: Db, account: Account, side: Side, id: string, question: number, t: Translate): Promise<ReportData> {
  const game = await requirePlayedGame(db, account, id);
  // A défi past its deadline is closed first, so the report shows its final ranks.
  const defi = await defiAdmin(db, game);
  const played = playedQuiz(game);
  const questions = played?.quiz.questions ?? [];
  const selected = Math.min(question, Math.max(1, questions.length)) - 1;

  const [players, answered, { stats, fastest }, selectedAnswers, owner, quizRow] = await Promise.all([
    playersOf(db, game.id),
    db.all<{ player_no: number; n: number }>(
      sql`SELECT player_no, COUNT(*) AS n FROM game_answers WHERE game_id = ${game.id} GROUP BY player_no`,
    ),
    questionStats(db, game.id),
    db
      .select({
        playerNo: gameAnswers.playerNo,
        pseudo: gamePlayers.pseudo,
        marker: gamePlayers.marker,
        ...answerColumns,
      })
      .from(gameAnswers)
      .innerJoin(gamePlayers, and(eq(gamePlayers.gameId, gameAnswers.gameId), eq(gamePlayers.playerNo, gameAnswers.playerNo)))
      .where(and(eq(gameAnswers.gameId, game.id), eq(gameAnswers.question, selected)))
      .orderBy(asc(gameAnswers.distanceM)),
    game.ownerId === account.id
      ? Promise.resolve(null)
      : db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, game.ownerId)).then((r) => r[0]?.name ?? "?"),
    played ? Promise.resolve(null) : db.select({ name: quizzes.name }).from(quizzes).where(eq(quizzes.uniqueName, game.quizUniqueName)).then((r) => r[0]?.name ?? null),
  ]);
  const answeredBy = new Map(answered.map((a) => [a.player_no, a.n]));
  // An open défi's ranks, as its leaderboard gives them, from the running totals.
  if (defi?.open) {
    for (const { entry, rank } of rankEntries(players.map((p, order) => ({ id: String(p.playerNo), total: p.points ?? 0, timeMs: p.timeMs ?? 0, order, p }))))
      entry.p.rank = rank;
  }
  const playersCount = game.playersCount ?? players.length;
  const summaries: QuestionSummary[] = questions.map((q, index) => {
    const s = stats.get(index);
    const f = fastest.get(index);
    const scored = s?.scored ?? 0;
    return {
      index,
      title: q.title || q.name,
      imageUrl: q.imageUrl,
      streetview: q.kind === "streetview",
      spot: { lat: q.lat, lng: q.lng },
      answers: s?.answers ?? 0,
      averageDistanceM: s?.avg === null || s?.avg === undefined ? null : Math.round(s.avg),
      scored,
      scoredShare: playersCount > 0 ? scored / playersCount : 0,
      fastest: f ? { pseudo: f.pseudo, timeMs: f.time_ms } : null,
    };
  });
  const settings = game.settings as { answerTimeSec?: number } | null;
  const results = game.results as { teams?: TeamResult[] | null } | null;
  const quizName = game.quizName ?? played?.quiz.name ?? quizRow ?? t(HISTORY_MSG.deletedQuiz);
  return {
    side,
    title: t("history.meta.report", { quiz: quizName }),
    accountName: account.name,
    game: {
      id: game.id,
      quizName,
      playedAt: game.startedAt ?? 0,
      mode: game.mode,
      playersCount,
      winner: game.winner,
      status: defi ? (defi.open ? "live" : "over") : statusOf(game),
      owner,
      answerTimeSec: settings?.answerTimeSec ?? null,
    },
    ranking: players.map((p) => ({ ...p, answered: answeredBy.get(p.playerNo) ?? 0 })),
    teams: results?.teams ?? null,
    bounds: played?.quiz.mapSettings.bounds ?? null,
    targets: played?.targets ?? [],
    questions: summaries,
    selected,
    answers: selectedAnswers,
    exports: { answers: exportUrl(game.id, "answers"), totals: exportUrl(game.id, "totals") },
    backUrl: side === "admin" ? "/pres" : "/mj",
    defi,
  };
}

/**
 * GET /api/history/{game}/answers|totals: the CSV file and its name, in the asker's language and
 * its spreadsheet's form (common/util/csv.ts).
 */
export async function exportCsv(
  db: Db,
  account: Account,
  id: string,
  kind: "answers" | "totals",
  language: ExportLanguage,
): Promise<{ body: string; name: string }> {
  const game = await requirePlayedGame(db, account, id);
  const [players, answers] = await Promise.all([playersOf(db, game.id), answersOf(db, game.id)]);
  const played = playedQuiz(game);
  const input = {
    players,
    answers,
    questions: (played?.quiz.questions ?? []).map((q) => ({ title: q.title || q.name })),
    targets: played?.targets ?? [],
  };
  const body = kind === "answers" ? answersCsv(input, language) : totalsCsv(input, language);
  const name = exportFileName(game.quizName ?? played?.quiz.name ?? "", game.startedAt, kind, language.t);
  return { body, name };
}
