import { sideOfPath } from "@common/contracts/dashboard/format";
import { clearCookie, requireAccount } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { Refusal } from "~/server/http/refusal.server";

/**
 * GET /api/auth/check (the administrator) and /api/auth/mj/check (a game master, not expired):
 * 200 {ok, admin, name} for a valid session of that side; any refusal (401, 403) also deletes
 * that side's cookie, so the page shows its login again.
 */
export const loader = apiRoute({
  GET: async ({ request, context }) => {
    const side = sideOfPath(new URL(request.url).pathname);
    try {
      const account = await requireAccount(request, context, { side });
      return sendJson({ ok: true, admin: account.role === "admin", name: account.name });
    } catch (error) {
      if (error instanceof Refusal) error.headers.set("Set-Cookie", clearCookie(request, side));
      throw error;
    }
  },
});
export const action = loader;
