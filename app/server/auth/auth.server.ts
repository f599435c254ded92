import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { jwtVerify, SignJWT } from "jose";
import { accounts, type Account } from "@db/schema";
import { jwtSecret } from "./config.server";
import { MSG } from "@common/contracts/messages";
import { dashboardUrl } from "@common/contracts/dashboard/format";
import type { Side } from "@common/contracts/dashboard/types";
import { readCookie, secureFlag } from "../http/cookies.server";
import { Refusal } from "../http/refusal.server";

/** The two session cookies: one per side, so an admin and an MJ can share a browser. */
const COOKIE: Record<Side, string> = { admin: "auth_admin", mj: "auth_mj" };
const SESSION_SECONDS = 24 * 60 * 60;

/** The claim that carries the account's session version (see accounts.sessionVersion). */
const VERSION_CLAIM = "sv";

export async function signSession(
  env: Env,
  account: Pick<Account, "id" | "role" | "sessionVersion">,
): Promise<string> {
  return new SignJWT({ role: account.role, [VERSION_CLAIM]: account.sessionVersion })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(account.id))
    .setIssuedAt()
    .setExpirationTime(`${SESSION_SECONDS}s`)
    .sign(jwtSecret(env));
}

export function sessionCookie(request: Request, side: Side, token: string): string {
  return `${COOKIE[side]}=${token}; Path=/; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Lax${secureFlag(request)}`;
}

export function clearCookie(request: Request, side: Side): string {
  return `${COOKIE[side]}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureFlag(request)}`;
}

/** The token of a side, from its cookie or, for API clients, a Bearer header. */
function tokenFor(request: Request, side: Side): string | null {
  const cookie = readCookie(request, COOKIE[side]);
  if (cookie) return cookie;
  const auth = request.headers.get("Authorization");
  return auth?.startsWith("Bearer ") ? auth.slice(7).trim() || null : null;
}

/** The account id and session version a token names, if its signature and lifetime hold. */
async function verifiedClaims(token: string, env: Env): Promise<{ id: number; version: number } | null> {
  try {
    const { payload } = await jwtVerify(token, jwtSecret(env), { algorithms: ["HS256"] });
    const id = Number(payload.sub);
    const version = payload[VERSION_CLAIM];
    if (!Number.isSafeInteger(id) || typeof version !== "number") return null;
    return { id, version };
  } catch {
    return null;
  }
}

type SessionCheck =
  | { status: "ok"; account: Account }
  | { status: "none" }
  | { status: "invalid" };

/**
 * The one place a token is read and trusted, for one side. An MJ whose account expired, was
 * deleted or lost the role is refused even with a token that is still signed: the database
 * decides, not the token. Every way of asking who is calling (below) goes through here.
 */
async function readSession(
  request: Request,
  context: AppLoadContext,
  side: Side,
): Promise<SessionCheck> {
  const token = tokenFor(request, side);
  if (!token) return { status: "none" };
  const claims = await verifiedClaims(token, context.cloudflare.env);
  if (!claims) return { status: "invalid" };
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, claims.id)).limit(1);
  if (!account || account.role !== (side === "admin" ? "admin" : "mj")) return { status: "invalid" };
  // Issued before the last logout or password change.
  if (account.sessionVersion !== claims.version) return { status: "invalid" };
  if (account.role === "mj" && account.expiration !== null && account.expiration < Date.now()) {
    return { status: "invalid" };
  }
  return { status: "ok", account };
}

/**
 * Ends every session the callers of these sides have, on every device: their accounts' session
 * version goes up, so the tokens already issued are refused from the next request on. Only a
 * token that is still valid counts (a stale one has nothing left to end).
 */
async function revokeSessions(request: Request, context: AppLoadContext, sides: readonly Side[]): Promise<void> {
  for (const side of sides) {
    const check = await readSession(request, context, side);
    if (check.status === "ok") await bumpSessionVersion(context.db, check.account.id);
  }
}

