import { apiRoute } from "~/server/http.server";
import { checkApi } from "~/server/login.server";

/** GET /api/auth/mj/check: 200 for a valid MJ session (not expired), else 401/403 and the cookie deleted. */
export const loader = apiRoute({
  GET: ({ request, context }) => checkApi(request, context, "mj"),
});
export const action = loader;
