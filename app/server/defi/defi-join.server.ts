/**
 * Joining a défi (« Commencer »): the device's player, under the per-network cap and the MJ's bans
 * (docs/game-rules.md, Défis; decision 034).
 */
import { and, between, eq, inArray, lte, notExists, or, sql } from "drizzle-orm";
import { batchBuilt, builtOnce, type Db } from "@db/client";
import { defiBans, defiJoinWindows, defiPlayers, defis, gamePlayers, games } from "@db/schema";
import { intoColumns, NULL, value } from "@party/d1-sql";
import type { DefiJoined } from "@common/contracts/defi/types";
import { checkAdaptedNames, checkDefiName, DEFI_JOIN_WINDOW_MS, DEFI_JOINS_PER_ADDRESS, DEFI_MSG, defiSeat, joinsAdapted, showsOnPlayerDevice } from "@common/rules";
import { openToken, randomToken, sha256 } from "./defi-device.server";
import { finishIfDue, isUniqueViolation, loadDefi } from "./defi-store.server";
import { infoOf, isOpen, limitOf, meOf, questionOf, timingOf, type DefiPlayer } from "./defi-views.server";
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
 * Why a join's reservation was refused: 403 when the MJ banned the network or the device, else
 * 429, the network's window full (with its end as Retry-After).
 */
async function refusalOfJoin(db: Db, gameId: string, network: string, deviceHash: string | null, now: number): Promise<Refusal> {
  const banned = inArray(defiBans.hash, deviceHash ? [network, deviceHash] : [network]);
  const [ban] = await db
    .select({ one: sql`1` })
    .from(defiBans)
    .where(and(eq(defiBans.gameId, gameId), banned))
    .limit(1);
  if (ban) return Refusal.forbidden(DEFI_MSG.banned);
  const [window] = await db
    .select({ startedAt: defiJoinWindows.startedAt })
    .from(defiJoinWindows)
    .where(and(eq(defiJoinWindows.gameId, gameId), eq(defiJoinWindows.addressHash, network)));
  return Refusal.tooManyRequests(Math.max(1, Math.ceil(((window?.startedAt ?? now) + DEFI_JOIN_WINDOW_MS - now) / 1000)));
}

/**
 * Seats a join prepares, from the number after the last one its read of the défi saw: players who
 * join meanwhile take the first ones, and a join whose number is past them all writes its rows in
 * a round trip of their own.
 */
const SEATS_AHEAD = 16;

/**
 * A new player's rows in the reservation's batch, built once. Each statement runs only when the
 * one just before it wrote its row (changes() = 1), so a refused reservation writes nothing: the
 * player's row takes the number the number statement just gave (`defis.joins`), and their name
 * and marker are the seat prepared for that number (`seats`, a JSON list of [pseudo, marker] from
 * number `first` on, made by the rules' defiSeat). A number past the list writes nothing here.
 */
const seatedStatements = builtOnce((db) => {
  const [gameId, first, seats] = [sql.placeholder("gameId"), sql.placeholder("first"), sql.placeholder("seats")];
  const v = (name: string) => value(sql.placeholder(name));
  const taken = and(eq(defis.gameId, gameId), sql`changes() = 1`, between(defis.joins, first, sql`${first} + ${SEATS_AHEAD - 1}`));
  // D1 binds a JavaScript number as a real: the index is cast back to a whole number for the path.
  const seat = (field: 0 | 1) => sql`json_extract(${seats}, '$[' || CAST(${defis.joins} - ${first} AS INTEGER) || '][${sql.raw(String(field))}]')`;
  return [
    db
      .insert(defiPlayers)
      .select(
        db
          .select(
            intoColumns(defiPlayers, {
              gameId: value(gameId),
              playerNo: sql`${defis.joins}`,
              deviceHash: v("deviceHash"),
              nameKey: v("nameKey"),
              question: value(0),
              openedAt: v("openedAt"),
              openToken: v("openToken"),
              addressHash: v("addressHash"),
              joinedAt: v("now"),
              photoAt: NULL,
              roundTrips: value("[]"),
              adapted: v("adapted"),
            }),
          )
          .from(defis)
          .where(taken),
      )
      .prepare(),
    db
      .insert(gamePlayers)
      .select(
        db
          .select(
            intoColumns(gamePlayers, {
              gameId: value(gameId),
              playerNo: sql`${defis.joins}`,
              pseudo: seat(0),
              marker: seat(1),
              team: NULL,
              rank: NULL,
              points: value(0),
              timeMs: value(0),
            }),
          )
          .from(defis)
          .where(taken),
      )
      .prepare(),
    db
      .update(games)
      .set({ playersCount: sql`COALESCE(${games.playersCount}, 0) + 1` })
      .where(and(eq(games.id, gameId), sql`changes() = 1`))
      .prepare(),
  ] as const;
});

