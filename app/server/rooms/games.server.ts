import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { questions, type Account, type Game, type Question, type Quiz } from "@db/schema";
import { type GameSettings, readStoredSettings } from "@party/engine";
import type { LaunchInput, LaunchResult, PresenterInfo, RoomRanking, RoundInput, RoundResult } from "@party/game-room";
import type { QuizQuestion, QuizSnapshot } from "@common/wire/protocol";
import { canAccess } from "../auth/auth.server";
import { readCirclesPoints } from "../admin/circles-points.server";
import { questionImageUrl } from "@common/media/urls";
import { MSG } from "@common/contracts/messages";
import {
  DEFAULT_OPTIONS,
  LAUNCH_PARAMS,
  MAX_ROOM_PLAYERS,
  MAX_TEAMS,
  NO_HELP_ZONE,
  PHOTO_ON_PHONES,
  defaultMaxPlayer,
  isAnswerTime,
  isHelpZone,
  isIconType,
  isPlayerCount,
  isTeamCount,
  type LaunchOptions,
} from "@common/rules";
import { requireOwnedQuiz } from "../quiz/quizzes.server";
import { Refusal } from "../http/refusal.server";
import { liveGame, liveGames, markGameClosed, registerGame } from "./rooms.server";
import { m } from "@common/i18n/words";
import type { Words } from "@common/i18n/ids";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@common/i18n/locales";

/**
 * The launch options as read from the query (the room checks them again when it opens), the
 * night's language always set: chosen, or the language of the page that launched.
 */
export type LaunchSettings = LaunchOptions & { locale: Locale };

export const GAME_MSG = {
  icon: m("server.game.icon"),
  time: m("common.launch.time"),
  helpZone: m("common.launch.helpZone"),
  maxPlayer: m("server.game.maxPlayer", { max: MAX_ROOM_PLAYERS }),
  maxTeam: m("server.game.maxTeam", { max: MAX_TEAMS }),
  photoOnPhones: m("server.game.photoOnPhones"),
  locale: m("presenter.launch.badLocale"),
  noQuestion: m("server.game.noQuestion"),
  unfinished: MSG.quizUnfinished,
  expired: m("server.game.expired"),
  noGamesLeft: m("server.game.noGamesLeft"),
  launchFailed: m("server.game.launchFailed"),
  invalidSettings: m("server.game.invalidSettings"),
  gameNotFound: m("server.game.gameNotFound"),
  roundNotOver: m("server.game.roundNotOver"),
  roundFailed: m("server.game.roundFailed"),
} as const;


/** A yes/no parameter: absent or empty is no; null for anything else than the words below. */
function onOff(raw: string | null): boolean | null {
  const word = raw?.trim().toLowerCase() ?? "";
  if (word === "" || word === "non" || word === "false" || word === "0") return false;
  if (word === PHOTO_ON_PHONES || word === "true" || word === "1") return true;
  return null;
}

