import { z } from "zod";
import { requireAccount } from "~/server/auth.server";
import { exportCsv, gameId, HISTORY_MSG } from "~/server/history.server";
import { apiRoute } from "~/server/http.server";
import { parseParams } from "~/server/input.server";
import { Refusal } from "~/server/refusal.server";

const Params = z.object({ gameId, kind: z.enum(["answers", "totals"]) });

/**
 * GET /api/history/{game}/answers: one line per player and question of a game played;
 * /api/history/{game}/totals: one line per player with their totals. CSV for French Excel, as an
 * attachment, for the game's owner or the admin (404 otherwise).
 */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const { gameId: id, kind } = parseParams(params, Params, Refusal.notFound(HISTORY_MSG.notFound));
    const { body, name } = await exportCsv(context.db, account, id, kind);
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
export const action = loader;
