import { z } from "zod";
import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { deleteQuestion, listQuestions } from "~/server/quiz/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quiz/quizzes.server";
import { Refusal } from "~/server/http/refusal.server";
import { WIZARD_MSG } from "@common/contracts/wizard/types";

/** The question's id or its photo's file name: deleteQuestion tells which. */
const Params = z.object({ filename: z.string() });

/**
 * Removes one question, by a POST (a GET never changes anything). The last segment is the
 * question's id or its photo's file name. Answers with the questions left.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    const { filename } = parseParams(params, Params, Refusal.notFound(WIZARD_MSG.questionNotFound));
    await deleteQuestion(context.db, context.cloudflare.env.BUCKET, quiz, filename);
    return sendJson(await listQuestions(context.db, quiz.uniqueName));
  },
});
export const loader = action;
