/**
 * Défis (docs/game-rules.md, Défis; decision 031): a quiz played alone on one's own time until a
 * deadline. A défi is one `games` row (kind 'defi', status 'live' until its deadline, then 'over')
 * with its players in `game_players` (running totals on their rows) and its answers in
 * `game_answers`, so « Parties jouées », the report and the CSV read it like any game; `defis` and
 * `defi_players` hold its code, deadline, devices and each player's progress.
 *
 * The server is the clock and the keeper of the answers: a question's time runs from the instant
 * this module opens it for that player (stored), its photo is served only at the address minted
 * for that opening, and its spot leaves only in the reveal of that player's own answer, or once
 * their time is up.
 */
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { quotaLeft, spendGame } from "@db/quota";
import { defiPlayers, defis, gamePlayers, games, type Account, type Defi, type Game } from "@db/schema";
import type { AnswerDefiInput, CreateDefiInput, ManageDefiInput } from "@common/defi/schemas";
import type {
  DefiAdmin,
  DefiInfo,
  DefiLeaderboard,
  DefiMe,
  DefiOpened,
  DefiQuestion,
  DefiReveal,
  DefiState,
  LeaderboardLine,
} from "@common/defi/types";
import type { Bounds, HelpZone, MapSettings, QuizQuestion, TargetSetting } from "@common/protocol";
import { readStoredHelpSquare } from "@common/help-square";
import { photoFileOf } from "@common/media-urls";
import { secureRandom } from "@common/random";
import {
  buildTargetSettings,
  checkDefiName,
  deadlineProblem,
  DEFI_CODE,
  DEFI_CODE_LENGTH,
  DEFI_JOIN_WINDOW_MS,
  DEFI_JOINS_PER_ADDRESS,
  DEFI_LEADERBOARD_SIZE,
  DEFI_MSG,
  defiSeat,
  questionClock,
  type RingPoints,
  type DefiNameMode,
} from "@common/rules";
import { haversineMeters, helpZone } from "@common/rules/geo";
import { scoreAnswer } from "@common/rules/scoring";
import { rankEntries } from "@party/engine/ranking";
import { canAccess, readCookie, secureFlag } from "./auth.server";
import { readCirclesPoints } from "./circles-points.server";
import { GAME_MSG, playableQuiz, requireGameMaster } from "./games.server";
import { requirePlayedGame } from "./history.server";
import { PICTURE_FILE, serveMedia } from "./media.server";
import { Refusal } from "./refusal.server";

/** What a défi's game row holds in `settings`: frozen at creation like a launch's. */
export type DefiSettings = {
  answerTimeSec: number;
  helpZoneM: number | null;
  ringPoints: RingPoints;
  speedPointsMax: number;
};

/** `games.quiz_snapshot` of a défi: the history's shape (PlayedQuizSnapshot), with the whole map. */
type DefiSnapshot = {
  quiz: { name: string; description: string; questions: QuizQuestion[]; mapSettings: MapSettings };
  targets: TargetSetting[];
};

/** The défi's link on the site. */
export const defiPath = (code: string) => `/defi/${code}`;

// ---------------------------------------------------------------------------------------------
// Tokens

function randomToken(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A défi's code: 12 random bytes, 16 URL-safe characters. */
const newCode = () => randomToken((DEFI_CODE_LENGTH * 3) / 4);

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const DEVICE_COOKIE = "repere_defi";
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const OPEN_TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** The device cookie outlives the deadline by a month: the player comes back to see the ranking. */
const DEVICE_COOKIE_EXTRA_S = 31 * 86_400;

/**
 * The device's token, from its cookie: HttpOnly and scoped to this défi's API, so a page's
 * script never reads it and no other défi receives it. The database keeps only its hash.
 */
export function deviceOf(request: Request): string | null {
  const token = readCookie(request, DEVICE_COOKIE);
  return token && DEVICE_TOKEN.test(token) ? token : null;
}

export function deviceCookie(request: Request, code: string, token: string, deadline: number): string {
  const maxAge = Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) + DEVICE_COOKIE_EXTRA_S;
  return `${DEVICE_COOKIE}=${token}; Path=/api/defi/${code}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureFlag(request)}`;
}

// ---------------------------------------------------------------------------------------------
// Creation (the dashboard's « Créer un défi »)

