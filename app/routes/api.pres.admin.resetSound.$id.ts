import { z } from "zod";
import { requireAccount } from "~/server/auth.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { parseParams } from "~/server/input.server";
import { Refusal } from "~/server/refusal.server";
import { localeOf, translator } from "~/server/i18n.server";
import { MSG_SOUND, resetSound, soundId } from "~/server/sounds.server";

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
