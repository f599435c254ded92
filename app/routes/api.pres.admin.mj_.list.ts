import { requireAccount } from "~/server/auth.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { listMjs } from "~/server/mj-admin.server";

/** GET /api/pres/admin/mj/list: the MJ table (admin only; no password, ever). */
export const loader = apiRoute({
  GET: async ({ request, context }) => {
    await requireAccount(request, context, { side: "admin" });
    return sendJson(await listMjs(context.db));
  },
});
export const action = loader;