function intParam(raw: string | null, fallback: number): number | null {
  if (raw === null || raw.trim() === "") return fallback;
  return /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/**
 * Reads the launch query parameters (docs/game-rules.md, Launch options: icon, time, help_zone,
 * max_player, max_team, photo_phones, lang); without `lang` the night speaks `pageLocale`, the
 * language of the page the launch came from.
 */
export function parseLaunchSettings(
  search: URLSearchParams,
  mode: "player" | "team",
  pageLocale: Locale,
): { ok: true; settings: LaunchSettings } | { ok: false; error: Words } {
  const icon = search.get(LAUNCH_PARAMS.iconType)?.trim() || DEFAULT_OPTIONS.iconType;
  if (!isIconType(icon)) return { ok: false, error: GAME_MSG.icon };

  const time = intParam(search.get(LAUNCH_PARAMS.answerTimeSec), DEFAULT_OPTIONS.answerTimeSec);
  if (time === null || !isAnswerTime(time)) return { ok: false, error: GAME_MSG.time };

  const rawZone = search.get(LAUNCH_PARAMS.helpZoneM)?.trim().toLowerCase() ?? "";
  let helpZoneM = DEFAULT_OPTIONS.helpZoneM;
  if (rawZone === NO_HELP_ZONE || rawZone === "none" || rawZone === "false" || rawZone === "0") helpZoneM = null;
  else if (rawZone !== "") {
    const zone = intParam(rawZone, 0);
    if (zone === null || !isHelpZone(zone)) return { ok: false, error: GAME_MSG.helpZone };
    helpZoneM = zone;
  }

  const maxPlayer = intParam(search.get(LAUNCH_PARAMS.maxPlayer), defaultMaxPlayer(mode));
  if (maxPlayer === null || !isPlayerCount(maxPlayer)) return { ok: false, error: GAME_MSG.maxPlayer };

  let maxTeam = DEFAULT_OPTIONS.maxTeam;
  if (mode === "team") {
    const teams = intParam(search.get(LAUNCH_PARAMS.maxTeam), DEFAULT_OPTIONS.maxTeam);
    if (teams === null || !isTeamCount(teams)) return { ok: false, error: GAME_MSG.maxTeam };
    maxTeam = teams;
  }
  const photoOnPhones = onOff(search.get(LAUNCH_PARAMS.photoOnPhones));
  if (photoOnPhones === null) return { ok: false, error: GAME_MSG.photoOnPhones };
  const locale = search.get(LAUNCH_PARAMS.locale)?.trim().toLowerCase() || pageLocale;
  if (!isLocale(locale)) return { ok: false, error: GAME_MSG.locale };
  return { ok: true, settings: { iconType: icon, answerTimeSec: time, helpZoneM, mode, maxPlayer, maxTeam, photoOnPhones, locale } };
}

function snapshotQuestion(quiz: Quiz, q: Question): QuizQuestion {
  const streetview = q.kind === "streetview";
  return {
    name: q.name,
    kind: q.kind,
    imageUrl: !streetview && q.fileKey ? questionImageUrl(quiz.uniqueName, q.fileKey) : null,
    streetview: streetview
      ? {
          panoId: q.svPano,
          lat: q.svLat ?? q.lat,
          lng: q.svLng ?? q.lng,
          heading: q.svHeading ?? 0,
          pitch: q.svPitch ?? 0,
          fov: q.svFov,
        }
      : null,
    lat: q.lat,
    lng: q.lng,
    title: q.title ?? "",
    description: q.description ?? "",
  };
}

/**
 * What the room keeps of the quiz: later edits never change a running game. Null when there is
 * nothing to play yet: no question, or a map never confirmed in the wizard. The map's frame is
 * only ever the one its author chose: a frame drawn around the questions would show the phones
 * where the answers are.
 */
async function quizSnapshot(db: Db, quiz: Quiz): Promise<QuizSnapshot | null> {
  const mapSettings = quiz.mapSettings;
  if (!mapSettings) return null;
  const rows = await db
    .select()
    .from(questions)
    .where(eq(questions.quizUniqueName, quiz.uniqueName))
    .orderBy(asc(questions.position), asc(questions.id));
  if (rows.length === 0) return null;
  return {
    uniqueName: quiz.uniqueName,
    name: quiz.name,
    description: quiz.description,
    questions: rows.map((q) => snapshotQuestion(quiz, q)),
    mapSettings,
  };
}

/** The room's stub, addressed by its number (idFromName: the room reads it from ctx.id.name). */
export const roomStub = (context: AppLoadContext, roomNumber: string) => {
  const ns = context.cloudflare.env.GameRoom;
  return ns.get(ns.idFromName(roomNumber));
};

/** The room's settings of a game: the launch options, the rings' points as set today, the quiz's speed points. */
async function gameSettingsFor(db: Db, quiz: Quiz, settings: LaunchSettings): Promise<GameSettings> {
  return {
    iconType: settings.iconType,
    mode: settings.mode,
    answerTimeSec: settings.answerTimeSec,
    helpZoneM: settings.helpZoneM,
    maxPlayer: settings.maxPlayer,
    maxTeam: settings.maxTeam,
    photoOnPhones: settings.photoOnPhones,
    locale: settings.locale,
    ringPoints: await readCirclesPoints(db),
    speedPointsMax: quiz.speedPointsMax,
  };
}

/** Who may open a game at all: an admin, or an MJ whose account has not expired. */
export function requireGameMaster(account: Account) {
  if (account.role !== "admin" && account.role !== "mj") throw Refusal.forbidden();
  if (account.role === "mj" && account.expiration !== null && account.expiration < Date.now()) {
    throw Refusal.forbidden(GAME_MSG.expired);
  }
}

/** The quiz as the room will play it: refused (409) while it has nothing to play. */
export async function playableQuiz(db: Db, account: Account, quizUniqueName: string) {
  const quiz = await requireOwnedQuiz(db, account, quizUniqueName);
  if (!quiz.mapSettings) throw Refusal.conflict(GAME_MSG.unfinished);
  const snapshot = await quizSnapshot(db, quiz);
  if (!snapshot) throw Refusal.conflict(GAME_MSG.noQuestion);
  return { quiz, snapshot };
}

/**
 * Checks login, role, ownership, MJ expiry and a finished quiz; allocates a 6-digit room number
 * in the D1 registry along with one of the owner's games; creates the room through the Durable
 * Object binding. Refusals (thrown):
 * 403 expired or no games left, 404 a quiz not there or not theirs, 409 nothing to play.
 */
export async function launchGame(
  context: AppLoadContext,
  account: Account,
  quizUniqueName: string,
  settings: LaunchSettings,
): Promise<{ roomNumber: string }> {
  const db = context.db;
  requireGameMaster(account);
  const { quiz, snapshot } = await playableQuiz(db, account, quizUniqueName);

  const gameSettings = await gameSettingsFor(db, quiz, settings);

  // A number whose old room still owes D1 its last writes is refused by the room: draw again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const gameId = crypto.randomUUID();
    const roomNumber = await registerGame(db, {
      id: gameId,
      quizUniqueName: quiz.uniqueName,
      ownerId: account.id,
      mode: settings.mode,
      settings: gameSettings,
      createdAt: Date.now(),
    });
    // The quota is checked as the row goes in (see registerGame), never read beforehand.
    if (roomNumber === null) throw Refusal.forbidden(GAME_MSG.noGamesLeft);
    const input: LaunchInput = {
      gameId,
      quizUniqueName: quiz.uniqueName,
      ownerId: account.id,
      quiz: snapshot,
      settings: gameSettings,
    };
    let result: LaunchResult | null = null;
    try {
      result = await roomStub(context, roomNumber).launch(input);
    } catch (error) {
      console.error("launchGame: room did not answer", error);
    }
    if (result?.ok) return { roomNumber };
    await markGameClosed(db, gameId);
    if (result && result.code === "invalid_settings") throw Refusal.conflict(GAME_MSG.invalidSettings);
  }
  throw Refusal.conflict(GAME_MSG.launchFailed);
}

