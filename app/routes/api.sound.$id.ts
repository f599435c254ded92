import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/server/media.server";
import { DEFAULT_SOUND_IDS } from "@common/sounds";
import { soundOverride } from "~/server/sounds.server";

/**
 * GET /api/sound/{id} (spec §7): the game sound number `id` (spec §9: 1 lobby, 2 ranking,
 * 3 end, 4 warning, 5–7 during questions). The admin's replacement (R2, /pres/sound) when there
 * is one, else the default shipped in public/sounds (scripts/make-default-sounds.mjs), by a
 * redirect so that the static file keeps its caching and ranges.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!(DEFAULT_SOUND_IDS as readonly number[]).includes(id) || String(id) !== params.id) {
    return new Response("Son introuvable", { status: 404 });
  }
  const key = await soundOverride(context.db, id);
  if (key) {
    const media = await serveMedia(context.cloudflare.env.BUCKET, key, request);
    // The URL stays while the sound may change: revalidate each time (the ETag makes it cheap).
    const headers = new Headers(media.headers);
    headers.set("Cache-Control", "no-cache");
    return new Response(media.body, { status: media.status, headers });
  }
  // Not cached: once an admin replaces a sound, the next game must hear the new one.
  return new Response(null, {
    status: 302,
    headers: { Location: `/sounds/${id}.mp3`, "Cache-Control": "no-store" },
  });
}
