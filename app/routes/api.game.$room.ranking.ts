import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccount } from "~/server/auth.server";
import { roomRanking } from "~/server/games.server";
import { MSG } from "@common/messages";

/**
 * The full ranking of a live room (DESIGN §5: the socket carries only the top), for the
 * account that owns the game (admin: any). 200 {phase, playersCount, ranking, teams}.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  const ranking = await roomRanking(context, account, params.room ?? "");
  if (!ranking) return Response.json({ error: MSG.roomNotFound }, { status: 404 });
  return Response.json(ranking, { headers: { "Cache-Control": "no-store" } });
}
