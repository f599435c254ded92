import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { games, type Game } from "@db/schema";
import { MSG } from "@common/messages";
import { normaliseRoomInput } from "@common/room-check";
import { pageAction } from "./http.server";
import { Refusal } from "./refusal.server";

/** Room numbers are six digits (the join code shown in two halves on the presenter). */
export const ROOM_NUMBER = /^\d{6}$/;

export type LiveRoom = { roomNumber: string; random: boolean };

/**
 * The live-rooms registry: a room exists while its game row is not closed.
 * A Durable Object cannot tell this itself, since addressing one creates it.
 */
export async function findLiveRoom(db: Db, roomNumber: string): Promise<LiveRoom | null> {
  const game = await liveGame(db, roomNumber);
  if (!game) return null;
  const settings = game.settings as { iconType?: string } | null;
  return { roomNumber: game.roomNumber, random: settings?.iconType !== "defined" };
}

/**
 * The room check of the phones (GET /api/game/check/{room}, and the home form without
 * JavaScript): 400 for no number, 404 « Cette salle n'existe pas… » for a number no live game holds.
 */
export async function requireLiveRoom(db: Db, roomNumber: string): Promise<LiveRoom> {
  if (!/^\d+$/.test(roomNumber)) throw Refusal.badRequest(MSG.required);
  const room = await findLiveRoom(db, roomNumber);
  if (!room) throw Refusal.notFound(MSG.roomNotFound);
  return room;
}

/** The home page's form without JavaScript: the same check, then the room's page. */
export const joinRoomAction = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const roomNumber = normaliseRoomInput((await request.formData().catch(() => null))?.get("room"));
  const room = await requireLiveRoom(context.db, roomNumber ?? "");
  return redirect(room.random ? `/play/${room.roomNumber}` : `/join/${room.roomNumber}`);
});

/** The game holding a room number, if it is live (lobby, live or over: not closed). */
export async function liveGame(db: Db, roomNumber: string): Promise<Game | null> {
  if (!ROOM_NUMBER.test(roomNumber)) return null;
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.roomNumber, roomNumber), ne(games.status, "closed")))
    .limit(1);
  return row ?? null;
}

/** Every live game, for 'Redémarrer'. */
export async function liveGames(db: Db): Promise<Game[]> {
  return db.select().from(games).where(ne(games.status, "closed"));
}

export async function liveGameCount(db: Db): Promise<number> {
  return db.$count(games, ne(games.status, "closed"));
}

/** Games of an owner still waiting in their lobby: each holds one of the owner's games. */
export async function lobbyCount(db: Db, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(games)
    .where(and(eq(games.ownerId, ownerId), eq(games.status, "lobby")));
  return Number(row?.n ?? 0);
}

/** 100000..999999: no leading zero a player could drop when typing it. */
export function randomRoomNumber(): string {
  const [x] = crypto.getRandomValues(new Uint32Array(1));
  return String(100_000 + (x! % 900_000));
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if (/UNIQUE constraint failed/i.test(String((e as { message?: unknown }).message ?? e))) return true;
  }
  return false;
}

export type NewGame = Omit<typeof games.$inferInsert, "roomNumber" | "status">;

/**
 * Takes a free room number for a new game (status 'lobby'). The unique partial index
 * games_live_room_unique decides: two launches drawing the same number cannot both insert,
 * the loser draws again. A number comes back only once its game is closed.
 */
export async function registerGame(db: Db, game: NewGame, draw = randomRoomNumber, attempts = 25): Promise<string> {
  for (let i = 0; i < attempts; i++) {
    const roomNumber = draw();
    try {
      await db.insert(games).values({ ...game, roomNumber, status: "lobby" });
      return roomNumber;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("Aucun numéro de salle libre trouvé");
}

/** Idempotent: a closed game stays closed with its first end time. */
export async function markGameClosed(db: Db, gameId: string, at = Date.now()) {
  await db
    .update(games)
    .set({ status: "closed", endedAt: sql`COALESCE(${games.endedAt}, ${at})` })
    .where(and(eq(games.id, gameId), ne(games.status, "closed")));
}
