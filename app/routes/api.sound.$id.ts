import { apiRoute } from "~/server/http.server";
import { serveSound } from "~/server/sounds.server";

/**
 * GET /api/sound/{id}: the game sound number `id` (1 lobby, 2 ranking, 3 end, 4 warning, 5–7
 * during questions), the admin's replacement or the shipped default.
 */
export const loader = apiRoute({
  GET: ({ params, request, context }) => serveSound(context.db, context.cloudflare.env.BUCKET, params.id, request),
});
export const action = loader;