/** The `set` of an update that ends every token the account was issued so far. */
export const revokedSessions = () => ({ sessionVersion: sql<number>`${accounts.sessionVersion} + 1` });

async function bumpSessionVersion(db: Db, accountId: number): Promise<void> {
  await db.update(accounts).set(revokedSessions()).where(eq(accounts.id, accountId));
}

/** Deletes the cookies of the sides whose token was refused, so the browser stops sending them. */
function clearing(request: Request, sides: readonly Side[]): Headers {
  const headers = new Headers();
  for (const side of sides) headers.append("Set-Cookie", clearCookie(request, side));
  return headers;
}

/**
 * For the pages that show a login form to nobody (the dashboards): the account of that side,
 * or null. `headers` deletes a refused token's cookie; send them with the page.
 */
export async function optionalAccount(
  request: Request,
  context: AppLoadContext,
  side: Side,
): Promise<{ account: Account | null; headers: Headers }> {
  const check = await readSession(request, context, side);
  if (check.status === "ok") return { account: check.account, headers: new Headers() };
  return { account: null, headers: clearing(request, check.status === "invalid" ? [side] : []) };
}

/**
 * For API routes and page actions: the account, or a thrown refusal. With `side`, only that
 * side's session counts (the /pres pages take the admin's, the /mj pages the MJ's, so an admin
 * and an MJ can share a browser); without it, the admin's then the MJ's.
 * Refusals: 401 « Non authentifié » when nobody is logged in; 403 « Authentification
 * incorrecte » for a bad or expired token (its cookie deleted) or an MJ asking for an admin
 * call.
 */
export async function requireAccount(
  request: Request,
  context: AppLoadContext,
  { side }: { side?: Side } = {},
): Promise<Account> {
  const refused: Side[] = [];
  for (const s of side ? [side] : (["admin", "mj"] as const)) {
    const check = await readSession(request, context, s);
    if (check.status === "ok") return check.account;
    if (check.status === "invalid") refused.push(s);
  }
  const headers = clearing(request, refused);
  const mjOnAdminSide = side === "admin" && tokenFor(request, "mj") !== null;
  if (refused.length > 0 || mjOnAdminSide) throw Refusal.forbidden(MSG.wrongAuthentication, headers);
  throw Refusal.notAuthenticated(headers);
}

/**
 * Who is logged in on either side, for the pages anyone may see but their owner sees whole (a
 * quiz being played: played-quiz.server.ts). Nobody reads nothing from D1.
 */
export async function sessionAccounts(request: Request, context: AppLoadContext): Promise<Account[]> {
  const found: Account[] = [];
  for (const side of ["admin", "mj"] as const) {
    const { account } = await optionalAccount(request, context, side);
    if (account) found.push(account);
  }
  return found;
}

/**
 * Logging out, from the dashboards' button or the JSON call: the account's sessions end
 * everywhere (a copied token stops working too), the sides' cookies are deleted, back home.
 */
export async function logOut(request: Request, context: AppLoadContext, sides: readonly Side[]): Promise<Response> {
  await revokeSessions(request, context, sides);
  return redirect("/", { headers: clearing(request, sides) });
}

/**
 * For the screens of one side other than the dashboards: the account, or back to that side's
 * login (the dashboard shows it), a refused token's cookie deleted on the way.
 */
export async function requirePageAccount(request: Request, context: AppLoadContext, side: Side): Promise<Account> {
  const { account, headers } = await optionalAccount(request, context, side);
  if (account) return account;
  throw redirect(dashboardUrl(side), { headers });
}

/** An MJ sees and changes only their own things; the admin sees everyone's. */
export function canAccess(account: Account, ownerId: number): boolean {
  return account.role === "admin" || account.id === ownerId;
}

/** Admin always; an MJ only with the edit right (can_edit). */
export function canEdit(account: Account): boolean {
  return account.role === "admin" || account.canEdit;
}
