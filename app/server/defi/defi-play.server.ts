/**
 * Playing a défi (docs/game-rules.md, Défis; decisions 031 and 034): the page and the phone's
 * state, opening a question, its photo, answering (joining: defi-join.server.ts).
 *
 * The server is the clock and the keeper of the answers: a question's time runs from the instant
 * this module opens it for that player (stored), less the player's round trip (measured from the
 * opening to the photo's first request), its photo is served only at the address minted for that
 * opening, and its spot leaves only once the défi is over (or, in a practice défi, in the reveal of
 * that player's own answer or miss).
 */
import { and, eq, exists, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { batchBuilt, builtOnce, type Db } from "@db/client";
import { defiPlayers, defis, gameAnswers, gamePlayers } from "@db/schema";
import { intoColumns, value } from "@party/d1-sql";
import type { AnswerDefiInput } from "@common/contracts/defi/schemas";
import type { DefiInfo, DefiOpened, DefiReveal, DefiState } from "@common/contracts/defi/types";
import { photoFileOf } from "@common/media/urls";
import { answerTiming, DEFI_CODE, DEFI_MSG, playerTiming, questionClock, ROUND_TRIP_MAX_MS, roundTripOf, showsOnPlayerDevice } from "@common/rules";
import { haversineMeters } from "@common/rules/geo";
import { scoreAnswer } from "@common/rules/scoring";
import { OPEN_TOKEN, openToken } from "./defi-device.server";
import { finishIfDue, loadDefi, requireMe } from "./defi-store.server";
import { frameOf, frameStatement, keepFrame, keptFrame } from "./defi-frame.server";
import {
  infoOf,
  isOpen,
  limitOf,
  meOf,
  questionCount,
  questionOf,
  revealOf,
  creditOf,
  samplesOf,
  timingOf,
  type DefiPlayer,
  type LoadedDefi,
} from "./defi-views.server";
import { PICTURE_FILE, serveMedia } from "../media/media.server";
import { questionPhotos } from "../media/photo-memory.server";
import { Refusal } from "../http/refusal.server";

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
// Opening a question, answering it, its photo

/** A player's place in the défi: on `question`, opened at `openedAt`. */
type At = { gameId: string; playerNo: number; question: number; openedAt: number };

/** The same place as placeholders, for the statements built once. */
const AT_PLACEHOLDERS = {
  gameId: sql.placeholder("gameId"),
  playerNo: sql.placeholder("playerNo"),
  question: sql.placeholder("question"),
  openedAt: sql.placeholder("openedAt"),
};
type AtOrPlaceholders = At | typeof AT_PLACEHOLDERS;

/**
 * The player still where `at` found them: every write of an answer or a miss checks it, so a
 * request that lost a race writes nothing.
 */
const stillAt = (at: AtOrPlaceholders) =>
  and(
    eq(defiPlayers.gameId, at.gameId),
    eq(defiPlayers.playerNo, at.playerNo),
    eq(defiPlayers.question, at.question),
    eq(defiPlayers.openedAt, at.openedAt),
  );

const stillAtExists = (db: Db, at: AtOrPlaceholders) => exists(db.select({ one: sql`1` }).from(defiPlayers).where(stillAt(at)));

const ofPlayer = (at: AtOrPlaceholders) => and(eq(gamePlayers.gameId, at.gameId), eq(gamePlayers.playerNo, at.playerNo));

/** The player moves on to the next question, nothing open, their round-trip samples kept. */
const nextQuestion = (db: Db, at: AtOrPlaceholders, roundTrips: number[] | SQL) =>
  db
    .update(defiPlayers)
    .set({ question: sql`${defiPlayers.question} + 1`, openedAt: null, openToken: null, photoAt: null, roundTrips })
    .where(stillAt(at));

const atOf = (l: LoadedDefi, me: DefiPlayer): At => ({ gameId: l.game.id, playerNo: me.playerNo, question: me.question, openedAt: me.openedAt! });

/**
 * A question whose time ran out without an answer: 0 points, the player's whole answer time added
 * to their cumulated time (as a live game counts a missed question), the next question ready.
 */
async function recordMissed(db: Db, l: LoadedDefi, me: DefiPlayer): Promise<DefiReveal> {
  const at = atOf(l, me);
  await db.batch([
    db
      .update(gamePlayers)
      .set({ timeMs: sql`${gamePlayers.timeMs} + ${timingOf(l, me).limitMs ?? 0}` })
      .where(and(ofPlayer(at), stillAtExists(db, at))),
    nextQuestion(db, at, samplesOf(me)),
  ]);
  return revealOf(l, me.question, null, me.points);
}

/** Opening a question, built once: every question of every player runs it. */
const openStatement = builtOnce((db) =>
  db
    .update(defiPlayers)
    .set({ openedAt: sql`${sql.placeholder("now")}`, openToken: sql`${sql.placeholder("token")}`, photoAt: null })
    .where(
      and(
        eq(defiPlayers.gameId, sql.placeholder("gameId")),
        eq(defiPlayers.playerNo, sql.placeholder("playerNo")),
        eq(defiPlayers.question, sql.placeholder("question")),
        isNull(defiPlayers.openedAt),
      ),
    )
    .prepare(),
);

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
  const limit = limitOf(timingOf(l, me));
  const clock = questionClock(me.openedAt, limit, now, creditOf(me));
  if (clock.kind === "timeUp") return { kind: "missed", reveal: await recordMissed(db, l, me) };
  if (clock.kind === "open") return { kind: "question", question: questionOf(l, me.question, me.openToken!, clock.remainingMs) };
  if (!showsOnPlayerDevice(l.snapshot.quiz.questions[me.question]!)) {
    // A défi created before Street View questions were left out: its views are skipped unseen.
    await db
      .update(defiPlayers)
      .set({ question: sql`${defiPlayers.question} + 1` })
      .where(and(eq(defiPlayers.gameId, l.game.id), eq(defiPlayers.playerNo, me.playerNo), eq(defiPlayers.question, me.question), isNull(defiPlayers.openedAt)));
    return openDefiQuestion(db, device, input, now);
  }
  const token = openToken();
  const opened = await openStatement(db).run({ now, token, gameId: l.game.id, playerNo: me.playerNo, question: me.question });
  // Another request of the same device opened it first: that opening stands.
  if (opened.meta.changes !== 1) return openDefiQuestion(db, device, input, now);
  return { kind: "question", question: questionOf(l, me.question, token, limit) };
}

