import { requireAccount } from "~/server/auth.server";
import { exportCsv } from "~/server/history.server";
import { apiRoute } from "~/server/http.server";

/** GET: one line per player and question of a game played, as CSV (owner or admin; 404 otherwise). */
export const loader = apiRoute({
  GET: async ({ request, context, params }) =>
    exportCsv(context, await requireAccount(request, context), params.gameId, "answers"),
});
export const action = loader;
