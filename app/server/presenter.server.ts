/**
 * Loader and action shared by the four presenter routes (/pres/{quiz}, /pres/{quiz}/team,
 * /pres/{quiz}/player, /mj/{quiz}[?ranking=team]):
 * - GET without `room`: the 'loading' step and a form that POSTs the launch to the same URL;
 * - POST (intent launch): login, origin, settings, launchGame, then a redirect to `?room=N`,
 *   so a reload resumes the game and never launches a second one;
 * - GET with `room`: the presenter token of that live room, or 'Cette partie est terminée';
 * - POST (intent close, 'Nouvelle partie'): closeGame, then back to the dashboard or folder.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccount, requirePageAccount, type Side } from "./auth.server";
import { closeGame, launchGame, parseLaunchSettings, presenterSession } from "./games.server";
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
    };

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
  const picture = await lobbyPictureUrl(context.db, account);
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
  };
});

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

  const parsed = parseLaunchSettings(url.searchParams, modeOf(routeMode, url.searchParams));
  if (!parsed.ok) throw Refusal.badRequest(parsed.error);
  const { roomNumber } = await launchGame(context, account, quiz, parsed.settings);
  const next = new URLSearchParams();
  if (routeMode === "query" && url.searchParams.get("ranking") === "team") next.set("ranking", "team");
  next.set("room", roomNumber);
  if (folderId !== null) next.set("folderId", String(folderId));
  throw redirect(`${url.pathname}?${next}`);
});
