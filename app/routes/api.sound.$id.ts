import { z } from "zod";
import { apiRoute } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import { MSG_SOUND, serveSound, soundId } from "~/server/media/sounds.server";

const Params = z.object({ id: soundId });

/**
 * GET /api/sound/{id}: the game sound number `id` (1 lobby, 2 ranking, 3 end, 4 warning, 5–7
 * during questions), the admin's replacement or the shipped default.
 */
export const loader = apiRoute({
  GET: ({ params, request, context }) => {
    const { id } = parseParams(params, Params, Refusal.notFound(MSG_SOUND.notFound));
    return serveSound(context.db, context.cloudflare.env.BUCKET, id, request.headers);
  },
});
export const action = loader;
