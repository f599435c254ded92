import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { accounts, type Account } from "@db/schema";
import { clearCookie, requireAccount, revokeSessions, sessionCookie, signSession } from "./auth.server";
import type { Side } from "@common/dashboard/types";
import { sendJson } from "./http.server";
import { MSG } from "@common/messages";
import { hashPassword, verifyPassword } from "./password.server";
import { readForm, readJson, SMALL_BODY_BYTES } from "./body.server";
import { Refusal } from "./refusal.server";
import { throttledLogin } from "./throttle.server";

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
  request: Request,
  context: AppLoadContext,
  side: Side,
  identifiant: unknown,
  password: unknown,
): Promise<{ account: Account; token: string }> {
  const mail = typeof identifiant === "string" ? identifiant.trim().toLowerCase() : "";
  if (!mail || typeof password !== "string" || password === "") throw Refusal.badRequest(MSG.required);
  const account = await throttledLogin(request, context, mail, () => passwordHolder(context, side, mail, password));
  if (!account) throw Refusal.forbidden(MSG.badCredentials);
  if (account.role === "mj" && account.expiration !== null && account.expiration < Date.now()) {
    throw Refusal.forbidden(MSG_LOGIN.expired);
  }
  return { account, token: await signSession(context.cloudflare.env, account) };
}

/** The account of that side whose password this is, or null (a wrong guess). */
async function passwordHolder(context: AppLoadContext, side: Side, mail: string, password: string): Promise<Account | null> {
  const [account] = await context.db.select().from(accounts).where(eq(accounts.mail, mail)).limit(1);
  if (!account) {
    await decoy(password);
    return null;
  }
  const ok = await verifyPassword(password, account.passwordHash);
  return ok && account.role === (side === "admin" ? "admin" : "mj") ? account : null;
}

/**
 * POST /api/auth/login and /api/auth/mj/login {identifiant, password}: 200 {jwt} and the cookie.
 * JSON only (415 otherwise): a page on another site can post text or a form here without the
 * browser asking first, never JSON; its Origin is refused as well (http.server.ts).
 */
export async function loginApi(request: Request, context: AppLoadContext, side: Side): Promise<Response> {
  const parsed = await readJson(request);
  const body = (parsed && typeof parsed === "object" ? parsed : {}) as { identifiant?: unknown; password?: unknown };
  const { token } = await login(request, context, side, body.identifiant, body.password);
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

/**
 * Logging out, from the dashboards' button or the JSON call: the account's sessions end
 * everywhere (a copied token stops working too), the sides' cookies are deleted, back home.
 */
export async function logOut(request: Request, context: AppLoadContext, sides: readonly Side[]): Promise<Response> {
  await revokeSessions(request, context, sides);
  const headers = new Headers();
  for (const side of sides) headers.append("Set-Cookie", clearCookie(request, side));
  return redirect("/", { headers });
}

/** POST /api/auth/logout: the side named by the form (`side`), or both. */
export async function logoutApi(request: Request, context: AppLoadContext): Promise<Response> {
  const side = (await readForm(request, SMALL_BODY_BYTES))?.get("side");
  return logOut(request, context, side === "admin" || side === "mj" ? [side] : ["admin", "mj"]);
}
