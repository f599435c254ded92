import { requireAccount } from "~/server/auth.server";
import { exportCsv } from "~/server/history.server";
import { apiRoute } from "~/server/http.server";

/** GET: one line per player of a game played with their totals, as CSV (owner or admin; 404 otherwise). */
export const loader = apiRoute({
  GET: async ({ request, context, params }) =>
    exportCsv(context, await requireAccount(request, context), params.gameId, "totals"),
});
export const action = loader;
