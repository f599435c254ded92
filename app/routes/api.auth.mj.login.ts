import { apiRoute } from "~/server/http.server";
import { loginApi } from "~/server/login.server";

/** POST /api/auth/mj/login {identifiant, password}: 200 {jwt} and the auth_mj cookie; 400; 403. */
export const action = apiRoute({
  POST: ({ request, context }) => loginApi(request, context, "mj"),
});
export const loader = action;