/** The JSON launch's body: its fields as sent, checked below like the launch page's query. */
export const LaunchJson = z.record(z.unknown());

/**
 * POST /api/game/launch for scripts and tests: JSON {quiz, mode?, icon?, time?, help_zone?,
 * max_player?, max_team?, photo_phones?, lang?}, read like the presenter page's query (without
 * `lang`, the asker's language), then launched the same way.
 */
export async function launchFromJson(
  context: AppLoadContext,
  account: Account,
  fields: z.output<typeof LaunchJson>,
  pageLocale: Locale,
): Promise<{ roomNumber: string; token: string | null }> {
  if (typeof fields.quiz !== "string" || !fields.quiz) throw Refusal.badRequest(MSG.required);
  const search = new URLSearchParams();
  for (const key of Object.values(LAUNCH_PARAMS)) {
    const value = fields[key];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") search.set(key, String(value));
  }
  const parsed = parseLaunchSettings(search, fields.mode === "team" ? "team" : "player", pageLocale);
  if (!parsed.ok) throw Refusal.badRequest(parsed.error);
  const { roomNumber } = await launchGame(context, account, fields.quiz, parsed.settings);
  const session = await presenterSession(context, account, roomNumber);
  return { roomNumber, token: session?.token ?? null };
}

/** The live game behind a room number, if the account owns it (admin: any); others' read as gone. */
export async function ownedLiveGame(context: AppLoadContext, account: Account, roomNumber: string): Promise<Game | null> {
  const game = await liveGame(context.db, roomNumber);
  return game && canAccess(account, game.ownerId) ? game : null;
}

/**
 * The language a game's screen speaks: the one its settings carry; a game launched before the
 * night had a language of its own spoke French.
 */
