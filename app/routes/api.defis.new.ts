import { createDefiSchema } from "@common/contracts/defi/schemas";
import { requireAccount } from "~/server/auth/auth.server";
import { createDefi } from "~/server/defi/defi-create.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseJson } from "~/server/http/input.server";

/**
 * « Créer un défi » (dashboard): POST JSON {quiz, deadline (ms), answerTimeSec, helpZone (m or
 * null), nameMode ('free' | 'pseudo')} -> 201 {gameId, code, path, deadline}. Refusals:
 * 400/401/403/404/409 with a French {error}.
 */
export const action = apiRoute({
  POST: async ({ request, context }) => {
    const account = await requireAccount(request, context);
    const input = await parseJson(request, createDefiSchema);
    return sendJson(await createDefi(context.db, account, input), 201);
  },
});
export const loader = action;