/**
 * An answer's three writes, built once: the answer, the player's totals, the next question. Each
 * holds only while the player is still where the answer found them.
 */
const answerStatements = builtOnce((db) => {
  const at = AT_PLACEHOLDERS;
  const v = (name: string) => value(sql.placeholder(name));
  return [
    db
      .insert(gameAnswers)
      .select(
        db
          .select(
            intoColumns(gameAnswers, {
              gameId: value(at.gameId),
              question: value(at.question),
              playerNo: value(at.playerNo),
              lat: v("lat"),
              lng: v("lng"),
              distanceM: v("distanceM"),
              ring: v("ring"),
              points: v("points"),
              timeMs: v("timeMs"),
            }),
          )
          .from(defiPlayers)
          .where(stillAt(at)),
      )
      .prepare(),
    db
      .update(gamePlayers)
      .set({ points: sql`${gamePlayers.points} + ${sql.placeholder("points")}`, timeMs: sql`${gamePlayers.timeMs} + ${sql.placeholder("timeMs")}` })
      .where(and(ofPlayer(at), stillAtExists(db, at)))
      .prepare(),
    nextQuestion(db, at, sql`${sql.placeholder("roundTrips")}`).prepare(),
  ] as const;
});

/**
 * « Répondre »: scored like a live answer (scoreAnswer, the rings and speed points frozen at
 * creation), the time measured from the stored opening to this request's arrival. Only the
 * player's open question is taken, once, within its time and the défi's deadline. A player with
 * adapted time has its limit, and its speed points as the MJ chose (adapted-time.ts).
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
  // The player's round trip comes off the time and moves the deadline on (common/rules/clock.ts).
  const samples = samplesOf(me);
  const timing = timingOf(l, me);
  const answered = answerTiming({ openedAt: me.openedAt, deadline: me.openedAt + limitOf(timing), now, roundTripMs: roundTripOf(samples) });
  if (answered.late) throw Refusal.conflict(DEFI_MSG.late);
  const t = answered.elapsedMs;
  const q = l.snapshot.quiz.questions[me.question]!;
  const at = { lat: input.lat, lng: input.lng };
  const distanceM = Math.round(haversineMeters(q, at));
  const score = scoreAnswer(haversineMeters(q, at), t, timing.speedOverMs, timing.speedPointsMax, l.snapshot.targets);
  const key = atOf(l, me);
  const [, , moved] = await batchBuilt(
    db,
    answerStatements(db).map((built) => ({
      built,
      values: { ...key, lat: at.lat, lng: at.lng, distanceM, ring: score.ring, points: score.points, timeMs: t, roundTrips: JSON.stringify(samples) },
    })),
  );
  // A second request of the same answer lost the race: nothing of it was written.
  if (moved!.meta.changes !== 1) throw Refusal.conflict(DEFI_MSG.answered);
  return revealOf(l, me.question, { at, distanceM, ring: score.ring, points: score.points, timeMs: t }, me.points + score.points);
}

/** A photo's first request marks the round trip; then the opening it belongs to is read. Built once. */
const photoStatements = builtOnce((db) => {
  const token = sql.placeholder("token");
  return [
    db
      .update(defiPlayers)
      .set({ photoAt: sql`${sql.placeholder("now")}` })
      .where(and(eq(defiPlayers.openToken, token), isNotNull(defiPlayers.openedAt), isNull(defiPlayers.photoAt)))
      .prepare(),
    db
      .select({
        question: defiPlayers.question,
        openedAt: defiPlayers.openedAt,
        // Both tables have an `adapted` column: D1 keys a batch's rows by column name.
        playerAdapted: sql<number>`${defiPlayers.adapted}`.as("player_adapted"),
        gameId: defiPlayers.gameId,
        code: defis.code,
        defiAdapted: defis.adapted,
      })
      .from(defiPlayers)
      .innerJoin(defis, eq(defis.gameId, defiPlayers.gameId))
      .where(eq(defiPlayers.openToken, token))
      .limit(1)
      .prepare(),
  ] as const;
});

