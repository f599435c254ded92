import { z } from "zod";
import { requireAccount } from "~/server/auth/auth.server";
import { exportCsv } from "~/server/history/history.server";
import { gameId, HISTORY_MSG } from "~/server/history/played-game.server";
import { apiRoute } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";

const Params = z.object({ gameId, kind: z.enum(["answers", "totals"]) });

/**
 * GET /api/history/{game}/answers: one line per player and question of a game played;
 * /api/history/{game}/totals: one line per player with their totals. CSV in the asker's language
 * and its Excel's form (French and German: `;` and decimal commas; English: `,` and decimal
 * points), as an attachment, for the game's owner or the admin (404 otherwise).
 */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const { gameId: id, kind } = parseParams(params, Params, Refusal.notFound(HISTORY_MSG.notFound));
    const locale = localeOf(request);
    const { body, name } = await exportCsv(context.db, account, id, kind, { t: translator(locale), locale });
    const headers = new Headers();
    headers.set("Content-Type", "text/csv; charset=utf-8");
    headers.set("Content-Disposition", `attachment; filename="${name}"`);
    headers.set("Cache-Control", "no-store");
    return new Response(body, { headers });
  },
});
export const action = loader;
