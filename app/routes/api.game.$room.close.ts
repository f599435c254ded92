import { requireAccount } from "~/server/auth.server";
import { closeGame } from "~/server/games.server";
import { apiRoute, sendJson } from "~/server/http.server";

/** 'Nouvelle partie' over HTTP: POST -> 200 {ok: true}; a room already gone is fine too. */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    await closeGame(context, account, params.room ?? "");
    return sendJson({ ok: true });
  },
});
export const loader = action;
