import { z } from "zod";
import { logOut } from "~/server/auth/auth.server";
import { apiRoute } from "~/server/http/http.server";
import { parseForm } from "~/server/http/input.server";

/** `side` names one side; anything else (or nothing) is both. */
const LogoutForm = z.object({ side: z.enum(["admin", "mj"]).optional().catch(undefined) });

/**
 * POST /api/auth/logout: ends the sessions of both sides (or the one named by `side`): their
 * accounts' tokens are revoked everywhere, the cookies cleared, then home. A POST, so that a
 * link or an image elsewhere cannot log anyone out.
 */
export const action = apiRoute({
  POST: async ({ request, context }) => {
    const { side } = await parseForm(request, LogoutForm);
    return logOut(request, context, side ? [side] : ["admin", "mj"]);
  },
});
export const loader = action;
