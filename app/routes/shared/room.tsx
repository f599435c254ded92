import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { sideOfPath } from "@common/contracts/dashboard/format";
import { MSG } from "@common/contracts/messages";
import type { PresenterPageData, RoundRefused } from "@common/contracts/presenter/types";
import { PresenterPage } from "~/features/presenter/PresenterPage";
import { presenterLinks, presenterMeta } from "~/features/presenter/route-exports";
import { requireAccount, requirePageAccount } from "~/server/auth/auth.server";
import { pageAction, pageLoader } from "~/server/http/http.server";
import { localeOf } from "~/server/i18n/i18n.server";
import { parseForm, parseQuery } from "~/server/http/input.server";
import { endOfRound, PresenterQuery, presenterScreen, RoundForm } from "~/server/rooms/presenter.server";
import { Refusal } from "~/server/http/refusal.server";
import { clientAddress, countRoomCall } from "~/server/throttle/throttle.server";

/**
 * A launched game's screen: /pres/salle/{room} (the admin) and /mj/salle/{room} (a game master),
 * at an address naming only the room, in the night's language (its catalog comes with the page's
 * data). Its end-of-round forms POST here.
 */
export const links: LinksFunction = presenterLinks;
export const meta = presenterMeta;

/** Any text: a room number that is no live room of the account's is a game that has ended. */
const Params = z.object({ room: z.string().catch("") });

export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs): Promise<PresenterPageData> => {
  const url = new URL(request.url);
  const side = sideOfPath(url.pathname);
  const { folderId } = parseQuery(request, PresenterQuery, Refusal.badRequest());
  const account = await requirePageAccount(request, context, side);
  const { room } = Params.parse(params);
  return presenterScreen(context, account, room, { side, folderId, url, pageLocale: localeOf(request) });
});

/**
 * The end of a round: close, replay or another quiz. A refusal comes back as words (`refused`),
 * for the screen to say in the night's language.
 */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const side = sideOfPath(new URL(request.url).pathname);
  const { folderId } = parseQuery(request, PresenterQuery, Refusal.badRequest());
  const account = await requireAccount(request, context, { side });
  const { room } = Params.parse(params);
  await countRoomCall(context, clientAddress(request));
  try {
    const answered = await endOfRound(context, account, room, await parseForm(request, RoundForm), { side, folderId });
    if (!answered) throw Refusal.badRequest(MSG.required);
    throw answered;
  } catch (error) {
    if (error instanceof Refusal) return data<RoundRefused>({ refused: error.words }, { status: error.status, headers: error.headers });
    throw error;
  }
});

export default PresenterPage;
