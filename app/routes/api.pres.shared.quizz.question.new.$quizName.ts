import { QUESTION_PHOTO_MAX_BYTES } from "@common/rules";
import { WIZARD_MSG } from "@common/contracts/wizard/types";
import { requireAccount } from "~/server/auth/auth.server";
import { uploadBodyBytes } from "~/server/http/body.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseForm } from "~/server/http/input.server";
import { addQuestionFromForm, assertRoomForOne, QuestionForm } from "~/server/quiz/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quiz/quizzes.server";

/**
 * POST multipart: a photo question (uploadFile, name, coords) or a Street View question (coords,
 * name, iframe, titre, description). Answers 201 with the question. The account and the quiz are
 * checked before the body is read.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const quiz = await requireOwnedQuiz(context.db, account, params.quizName, "build");
    // A full quiz is refused before its upload is read; appendQuestion decides a race.
    await assertRoomForOne(context.db, quiz.uniqueName);
    const form = await parseForm(request, QuestionForm, {
      maxBytes: uploadBodyBytes(QUESTION_PHOTO_MAX_BYTES),
      tooLarge: WIZARD_MSG.tooLarge,
      fallback: WIZARD_MSG.required,
    });
    const question = await addQuestionFromForm(context.db, context.cloudflare.env.BUCKET, quiz, form);
    return sendJson(question, 201);
  },
});
export const loader = action;
