import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { loginApi } from "~/server/login.server";

/** POST /api/auth/mj/login {identifiant, password}: 200 {jwt} and the auth_mj cookie; 400; 403. */
export const action = ({ request, context }: ActionFunctionArgs) => loginApi(request, context, "mj");
export const loader = () => Response.json({ error: "Méthode non autorisée" }, { status: 405 });
