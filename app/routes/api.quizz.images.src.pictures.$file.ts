import { apiRoute } from "~/server/http.server";
import { servePicture } from "~/server/media.server";

/** GET: folder pictures, MJ photos and lobby pictures (R2 `pictures/<sha256>.<ext>`). */
export const loader = apiRoute({
  GET: ({ request, context, params }) => servePicture(context.cloudflare.env.BUCKET, params.file, request),
});
export const action = loader;
