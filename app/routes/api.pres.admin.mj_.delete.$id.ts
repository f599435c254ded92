import { requireAccount } from "~/server/auth.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { deleteMessage, deleteMj } from "~/server/mj-admin.server";

/**
 * POST /api/pres/admin/mj/delete/{id} (a POST: a GET never changes anything). The MJ's quizzes
 * and folders go to the admin, their live games end.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const admin = await requireAccount(request, context, { side: "admin" });
    return sendJson({ message: deleteMessage(await deleteMj(context, admin, params.id)) });
  },
});
export const loader = action;
