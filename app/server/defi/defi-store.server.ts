/**
 * A défi in D1 (docs/game-rules.md, Défis; decision 031): one `games` row (kind 'defi', status
 * 'live' until its deadline, then 'over') with its players in `game_players` (running totals on
 * their rows) and its answers in `game_answers`, so « Parties jouées », the report and the CSV read
 * it like any game; `defis` and `defi_players` hold its code, deadline, devices and each player's
 * progress. Here: reading a défi with the device's player in one query, and writing its end once
 * its deadline has passed.
 */
import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import { batchBuilt, builtOnce, type Db } from "@db/client";
import { defiPlayers, defis, gamePlayers, games, quizzes } from "@db/schema";
import { DEFI_CODE, DEFI_MSG } from "@common/rules";
import { sha256 } from "./defi-device.server";
import type { DefiPlayer, LoadedDefi } from "./defi-views.server";
import { frameOf, frameStatement, keepFrame, keptFrame } from "./defi-frame.server";
import { Refusal } from "../http/refusal.server";

/**
 * Every call of a défi starts with this read: built once, the code and the device its
 * placeholders. What never changes (the quiz, the settings, the help squares) is the défi's frame,
 * kept in memory (defi-frame.server.ts).
 */
const loadStatement = builtOnce((db) =>
  db
    .select({
      game: { id: games.id, status: games.status },
      defi: {
        gameId: defis.gameId,
        code: defis.code,
        deadline: defis.deadline,
        nameMode: defis.nameMode,
        joins: defis.joins,
        seed: defis.seed,
        reveal: defis.reveal,
        boardHidden: defis.boardHidden,
        adapted: defis.adapted,
      },
      me: {
        playerNo: defiPlayers.playerNo,
        question: defiPlayers.question,
        openedAt: defiPlayers.openedAt,
        openToken: defiPlayers.openToken,
        photoAt: defiPlayers.photoAt,
        roundTrips: defiPlayers.roundTrips,
        // Both tables have an `adapted` column: D1 keys a batch's rows by column name.
        adapted: sql<boolean>`${defiPlayers.adapted}`.mapWith(defiPlayers.adapted).as("player_adapted"),
      },
      name: gamePlayers.pseudo,
      marker: gamePlayers.marker,
      points: gamePlayers.points,
      timeMs: gamePlayers.timeMs,
    })
    .from(defis)
    .innerJoin(games, eq(games.id, defis.gameId))
    .leftJoin(defiPlayers, and(eq(defiPlayers.gameId, defis.gameId), eq(defiPlayers.deviceHash, sql.placeholder("deviceHash"))))
    .leftJoin(gamePlayers, and(eq(gamePlayers.gameId, defis.gameId), eq(gamePlayers.playerNo, defiPlayers.playerNo)))
    .where(eq(defis.code, sql.placeholder("code")))
    .limit(1)
    .prepare(),
);

/**
 * The défi behind a code and, when the device token names one, its player: one D1 read (its
 * frame read in the same round trip when this isolate does not keep it yet). A code of the wrong
 * shape is refused before any query; an unknown one answers 404.
 */
export async function loadDefi(db: Db, code: string | undefined, device: string | null): Promise<LoadedDefi> {
  if (!code || !DEFI_CODE.test(code)) throw Refusal.notFound(DEFI_MSG.notFound);
  const values = { code, deviceHash: device ? await sha256(device) : "" };
  let frame = keptFrame(code);
  let row;
  if (frame) [row] = await loadStatement(db).all(values);
  else {
    const [rows, [stored]] = await batchBuilt(db, [
      { built: loadStatement(db), values },
      { built: frameStatement(db), values: { code } },
    ]);
    [row] = rows;
    frame = stored && keepFrame(code, stored);
  }
  if (!row) throw Refusal.notFound(DEFI_MSG.notFound);
  if (frame?.gameId !== row.game.id) frame = await frameOf(db, code, row.game.id);
  if (!frame) throw Refusal.notFound(DEFI_MSG.notFound);
  const me: DefiPlayer | null =
    row.me && row.name !== null
      ? {
          ...row.me,
          name: row.name,
          marker: row.marker ?? "",
          points: row.points ?? 0,
          timeMs: row.timeMs ?? 0,
        }
      : null;
  return { game: row.game, defi: { ...row.defi, help: frame.help }, settings: frame.settings, snapshot: frame.snapshot, me };
}

export function requireMe(l: LoadedDefi): DefiPlayer {
  if (!l.me) throw Refusal.forbidden(DEFI_MSG.notJoined);
  return l.me;
}

/** A write refused by a unique index (`index`: the one named in D1's message, under drizzle's causes). */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let e: unknown = error, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const text = String((e as { message?: unknown }).message ?? e);
    if (/UNIQUE constraint failed/i.test(text) && (!index || text.includes(index))) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The end of a défi

/** Every player's final rank, as RANK() gives it: exact ties (total and time) share one. */
export function rankStatement(db: Db, gameId: string) {
  const ranked = db
    .select({
      playerNo: gamePlayers.playerNo,
      n: sql<number>`RANK() OVER (ORDER BY ${gamePlayers.points} DESC, ${gamePlayers.timeMs} ASC)`.as("n"),
    })
    .from(gamePlayers)
    .where(eq(gamePlayers.gameId, gameId))
    .as("ranked");
  return db
    .update(gamePlayers)
    .set({ rank: sql`${ranked.n}` })
    .from(ranked)
    .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.playerNo, ranked.playerNo)));
}

/**
 * Past its deadline a défi is over: ranks written, the game row 'over' with its winner and end,
 * the quiz's last played date moved on. Done by whoever first reads it after the deadline; the
 * statements act once (status 'live' in their condition), so two readers at once change nothing
 * twice.
 */
export async function finishIfDue(db: Db, l: Pick<LoadedDefi, "game" | "defi">, now: number): Promise<void> {
  if (l.game.status !== "live" || now < l.defi.deadline) return;
  await finishDefi(db, l.game.id, l.defi.deadline);
  l.game = { ...l.game, status: "over" };
}

export async function finishDefi(db: Db, gameId: string, endedAt: number): Promise<void> {
  const ofGame = eq(gamePlayers.gameId, gameId);
  const winner = db
    .select({ pseudo: gamePlayers.pseudo })
    .from(gamePlayers)
    .where(and(ofGame, gt(gamePlayers.points, 0)))
    .orderBy(desc(gamePlayers.points), asc(gamePlayers.timeMs), asc(gamePlayers.playerNo))
    .limit(1);
  const quiz = db.select({ name: games.quizUniqueName }).from(games).where(eq(games.id, gameId));
  await db.batch([
    rankStatement(db, gameId),
    db
      .update(games)
      .set({
        status: "over",
        endedAt,
        results: { ranking: null, teams: null },
        playersCount: sql`(${db.select({ n: count() }).from(gamePlayers).where(ofGame)})`,
        winner: sql`(${winner})`,
      })
      .where(and(eq(games.id, gameId), eq(games.status, "live"))),
    db
      .update(quizzes)
      .set({ lastTimePlayed: sql`MAX(COALESCE(${quizzes.lastTimePlayed}, 0), ${endedAt})` })
      .where(eq(quizzes.uniqueName, quiz)),
  ]);
}
