import { requireAccount } from "~/server/auth.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { resetSound } from "~/server/sounds.server";

/** POST /api/pres/admin/resetSound/{id}: back to the shipped sound public/sounds/{id}.mp3. */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    await requireAccount(request, context, { side: "admin" });
    await resetSound(context.db, context.cloudflare.env.BUCKET, Number(params.id));
    return sendJson({ message: "Son d'origine rétabli" });
  },
});
export const loader = action;
