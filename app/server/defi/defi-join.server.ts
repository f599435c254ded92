/**
 * Joining a défi (« Commencer »): the device's player, under the per-network cap and the MJ's bans
 * (docs/game-rules.md, Défis; decision 034).
 */
import { and, eq, inArray, lte, notExists, or, sql } from "drizzle-orm";
import { batchBuilt, builtOnce, type Db } from "@db/client";
import { defiBans, defiJoinWindows, defiPlayers, defis, gamePlayers, games } from "@db/schema";
import { intoColumns, value } from "@party/d1-sql";
import type { DefiState } from "@common/contracts/defi/types";
import { checkAdaptedNames, checkDefiName, DEFI_JOIN_WINDOW_MS, DEFI_JOINS_PER_ADDRESS, DEFI_MSG, defiSeat, joinsAdapted } from "@common/rules";
import { randomToken, sha256 } from "./defi-device.server";
import { finishIfDue, isUniqueViolation, loadDefi } from "./defi-store.server";
import { infoOf, isOpen, meOf, type DefiPlayer } from "./defi-views.server";
import { Refusal } from "../http/refusal.server";

/** A network's key in a défi: its address key (common/util/address.ts) hashed with the défi's id. */
export const networkHash = (gameId: string, address: string) => sha256(`${gameId}:${address}`);

/** The reservation's statement: every join runs it. */
const reserveStatement = builtOnce((db) => {
  const [gameId, network, now] = [sql.placeholder("gameId"), sql.placeholder("network"), sql.placeholder("now")];
  const banned = inArray(defiBans.hash, [network, sql.placeholder("device")]);
  const expired = lte(defiJoinWindows.startedAt, sql.placeholder("expiredBefore"));
  return db
    .insert(defiJoinWindows)
    .select(
      db
        .select(intoColumns(defiJoinWindows, { gameId: value(gameId), addressHash: value(network), startedAt: value(now), joins: value(1) }))
        .from(defis)
        .where(and(eq(defis.gameId, gameId), notExists(db.select({ one: sql`1` }).from(defiBans).where(and(eq(defiBans.gameId, gameId), banned))))),
    )
    .onConflictDoUpdate({
      target: [defiJoinWindows.gameId, defiJoinWindows.addressHash],
      set: {
        joins: sql`CASE WHEN ${expired} THEN 1 ELSE ${defiJoinWindows.joins} + 1 END`,
        startedAt: sql`CASE WHEN ${expired} THEN ${now} ELSE ${defiJoinWindows.startedAt} END`,
      },
      setWhere: or(expired, sql`${defiJoinWindows.joins} < ${DEFI_JOINS_PER_ADDRESS}`),
    })
    .returning({ joins: defiJoinWindows.joins })
    .prepare();
});

/**
 * The join number, taken only when the statement just before it in the same batch (the
 * reservation) wrote its row: SQLite's changes() counts the rows the last completed statement
 * changed, and a refused reservation changes none. One statement takes it, so players joining at
 * once never collide.
 */
const numberStatement = builtOnce((db) =>
  db
    .update(defis)
    .set({ joins: sql`${defis.joins} + 1` })
    .where(and(eq(defis.gameId, sql.placeholder("gameId")), sql`changes() = 1`))
    .returning({ no: defis.joins })
    .prepare(),
);

/**
 * Reserves one join for this network before anything is written, and takes the player's number
 * with it, in one batch: the window's count goes up only while under DEFI_JOINS_PER_ADDRESS (a
 * window older than DEFI_JOIN_WINDOW_MS starts again at 1), and not at all when the MJ banned the
 * network or the device. D1 runs one statement at a time, so 400 joins sent at once from one
 * address get at most the cap, whatever their order. Refusals: 403 banned, 429 the cap (with the
 * window's end as Retry-After).
 */
async function reserveJoin(db: Db, gameId: string, network: string, deviceHash: string | null, now: number): Promise<number> {
  // No device hash is "", which no ban holds.
  const reservation = { gameId, network, device: deviceHash ?? "", now, expiredBefore: now - DEFI_JOIN_WINDOW_MS };
  const [, numbered] = await batchBuilt(db, [
    { built: reserveStatement(db), values: reservation },
    { built: numberStatement(db), values: { gameId } },
  ]);
  const [taken] = numbered;
  if (taken) return taken.no;
  const banned = inArray(defiBans.hash, deviceHash ? [network, deviceHash] : [network]);
  const [ban] = await db
    .select({ one: sql`1` })
    .from(defiBans)
    .where(and(eq(defiBans.gameId, gameId), banned))
    .limit(1);
  if (ban) throw Refusal.forbidden(DEFI_MSG.banned);
  const [window] = await db
    .select({ startedAt: defiJoinWindows.startedAt })
    .from(defiJoinWindows)
    .where(and(eq(defiJoinWindows.gameId, gameId), eq(defiJoinWindows.addressHash, network)));
  throw Refusal.tooManyRequests(Math.max(1, Math.ceil(((window?.startedAt ?? now) + DEFI_JOIN_WINDOW_MS - now) / 1000)));
}