/** 'defi:{game id}': the registry's column holds no room number for a défi, so it never blocks one. */
const noRoom = (gameId: string) => `defi:${gameId}`;

/**
 * « Créer un défi »: for an admin or an MJ whose account has not expired, on a finished quiz of
 * theirs. One of the owner's games is spent at once (the launch's quota condition, checked in the
 * statement that inserts the row). Refusals: 400 a bad deadline, 403 expired or no games left,
 * 404 not their quiz, 409 nothing to play.
 */
export async function createDefi(
  db: Db,
  account: Account,
  input: CreateDefiInput,
  now = Date.now(),
): Promise<{ gameId: string; code: string; path: string; deadline: number }> {
  requireGameMaster(account);
  const problem = deadlineProblem(input.deadline, now);
  if (problem) throw Refusal.badRequest(problem);
  const { quiz, snapshot } = await playableQuiz(db, account, input.quiz);
  const ringPoints = await readCirclesPoints(db);
  const settings: DefiSettings = {
    answerTimeSec: input.answerTimeSec,
    helpZoneM: input.helpZoneM,
    ringPoints,
    speedPointsMax: quiz.speedPointsMax,
  };
  const played: DefiSnapshot = {
    quiz: { name: quiz.name, description: quiz.description, questions: snapshot.questions, mapSettings: snapshot.mapSettings },
    targets: buildTargetSettings(ringPoints),
  };
  const side = input.helpZoneM;
  const help: (Bounds | null)[] = snapshot.questions.map((q) => (side === null ? null : helpZone(q, side, secureRandom)));
  const gameId = crypto.randomUUID();
  const code = newCode();
  const [seed] = crypto.getRandomValues(new Uint32Array(1));
  // One D1 batch: drizzle 0.45 cannot batch its raw statements that carry parameters on D1, so
  // each goes to D1 as the SQL and parameters drizzle wrote for it.
  const statement = (q: { sql: string; params: unknown[] }) => db.$client.prepare(q.sql).bind(...q.params);
  const [inserted] = await db.$client.batch([
    statement(
      db
        .run(sql`
          INSERT INTO ${games} (id, quiz_unique_name, owner_id, room_number, status, kind, mode, settings, created_at,
                                started_at, quiz_name, quiz_snapshot, players_count)
          SELECT ${gameId}, ${quiz.uniqueName}, ${account.id}, ${noRoom(gameId)}, 'live', 'defi', 'player',
                 ${JSON.stringify(settings)}, ${now}, ${now}, ${quiz.name}, ${JSON.stringify(played)}, 0
          WHERE ${quotaLeft(account.id)}`)
        .getQuery(),
    ),
    statement(spendGame(db, gameId).toSQL()),
    statement(
      db
        .run(sql`
          INSERT INTO ${defis} (game_id, code, deadline, name_mode, seed, help)
          SELECT ${gameId}, ${code}, ${input.deadline}, ${input.nameMode}, ${seed! % 1_000_000_007}, ${JSON.stringify(help)}
          WHERE EXISTS (SELECT 1 FROM ${games} WHERE ${games.id} = ${gameId})`)
        .getQuery(),
    ),
  ]);
  if (inserted!.meta.changes !== 1) throw Refusal.forbidden(GAME_MSG.noGamesLeft);
  return { gameId, code, path: defiPath(code), deadline: input.deadline };
}

// ---------------------------------------------------------------------------------------------
// Reading a défi and its player

type Loaded = {
  game: Pick<Game, "id" | "status">;
  defi: Defi;
  settings: DefiSettings;
  snapshot: DefiSnapshot;
  me: Player | null;
};

type Player = {
  playerNo: number;
  name: string;
  marker: string;
  points: number;
  timeMs: number;
  question: number;
  openedAt: number | null;
  openToken: string | null;
};

const answerTimeMs = (l: Loaded) => l.settings.answerTimeSec * 1000;
const questionCount = (l: Loaded) => l.snapshot.quiz.questions.length;
const isOpen = (l: Pick<Loaded, "defi" | "game">, now: number) => l.game.status === "live" && now < l.defi.deadline;

/**
 * The défi behind a code and, when the device token names one, its player: one D1 read. A code of
 * the wrong shape is refused before any query; an unknown one answers 404.
 */
