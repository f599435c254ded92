import { apiRoute } from "~/server/http.server";
import { loginApi } from "~/server/login.server";

/** POST /api/auth/login {identifiant, password}: 200 {jwt} and the auth_admin cookie; 400; 403. */
export const action = apiRoute({
  POST: ({ request, context }) => loginApi(request, context, "admin"),
});
export const loader = action;
