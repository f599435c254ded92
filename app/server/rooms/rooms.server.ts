import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { quotaLeft } from "@db/quota";
import { games, type Game } from "@db/schema";
import { MSG } from "@common/contracts/messages";
import { Refusal } from "../http/refusal.server";
import { z } from "zod";
import { parseParams } from "../http/input.server";
import { clientAddress, throttledRoomGuess } from "../throttle/throttle.server";
import type { Words } from "@common/i18n/ids";

/** Room numbers are six digits (the join code shown in two halves on the presenter). */
export const ROOM_NUMBER = /^\d{6}$/;

type LiveRoom = { roomNumber: string; random: boolean };

/**
 * The live-rooms registry: a room exists while its game row is not closed.
 * A Durable Object cannot tell this itself, since addressing one creates it.
 */
async function findLiveRoom(db: Db, roomNumber: string): Promise<LiveRoom | null> {
  const game = await liveGame(db, roomNumber);
  if (!game) return null;
  const settings = game.settings as { iconType?: string } | null;
  return { roomNumber: game.roomNumber, random: settings?.iconType !== "defined" };
}

/**
 * The room check of the phones (GET /api/game/check/{room}, and the home form without
 * JavaScript), for a number of digits: 404 « Cette salle n'existe pas… » for a number no live
 * game holds, 429 once the caller's `address` has typed too many of those (throttle.server.ts).
 */
export async function requireLiveRoom(context: AppLoadContext, address: string, roomNumber: string): Promise<LiveRoom> {
  const room = await askedRoom(context, address, roomNumber);
  if (!room) throw Refusal.notFound(MSG.roomNotFound);
  return room;
}

const PlayerPageParams = z.object({ roomID: z.string() });

/**
 * What the player pages (/play/{roomID}, /join/{roomID}) need of the room their address names:
 * its number, live or not, and the reason to show when it cannot be played. Asked under the
 * room-number throttle of the caller's address, like the home page's check.
 */
export async function playerRoom({
  request,
  params,
  context,
}: Pick<LoaderFunctionArgs, "request" | "params" | "context">): Promise<{ roomNumber: string; live: boolean; random: boolean; error: Words | null }> {
  const { roomID: roomNumber } = parseParams(params, PlayerPageParams, Refusal.notFound(MSG.roomNotFound));
  try {
    const room = await askedRoom(context, clientAddress(request), roomNumber);
    return room ? { roomNumber, live: true, random: room.random, error: null } : { roomNumber, live: false, random: true, error: MSG.roomNotFound };
  } catch (error) {
    if (error instanceof Refusal) return { roomNumber, live: false, random: true, error: error.words };
    throw error;
  }
}

/** How long a closed game's number stays "known": asking for it again is no guess. */
const RECENTLY_CLOSED_MS = 6 * 60 * 60 * 1000;

/**
 * A room number a player asked for (typed, scanned, reloaded): the live room, or null. Under
 * the room-number throttle of the caller's `address` (429 once over it, see throttle.server.ts).
 */
function askedRoom(context: AppLoadContext, address: string, roomNumber: string): Promise<LiveRoom | null> {
  return throttledRoomGuess(
    context,
    address,
    () => findLiveRoom(context.db, roomNumber),
    () => recentlyClosed(context.db, roomNumber),
  );
}

/**
 * Did a game with this number close in the last hours? Asking for it again is no guess: a phone
 * coming back after the podium, or reloading.
 */
export async function recentlyClosed(db: Db, roomNumber: string): Promise<boolean> {
  if (!ROOM_NUMBER.test(roomNumber)) return false;
  const since = Date.now() - RECENTLY_CLOSED_MS;
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.roomNumber, roomNumber), eq(games.status, "closed"), gt(games.endedAt, since)))
    .limit(1);
  return !!row;
}

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

/** A game in a room (a défi has none), not closed. */
const inLiveRoom = () => and(ne(games.status, "closed"), eq(games.kind, "room"));

/** Every live game, for 'Redémarrer'. */
export async function liveGames(db: Db): Promise<Game[]> {
  return db.select().from(games).where(inLiveRoom());
}

export async function liveGameCount(db: Db): Promise<number> {
  return db.$count(games, inLiveRoom());
}

/** 100000..999999: no leading zero a player could drop when typing it. */
function randomRoomNumber(): string {
  const [x] = crypto.getRandomValues(new Uint32Array(1));
  return String(100_000 + (x! % 900_000));
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if (/UNIQUE constraint failed/i.test(String((e as { message?: unknown }).message ?? e))) return true;
  }
  return false;
}

type NewGame = Omit<typeof games.$inferInsert, "roomNumber" | "status">;

/**
 * Takes a free room number for a new game (status 'lobby') and, in the same statement, one of
 * its owner's games (the quota's condition, db/quota.ts). One INSERT … SELECT … WHERE is atomic
 * in D1, so launches at the same instant cannot all read the same count and all pass.
 * The unique partial index games_live_room_unique decides the number: two launches drawing the
 * same number cannot both insert, the loser draws again. A number comes back only once its
 * game is closed. Null when the owner has no game left.
 */
export async function registerGame(
  db: Db,
  game: NewGame,
  draw = randomRoomNumber,
  attempts = 25,
): Promise<string | null> {
  for (let i = 0; i < attempts; i++) {
    const roomNumber = draw();
    try {
      const result = await db.run(sql`
        INSERT INTO ${games} (id, quiz_unique_name, owner_id, room_number, status, mode, settings, created_at)
        SELECT ${game.id}, ${game.quizUniqueName}, ${game.ownerId}, ${roomNumber}, 'lobby', ${game.mode},
               ${JSON.stringify(game.settings)}, ${game.createdAt}
        WHERE ${quotaLeft(game.ownerId)}`);
      return result.meta.changes === 1 ? roomNumber : null;
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
