import { requireAccount } from "~/server/auth.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { deleteQuestion, listQuestions } from "~/server/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quizzes.server";

/**
 * Removes one question, by a POST (a GET never changes anything). The last segment is the
 * question's id or its photo's file name. Answers with the questions left.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    await deleteQuestion(context.db, context.cloudflare.env.BUCKET, quiz, params.filename ?? "");
    return sendJson(await listQuestions(context.db, quiz.uniqueName));
  },
});
export const loader = action;
