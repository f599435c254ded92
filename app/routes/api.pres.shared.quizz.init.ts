import { firstIssue, initSchema } from "@common/wizard/schemas";
import { requireAccount } from "~/server/auth.server";
import { readJson } from "~/server/body.server";
import { apiRoute } from "~/server/http.server";
import { createQuiz } from "~/server/quiz-editor.server";
import { Refusal } from "~/server/refusal.server";

/**
 * POST JSON {name, description} -> 201 with the quiz's unique name as text. An optional
 * folderId files the quiz in a folder the account may use (else at the root).
 */
export const action = apiRoute({
  POST: async ({ request, context }) => {
    const account = await requireAccount(request, context);
    const parsed = initSchema.safeParse((await readJson(request)) ?? {});
    if (!parsed.success) throw Refusal.badRequest(firstIssue(parsed.error));
    const uniqueName = await createQuiz(context.db, account, parsed.data);
    return new Response(uniqueName, {
      status: 201,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  },
});
export const loader = action;
