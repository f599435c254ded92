/**
 * Loader and action shared by the four presenter routes (/pres/{quiz}, /pres/{quiz}/team,
 * /pres/{quiz}/player, /mj/{quiz}[?ranking=team]):
 * - GET without `room`: the 'loading' step and a form that POSTs the launch to the same URL;
 * - POST (intent launch): login, origin, settings, launchGame, then a redirect to `?room=N`,
 *   so a reload resumes the game and never launches a second one;
 * - GET with `room`: the presenter token of that live room, or 'Cette partie est terminée';
 * - POST (intent close, « Nouvelle partie »): closeGame, then back to the dashboard or folder;
 * - POST (intent replay, « Rejouer »; intent round with quiz and launch options, « Autre quiz »):
 *   the next round in the same room (startRound), then the room's page under its new quiz.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccount, requirePageAccount, type Side } from "./auth.server";
import { GAME_MSG, closeGame, launchGame, parseLaunchSettings, presenterSession, startRound, type RoundChoice } from "./games.server";
import { listQuizzes } from "./quizzes.server";
import { readForm, SMALL_BODY_BYTES } from "./body.server";
import { pageAction, pageLoader } from "./http.server";
import { lobbyPictureUrl } from "./lobby-picture.server";
import { MSG } from "@common/messages";
import { Refusal } from "./refusal.server";
import { ROOM_NUMBER } from "./rooms.server";
import { UNIQUE_NAME } from "@common/slug";
import { dashboardPath } from "@common/dashboard/format";

export type RouteMode = "player" | "team" | "query";

export type PresenterLoaderData =
  | { kind: "launch"; side: Side; error: string | null; dashboard: string }
  | { kind: "ended"; side: Side; dashboard: string }
  | {
      kind: "game";
      side: Side;
      room: string;
      token: string;
      quizUniqueName: string;
      mode: "player" | "team";
      lobbyPicture: string;
      /** For the QR code and the address to type. */
      origin: string;
      host: string;
      dashboard: string;
      /** What « Autre quiz » offers: the quizzes the account may launch (admin: all). */
      quizzes: RoundQuiz[];
    };

export interface RoundQuiz {
  uniqueName: string;
  name: string;
  questionCount: number;
}

function folderIdOf(search: URLSearchParams): number | null {
  const raw = search.get("folderId");
  if (raw === null || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  return Number(raw);
}

function modeOf(routeMode: RouteMode, search: URLSearchParams): "player" | "team" {
  if (routeMode === "query") return search.get("ranking") === "team" ? "team" : "player";
  return routeMode;
}

function quizOf(params: LoaderFunctionArgs["params"]): string {
  const quiz = params.quiz ?? "";
  if (!UNIQUE_NAME.test(quiz)) throw Refusal.notFound(MSG.quizNotFound);
  return quiz;
}

export const presenterLoader = pageLoader(async (
  { request, context, params }: LoaderFunctionArgs,
  side: Side,
  routeMode: RouteMode,
): Promise<PresenterLoaderData> => {
  const url = new URL(request.url);
  const dashboard = dashboardPath(side, folderIdOf(url.searchParams));
  // The login form lives on the dashboard.
  const account = await requirePageAccount(request, context, side);
  const quiz = quizOf(params);

  const room = url.searchParams.get("room");
  if (room === null) {
    const parsed = parseLaunchSettings(url.searchParams, modeOf(routeMode, url.searchParams));
    return { kind: "launch", side, error: parsed.ok ? null : parsed.error, dashboard };
  }
  if (!ROOM_NUMBER.test(room)) return { kind: "ended", side, dashboard };
  const session = await presenterSession(context, account, room);
  if (!session) return { kind: "ended", side, dashboard };
  if (session.quizUniqueName !== quiz) {
    // The address names another quiz than the room's: show the room under its own quiz.
    const fixed = new URL(url);
    fixed.pathname = url.pathname.replace(`/${quiz}`, `/${encodeURIComponent(session.quizUniqueName)}`);
    if (fixed.pathname !== url.pathname) throw redirect(`${fixed.pathname}${fixed.search}`);
  }
  const [picture, listed] = await Promise.all([lobbyPictureUrl(context.db, account), listQuizzes(context.db, account, "all")]);
  const quizzes = listed
    .filter((q) => q.finished && q.questionCount > 0)
    .map((q) => ({ uniqueName: q.uniqueName, name: q.name, questionCount: q.questionCount }));
  return {
    kind: "game",
    side,
    room: session.roomNumber,
    token: session.token,
    quizUniqueName: session.quizUniqueName,
    mode: session.mode,
    lobbyPicture: picture.url,
    origin: url.origin,
    host: url.host,
    dashboard,
    quizzes,
  };
});

/** The presenter's choice at the end of a round, read from its form. */
function roundChoice(form: FormData): RoundChoice {
  if (form.get("intent") === "replay") return { kind: "replay" };
  const search = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") search.set(name, value);
  const parsed = parseLaunchSettings(search, form.get("mode") === "team" ? "team" : "player");
  if (!parsed.ok) throw Refusal.badRequest(parsed.error);
  const quiz = form.get("quiz");
  if (typeof quiz !== "string" || !UNIQUE_NAME.test(quiz)) throw Refusal.badRequest(MSG.quizNotFound);
  return { kind: "quiz", quizUniqueName: quiz, settings: parsed.settings };
}

export const presenterAction = pageAction(async (
  { request, context, params }: ActionFunctionArgs,
  side: Side,
  routeMode: RouteMode,
) => {
  const url = new URL(request.url);
  const folderId = folderIdOf(url.searchParams);
  const account = await requireAccount(request, context, { side });
  const quiz = quizOf(params);
  const form = await readForm(request, SMALL_BODY_BYTES);

  if (form?.get("intent") === "close") {
    const room = String(form.get("room") ?? "");
    if (ROOM_NUMBER.test(room)) {
      await closeGame(context, account, room).catch((error: unknown) => {
        // A room that is gone, or not this account's, needs no closing: back all the same.
        if (!(error instanceof Refusal && error.status === 404)) throw error;
      });
    }
    throw redirect(dashboardPath(side, folderId));
  }

  const intent = form?.get("intent");
  if (form && (intent === "replay" || intent === "round")) {
    const room = String(form.get("room") ?? "");
    if (!ROOM_NUMBER.test(room)) throw Refusal.notFound(GAME_MSG.gameNotFound);
    const round = await startRound(context, account, room, roundChoice(form));
    // The same room's page, under the quiz it now plays (the presenter token is the room's own).
    const next = new URLSearchParams(url.search);
    next.set("room", room);
    throw redirect(`${url.pathname.replace(`/${quiz}`, `/${encodeURIComponent(round.quizUniqueName)}`)}?${next}`);
  }

  const parsed = parseLaunchSettings(url.searchParams, modeOf(routeMode, url.searchParams));
  if (!parsed.ok) throw Refusal.badRequest(parsed.error);
  const { roomNumber } = await launchGame(context, account, quiz, parsed.settings);
  const next = new URLSearchParams();
  if (routeMode === "query" && url.searchParams.get("ranking") === "team") next.set("ranking", "team");
  next.set("room", roomNumber);
  if (folderId !== null) next.set("folderId", String(folderId));
  throw redirect(`${url.pathname}?${next}`);
});
