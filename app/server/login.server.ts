import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { accounts, type Account } from "@db/schema";
import { checkSession, clearCookie, sessionCookie, signSession, type Side } from "./auth.server";
import { MSG } from "@common/messages";
import { hashPassword, verifyPassword } from "./password.server";
import { UserError } from "./user-error.server";

/**
 * One login for both pages (Remix actions) and the spec's JSON calls (§7 /api/auth/login and
 * /api/auth/mj/login): same checks, same answers.
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
  if (!mail || typeof password !== "string" || password === "") throw new UserError(400, MSG.required);
  const [account] = await context.db.select().from(accounts).where(eq(accounts.mail, mail)).limit(1);
  if (!account) {
    await decoy(password);
    throw new UserError(403, MSG.badCredentials);
  }
  const ok = await verifyPassword(password, account.passwordHash);
  if (!ok || account.role !== (side === "admin" ? "admin" : "mj")) throw new UserError(403, MSG.badCredentials);
  if (account.role === "mj" && account.expiration !== null && account.expiration < Date.now()) {
    throw new UserError(403, MSG_LOGIN.expired);
  }
  return { account, token: await signSession(context.cloudflare.env, account) };
}

/** JSON handler of POST /api/auth/login and /api/auth/mj/login: 200 {jwt} (+ cookie), 400, 403. */
export async function loginApi(request: Request, context: AppLoadContext, side: Side): Promise<Response> {
  if (request.method !== "POST") return Response.json({ error: "Méthode non autorisée" }, { status: 405 });
  let body: { identifiant?: unknown; password?: unknown } = {};
  try {
    const parsed = await request.json();
    if (parsed && typeof parsed === "object") body = parsed as typeof body;
  } catch {
    // An unreadable body is an empty form.
  }
  try {
    const { token } = await login(context, side, body.identifiant, body.password);
    return Response.json({ jwt: token }, { headers: { "Set-Cookie": sessionCookie(request, side, token) } });
  } catch (error) {
    if (error instanceof UserError) return Response.json({ error: error.message }, { status: error.status });
    console.error(error);
    return Response.json({ error: MSG.serverError }, { status: 500 });
  }
}

/** GET /api/auth/check and /api/auth/mj/check: 200, or 401/403 and the cookie deleted. */
export async function checkApi(request: Request, context: AppLoadContext, side: Side): Promise<Response> {
  const check = await checkSession(request, context, side);
  if (check.status === "ok") {
    return Response.json({ ok: true, admin: check.account.role === "admin", name: check.account.name });
  }
  return Response.json(
    { error: check.status === "none" ? MSG.notAuthenticated : MSG.wrongAuthentication },
    { status: check.status === "none" ? 401 : 403, headers: { "Set-Cookie": clearCookie(request, side) } },
  );
}
