import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { accounts, type Account } from "@db/schema";
import { jwtSecret } from "./config.server";
import { MSG } from "@common/messages";

/** Cookie names of the spec (§6): one per side, so an admin and an MJ can share a browser. */
export const COOKIE = { admin: "auth_admin", mj: "auth_mj" } as const;
export type Side = keyof typeof COOKIE;
export const SESSION_SECONDS = 24 * 60 * 60;

export async function signSession(env: Env, account: Pick<Account, "id" | "role">): Promise<string> {
  return new SignJWT({ role: account.role })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(account.id))
    .setIssuedAt()
    .setExpirationTime(`${SESSION_SECONDS}s`)
    .sign(jwtSecret(env));
}

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function sessionCookie(request: Request, side: Side, token: string): string {
  const secure = isSecure(request) ? "; Secure" : "";
  return `${COOKIE[side]}=${token}; Path=/; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearCookie(request: Request, side: Side): string {
  const secure = isSecure(request) ? "; Secure" : "";
  return `${COOKIE[side]}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}

/** The token of a side, from its cookie or, for API clients, a Bearer header. */
function tokenFor(request: Request, side: Side): string | null {
  const cookie = readCookie(request, COOKIE[side]);
  if (cookie) return cookie;
  const auth = request.headers.get("Authorization");
  return auth?.startsWith("Bearer ") ? auth.slice(7).trim() || null : null;
}

export type SessionCheck =
  | { status: "ok"; account: Account }
  | { status: "none" }
  | { status: "invalid" };

/**
 * Who is asking on one side. An MJ whose account expired, was deleted or lost the role is
 * refused even with a token that is still signed: the database decides, not the token.
 */
export async function checkSession(
  request: Request,
  context: AppLoadContext,
  side: Side,
): Promise<SessionCheck> {
  const token = tokenFor(request, side);
  if (!token) return { status: "none" };
  let subject: string | undefined;
  try {
    const { payload } = await jwtVerify(token, jwtSecret(context.cloudflare.env), {
      algorithms: ["HS256"],
    });
    subject = payload.sub;
  } catch {
    return { status: "invalid" };
  }
  const id = Number(subject);
  if (!Number.isInteger(id)) return { status: "invalid" };
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  if (!account || account.role !== (side === "admin" ? "admin" : "mj")) return { status: "invalid" };
  if (account.role === "mj" && account.expiration !== null && account.expiration < Date.now()) {
    return { status: "invalid" };
  }
  return { status: "ok", account };
}

/** The account behind either cookie, the admin's first. */
export async function currentAccount(
  request: Request,
  context: AppLoadContext,
): Promise<Account | null> {
  for (const side of ["admin", "mj"] as const) {
    const check = await checkSession(request, context, side);
    if (check.status === "ok") return check.account;
  }
  return null;
}

/** JSON error of the management calls (spec §8 / DESIGN §6). */
export function authError(status: 401 | 403): Response {
  return Response.json(
    { error: status === 401 ? MSG.notAuthenticated : MSG.wrongAuthentication },
    { status },
  );
}

/**
 * For API routes and actions: the account, or a thrown 401 (nobody) / 403 (bad token, expired
 * MJ, or an MJ asking for an admin-only call).
 */
export async function requireAccount(
  request: Request,
  context: AppLoadContext,
  options: { admin?: boolean } = {},
): Promise<Account> {
  const admin = await checkSession(request, context, "admin");
  if (admin.status === "ok") return admin.account;
  if (options.admin) {
    if (admin.status === "invalid") throw authError(403);
    const mj = await checkSession(request, context, "mj");
    throw authError(mj.status === "none" ? 401 : 403);
  }
  const mj = await checkSession(request, context, "mj");
  if (mj.status === "ok") return mj.account;
  throw authError(mj.status === "invalid" || admin.status === "invalid" ? 403 : 401);
}

/**
 * Changes come only from our own pages (DESIGN §6): a POST whose Origin names another site is
 * refused before anything is read.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("Origin");
  if (origin === null) return; // same-origin navigations from older browsers, server-side calls
  if (origin !== new URL(request.url).origin) {
    throw Response.json({ error: MSG.wrongAuthentication }, { status: 403 });
  }
}

/** An MJ sees and changes only their own things; the admin sees everyone's (DESIGN §3). */
export function canAccess(account: Account, ownerId: number): boolean {
  return account.role === "admin" || account.id === ownerId;
}

/** Admin always; an MJ only with edit mode (spec §6 can_edit). */
export function canEdit(account: Account): boolean {
  return account.role === "admin" || account.edition;
}
