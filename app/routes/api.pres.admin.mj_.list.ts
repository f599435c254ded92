import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { listMjs } from "~/server/admin/mj-admin.server";
import { localeOf } from "~/server/i18n/i18n.server";

/** GET /api/pres/admin/mj/list: the MJ table, its days in the asker's language (admin only; no password, ever). */
export const loader = apiRoute({
  GET: async ({ request, context }) => {
    await requireAccount(request, context, { side: "admin" });
    return sendJson(await listMjs(context.db, localeOf(request)));
  },
});
export const action = loader;