async function loadDefi(db: Db, code: string | undefined, device: string | null): Promise<Loaded> {
  if (!code || !DEFI_CODE.test(code)) throw Refusal.notFound(DEFI_MSG.notFound);
  const deviceHash = device ? await sha256(device) : "";
  const [row] = await db
    .select({
      game: { id: games.id, status: games.status },
      settings: games.settings,
      snapshot: games.quizSnapshot,
      defi: defis,
      me: {
        playerNo: defiPlayers.playerNo,
        question: defiPlayers.question,
        openedAt: defiPlayers.openedAt,
        openToken: defiPlayers.openToken,
      },
      name: gamePlayers.pseudo,
      marker: gamePlayers.marker,
      points: gamePlayers.points,
      timeMs: gamePlayers.timeMs,
    })
    .from(defis)
    .innerJoin(games, eq(games.id, defis.gameId))
    .leftJoin(defiPlayers, and(eq(defiPlayers.gameId, defis.gameId), eq(defiPlayers.deviceHash, deviceHash)))
    .leftJoin(gamePlayers, and(eq(gamePlayers.gameId, defis.gameId), eq(gamePlayers.playerNo, defiPlayers.playerNo)))
    .where(eq(defis.code, code))
    .limit(1);
  if (!row) throw Refusal.notFound(DEFI_MSG.notFound);
  const me: Player | null =
    row.me && row.name !== null
      ? {
          ...row.me,
          name: row.name,
          marker: row.marker ?? "",
          points: row.points ?? 0,
          timeMs: row.timeMs ?? 0,
        }
      : null;
  return {
    game: row.game,
    defi: row.defi,
    settings: row.settings as DefiSettings,
    snapshot: row.snapshot as DefiSnapshot,
    me,
  };
}

function requireMe(l: Loaded): Player {
  if (!l.me) throw Refusal.forbidden(DEFI_MSG.notJoined);
  return l.me;
}

function infoOf(l: Loaded, now: number): DefiInfo {
  return {
    code: l.defi.code,
    quizName: l.snapshot.quiz.name,
    description: l.snapshot.quiz.description,
    questionCount: questionCount(l),
    answerTimeSec: l.settings.answerTimeSec,
    speedPointsMax: l.settings.speedPointsMax,
    nameMode: l.defi.nameMode,
    deadline: l.defi.deadline,
    open: isOpen(l, now),
    mapSettings: l.snapshot.quiz.mapSettings,
    targets: l.snapshot.targets,
  };
}

function meOf(l: Loaded, me: Player, now: number): DefiMe {
  return {
    playerNo: me.playerNo,
    name: me.name,
    marker: me.marker,
    question: me.question,
    questionOpen: isOpen(l, now) && questionClock(me.openedAt, answerTimeMs(l), now).kind === "open",
    total: me.points,
    timeMs: me.timeMs,
  };
}

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

function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let e: unknown = error, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const text = String((e as { message?: unknown }).message ?? e);
    if (/UNIQUE constraint failed/i.test(text) && (!index || text.includes(index))) return true;
  }
  return false;
}

/**
 * « Commencer »: the device's player, created on its first visit. A device that already plays
 * this défi gets its player back whatever it sends (one device, one attempt). Free names follow
 * the défi's name rule and are unique in the défi without case or accents (409 otherwise);
 * otherwise the player gets the next colour and fruit. Returns the new device token to set as
 * the cookie, or null when the device already had one.
 */
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
 * « Commencer »: the device's player, or a new one. `address` is the caller's address key
 * (common/address.ts); only its hash with the défi's id is stored.
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
  const me: Player = { playerNo, name: pseudo, marker: seat.marker, points: 0, timeMs: 0, question: 0, openedAt: null, openToken: null };
  return { state: { defi: infoOf(l, now), me: meOf(l, me, now) }, device: token, deadline: l.defi.deadline, code: l.defi.code };
}

// ---------------------------------------------------------------------------------------------
// Playing: open, answer, photo

