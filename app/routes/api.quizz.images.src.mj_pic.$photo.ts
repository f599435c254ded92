import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/server/media.server";

/**
 * Spec §7: GET /api/quizz/images/src/mj_pic/{photo}, an MJ's photo (R2 `pictures/<sha256>.<ext>`,
 * the same objects as /api/quizz/images/src/pictures/{file}). Public like the other image calls:
 * names are content hashes.
 */
const PHOTO = /^[a-f0-9]{64}\.(jpg|png|webp|gif)$/;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const photo = params.photo ?? "";
  if (!PHOTO.test(photo)) return new Response("Introuvable", { status: 404 });
  return serveMedia(context.cloudflare.env.BUCKET, `pictures/${photo}`, request);
}
