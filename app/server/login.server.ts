import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { accounts, type Account } from "@db/schema";
import { clearCookie, requireAccount, sessionCookie, signSession, type Side } from "./auth.server";
import { sendJson } from "./http.server";
import { MSG } from "@common/messages";
import { hashPassword, verifyPassword } from "./password.server";
import { Refusal } from "./refusal.server";

/**
 * One login for both the login forms (page actions) and the JSON calls /api/auth/login and
 * /api/auth/mj/login: same checks, same answers.
 */
export const MSG_LOGIN = {
  expired: "Votre accès a expiré : contactez l'administrateur",
} as const;

let decoyHash: Promise<string> | null = null;

/** Unknown mail: still derive a hash, so the answer time does not tell which mails exist. */
async function decoy(password: string) {
  decoyHash ??= hashPassword("decoy-password-never-used");
  await verifyPassword(password, await decoyHash);
}

export async function login(
  context: AppLoadContext,
  side: Side,
  identifiant: unknown,
  password: unknown,
): Promise<{ account: Account; token: string }> {
  const mail = typeof identifiant === "string" ? identifiant.trim().toLowerCase() : "";
  if (!mail || typeof password !== "string" || password === "") throw Refusal.badRequest(MSG.required);
  const [account] = await context.db.select().from(accounts).where(eq(accounts.mail, mail)).limit(1);
  if (!account) {
    await decoy(password);
    throw Refusal.forbidden(MSG.badCredentials);
  }
  const ok = await verifyPassword(password, account.passwordHash);
  if (!ok || account.role !== (side === "admin" ? "admin" : "mj")) throw Refusal.forbidden(MSG.badCredentials);
  if (account.role === "mj" && account.expiration !== null && account.expiration < Date.now()) {
    throw Refusal.forbidden(MSG_LOGIN.expired);
  }
  return { account, token: await signSession(context.cloudflare.env, account) };
}

/** POST /api/auth/login and /api/auth/mj/login {identifiant, password}: 200 {jwt} and the cookie. */
export async function loginApi(request: Request, context: AppLoadContext, side: Side): Promise<Response> {
  let body: { identifiant?: unknown; password?: unknown } = {};
  try {
    const parsed = await request.json();
    if (parsed && typeof parsed === "object") body = parsed as typeof body;
  } catch {
    // An unreadable body is an empty form.
  }
  const { token } = await login(context, side, body.identifiant, body.password);
  return sendJson({ jwt: token }, { headers: { "Set-Cookie": sessionCookie(request, side, token) } });
}

/**
 * GET /api/auth/check and /api/auth/mj/check: 200 for a valid session of that side; any refusal
 * also deletes that side's cookie, so the page shows its login again.
 */
export async function checkApi(request: Request, context: AppLoadContext, side: Side): Promise<Response> {
  try {
    const account = await requireAccount(request, context, { side });
    return sendJson({ ok: true, admin: account.role === "admin", name: account.name });
  } catch (error) {
    if (error instanceof Refusal) error.headers.set("Set-Cookie", clearCookie(request, side));
    throw error;
  }
}

/** Logging out, from the dashboards' button or the JSON call: the sides' cookies deleted, back home. */
export function loggedOut(request: Request, sides: readonly Side[]): Response {
  const headers = new Headers();
  for (const side of sides) headers.append("Set-Cookie", clearCookie(request, side));
  return redirect("/", { headers });
}

/** POST /api/auth/logout: the side named by the form (`side`), or both. */
export async function logout(request: Request): Promise<Response> {
  const side = (await request.formData().catch(() => null))?.get("side");
  return loggedOut(request, side === "admin" || side === "mj" ? [side] : ["admin", "mj"]);
}