export function nightLocale(game: Pick<Game, "settings">): Locale {
  const locale = (game.settings as { locale?: unknown } | null)?.locale;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

const STATUS: Record<string, "lobby" | "live" | "over"> = {
  lobby: "lobby",
  starting: "live",
  question: "live",
  reveal: "live",
  over: "over",
};

/**
 * For the presenter page loader: the presenter token of a live room the account owns (admin:
 * any), or null when the room is closed / not theirs.
 */
export async function presenterSession(
  context: AppLoadContext,
  account: Account,
  roomNumber: string,
): Promise<{
  roomNumber: string;
  token: string;
  quizUniqueName: string;
  mode: "player" | "team";
  status: "lobby" | "live" | "over";
  locale: Locale;
} | null> {
  const game = await ownedLiveGame(context, account, roomNumber);
  if (!game) return null;
  let info: PresenterInfo | null = null;
  try {
    info = await roomStub(context, roomNumber).presenterInfo(game.id);
  } catch (error) {
    console.error("presenterSession: room did not answer", error);
    return null;
  }
  const status = info ? STATUS[info.phase] : undefined;
  if (!info || !status) return null;
  return { roomNumber, token: info.token, quizUniqueName: info.quizUniqueName, mode: info.mode, status, locale: nightLocale(game) };
}

/**
 * 'Nouvelle partie': ends the room (phones get player_kicked 'ended'), marks the game closed. A
 * number that holds no live game of the account's (admin: anyone's) is left as it is, with the
 * same answer as one that holds none at all: what a game master may close never tells them which
 * numbers are other accounts' live rooms.
 */
export async function closeGame(context: AppLoadContext, account: Account, roomNumber: string): Promise<void> {
  const game = await ownedLiveGame(context, account, roomNumber);
  if (game) await endRoom(context, game.id, roomNumber);
}

async function endRoom(context: AppLoadContext, gameId: string, roomNumber: string) {
  try {
    await roomStub(context, roomNumber).end(gameId, "ended");
  } catch (error) {
    // The number is freed anyway; the room still closes itself when it expires.
    console.error(`endRoom ${roomNumber}: room did not answer`, error);
  }
  await markGameClosed(context.db, gameId);
}

/** What the presenter chose at the end of a round: the same quiz again, or another one. */
export type RoundChoice = { kind: "replay" } | { kind: "quiz"; quizUniqueName: string; settings: LaunchSettings };

const ROUND_REFUSALS: Record<Exclude<RoundResult, { ok: true }>["reason"], () => Refusal> = {
  gone: () => Refusal.notFound(GAME_MSG.gameNotFound),
  not_over: () => Refusal.conflict(GAME_MSG.roundNotOver),
  quota: () => Refusal.forbidden(GAME_MSG.noGamesLeft),
  invalid_settings: () => Refusal.conflict(GAME_MSG.invalidSettings),
  busy: () => Refusal.conflict(GAME_MSG.roundFailed),
};

/**
 * « Rejouer » / « Autre quiz »: the next round in the same room, for the room's owner (admin:
 * any room). « Rejouer » replays the room's quiz with the very settings it was launched with;
 * « Autre quiz » takes a quiz the account may launch, with its launch options read like a launch.
 * The new game belongs to the room's owner and counts against their quota when it starts, as a
 * launch does; the room does the D1 side (party/game-room.ts, newRound). Refusals (thrown): 404
 * not a live room of theirs, 403 expired or no games left, 409 nothing to play or not over yet.
 */
export async function startRound(
  context: AppLoadContext,
  account: Account,
  roomNumber: string,
  choice: RoundChoice,
): Promise<{ quizUniqueName: string; mode: "player" | "team" }> {
  const db = context.db;
  requireGameMaster(account);
  const game = await ownedLiveGame(context, account, roomNumber);
  if (!game) throw Refusal.notFound(GAME_MSG.gameNotFound);
  const quizUniqueName = choice.kind === "replay" ? game.quizUniqueName : choice.quizUniqueName;
  const { quiz, snapshot } = await playableQuiz(db, account, quizUniqueName);
  const settings =
    choice.kind === "replay" ? readStoredSettings(game.settings) : await gameSettingsFor(db, quiz, choice.settings);
  const input: RoundInput = {
    gameId: crypto.randomUUID(),
    previousGameId: game.id,
    quizUniqueName: quiz.uniqueName,
    ownerId: game.ownerId,
    quiz: snapshot,
    settings,
  };
  let result: RoundResult;
  try {
    result = await roomStub(context, roomNumber).newRound(input);
  } catch (error) {
    console.error(`startRound ${roomNumber}: room did not answer`, error);
    throw Refusal.conflict(GAME_MSG.roundFailed);
  }
  if (!result.ok) throw ROUND_REFUSALS[result.reason]();
  return { quizUniqueName: quiz.uniqueName, mode: settings.mode };
}

/** 'Redémarrer' (admin): ends every live room; returns how many were ended. */
export async function restartAllRooms(context: AppLoadContext): Promise<number> {
  const games = await liveGames(context.db);
  const done = await Promise.allSettled(games.map((g) => endRoom(context, g.id, g.roomNumber)));
  return done.filter((d) => d.status === "fulfilled").length;
}

/** The full ranking of a live room the account owns (admin: any); 404 otherwise. */
export async function roomRanking(context: AppLoadContext, account: Account, roomNumber: string): Promise<RoomRanking> {
  const game = await ownedLiveGame(context, account, roomNumber);
  const ranking = game ? await roomStub(context, roomNumber).ranking(game.id) : null;
  if (!ranking) throw Refusal.notFound(MSG.roomNotFound);
  return ranking;
}