/** A new player's rows for a number past the prepared seats, written together in a round trip of their own. */
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
        openedAt: sql.placeholder("openedAt"),
        openToken: sql.placeholder("openToken"),
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
): Promise<{ state: DefiJoined; device: string | null; deadline: number; code: string }> {
  const l = await loadDefi(db, input.code, device);
  await finishIfDue(db, l, now);
  if (l.me) return { state: { defi: infoOf(l, now), me: meOf(l, l.me, now), question: null }, device: null, deadline: l.defi.deadline, code: l.defi.code };
  if (!isOpen(l, now)) throw Refusal.conflict(DEFI_MSG.over);
  let name: { name: string; key: string } | null = null;
  if (l.defi.nameMode === "free") {
    const check = checkDefiName(input.name);
    if (!check.ok) throw Refusal.badRequest(check.error);
    name = check;
  }
  const gameId = l.game.id;
  const addressHash = await networkHash(gameId, input.address);
  const joinerHash = device ? await sha256(device) : null;
  const token = randomToken(32);
  const deviceHash = await sha256(token);
  const setting = l.defi.adapted;
  const adapted = joinsAdapted(setting, {
    asked: input.adapted === true,
    nameKey: name?.key ?? null,
    namedKeys: setting && name ? namedKeys(setting.names) : [],
  });
  const seatOf = (playerNo: number) => {
    const seat = defiSeat(playerNo, l.defi.seed);
    return { pseudo: name?.name ?? seat.pseudo, marker: seat.marker };
  };
  // « Commencer » opens the first question in the same round trip as the join (a défi made
  // before Street View questions were left out may start with one: the phone opens it as usual).
  const firstToken = showsOnPlayerDevice(l.snapshot.quiz.questions[0]!) ? openToken() : null;
  const first = l.defi.joins + 1;
  const seats = Array.from({ length: SEATS_AHEAD }, (_, i) => {
    const seat = seatOf(first + i);
    return [seat.pseudo, seat.marker];
  });
  // The batch's placeholders: the reservation's (no device hash is "", which no ban holds), then the rows'.
  const values = {
    gameId,
    network: addressHash,
    device: joinerHash ?? "",
    now,
    expiredBefore: now - DEFI_JOIN_WINDOW_MS,
    deviceHash,
    nameKey: name?.key ?? null,
    addressHash,
    adapted: adapted ? 1 : 0,
    openedAt: firstToken ? now : null,
    openToken: firstToken,
    first,
    seats: JSON.stringify(seats),
  };
  let playerNo: number;
  try {
    // One round trip: the network's reservation, the join number, the player's rows on the seat
    // prepared for that number. D1 runs a batch as one transaction: a name taken meanwhile (409)
    // leaves no reservation and no number behind.
    const [reserve, numberOf] = [reserveStatement(db), numberStatement(db)];
    const [, numbered, , , counted] = await batchBuilt(db, [
      { built: reserve, values },
      { built: numberOf, values },
      ...seatedStatements(db).map((built) => ({ built, values })),
    ] as const);
    const [taken] = numbered;
    if (!taken) throw await refusalOfJoin(db, gameId, addressHash, joinerHash, now);
    playerNo = taken.no;
    if (counted.meta.changes !== 1) {
      const seat = seatOf(playerNo);
      await batchBuilt(db, joinStatements(db).map((built) => ({ built, values: { ...values, playerNo, pseudo: seat.pseudo, marker: seat.marker } })));
    }
  } catch (error) {
    if (isUniqueViolation(error, "name_key")) throw Refusal.conflict(DEFI_MSG.nameTaken);
    throw error;
  }
  const { pseudo, marker } = seatOf(playerNo);
  const me: DefiPlayer = {
    playerNo,
    name: pseudo,
    marker,
    points: 0,
    timeMs: 0,
    question: 0,
    openedAt: firstToken ? now : null,
    openToken: firstToken,
    photoAt: null,
    roundTrips: [],
    adapted,
  };
  const question = firstToken ? questionOf(l, 0, firstToken, limitOf(timingOf(l, me))) : null;
  return { state: { defi: infoOf(l, now), me: meOf(l, me, now), question }, device: token, deadline: l.defi.deadline, code: l.defi.code };
}
