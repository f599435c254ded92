import { requireAccount } from "~/server/auth.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { updateQuestionFromForm } from "~/server/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quizzes.server";

/**
 * POST multipart -> 200 with the question: any of name and coords; for a photo question a new
 * uploadFile; for a Street View question titre, description and iframe. Fields not sent stay.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    return sendJson(await updateQuestionFromForm(context.db, context.cloudflare.env.BUCKET, quiz, params.id, request));
  },
});
export const loader = action;
