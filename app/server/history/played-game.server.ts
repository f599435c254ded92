/**
 * A played game as its reader reaches it, for its report and exports (history.server.ts) and a
 * défi's changes (defi/defi-manage.server.ts): its id in an address, and the game itself only
 * for its owner or the admin. Another account's game answers like a missing one (404).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { games, type Account, type Game } from "@db/schema";
import { m } from "@common/i18n/words";
import { canAccess } from "../auth/auth.server";
import { Refusal } from "../http/refusal.server";

export const HISTORY_MSG = {
  notFound: m("server.history.notFound"),
  deletedQuiz: m("server.history.deletedQuiz"),
} as const;

/** A game's id in an address (games.id is a UUID); anything else is refused before any query. */
export const gameId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** A game that started, the account's (admin: any); 404 for anything else. */
export async function requirePlayedGame(db: Db, account: Account, id: string): Promise<Game> {
  const [game] = await db.select().from(games).where(eq(games.id, id)).limit(1);
  if (!game || game.startedAt === null || !canAccess(account, game.ownerId)) throw Refusal.notFound(HISTORY_MSG.notFound);
  return game;
}
