import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { firstIssue, initSchema } from "@common/wizard/schemas";
import { assertSameOrigin, requireAccount } from "~/server/auth.server";
import { createQuiz, jsonError } from "~/server/quiz-editor.server";

/**
 * Spec §7: POST JSON {name, description} -> 201 with the quiz's unique name as text.
 * An optional folderId files the quiz in a folder the account may use (else at the root).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Méthode non autorisée");
  assertSameOrigin(request);
  const account = await requireAccount(request, context);
  const body = await request.json().catch(() => null);
  const parsed = initSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonError(400, firstIssue(parsed.error));
  const uniqueName = await createQuiz(context.db, account, parsed.data);
  return new Response(uniqueName, {
    status: 201,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
