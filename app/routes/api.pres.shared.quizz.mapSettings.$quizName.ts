import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { WIZARD_MSG } from "@common/wizard/types";
import { firstIssue, mapSettingsSchema } from "@common/wizard/schemas";
import { assertSameOrigin, requireAccount } from "~/server/auth.server";
import { jsonError, listQuestions, requireQuiz, saveMapSettings } from "~/server/quiz-editor.server";

/**
 * Spec §7: POST JSON {mapSettings: {center, bounds, zoom}} -> 200. The last step of the wizard:
 * a quiz is finished only with at least one question and a centre inside its bounds.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Méthode non autorisée");
  assertSameOrigin(request);
  const account = await requireAccount(request, context);
  const quiz = await requireQuiz(context.db, account, params.quizName, "change");
  const parsed = mapSettingsSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return jsonError(400, firstIssue(parsed.error));
  if ((await listQuestions(context.db, quiz.uniqueName)).length === 0) {
    return jsonError(400, WIZARD_MSG.atLeastOneQuestion);
  }
  await saveMapSettings(context.db, quiz, parsed.data.mapSettings);
  return Response.json({ ok: true });
}
