import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { checkApi } from "~/server/login.server";

/** GET /api/auth/mj/check: 200 for a valid MJ token (not expired), else 401/403 and the cookie deleted. */
export const loader = ({ request, context }: LoaderFunctionArgs) => checkApi(request, context, "mj");
