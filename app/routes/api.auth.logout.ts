import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { assertSameOrigin, clearCookie } from "~/server/auth.server";

/**
 * POST /api/auth/logout: clears both session cookies (or the one named by `side`) and goes
 * home. A POST, so that a link or an image elsewhere cannot log anyone out.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  let side: FormDataEntryValue | null = null;
  try {
    side = (await request.formData()).get("side");
  } catch {
    // No form: clear both.
  }
  const headers = new Headers();
  if (side !== "mj") headers.append("Set-Cookie", clearCookie(request, "admin"));
  if (side !== "admin") headers.append("Set-Cookie", clearCookie(request, "mj"));
  return redirect("/", { headers });
}

export const loader = () => Response.json({ error: "Méthode non autorisée" }, { status: 405 });