/** A new player's rows, written together once the join is reserved: every join runs them. */
const joinStatements = builtOnce((db) => {
  const [gameId, playerNo] = [sql.placeholder("gameId"), sql.placeholder("playerNo")];
  return [
    db
      .insert(defiPlayers)
      .values({
        gameId,
        playerNo,
        deviceHash: sql.placeholder("deviceHash"),
        nameKey: sql.placeholder("nameKey"),
        addressHash: sql.placeholder("addressHash"),
        joinedAt: sql.placeholder("now"),
        adapted: sql.placeholder("adapted"),
      })
      .prepare(),
    db.insert(gamePlayers).values({ gameId, playerNo, pseudo: sql.placeholder("pseudo"), marker: sql.placeholder("marker"), points: 0, timeMs: 0 }).prepare(),
    db
      .update(games)
      .set({ playersCount: sql`COALESCE(${games.playersCount}, 0) + 1` })
      .where(eq(games.id, gameId))
      .prepare(),
  ] as const;
});

/** The keys of the names a défi's MJ listed (stored as checked at creation). */
function namedKeys(names: readonly string[]): string[] {
  const checked = checkAdaptedNames(names);
  return checked.ok ? checked.keys : [];
}

/**
 * « Commencer »: the device's player, created on its first visit. A device that already plays
 * this défi gets its player back whatever it sends (one device, one attempt). Free names follow
 * the défi's name rule and are unique in the défi, look-alikes included (409 otherwise);
 * otherwise the player gets the next colour and fruit. The player gets the défi's adapted time
 * when the whole défi has it, when their name is one its MJ listed, or when they ask for it
 * (`adapted`) and the MJ allows asking. `address` is the caller's address key
 * (common/util/address.ts); only its hash with the défi's id is stored. Returns the new device token
 * to set as the cookie, or null when the device already had one.
 */
export async function joinDefi(
  db: Db,
  device: string | null,
  input: { code: string | undefined; name?: string; adapted?: boolean; address: string },
  now = Date.now(),
): Promise<{ state: DefiState; device: string | null; deadline: number; code: string }> {
  const l = await loadDefi(db, input.code, device);
  await finishIfDue(db, l, now);
  if (l.me) return { state: { defi: infoOf(l, now), me: meOf(l, l.me, now) }, device: null, deadline: l.defi.deadline, code: l.defi.code };
  if (!isOpen(l, now)) throw Refusal.conflict(DEFI_MSG.over);
  let name: { name: string; key: string } | null = null;
  if (l.defi.nameMode === "free") {
    const check = checkDefiName(input.name);
    if (!check.ok) throw Refusal.badRequest(check.error);
    name = check;
  }
  const gameId = l.game.id;
  const addressHash = await networkHash(gameId, input.address);
  const playerNo = await reserveJoin(db, gameId, addressHash, device ? await sha256(device) : null, now);
  const token = randomToken(32);
  const deviceHash = await sha256(token);
  const seat = defiSeat(playerNo, l.defi.seed);
  const pseudo = name?.name ?? seat.pseudo;
  const setting = l.defi.adapted;
  const adapted = joinsAdapted(setting, {
    asked: input.adapted === true,
    nameKey: name?.key ?? null,
    namedKeys: setting && name ? namedKeys(setting.names) : [],
  });
  try {
    const values = { gameId, playerNo, deviceHash, nameKey: name?.key ?? null, addressHash, now, adapted: adapted ? 1 : 0, pseudo, marker: seat.marker };
    await batchBuilt(db, joinStatements(db).map((built) => ({ built, values })));
  } catch (error) {
    if (isUniqueViolation(error, "name_key")) throw Refusal.conflict(DEFI_MSG.nameTaken);
    throw error;
  }
  const me: DefiPlayer = {
    playerNo,
    name: pseudo,
    marker: seat.marker,
    points: 0,
    timeMs: 0,
    question: 0,
    openedAt: null,
    openToken: null,
    photoAt: null,
    roundTrips: [],
    adapted,
  };
  return { state: { defi: infoOf(l, now), me: meOf(l, me, now) }, device: token, deadline: l.defi.deadline, code: l.defi.code };
}
