import { apiRoute } from "~/server/http.server";
import { checkApi } from "~/server/login.server";

/** GET /api/auth/check: 200 for a valid admin session, else 401/403 and the cookie deleted. */
export const loader = apiRoute({
  GET: ({ request, context }) => checkApi(request, context, "admin"),
});
export const action = loader;
