import { apiRoute } from "~/server/http.server";
import { logoutApi } from "~/server/login.server";

/**
 * POST /api/auth/logout: ends the sessions of both sides (or the one named by `side`): their
 * accounts' tokens are revoked everywhere, the cookies cleared, then home. A POST, so that a
 * link or an image elsewhere cannot log anyone out.
 */
export const action = apiRoute({
  POST: ({ request, context }) => logoutApi(request, context),
});
export const loader = action;
