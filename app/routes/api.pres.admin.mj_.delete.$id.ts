import { z } from "zod";
import { MSG_MJ } from "@common/contracts/admin/types";
import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { deleteMessage, deleteMj, mjId } from "~/server/admin/mj-admin.server";
import { Refusal } from "~/server/http/refusal.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";

const Params = z.object({ id: mjId });

/**
 * POST /api/pres/admin/mj/delete/{id} (a POST: a GET never changes anything). The MJ's quizzes
 * and folders go to the admin, their live games end.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const admin = await requireAccount(request, context, { side: "admin" });
    const { id } = parseParams(params, Params, Refusal.notFound(MSG_MJ.notFound));
    const t = translator(localeOf(request));
    return sendJson({ message: deleteMessage(await deleteMj(context, admin, id, t), t) });
  },
});
export const loader = action;
