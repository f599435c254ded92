import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { WIZARD_MSG } from "@common/wizard/types";
import { assertSameOrigin, requireAccount } from "~/server/auth.server";
import { deleteQuestion, jsonError, listQuestions, requireQuiz } from "~/server/quiz-editor.server";

/**
 * Removes one question (a POST, never a GET: DESIGN §6). The last segment is the question's id
 * or, as in the spec's path, its photo's file name. Answers with the questions left.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Méthode non autorisée");
  assertSameOrigin(request);
  const account = await requireAccount(request, context);
  const quiz = await requireQuiz(context.db, account, params.quizName, "change");
  const bucket = context.cloudflare.env.BUCKET;
  if (!(await deleteQuestion(context.db, bucket, quiz, params.filename ?? ""))) {
    return jsonError(404, WIZARD_MSG.questionNotFound);
  }
  return Response.json(await listQuestions(context.db, quiz.uniqueName));
}

/** The spec's GET would change data on a GET: refused, the wizard POSTs. */
export function loader() {
  return jsonError(405, "Méthode non autorisée");
}
