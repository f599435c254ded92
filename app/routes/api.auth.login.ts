import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { loginApi } from "~/server/login.server";

/** POST /api/auth/login {identifiant, password}: 200 {jwt} and the auth_admin cookie; 400; 403. */
export const action = ({ request, context }: ActionFunctionArgs) => loginApi(request, context, "admin");
export const loader = () => Response.json({ error: "Méthode non autorisée" }, { status: 405 });
