import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/server/media.server";

/**
 * GET /api/quizz/images/src/pictures/{file}: folder pictures, MJ photos and lobby pictures
 * (R2 `pictures/<sha256>.<ext>`). Public like the spec's image calls; names are content hashes.
 */
const FILE = /^[a-f0-9]{64}\.(jpg|png|webp|gif)$/;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!FILE.test(file)) return new Response("Introuvable", { status: 404 });
  return serveMedia(context.cloudflare.env.BUCKET, `pictures/${file}`, request);
}