/**
 * GET /api/defi/{code}/photo/{token}: the photo of a question, only at the address its opening
 * minted and only while that question is open for that player. An address of a question answered,
 * missed or never opened is as missing as any other file. Its first request is the player's
 * round-trip sample (written in the same batch as the read: no more calls to D1 than before).
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
  const [mark, read] = photoStatements(db);
  let frame = keptFrame(code);
  let rows;
  if (frame) [, rows] = await batchBuilt(db, [{ built: mark, values: { now, token } }, { built: read, values: { token } }]);
  else {
    let stored;
    [, rows, [stored]] = await batchBuilt(db, [
      { built: mark, values: { now, token } },
      { built: read, values: { token } },
      { built: frameStatement(db), values: { code } },
    ]);
    frame = stored && keepFrame(code, stored);
  }
  const [row] = rows;
  if (!row || row.code !== code || row.openedAt === null) throw Refusal.notFound(DEFI_MSG.notFound);
  if (frame?.gameId !== row.gameId) frame = await frameOf(db, code, row.gameId);
  if (!frame) throw Refusal.notFound(DEFI_MSG.notFound);
  const { limitMs } = playerTiming(frame.settings.answerTimeSec * 1000, frame.settings.speedPointsMax, row.defiAdapted, Boolean(row.playerAdapted));
  if (limitMs !== null && now >= row.openedAt + limitMs + ROUND_TRIP_MAX_MS) throw Refusal.notFound(DEFI_MSG.notFound);
  return servePhotoOf(frame.snapshot.quiz.questions[row.question], bucket, conditions);
}

/** A question's photo from R2, private to the browser that asked; anything else is a 404. */
export function servePhotoOf(q: { imageUrl: string | null } | undefined, bucket: R2Bucket, conditions: Headers): Promise<Response> {
  const file = q?.imageUrl ? photoFileOf(q.imageUrl) : "";
  if (!PICTURE_FILE.test(file)) throw Refusal.notFound(DEFI_MSG.notFound);
  return serveMedia(bucket, `photos/${file}`, conditions, "private", questionPhotos);
}
