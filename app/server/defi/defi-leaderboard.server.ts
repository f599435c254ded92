/** A défi's leaderboard (/defi/{code}/classement and its API): read from the running totals, never the answers. */
import { and, asc, desc, eq, sql, type Placeholder } from "drizzle-orm";
import { batchBuilt, builtOnce, type Db } from "@db/client";
import { defiPlayers, gamePlayers } from "@db/schema";
import type { DefiLeaderboard, LeaderboardLine } from "@common/contracts/defi/types";
import { DEFI_LEADERBOARD_SIZE, publicAdapted } from "@common/rules";
import { rankEntries } from "@common/rules/ranking";
import { finishIfDue, loadDefi } from "./defi-store.server";
import { isOpen, lineOf, questionCount } from "./defi-views.server";

/** Players best first, as a live game ranks them: total, then the lower cumulated answer time. */
const bestFirst = [desc(gamePlayers.points), asc(gamePlayers.timeMs), asc(gamePlayers.playerNo)];

/** Every player of the défi (or the first `limit`), best first, with the questions they played. */
export function rankedPlayers(db: Db, gameId: string | Placeholder, limit?: number | Placeholder) {
  const query = db
    .select({
      playerNo: gamePlayers.playerNo,
      name: gamePlayers.pseudo,
      marker: gamePlayers.marker,
      points: gamePlayers.points,
      timeMs: gamePlayers.timeMs,
      played: defiPlayers.question,
      joinedAt: defiPlayers.joinedAt,
      addressHash: defiPlayers.addressHash,
      adapted: defiPlayers.adapted,
    })
    .from(gamePlayers)
    .innerJoin(defiPlayers, and(eq(defiPlayers.gameId, gamePlayers.gameId), eq(defiPlayers.playerNo, gamePlayers.playerNo)))
    .where(eq(gamePlayers.gameId, gameId))
    .orderBy(...bestFirst);
  return limit === undefined ? query : query.limit(limit);
}

/** The leaderboard's two reads, built once and sent in one batch: its top lines and its size. */
const boardStatements = builtOnce((db) => {
  const gameId = sql.placeholder("gameId");
  return [
    rankedPlayers(db, gameId, sql.placeholder("limit")).prepare(),
    db.select({ players: sql<number>`COUNT(*)` }).from(gamePlayers).where(eq(gamePlayers.gameId, gameId)).prepare(),
  ] as const;
});

/**
 * /defi/{code}/classement: the top lines and the reader's own, read through the running totals'
 * index (game_players_total), never through the answers. Exact ties share a rank. A défi whose
 * MJ hid its leaderboard shows no line, not even the reader's, until it is over. Lines played with
 * adapted time say so, and the leaderboard how it was scored.
 */
export async function defiLeaderboard(db: Db, device: string | null, input: { code: string | undefined }, now = Date.now()): Promise<DefiLeaderboard> {
  const l = await loadDefi(db, input.code, device);
  await finishIfDue(db, l, now);
  const gameId = l.game.id;
  const open = isOpen(l, now);
  const hidden = open && l.defi.boardHidden;
  const [topLines, count] = boardStatements(db);
  const [top, [{ players } = { players: 0 }]] = await batchBuilt(db, [
    { built: topLines, values: { gameId, limit: hidden ? 0 : DEFI_LEADERBOARD_SIZE } },
    { built: count, values: { gameId } },
  ]);
  const ranked = rankEntries(top.map((p, order) => ({ id: String(p.playerNo), total: p.points ?? 0, timeMs: p.timeMs ?? 0, order, p })));
  const lines = ranked.map(({ entry, rank }) => lineOf(entry.p, rank, l.me));
  let own: LeaderboardLine | null = null;
  const me = l.me;
  if (me && !hidden && !lines.some((x) => x.me)) {
    const [{ ahead } = { ahead: 0 }] = await db
      .select({ ahead: sql<number>`COUNT(*)` })
      .from(gamePlayers)
      .where(
        and(
          eq(gamePlayers.gameId, gameId),
          sql`(${gamePlayers.points} > ${me.points} OR (${gamePlayers.points} = ${me.points} AND ${gamePlayers.timeMs} < ${me.timeMs}))`,
        ),
      );
    own = lineOf({ ...me, played: me.question }, Number(ahead) + 1, me);
  }
  return {
    quizName: l.snapshot.quiz.name,
    open,
    practice: l.defi.reveal === "each",
    hidden,
    adapted: publicAdapted(l.defi.adapted),
    deadline: l.defi.deadline,
    questionCount: questionCount(l),
    playersCount: Number(players),
    lines,
    own,
    answersMap: open ? null : { bounds: l.snapshot.quiz.mapSettings.bounds, targets: l.snapshot.targets },
  };
}
