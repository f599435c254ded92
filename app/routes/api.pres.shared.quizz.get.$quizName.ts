import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { listQuestions } from "~/server/quiz/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quiz/quizzes.server";

/** GET: the quiz's questions, in order, for its owner (or the admin). */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName);
    return sendJson(await listQuestions(context.db, quiz.uniqueName));
  },
});
export const action = loader;
