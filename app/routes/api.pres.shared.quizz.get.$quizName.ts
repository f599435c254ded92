import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccount } from "~/server/auth.server";
import { listQuestions, requireQuiz } from "~/server/quiz-editor.server";

/** Spec §7: the quiz's questions, in order, for its owner (or the admin). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  const quiz = await requireQuiz(context.db, account, params.quizName, "read");
  return Response.json(await listQuestions(context.db, quiz.uniqueName), {
    headers: { "Cache-Control": "no-store" },
  });
}
