/**
 * The presenter's screen (docs/architecture.md, Launching a game). Its address, once the game is
 * launched, names the room and never the quiz: the screen is in front of the audience, and the
 * quiz's unique name is its public /watch link.
 * - The launch routes /pres/{quiz}, /pres/{quiz}/team, /pres/{quiz}/player, /mj/{quiz}[?ranking=team]:
 *   GET shows the 'loading' step and a form that POSTs the launch to the same URL; the POST
 *   launches (login, origin, settings, launchGame) and sends the screen to the room's address, so
 *   a reload resumes the game and never launches a second one. An old `?room=N` address goes to
 *   the room's address too.
 * - The room's address /pres/salle/{room}, /mj/salle/{room}: GET gives the presenter token of that
 *   live room, or 'Cette partie est terminée'. POST intent close (« Nouvelle partie »):
 *   closeGame, then back to the dashboard or folder; intent replay (« Rejouer ») or round with a
 *   quiz and launch options (« Autre quiz »): the next round in the same room (startRound), at the
 *   same address.
 * Both are one route module each (app/routes/shared/launch.tsx, room.tsx) for the two sides; this
 * module holds what they call: the screen's data and the end of a round.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Account } from "@db/schema";
import type { Side } from "@common/contracts/dashboard/types";
import { jwtSecret } from "../auth/config.server";
import {
  GAME_MSG,
  closeGame,
  nightLocale,
  ownedLiveGame,
  parseLaunchSettings,
  presenterSession,
  startRound,
  type RoundChoice,
} from "./games.server";
import { catalogFor, translator } from "../i18n/i18n.server";
import { listQuizzes } from "../quiz/quizzes.server";
import { lobbyPictureUrl } from "../media/lobby-picture.server";
import { MSG } from "@common/contracts/messages";
import { Refusal } from "../http/refusal.server";
import { ROOM_NUMBER } from "./rooms.server";
import { UNIQUE_NAME } from "@common/util/slug";
import { dashboardPath, presenterRoomPath } from "@common/contracts/dashboard/format";
import type { NightCatalog, PresenterPageData, RoundQuiz } from "@common/contracts/presenter/types";
import type { Area } from "@common/i18n/areas";
import type { Locale } from "@common/i18n/locales";
import { splitRoomCode } from "@common/contracts/presenter/room-code";

/**
 * What the big screen can show, in the night's language: its own words, the map's, the room's
 * and the shared ones. The workshop's areas stay in the game master's language, outside it.
 */
const NIGHT_AREAS: readonly Area[] = ["common", "map", "room", "presenter"];

/** What « Retour photo & carte » shows: a question as the public pages show one. */
const QUESTION_AREAS: readonly Area[] = ["common", "map", "public"];

function nightCatalog(locale: Locale, areas: readonly Area[]): NightCatalog {
  return { locale, messages: catalogFor(locale, areas) };
}

/** The presenter routes' query: the folder the dashboard was showing (to go back there), if any. */
export const PresenterQuery = z.object({
  folderId: z.string().regex(/^[1-9][0-9]{0,9}$/).transform(Number).nullable().catch(null),
  room: z.string().nullable().catch(null),
});

/** A launch address's quiz: a unique name, else no quiz at all. */
export const LaunchParams = z.object({ quiz: z.string().regex(UNIQUE_NAME) });

/** The form the end of a round posts (close, replay, round), its launch options included. */
export const RoundForm = z.record(z.unknown());
type RoundFields = z.output<typeof RoundForm>;

/**
 * Where the screen of a room is shown: its side, the address the page was asked at, and the
 * language of the page (the game master's) for what is said before or after a night.
 */
interface ScreenAddress {
  side: Side;
  folderId: number | null;
  url: URL;
  pageLocale: Locale;
}

/** The screen of a room that is gone: said in the game master's language. */
function endedScreen(side: Side, dashboard: string, room: string, pageLocale: Locale): PresenterPageData {
  const t = translator(pageLocale);
  const title = ROOM_NUMBER.test(room) ? t("presenter.meta.room", { code: splitRoomCode(room) }) : t("presenter.meta.launch");
  return { kind: "ended", side, dashboard, title };
}

/** The room's address: the live game's screen for its owner (admin: any), or 'ended'. */
export async function presenterScreen(
  context: AppLoadContext,
  account: Account,
  room: string,
  { side, folderId, url, pageLocale }: ScreenAddress,
): Promise<PresenterPageData> {
  const dashboard = dashboardPath(side, folderId);
  if (!ROOM_NUMBER.test(room)) return endedScreen(side, dashboard, room, pageLocale);
  const session = await presenterSession(context, account, room);
  if (!session) return endedScreen(side, dashboard, room, pageLocale);
  const [picture, quizzes] = await Promise.all([
    lobbyPictureUrl(context.db, account),
    roundQuizzes(context, account, session.quizUniqueName),
  ]);
  return {
    kind: "game",
    side,
    room: session.roomNumber,
    token: session.token,
    mode: session.mode,
    lobbyPicture: picture.url,
    origin: url.origin,
    host: url.host,
    dashboard,
    quizzes,
    title: translator(session.locale)("presenter.meta.room", { code: splitRoomCode(session.roomNumber) }),
    catalog: nightCatalog(session.locale, NIGHT_AREAS),
  };
}

