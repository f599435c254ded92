import { z } from "zod";
import { MSG } from "@common/contracts/messages";
import { UNIQUE_NAME } from "@common/util/slug";
import { sessionAccounts } from "~/server/auth/auth.server";
import { apiRoute } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { pictureFile, serveQuestionPhoto } from "~/server/media/media.server";
import { requireShownPhoto } from "~/server/quiz/played-quiz.server";
import { Refusal } from "~/server/http/refusal.server";

const Params = z.object({ quizName: z.string().regex(UNIQUE_NAME), filename: pictureFile });

/**
 * GET: a question's photo, public like the /watch page, for the quiz whose question uses it; while
 * the quiz is played, to the public only once its question was revealed.
 */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    const { quizName, filename } = parseParams(params, Params, Refusal.notFound(MSG.fileNotFound));
    await requireShownPhoto(context, () => sessionAccounts(request, context), quizName, filename);
    return serveQuestionPhoto(context.db, context.cloudflare.env.BUCKET, quizName, filename, request.headers);
  },
});
export const action = loader;
