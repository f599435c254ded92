import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { dashboardPath, presenterRoomPath, sideOfPath } from "@common/contracts/dashboard/format";
import type { Side } from "@common/contracts/dashboard/types";
import { MSG } from "@common/contracts/messages";
import type { PresenterPageData } from "@common/contracts/presenter/types";
import { PresenterPage } from "~/features/presenter/PresenterPage";
import { presenterLinks, presenterMeta } from "~/features/presenter/route-exports";
import { requireAccount, requirePageAccount } from "~/server/auth/auth.server";
import { launchGame, parseLaunchSettings } from "~/server/rooms/games.server";
import { pageAction, pageLoader } from "~/server/http/http.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { parseForm, parseParams, parseQuery } from "~/server/http/input.server";
import { endOfRound, LaunchParams, PresenterQuery, RoundForm } from "~/server/rooms/presenter.server";
import { Refusal } from "~/server/http/refusal.server";
import { ROOM_NUMBER } from "~/server/rooms/rooms.server";

/**
 * The launch of a game: /pres/{quiz} and /pres/{quiz}/player (the admin, players ranked),
 * /pres/{quiz}/team (teams ranked), /mj/{quiz}[?ranking=team] (a game master). GET shows the
 * launch step, whose form POSTs here; the game's screen is then /pres/salle/{room} or
 * /mj/salle/{room} (room.tsx). The launch step speaks the game master's language; the night
 * speaks `lang` of the query, or that same language.
 */
export const links: LinksFunction = presenterLinks;
export const meta = presenterMeta;

/** The ranking the address asks for: /pres/{quiz}/team, or /mj/{quiz}?ranking=team. */
function rankingOf(url: URL, side: Side): "player" | "team" {
  if (side === "mj") return url.searchParams.get("ranking") === "team" ? "team" : "player";
  return url.pathname.split("/")[3] === "team" ? "team" : "player";
}

/** The launch step, or the room's address for an old `?room=N` one. */
export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs): Promise<PresenterPageData> => {
  const url = new URL(request.url);
  const side = sideOfPath(url.pathname);
  const { folderId, room } = parseQuery(request, PresenterQuery, Refusal.badRequest());
  // A bookmarked or reloaded screen of before: the room's own address says no more than the number.
  if (room !== null && ROOM_NUMBER.test(room)) throw redirect(presenterRoomPath(side, room, folderId));
  // The login form lives on the dashboard.
  await requirePageAccount(request, context, side);
  parseParams(params, LaunchParams, Refusal.notFound(MSG.quizNotFound));
  const dashboard = dashboardPath(side, folderId);
  // Before the night has begun, the game master's language.
  const locale = localeOf(request);
  const title = translator(locale)("presenter.meta.launch");
  if (room !== null) return { kind: "ended", side, dashboard, title };
  const parsed = parseLaunchSettings(url.searchParams, rankingOf(url, side), locale);
  return { kind: "launch", side, error: parsed.ok ? null : parsed.error, dashboard, title };
});

/** The launch (a page of before may still post the end of a round here). */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const url = new URL(request.url);
  const side = sideOfPath(url.pathname);
  const { folderId } = parseQuery(request, PresenterQuery, Refusal.badRequest());
  const account = await requireAccount(request, context, { side });
  const { quiz } = parseParams(params, LaunchParams, Refusal.notFound(MSG.quizNotFound));
  const form = await parseForm(request, RoundForm);
  const room = typeof form.room === "string" ? form.room : "";
  const answered = await endOfRound(context, account, room, form, { side, folderId });
  if (answered) throw answered;

  const parsed = parseLaunchSettings(url.searchParams, rankingOf(url, side), localeOf(request));
  if (!parsed.ok) throw Refusal.badRequest(parsed.error);
  const { roomNumber } = await launchGame(context, account, quiz, parsed.settings);
  throw redirect(presenterRoomPath(side, roomNumber, folderId));
});

export default PresenterPage;