/**
 * « Retour photo & carte » (/salle/{room}/question), opened on the projector from the ranking: in
 * the night's language too, with its title. `quiz` and `n` name the question shown.
 */
export async function roomQuestionWords(
  context: AppLoadContext,
  account: Account,
  room: string,
  { quiz, n }: { quiz: string; n: number },
): Promise<{ title: string; catalog: NightCatalog }> {
  const game = await ownedLiveGame(context, account, room);
  const locale = game ? nightLocale(game) : null;
  if (!locale) throw Refusal.notFound(MSG.roomNotFound);
  return { title: translator(locale)("presenter.meta.question", { quiz, n }), catalog: nightCatalog(locale, QUESTION_AREAS) };
}

// ---------------------------------------------------------------------------------------------
// « Autre quiz »: the page names each quiz by a keyed hash of its unique name

async function refKey(context: AppLoadContext): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new Uint8Array(jwtSecret(context.cloudflare.env)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

/** 16 characters of HMAC-SHA-256: nobody without the server's secret can tell the name behind it. */
async function quizRef(key: CryptoKey, uniqueName: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`round-quiz:${uniqueName}`)));
  return btoa(String.fromCharCode(...mac.subarray(0, 12)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

/** The quizzes the account may launch next, by ref (current: the room's quiz). */
async function roundQuizzes(context: AppLoadContext, account: Account, current: string): Promise<RoundQuiz[]> {
  const [key, listed] = await Promise.all([refKey(context), listQuizzes(context.db, account, "all")]);
  const playable = listed.filter((q) => q.finished && q.questionCount > 0);
  return Promise.all(
    playable.map(async (q) => ({
      ref: await quizRef(key, q.uniqueName),
      name: q.name,
      questionCount: q.questionCount,
      streetViewQuestions: q.streetViewQuestions,
      current: q.uniqueName === current,
    })),
  );
}

/** The unique name behind a ref of the account's quizzes; a page of before sent the name itself. */
async function quizOfRef(context: AppLoadContext, account: Account, ref: string): Promise<string> {
  const [key, listed] = await Promise.all([refKey(context), listQuizzes(context.db, account, "all")]);
  for (const q of listed) if ((await quizRef(key, q.uniqueName)) === ref) return q.uniqueName;
  if (UNIQUE_NAME.test(ref)) return ref;
  throw Refusal.badRequest(MSG.quizNotFound);
}

/**
 * The presenter's choice at the end of a round, read from its form; without a language, the next
 * round speaks the night's.
 */
async function roundChoice(context: AppLoadContext, account: Account, form: RoundFields, night: Locale): Promise<RoundChoice> {
  if (form.intent === "replay") return { kind: "replay" };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) if (typeof value === "string") search.set(name, value);
  const parsed = parseLaunchSettings(search, form.mode === "team" ? "team" : "player", night);
  if (!parsed.ok) throw Refusal.badRequest(parsed.error);
  const quiz = form.quiz;
  if (typeof quiz !== "string" || quiz === "") throw Refusal.badRequest(MSG.quizNotFound);
  return { kind: "quiz", quizUniqueName: await quizOfRef(context, account, quiz), settings: parsed.settings };
}

// ---------------------------------------------------------------------------------------------
// POSTs

/**
 * What the end of a round posts (close, replay, round) for `room`; null for another intent.
 * Either way the screen stays at the room's address, or goes back to the dashboard.
 */
export async function endOfRound(
  context: AppLoadContext,
  account: Account,
  room: string,
  form: RoundFields,
  { side, folderId }: Pick<ScreenAddress, "side" | "folderId">,
): Promise<Response | null> {
  const intent = form.intent;
  if (intent === "close") {
    if (ROOM_NUMBER.test(room)) {
      await closeGame(context, account, room).catch((error: unknown) => {
        // A room that is gone, or not this account's, needs no closing: back all the same.
        if (!(error instanceof Refusal && error.status === 404)) throw error;
      });
    }
    return redirect(dashboardPath(side, folderId));
  }
  if (intent === "replay" || intent === "round") {
    const game = ROOM_NUMBER.test(room) ? await ownedLiveGame(context, account, room) : null;
    if (!game) throw Refusal.notFound(GAME_MSG.gameNotFound);
    await startRound(context, account, room, await roundChoice(context, account, form, nightLocale(game)));
    // The same room's address: the presenter token is the room's own, whatever quiz it plays now.
    return redirect(presenterRoomPath(side, room, folderId));
  }
  return null;
}
