import { initSchema } from "@common/contracts/wizard/schemas";
import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute } from "~/server/http/http.server";
import { parseJson } from "~/server/http/input.server";
import { createQuiz } from "~/server/quiz/quiz-editor.server";

/**
 * POST JSON {name, description} -> 201 with the quiz's unique name as text. An optional
 * folderId files the quiz in a folder the account may use (else at the root).
 */
export const action = apiRoute({
  POST: async ({ request, context }) => {
    const account = await requireAccount(request, context);
    const input = await parseJson(request, initSchema);
    const uniqueName = await createQuiz(context.db, account, input);
    return new Response(uniqueName, {
      status: 201,
      // eslint-disable-next-line lingui/no-unlocalized-strings -- HTTP headers, read by browsers only
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  },
});
export const loader = action;
