import { apiRoute } from "~/server/http.server";
import { serveQuestionPhoto } from "~/server/media.server";

/** GET: a question's photo, public like the /watch page, for the quiz whose question uses it. */
export const loader = apiRoute({
  GET: ({ request, context, params }) =>
    serveQuestionPhoto(context.db, context.cloudflare.env.BUCKET, params.quizName, params.filename, request),
});
export const action = loader;
