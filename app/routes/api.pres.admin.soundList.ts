import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { soundList } from "~/server/media/sounds.server";

/** GET /api/pres/admin/soundList: the ordered array of sound URLs (admin only). */
export const loader = apiRoute({
  GET: async ({ request, context }) => {
    await requireAccount(request, context, { side: "admin" });
    return sendJson(await soundList(context.db));
  },
});
export const action = loader;
