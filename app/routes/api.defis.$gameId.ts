import { manageDefiSchema } from "@common/defi/schemas";
import { requireAccount } from "~/server/auth.server";
import { readJson, validInput } from "~/server/body.server";
import { manageDefi } from "~/server/defis.server";
import { apiRoute, sendJson } from "~/server/http.server";

/**
 * The MJ's changes to a défi of theirs (admin: any): POST JSON {action: 'end'} |
 * {action: 'deadline', deadline} | {action: 'rename', playerNo, name} | {action: 'remove', playerNo}
 * -> 200, the défi as the report shows it. Another account's défi answers 404.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const input = validInput(manageDefiSchema, await readJson(request));
    return sendJson(await manageDefi(context.db, account, { ...input, gameId: params.gameId }));
  },
});
export const loader = action;
