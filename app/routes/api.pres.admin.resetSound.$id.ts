import { z } from "zod";
import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { MSG_SOUND, resetSound, soundId } from "~/server/media/sounds.server";

const Params = z.object({ id: soundId });

/** POST /api/pres/admin/resetSound/{id}: back to the shipped sound public/sounds/{id}.mp3. */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    await requireAccount(request, context, { side: "admin" });
    const { id } = parseParams(params, Params, Refusal.notFound(MSG_SOUND.notFound));
    await resetSound(context.db, context.cloudflare.env.BUCKET, id);
    return sendJson({ message: translator(localeOf(request))("admin.sound.resetDone") });
  },
});
export const loader = action;
