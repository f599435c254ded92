import { QUESTION_PHOTO_MAX_BYTES } from "@common/rules";
import { WIZARD_MSG } from "@common/contracts/wizard/types";
import { requireAccount } from "~/server/auth/auth.server";
import { uploadBodyBytes } from "~/server/http/body.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseForm } from "~/server/http/input.server";
import { QuestionForm, questionOf, updateQuestionFromForm } from "~/server/quiz/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quiz/quizzes.server";

/**
 * POST multipart -> 200 with the question: any of name and coords; for a photo question a new
 * uploadFile; for a Street View question titre, description and iframe. Fields not sent stay.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    // The question is found before its upload is read.
    const question = await questionOf(context.db, quiz, params.id);
    const form = await parseForm(request, QuestionForm, {
      maxBytes: uploadBodyBytes(QUESTION_PHOTO_MAX_BYTES),
      tooLarge: WIZARD_MSG.tooLarge,
      fallback: WIZARD_MSG.required,
    });
    return sendJson(await updateQuestionFromForm(context.db, context.cloudflare.env.BUCKET, quiz, question, form));
  },
});
export const loader = action;
