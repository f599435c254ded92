import { orderSchema } from "@common/contracts/wizard/schemas";
import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseJson } from "~/server/http/input.server";
import { reorderQuestions } from "~/server/quiz/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quiz/quizzes.server";

/** POST JSON {order: [question ids]} -> 200 with the questions in their new order. */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    const input = await parseJson(request, orderSchema);
    return sendJson(await reorderQuestions(context.db, quiz, input.order));
  },
});
export const loader = action;
