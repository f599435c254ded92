import { SOUND_MAX_BYTES, SOUND_TOO_LARGE } from "@common/rules";
import { requireAccount } from "~/server/auth.server";
import { readForm, uploadBodyBytes } from "~/server/body.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { readMp3, replaceSound, targetSound } from "~/server/sounds.server";

/**
 * POST /api/pres/admin/replaceSound/{categoryIndex}/{fileName}, multipart field `file`.
 * {fileName} names the sound replaced: `{id}.mp3`. Only real mp3 files named .mp3, 5 MB at
 * most; a refusal stores nothing.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    await requireAccount(request, context, { side: "admin" });
    const id = targetSound(params.categoryIndex, params.fileName);
    const form = await readForm(request, uploadBodyBytes(SOUND_MAX_BYTES), SOUND_TOO_LARGE);
    const bytes = await readMp3(form?.get("file") ?? null);
    await replaceSound(context.db, context.cloudflare.env.BUCKET, id, bytes);
    return sendJson({ message: "Son remplacé" });
  },
});
export const loader = action;
