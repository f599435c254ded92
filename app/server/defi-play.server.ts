/**
 * Playing a défi (docs/game-rules.md, Défis; decision 031): the page and the phone's state,
 * joining, opening a question, its photo, answering.
 *
 * The server is the clock and the keeper of the answers: a question's time runs from the instant
 * this module opens it for that player (stored), its photo is served only at the address minted
 * for that opening, and its spot leaves only in the reveal of that player's own answer, or once
 * their time is up.
 */
import { and, eq, exists, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { defiPlayers, defis, gameAnswers, gamePlayers, games } from "@db/schema";
import { intoColumns, value } from "@party/room-sql";
import type { AnswerDefiInput } from "@common/defi/schemas";
import type { DefiInfo, DefiOpened, DefiReveal, DefiState } from "@common/defi/types";
import { photoFileOf } from "@common/media-urls";
import { checkDefiName, DEFI_CODE, DEFI_JOIN_WINDOW_MS, DEFI_JOINS_PER_ADDRESS, DEFI_MSG, defiSeat, questionClock } from "@common/rules";
import { haversineMeters } from "@common/rules/geo";
import { scoreAnswer } from "@common/rules/scoring";
import { OPEN_TOKEN, randomToken, sha256 } from "./defi-device.server";
import { finishIfDue, isUniqueViolation, loadDefi, requireMe } from "./defi-store.server";
import {
  answerTimeMs,
  infoOf,
  isOpen,
  meOf,
  questionCount,
  questionOf,
  revealOf,
  type DefiPlayer,
  type DefiSettings,
  type DefiSnapshot,
  type LoadedDefi,
} from "./defi-views.server";
import { PICTURE_FILE, serveMedia } from "./media.server";
import { Refusal } from "./refusal.server";

/** GET /api/defi/{code}/state: the défi, and the device's player if it has one (to resume). */
export async function defiState(db: Db, device: string | null, code: string | undefined, now = Date.now()): Promise<DefiState> {
  const l = await loadDefi(db, code, device);
  await finishIfDue(db, l, now);
  return { defi: infoOf(l, now), me: l.me ? meOf(l, l.me, now) : null };
}

/** The défi's page: what anyone who has the link may see (no player, nothing of the answers). */
export async function defiInfo(db: Db, code: string | undefined, now = Date.now()): Promise<DefiInfo> {
  const l = await loadDefi(db, code, null);
  await finishIfDue(db, l, now);
  return infoOf(l, now);
}

// ---------------------------------------------------------------------------------------------
// Joining

/**
 * Refuses (429) a join past DEFI_JOINS_PER_ADDRESS from one network address in the last
 * DEFI_JOIN_WINDOW_MS: a school behind one address joins its classes, a script filling the
 * leaderboard with made-up lines stops there. Counted from the défi's own rows, through their
 * index: a throttle object per address would cost every new player one more call and one more
 * stored object. Players joining at the very same instant may pass the count by a few.
 */
async function checkJoinsFrom(db: Db, gameId: string, addressHash: string, now: number): Promise<void> {
  const since = now - DEFI_JOIN_WINDOW_MS;
  const [row] = await db
    .select({ n: sql<number>`count(*)`, first: sql<number | null>`min(${defiPlayers.joinedAt})` })
    .from(defiPlayers)
    .where(and(eq(defiPlayers.gameId, gameId), eq(defiPlayers.addressHash, addressHash), gt(defiPlayers.joinedAt, since)));
  if ((row?.n ?? 0) >= DEFI_JOINS_PER_ADDRESS) throw Refusal.tooManyRequests(Math.ceil(((row?.first ?? now) + DEFI_JOIN_WINDOW_MS - now) / 1000));
}

/**
 * « Commencer »: the device's player, created on its first visit. A device that already plays
 * this défi gets its player back whatever it sends (one device, one attempt). Free names follow
 * the défi's name rule and are unique in the défi without case or accents (409 otherwise);
 * otherwise the player gets the next colour and fruit. `address` is the caller's address key
 * (common/address.ts); only its hash with the défi's id is stored. Returns the new device token
 * to set as the cookie, or null when the device already had one.
 */
export async function joinDefi(
  db: Db,
  device: string | null,
  input: { code: string | undefined; name?: string; address: string },
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
  const addressHash = await sha256(`${gameId}:${input.address}`);
  await checkJoinsFrom(db, gameId, addressHash, now);
  const token = randomToken(32);
  const deviceHash = await sha256(token);
  // The join number is taken in one statement, so players joining at once never collide.
  const [taken] = await db
    .update(defis)
    .set({ joins: sql`${defis.joins} + 1` })
    .where(eq(defis.gameId, gameId))
    .returning({ no: defis.joins });
  const playerNo = taken!.no;
  const seat = defiSeat(playerNo, l.defi.seed);
  const pseudo = name?.name ?? seat.pseudo;
  try {
    await db.batch([
      db.insert(defiPlayers).values({ gameId, playerNo, deviceHash, nameKey: name?.key ?? null, addressHash, joinedAt: now }),
      db.insert(gamePlayers).values({ gameId, playerNo, pseudo, marker: seat.marker, points: 0, timeMs: 0 }),
      db.update(games).set({ playersCount: sql`COALESCE(${games.playersCount}, 0) + 1` }).where(eq(games.id, gameId)),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "name_key")) throw Refusal.conflict(DEFI_MSG.nameTaken);
    throw error;
  }
  const me: DefiPlayer = { playerNo, name: pseudo, marker: seat.marker, points: 0, timeMs: 0, question: 0, openedAt: null, openToken: null };
  return { state: { defi: infoOf(l, now), me: meOf(l, me, now) }, device: token, deadline: l.defi.deadline, code: l.defi.code };
}

// ---------------------------------------------------------------------------------------------
// Opening a question, answering it, its photo

/** A player's place in the défi: on `question`, opened at `openedAt`. */
type At = { gameId: string; playerNo: number; question: number; openedAt: number };

/**
 * The player still where `at` found them: every write of an answer or a miss checks it, so a
 * request that lost a race writes nothing.
 */
const stillAt = (at: At) =>
  and(
    eq(defiPlayers.gameId, at.gameId),
    eq(defiPlayers.playerNo, at.playerNo),
    eq(defiPlayers.question, at.question),
    eq(defiPlayers.openedAt, at.openedAt),
  );

const stillAtExists = (db: Db, at: At) => exists(db.select({ one: sql`1` }).from(defiPlayers).where(stillAt(at)));

const ofPlayer = (at: At) => and(eq(gamePlayers.gameId, at.gameId), eq(gamePlayers.playerNo, at.playerNo));

/** The player moves on to the next question, nothing open. */
const nextQuestion = (db: Db, at: At) =>
  db
    .update(defiPlayers)
    .set({ question: sql`${defiPlayers.question} + 1`, openedAt: null, openToken: null })
    .where(stillAt(at));

const atOf = (l: LoadedDefi, me: DefiPlayer): At => ({ gameId: l.game.id, playerNo: me.playerNo, question: me.question, openedAt: me.openedAt! });

/**
 * A question whose time ran out without an answer: 0 points, the whole answer time added to the
 * player's cumulated time (as a live game counts a missed question), the next question ready.
 */
async function recordMissed(db: Db, l: LoadedDefi, me: DefiPlayer): Promise<DefiReveal> {
  const at = atOf(l, me);
  await db.batch([
    db
      .update(gamePlayers)
      .set({ timeMs: sql`${gamePlayers.timeMs} + ${answerTimeMs(l)}` })
      .where(and(ofPlayer(at), stillAtExists(db, at))),
    nextQuestion(db, at),
  ]);
  return revealOf(l, me.question, null, me.points);
}

/**
 * « Question suivante » (or « Commencer »'s first question): opens the player's current question
 * on the server's clock, or hands the one already open back with the time it has left (a phone
 * that reloads). A question whose time ran out while the phone was away is recorded as missed and
 * its reveal returned.
 */
export async function openDefiQuestion(db: Db, device: string | null, input: { code: string | undefined }, now = Date.now()): Promise<DefiOpened> {
  const l = await loadDefi(db, input.code, device);
  const me = requireMe(l);
  await finishIfDue(db, l, now);
  if (me.question >= questionCount(l)) return { kind: "finished" };
  if (!isOpen(l, now)) throw Refusal.conflict(DEFI_MSG.over);
  const clock = questionClock(me.openedAt, answerTimeMs(l), now);
  if (clock.kind === "timeUp") return { kind: "missed", reveal: await recordMissed(db, l, me) };
  if (clock.kind === "open") return { kind: "question", question: questionOf(l, me.question, me.openToken!, clock.remainingMs) };
  const token = randomToken(24);
  const opened = await db
    .update(defiPlayers)
    .set({ openedAt: now, openToken: token })
    .where(
      and(
        eq(defiPlayers.gameId, l.game.id),
        eq(defiPlayers.playerNo, me.playerNo),
        eq(defiPlayers.question, me.question),
        isNull(defiPlayers.openedAt),
      ),
    );
  // Another request of the same device opened it first: that opening stands.
  if (opened.meta.changes !== 1) return openDefiQuestion(db, device, input, now);
  return { kind: "question", question: questionOf(l, me.question, token, answerTimeMs(l)) };
}

/**
 * « Répondre »: scored like a live answer (scoreAnswer, the rings and speed points frozen at
 * creation), the time measured from the stored opening to this request's arrival. Only the
 * player's open question is taken, once, within its time and the défi's deadline.
 */
export async function answerDefiQuestion(
  db: Db,
  device: string | null,
  input: AnswerDefiInput & { code: string | undefined },
  now = Date.now(),
): Promise<DefiReveal> {
  const l = await loadDefi(db, input.code, device);
  const me = requireMe(l);
  if (input.question < me.question) throw Refusal.conflict(DEFI_MSG.answered);
  if (input.question !== me.question || me.openedAt === null) throw Refusal.conflict(DEFI_MSG.notOpened);
  if (!isOpen(l, now)) throw Refusal.conflict(DEFI_MSG.over);
  const t = now - me.openedAt;
  if (t >= answerTimeMs(l)) throw Refusal.conflict(DEFI_MSG.late);
  const q = l.snapshot.quiz.questions[me.question]!;
  const at = { lat: input.lat, lng: input.lng };
  const distanceM = Math.round(haversineMeters(q, at));
  const score = scoreAnswer(haversineMeters(q, at), t, answerTimeMs(l), l.settings.speedPointsMax, l.snapshot.targets);
  const key = atOf(l, me);
  const [, , moved] = await db.batch([
    db.insert(gameAnswers).select(
      db
        .select(
          intoColumns(gameAnswers, {
            gameId: value(key.gameId),
            question: value(key.question),
            playerNo: value(key.playerNo),
            lat: value(at.lat),
            lng: value(at.lng),
            distanceM: value(distanceM),
            ring: value(score.ring),
            points: value(score.points),
            timeMs: value(t),
          }),
        )
        .from(defiPlayers)
        .where(stillAt(key)),
    ),
    db
      .update(gamePlayers)
      .set({ points: sql`${gamePlayers.points} + ${score.points}`, timeMs: sql`${gamePlayers.timeMs} + ${t}` })
      .where(and(ofPlayer(key), stillAtExists(db, key))),
    nextQuestion(db, key),
  ]);
  // A second request of the same answer lost the race: nothing of it was written.
  if (moved!.meta.changes !== 1) throw Refusal.conflict(DEFI_MSG.answered);
  return revealOf(l, me.question, { at, distanceM, ring: score.ring, points: score.points, timeMs: t }, me.points + score.points);
}

/**
 * GET /api/defi/{code}/photo/{token}: the photo of a question, only at the address its opening
 * minted and only while that question is open for that player. An address of a question answered,
 * missed or never opened is as missing as any other file.
 */
export async function defiPhoto(
  db: Db,
  bucket: R2Bucket,
  conditions: Headers,
  input: { code: string | undefined; token: string | undefined },
  now = Date.now(),
): Promise<Response> {
  const { code, token } = input;
  if (!code || !DEFI_CODE.test(code) || !token || !OPEN_TOKEN.test(token)) throw Refusal.notFound(DEFI_MSG.notFound);
  const [row] = await db
    .select({ question: defiPlayers.question, openedAt: defiPlayers.openedAt, code: defis.code, settings: games.settings, snapshot: games.quizSnapshot })
    .from(defiPlayers)
    .innerJoin(defis, eq(defis.gameId, defiPlayers.gameId))
    .innerJoin(games, eq(games.id, defiPlayers.gameId))
    .where(eq(defiPlayers.openToken, token))
    .limit(1);
  if (!row || row.code !== code || row.openedAt === null) throw Refusal.notFound(DEFI_MSG.notFound);
  const settings = row.settings as DefiSettings;
  if (now >= row.openedAt + settings.answerTimeSec * 1000) throw Refusal.notFound(DEFI_MSG.notFound);
  const imageUrl = (row.snapshot as DefiSnapshot).quiz.questions[row.question]?.imageUrl;
  const file = imageUrl ? photoFileOf(imageUrl) : "";
  if (!PICTURE_FILE.test(file)) throw Refusal.notFound(DEFI_MSG.notFound);
  return serveMedia(bucket, `photos/${file}`, conditions, "private");
}
