import { apiRoute } from "~/server/http.server";
import { serveQuestionPhoto } from "~/server/media.server";
import { requireShownPhoto } from "~/server/played-quiz.server";

/**
 * GET: a question's photo, public like the /watch page, for the quiz whose question uses it; while
 * the quiz is played, to the public only once its question was revealed.
 */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    await requireShownPhoto(request, context, params.quizName, params.filename);
    return serveQuestionPhoto(context.db, context.cloudflare.env.BUCKET, params.quizName, params.filename, request);
  },
});
export const action = loader;
