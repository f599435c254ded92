/**
 * The MJ's side of a défi: its part of the game's report (link, deadline, options, players with
 * the signs of a script), and the owner's changes (end it now, move the deadline or reopen it,
 * rename a player, remove lines one by one or in bulk: a removal is a ban).
 */
import { type AnyColumn, and, count, eq, gte, lte, ne, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { defiBans, defiPlayers, defis, gameAnswers, gamePlayers, games, type Account, type Defi, type Game } from "@db/schema";
import { intoColumns, value } from "@party/d1-sql";
import type { ManageDefiInput } from "@common/contracts/defi/schemas";
import type { DefiAdmin } from "@common/contracts/defi/types";
import { checkAdaptedNames, checkDefiName, deadlineProblem, DEFI_MSG, scriptedLineFlags, type DefiNameMode } from "@common/rules";
import { canAccess } from "../auth/auth.server";
import { rankedPlayers } from "./defi-leaderboard.server";
import { finishDefi, finishIfDue, isUniqueViolation, rankStatement } from "./defi-store.server";
import { defiPath, isOpen } from "./defi-views.server";
import { requirePlayedGame } from "../history/played-game.server";
import { Refusal } from "../http/refusal.server";

type Owned = { game: Game; defi: Defi };

/** A défi of the account's (admin: any); another's or none answers 404, as a game does. */
async function requireOwnedDefi(db: Db, account: Account, gameId: string): Promise<Owned> {
  const game = await requirePlayedGame(db, account, gameId);
  const [defi] = game.kind === "defi" ? await db.select().from(defis).where(eq(defis.gameId, game.id)) : [];
  if (!defi || !canAccess(account, game.ownerId)) throw Refusal.notFound(DEFI_MSG.notFound);
  return { game, defi };
}

/**
 * The MJ's changes: end the défi now; move its deadline, which reopens an ended or expired défi
 * (same link, players and lines, the final ranks cleared until it ends again); rename a player
 * (the name rule of free names, unique in the défi); remove lines with their answers, one, or all
 * of a network, of a time range or of a flag (scripted-lines.ts). A removal bans the lines'
 * devices and, in bulk or when asked, their networks: they cannot join again. With adapted time
 * set at creation: give it to a line or take it back (from its next question on), or change the
 * names that get it on joining.
 */
export async function manageDefi(
  db: Db,
  account: Account,
  input: ManageDefiInput & { gameId: string },
  now = Date.now(),
): Promise<DefiAdmin> {
  const owned = await requireOwnedDefi(db, account, input.gameId);
  const { game } = owned;
  await finishIfDue(db, owned, now);
  const over = owned.game.status !== "live";
  switch (input.action) {
    case "end":
      if (!over) {
        await db.update(defis).set({ deadline: now }).where(eq(defis.gameId, game.id));
        await finishDefi(db, game.id, now);
      }
      break;
    case "deadline": {
      const problem = deadlineProblem(input.deadline, now);
      if (problem) throw Refusal.badRequest(problem);
      if (!over) await db.update(defis).set({ deadline: input.deadline }).where(eq(defis.gameId, game.id));
      else if (owned.game.status === "over") await reopenDefi(db, game.id, input.deadline);
      else throw Refusal.conflict(DEFI_MSG.over);
      break;
    }
    case "rename": {
      const check = checkDefiName(input.name);
      if (!check.ok) throw Refusal.badRequest(check.error);
      await requireDefiPlayer(db, game.id, input.playerNo);
      try {
        await db.batch([
          db.update(defiPlayers).set({ nameKey: check.key }).where(and(eq(defiPlayers.gameId, game.id), eq(defiPlayers.playerNo, input.playerNo))),
          db.update(gamePlayers).set({ pseudo: check.name }).where(and(eq(gamePlayers.gameId, game.id), eq(gamePlayers.playerNo, input.playerNo))),
        ]);
      } catch (error) {
        if (isUniqueViolation(error, "name_key")) throw Refusal.conflict(DEFI_MSG.nameTaken);
        throw error;
      }
      break;
    }
    case "remove":
      await requireDefiPlayer(db, game.id, input.playerNo);
      await removeLines(db, game.id, [input.playerNo], { network: input.network, rerank: over, now });
      break;
    case "removeNetwork":
    case "removeTime":
    case "removeFlag": {
      const lines = await linesOf(db, game.id, input);
      if (lines.length === 0) throw Refusal.notFound(DEFI_MSG.removeNothing);
      await removeLines(db, game.id, lines, { network: true, rerank: over, now });
      break;
    }
    case "adapted":
      if (!owned.defi.adapted) throw Refusal.conflict(DEFI_MSG.adaptedNone);
      await requireDefiPlayer(db, game.id, input.playerNo);
      await db
        .update(defiPlayers)
        .set({ adapted: input.on })
        .where(and(eq(defiPlayers.gameId, game.id), eq(defiPlayers.playerNo, input.playerNo)));
      break;
    case "adaptedNames": {
      const setting = owned.defi.adapted;
      if (!setting || setting.all || owned.defi.nameMode !== "free") throw Refusal.conflict(DEFI_MSG.adaptedNone);
      const checked = checkAdaptedNames(input.names);
      if (!checked.ok) throw Refusal.badRequest(checked.error);
      await db
        .update(defis)
        .set({ adapted: { ...setting, names: checked.names } })
        .where(eq(defis.gameId, game.id));
      break;
    }
  }
  return (await defiAdmin(db, game, now))!;
}

/**
 * An ended défi open again until `deadline`: its players and lines kept, its final ranks and
 * winner cleared (written again when it ends), status 'live' so the history lists it as running.
 */
async function reopenDefi(db: Db, gameId: string, deadline: number): Promise<void> {
  await db.batch([
    db.update(defis).set({ deadline }).where(eq(defis.gameId, gameId)),
    db
      .update(games)
      .set({ status: "live", endedAt: null, winner: null, results: null })
      .where(and(eq(games.id, gameId), eq(games.status, "over"))),
    db.update(gamePlayers).set({ rank: null }).where(eq(gamePlayers.gameId, gameId)),
  ]);
}

/** The players a bulk removal takes: of one network, joined in a time range, or with a flag. */
async function linesOf(
  db: Db,
  gameId: string,
  input: Extract<ManageDefiInput, { action: "removeNetwork" | "removeTime" | "removeFlag" }>,
): Promise<number[]> {
  if (input.action === "removeFlag") {
    const flags = await flagsOf(db, gameId);
    return [...flags].filter(([, f]) => f.includes(input.flag)).map(([playerNo]) => playerNo);
  }
  const which =
    input.action === "removeNetwork"
      ? eq(networkLabel, input.network)
      : and(gte(defiPlayers.joinedAt, Math.min(input.from, input.to)), lte(defiPlayers.joinedAt, Math.max(input.from, input.to)));
  const rows = await db
    .select({ playerNo: defiPlayers.playerNo })
    .from(defiPlayers)
    .where(and(eq(defiPlayers.gameId, gameId), which));
  return rows.map((r) => r.playerNo);
}

/** The network a line joined from, as the MJ sees it: the first characters of its keyed hash. */
const networkLabel = sql<string>`substr(${defiPlayers.addressHash}, 1, 8)`;

/** Player numbers as one JSON parameter (D1 binds at most 100 per statement). */
const playerIn = (column: AnyColumn, playerNos: number[]) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(playerNos)}))`;

/**
 * Removes lines with their answers, in one batch, after banning their devices (and, with
 * `network`, their networks): a ban, not a delete, so that the same device or network cannot
 * simply join again. An ended défi's ranks are written again.
 */
async function removeLines(db: Db, gameId: string, playerNos: number[], o: { network: boolean; rerank: boolean; now: number }) {
  const lines = and(eq(defiPlayers.gameId, gameId), playerIn(defiPlayers.playerNo, playerNos));
  const ban = (kind: "device" | "network", hash: typeof defiPlayers.deviceHash | typeof defiPlayers.addressHash) =>
    db
      .insert(defiBans)
      .select(
        db
          .selectDistinct(intoColumns(defiBans, { gameId: value(gameId), kind: value(kind), hash: sql`${hash}`, at: value(o.now) }))
          .from(defiPlayers)
          .where(and(lines, ne(hash, ""))),
      )
      .onConflictDoNothing();
  await db.batch([
    ban("device", defiPlayers.deviceHash),
    ...(o.network ? [ban("network", defiPlayers.addressHash)] : []),
    db.delete(gameAnswers).where(and(eq(gameAnswers.gameId, gameId), playerIn(gameAnswers.playerNo, playerNos))),
    db.delete(gamePlayers).where(and(eq(gamePlayers.gameId, gameId), playerIn(gamePlayers.playerNo, playerNos))),
    db.delete(defiPlayers).where(lines),
    db
      .update(games)
      .set({ playersCount: sql`(${db.select({ n: count() }).from(gamePlayers).where(eq(gamePlayers.gameId, gameId))})` })
      .where(eq(games.id, gameId)),
    ...(o.rerank ? [rankStatement(db, gameId)] : []),
  ]);
}

async function requireDefiPlayer(db: Db, gameId: string, playerNo: number) {
  const [row] = await db
    .select({ no: defiPlayers.playerNo })
    .from(defiPlayers)
    .where(and(eq(defiPlayers.gameId, gameId), eq(defiPlayers.playerNo, playerNo)));
  if (!row) throw Refusal.notFound(DEFI_MSG.playerNotFound);
}

/** The signs of a script on each line (scripted-lines.ts), from the lines and their answers. */
async function flagsOf(db: Db, gameId: string, lines?: { playerNo: number; network: string }[]) {
  const [players, answers] = await Promise.all([
    lines ?? db.select({ playerNo: defiPlayers.playerNo, network: networkLabel }).from(defiPlayers).where(eq(defiPlayers.gameId, gameId)),
    db
      .select({
        playerNo: gameAnswers.playerNo,
        question: gameAnswers.question,
        lat: gameAnswers.lat,
        lng: gameAnswers.lng,
        distanceM: gameAnswers.distanceM,
        timeMs: gameAnswers.timeMs,
      })
      .from(gameAnswers)
      .where(eq(gameAnswers.gameId, gameId)),
  ]);
  return scriptedLineFlags(players, answers);
}

/** The défi part of a game's report: its link, deadline, options, players (best first) and their flags. */
export async function defiAdmin(db: Db, game: Pick<Game, "id" | "kind">, now = Date.now()): Promise<DefiAdmin | null> {
  if (game.kind !== "defi") return null;
  const gameId = game.id;
  const [row] = await db
    .select({ defi: defis, status: games.status })
    .from(defis)
    .innerJoin(games, eq(games.id, defis.gameId))
    .where(eq(defis.gameId, gameId));
  if (!row) return null;
  const { defi } = row;
  const owned = { game: { id: gameId, status: row.status }, defi };
  await finishIfDue(db, owned, now);
  const [players, [{ bans } = { bans: 0 }]] = await Promise.all([
    rankedPlayers(db, gameId),
    db.select({ bans: count() }).from(defiBans).where(eq(defiBans.gameId, gameId)),
  ]);
  const lines = players.map((p) => ({ ...p, network: p.addressHash.slice(0, 8) }));
  const flags = await flagsOf(db, gameId, lines);
  return {
    gameId,
    code: defi.code,
    path: defiPath(defi.code),
    deadline: defi.deadline,
    open: isOpen(owned, now),
    nameMode: defi.nameMode as DefiNameMode,
    reveal: defi.reveal,
    boardHidden: defi.boardHidden,
    adapted: defi.adapted,
    players: lines.map((p) => ({
      playerNo: p.playerNo,
      name: p.name,
      points: p.points ?? 0,
      played: p.played,
      joinedAt: p.joinedAt,
      network: p.network,
      flags: flags.get(p.playerNo) ?? [],
      adapted: p.adapted,
    })),
    bans,
  };
}