function questionOf(l: Loaded, index: number, token: string, remainingMs: number): DefiQuestion {
  const q = l.snapshot.quiz.questions[index]!;
  // Défis created before the code said Bounds stored the wire's lat1, lon1, lat2, lon2.
  const help = readStoredHelpSquare((l.defi.help as (Bounds | HelpZone | null)[])[index] ?? null);
  const sv = q.streetview;
  return {
    index,
    photoUrl: q.kind === "photo" && q.imageUrl ? `/api/defi/${l.defi.code}/photo/${token}` : null,
    streetview: sv ? { pano: sv.panoId, lat: sv.lat, lng: sv.lng, heading: sv.heading, pitch: sv.pitch, fov: sv.fov } : null,
    title: `Question ${index + 1}`,
    remainingMs,
    help,
  };
}

function revealOf(
  l: Loaded,
  index: number,
  answer: { at: { lat: number; lng: number }; distanceM: number; ring: number; points: number; timeMs: number } | null,
  total: number,
): DefiReveal {
  const q = l.snapshot.quiz.questions[index]!;
  return {
    index,
    title: q.titre || q.name,
    spot: { lat: q.lat, lng: q.lng },
    answer: answer?.at ?? null,
    distanceM: answer ? answer.distanceM : null,
    ring: answer?.ring ?? 0,
    points: answer?.points ?? 0,
    timeMs: answer?.timeMs ?? null,
    total,
    remaining: questionCount(l) - index - 1,
  };
}

/**
 * The player still on `question ?3`, opened at `?4` (its first statements' parameters: game ?1,
 * player ?2): every write of an answer or a miss checks it, so a request that lost a race writes
 * nothing.
 */
const STILL_AT = `EXISTS (SELECT 1 FROM defi_players WHERE game_id = ?1 AND player_no = ?2 AND question = ?3 AND opened_at IS ?4)`;
const NEXT_QUESTION = `UPDATE defi_players SET question = question + 1, opened_at = NULL, open_token = NULL
  WHERE game_id = ?1 AND player_no = ?2 AND question = ?3 AND opened_at IS ?4`;

/**
 * A question whose time ran out without an answer: 0 points, the whole answer time added to the
 * player's cumulated time (as a live game counts a missed question), the next question ready.
 */
