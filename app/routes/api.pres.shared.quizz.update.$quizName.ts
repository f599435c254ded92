import { quizDetailsSchema } from "@common/contracts/wizard/schemas";
import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseJson } from "~/server/http/input.server";
import { updateQuizDetails } from "~/server/quiz/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quiz/quizzes.server";

/**
 * POST JSON {name, description, speedPointsMax?} -> 200 with the quiz's details: the wizard's
 * first step on a quiz that exists (rename, describe, speed points).
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    const input = await parseJson(request, quizDetailsSchema);
    return sendJson(await updateQuizDetails(context.db, quiz, input));
  },
});
export const loader = action;
