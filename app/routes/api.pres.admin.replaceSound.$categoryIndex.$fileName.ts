import { SOUND_MAX_BYTES, SOUND_TOO_LARGE } from "@common/rules";
import { requireAccount } from "~/server/auth/auth.server";
import { uploadBodyBytes } from "~/server/http/body.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseForm, parseParams } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { MSG_SOUND, readMp3, ReplacedSound, replaceSound, SoundUpload } from "~/server/media/sounds.server";

/**
 * POST /api/pres/admin/replaceSound/{categoryIndex}/{fileName}, multipart field `file`.
 * {fileName} names the sound replaced: `{id}.mp3`. Only real mp3 files named .mp3, 5 MB at
 * most; a refusal stores nothing.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    await requireAccount(request, context, { side: "admin" });
    const id = parseParams(params, ReplacedSound, Refusal.notFound(MSG_SOUND.notFound));
    const { file } = await parseForm(request, SoundUpload, {
      maxBytes: uploadBodyBytes(SOUND_MAX_BYTES),
      tooLarge: SOUND_TOO_LARGE,
      fallback: MSG_SOUND.missing,
    });
    await replaceSound(context.db, context.cloudflare.env.BUCKET, id, await readMp3(file));
    return sendJson({ message: translator(localeOf(request))("admin.sound.replaced") });
  },
});
export const loader = action;
