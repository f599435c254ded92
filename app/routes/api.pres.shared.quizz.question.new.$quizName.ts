import { requireAccount } from "~/server/auth.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { addQuestionFromForm } from "~/server/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quizzes.server";

/**
 * POST multipart: a photo question (uploadFile, name, coords) or a Street View question (coords,
 * name, iframe, titre, description). Answers 201 with the question. The account and the quiz are
 * checked before the body is read.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    const question = await addQuestionFromForm(context.db, context.cloudflare.env.BUCKET, quiz, request);
    return sendJson(question, 201);
  },
});
export const loader = action;