async function recordMissed(db: Db, l: Loaded, me: Player): Promise<DefiReveal> {
  const d1 = db.$client;
  const at = [l.game.id, me.playerNo, me.question, me.openedAt] as const;
  await d1.batch([
    d1.prepare(`UPDATE game_players SET time_ms = time_ms + ?5 WHERE game_id = ?1 AND player_no = ?2 AND ${STILL_AT}`).bind(...at, answerTimeMs(l)),
    d1.prepare(NEXT_QUESTION).bind(...at),
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
  const d1 = db.$client;
  const key = [l.game.id, me.playerNo, me.question, me.openedAt] as const;
  const [, , moved] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO game_answers (game_id, question, player_no, lat, lng, distance_m, ring, points, time_ms)
         SELECT ?1, ?3, ?2, ?5, ?6, ?7, ?8, ?9, ?10 WHERE ${STILL_AT}`,
      )
      .bind(...key, at.lat, at.lng, distanceM, score.ring, score.points, t),
    d1
      .prepare(`UPDATE game_players SET points = points + ?5, time_ms = time_ms + ?6 WHERE game_id = ?1 AND player_no = ?2 AND ${STILL_AT}`)
      .bind(...key, score.points, t),
    d1.prepare(NEXT_QUESTION).bind(...key),
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

// ---------------------------------------------------------------------------------------------
// Leaderboard and the end of a défi

const lineOf = (
  p: { playerNo: number; name: string; marker: string; points: number | null; played: number },
  rank: number,
  me: Player | null,
): LeaderboardLine => ({
  rank,
  name: p.name,
  marker: p.marker,
  points: p.points ?? 0,
  played: p.played,
  me: me?.playerNo === p.playerNo,
});

/** Players best first, as a live game ranks them: total, then the lower cumulated answer time. */
const bestFirst = [desc(gamePlayers.points), asc(gamePlayers.timeMs), asc(gamePlayers.playerNo)];

function rankedPlayers(db: Db, gameId: string, limit?: number) {
  const query = db
    .select({
      playerNo: gamePlayers.playerNo,
      name: gamePlayers.pseudo,
      marker: gamePlayers.marker,
      points: gamePlayers.points,
      timeMs: gamePlayers.timeMs,
      played: defiPlayers.question,
    })
    .from(gamePlayers)
    .innerJoin(defiPlayers, and(eq(defiPlayers.gameId, gamePlayers.gameId), eq(defiPlayers.playerNo, gamePlayers.playerNo)))
    .where(eq(gamePlayers.gameId, gameId))
    .orderBy(...bestFirst);
  return limit === undefined ? query : query.limit(limit);
}

/**
 * /defi/{code}/classement: the top lines and the reader's own, read through the running totals'
 * index (game_players_total), never through the answers. Exact ties share a rank.
 */
export async function defiLeaderboard(db: Db, device: string | null, input: { code: string | undefined }, now = Date.now()): Promise<DefiLeaderboard> {
  const l = await loadDefi(db, input.code, device);
  await finishIfDue(db, l, now);
  const gameId = l.game.id;
  const [top, [{ players } = { players: 0 }]] = await Promise.all([
    rankedPlayers(db, gameId, DEFI_LEADERBOARD_SIZE),
    db.select({ players: sql<number>`COUNT(*)` }).from(gamePlayers).where(eq(gamePlayers.gameId, gameId)),
  ]);
  const ranked = rankEntries(top.map((p, order) => ({ id: String(p.playerNo), total: p.points ?? 0, timeMs: p.timeMs ?? 0, order, p })));
  const lines = ranked.map(({ entry, rank }) => lineOf(entry.p, rank, l.me));
  let own: LeaderboardLine | null = null;
  const me = l.me;
  if (me && !lines.some((x) => x.me)) {
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
    open: isOpen(l, now),
    deadline: l.defi.deadline,
    questionCount: questionCount(l),
    playersCount: Number(players),
    lines,
    own,
  };
}

/** Every player's final rank, as RANK() gives it: exact ties (total and time) share one. */
const rankStatement = (d1: D1Database, gameId: string) =>
  d1
    .prepare(
      `UPDATE game_players SET rank = r.n
       FROM (SELECT player_no, RANK() OVER (ORDER BY points DESC, time_ms ASC) AS n FROM game_players WHERE game_id = ?1) AS r
       WHERE game_players.game_id = ?1 AND game_players.player_no = r.player_no`,
    )
    .bind(gameId);

/**
 * Past its deadline a défi is over: ranks written, the game row 'over' with its winner and end,
 * the quiz's last played date moved on. Done by whoever first reads it after the deadline; the
 * statements act once (status 'live' in their condition), so two readers at once change nothing
 * twice.
 */
async function finishIfDue(db: Db, l: Pick<Loaded, "game" | "defi">, now: number): Promise<void> {
  if (l.game.status !== "live" || now < l.defi.deadline) return;
  await finishDefi(db, l.game.id, l.defi.deadline);
  l.game = { ...l.game, status: "over" };
}

async function finishDefi(db: Db, gameId: string, endedAt: number): Promise<void> {
  const d1 = db.$client;
  await d1.batch([
    rankStatement(d1, gameId),
    d1
      .prepare(
        `UPDATE games SET status = 'over', ended_at = ?2, results = ?3,
           players_count = (SELECT COUNT(*) FROM game_players WHERE game_id = ?1),
           winner = (SELECT pseudo FROM game_players WHERE game_id = ?1 AND points > 0
                     ORDER BY points DESC, time_ms ASC, player_no LIMIT 1)
         WHERE id = ?1 AND status = 'live'`,
      )
      .bind(gameId, endedAt, JSON.stringify({ ranking: null, teams: null })),
    d1
      .prepare(
        `UPDATE quizzes SET last_time_played = MAX(COALESCE(last_time_played, 0), ?2)
         WHERE unique_name = (SELECT quiz_unique_name FROM games WHERE id = ?1)`,
      )
      .bind(gameId, endedAt),
  ]);
}

// ---------------------------------------------------------------------------------------------
// The MJ's side

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
      const d1 = db.$client;
      const del = (table: string) => d1.prepare(`DELETE FROM ${table} WHERE game_id = ?1 AND player_no = ?2`).bind(game.id, input.playerNo);
      await d1.batch([
        del("game_answers"),
        del("game_players"),
        del("defi_players"),
        d1.prepare(`UPDATE games SET players_count = MAX(COALESCE(players_count, 1) - 1, 0) WHERE id = ?1`).bind(game.id),
        ...(owned.game.status === "over" ? [rankStatement(d1, game.id)] : []),
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
