/**
 * The MJ's side of a défi: its part of the game's report (link, deadline, players), and the
 * owner's changes (end it now, move the deadline, rename or remove a player).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { defiPlayers, defis, gameAnswers, gamePlayers, games, type Account, type Defi, type Game } from "@db/schema";
import type { ManageDefiInput } from "@common/defi/schemas";
import type { DefiAdmin } from "@common/defi/types";
import { checkDefiName, deadlineProblem, DEFI_MSG, type DefiNameMode } from "@common/rules";
import { canAccess } from "./auth.server";
import { rankedPlayers } from "./defi-leaderboard.server";
import { finishDefi, finishIfDue, isUniqueViolation, rankStatement } from "./defi-store.server";
import { defiPath, isOpen } from "./defi-views.server";
import { requirePlayedGame } from "./history.server";
import { Refusal } from "./refusal.server";

type Owned = { game: Game; defi: Defi };

/** A défi of the account's (admin: any); another's or none answers 404, as a game does. */
async function requireOwnedDefi(db: Db, account: Account, gameId: string): Promise<Owned> {
  const game = await requirePlayedGame(db, account, gameId);
  const [defi] = game.kind === "defi" ? await db.select().from(defis).where(eq(defis.gameId, game.id)) : [];
  if (!defi || !canAccess(account, game.ownerId)) throw Refusal.notFound(DEFI_MSG.notFound);
  return { game, defi };
}

/**
 * The MJ's changes: end the défi now, move its deadline (while it is open), rename a player (the
 * name rule of free names, unique in the défi) or remove their line (answers included).
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
  switch (input.action) {
    case "end":
      if (owned.game.status === "live") {
        await db.update(defis).set({ deadline: now }).where(eq(defis.gameId, game.id));
        await finishDefi(db, game.id, now);
      }
      break;
    case "deadline": {
      if (owned.game.status !== "live") throw Refusal.conflict(DEFI_MSG.over);
      const problem = deadlineProblem(input.deadline, now);
      if (problem) throw Refusal.badRequest(problem);
      await db.update(defis).set({ deadline: input.deadline }).where(eq(defis.gameId, game.id));
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
    case "remove": {
      await requireDefiPlayer(db, game.id, input.playerNo);
      const gameId = game.id;
      const playerNo = input.playerNo;
      await db.batch([
        db.delete(gameAnswers).where(and(eq(gameAnswers.gameId, gameId), eq(gameAnswers.playerNo, playerNo))),
        db.delete(gamePlayers).where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.playerNo, playerNo))),
        db.delete(defiPlayers).where(and(eq(defiPlayers.gameId, gameId), eq(defiPlayers.playerNo, playerNo))),
        db
          .update(games)
          .set({ playersCount: sql`MAX(COALESCE(${games.playersCount}, 1) - 1, 0)` })
          .where(eq(games.id, gameId)),
        ...(owned.game.status === "over" ? [rankStatement(db, gameId)] : []),
      ]);
      break;
    }
  }
  return (await defiAdmin(db, game, now))!;
}

async function requireDefiPlayer(db: Db, gameId: string, playerNo: number) {
  const [row] = await db
    .select({ no: defiPlayers.playerNo })
    .from(defiPlayers)
    .where(and(eq(defiPlayers.gameId, gameId), eq(defiPlayers.playerNo, playerNo)));
  if (!row) throw Refusal.notFound(DEFI_MSG.playerNotFound);
}

/** The défi part of a game's report: its link, deadline, state and players (best first). */
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
  const players = await rankedPlayers(db, gameId);
  return {
    gameId,
    code: defi.code,
    path: defiPath(defi.code),
    deadline: defi.deadline,
    open: isOpen(owned, now),
    nameMode: defi.nameMode as DefiNameMode,
    players: players.map((p) => ({ playerNo: p.playerNo, name: p.name, points: p.points ?? 0, played: p.played })),
  };
}
