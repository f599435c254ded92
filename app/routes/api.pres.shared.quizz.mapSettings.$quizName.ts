import { WIZARD_MSG } from "@common/contracts/wizard/types";
import { mapSettingsSchema } from "@common/contracts/wizard/schemas";
import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseJson } from "~/server/http/input.server";
import { listQuestions, saveMapSettings } from "~/server/quiz/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quiz/quizzes.server";
import { Refusal } from "~/server/http/refusal.server";

/**
 * POST JSON {mapSettings: {center, bounds, zoom}} -> 200. The last step of the wizard: a quiz is
 * finished only with at least one question and a centre inside its bounds.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    const input = await parseJson(request, mapSettingsSchema);
    if ((await listQuestions(context.db, quiz.uniqueName)).length === 0) {
      throw Refusal.badRequest(WIZARD_MSG.atLeastOneQuestion);
    }
    await saveMapSettings(context.db, quiz, input.mapSettings);
    return sendJson({ ok: true });
  },
});
export const loader = action;
