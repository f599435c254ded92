import { firstIssue, quizDetailsSchema } from "@common/wizard/schemas";
import { requireAccount } from "~/server/auth.server";
import { readJson } from "~/server/body.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { updateQuizDetails } from "~/server/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quizzes.server";
import { Refusal } from "~/server/refusal.server";

/**
 * POST JSON {name, description, pointMaxTemps?} -> 200 with the quiz's details: the wizard's
 * first step on a quiz that exists (rename, describe, speed points).
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    const parsed = quizDetailsSchema.safeParse((await readJson(request)) ?? {});
    if (!parsed.success) throw Refusal.badRequest(firstIssue(parsed.error));
    return sendJson(await updateQuizDetails(context.db, quiz, parsed.data));
  },
});
export const loader = action;
