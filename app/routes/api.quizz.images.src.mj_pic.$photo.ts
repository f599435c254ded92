import { apiRoute } from "~/server/http.server";
import { servePicture } from "~/server/media.server";

/** GET: an MJ's photo (the same `pictures/` objects as /api/quizz/images/src/pictures/{file}). */
export const loader = apiRoute({
  GET: ({ request, context, params }) => servePicture(context.cloudflare.env.BUCKET, params.photo, request),
});
export const action = loader;
