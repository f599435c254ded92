import { apiRoute } from "~/server/http.server";
import { logout } from "~/server/login.server";

/**
 * POST /api/auth/logout: clears both session cookies (or the one named by `side`) and goes
 * home. A POST, so that a link or an image elsewhere cannot log anyone out.
 */
export const action = apiRoute({
  POST: ({ request }) => logout(request),
});
export const loader = action;
