import { z } from "zod";
import { manageDefiSchema } from "@common/contracts/defi/schemas";
import { requireAccount } from "~/server/auth/auth.server";
import { manageDefi } from "~/server/defi/defi-manage.server";
import { gameId, HISTORY_MSG } from "~/server/history/played-game.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseJson, parseParams } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";

const Params = z.object({ gameId });

/**
 * The MJ's changes to a défi of theirs (admin: any): POST JSON {action: 'end'} |
 * {action: 'deadline', deadline} | {action: 'rename', playerNo, name} | {action: 'remove', playerNo}
 * -> 200, the défi as the report shows it. Another account's défi answers 404.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const input = await parseJson(request, manageDefiSchema);
    const { gameId: id } = parseParams(params, Params, Refusal.notFound(HISTORY_MSG.notFound));
    return sendJson(await manageDefi(context.db, account, { ...input, gameId: id }));
  },
});
export const loader = action;
