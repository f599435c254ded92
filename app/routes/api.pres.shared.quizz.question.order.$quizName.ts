import { firstIssue, orderSchema } from "@common/wizard/schemas";
import { requireAccount } from "~/server/auth.server";
import { readJson } from "~/server/body.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { reorderQuestions } from "~/server/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quizzes.server";
import { Refusal } from "~/server/refusal.server";

/** POST JSON {order: [question ids]} -> 200 with the questions in their new order. */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    const parsed = orderSchema.safeParse(await readJson(request));
    if (!parsed.success) throw Refusal.badRequest(firstIssue(parsed.error));
    return sendJson(await reorderQuestions(context.db, quiz, parsed.data.order));
  },
});
export const loader = action;
