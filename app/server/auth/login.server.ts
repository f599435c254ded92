import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { accounts, type Account } from "@db/schema";
import type { Side } from "@common/contracts/dashboard/types";
import { MSG } from "@common/contracts/messages";
import { signSession } from "./auth.server";
import { hashPassword, verifyPassword } from "./password.server";
import { Refusal } from "../http/refusal.server";
import { throttledLogin } from "../throttle/throttle.server";
import { m } from "@common/i18n/words";
import { wordsText } from "@common/i18n/words";

/**
 * One login for both the login forms (the dashboards' page action) and the JSON calls
 * /api/auth/login and /api/auth/mj/login: same checks, same answers.
 */
const MSG_LOGIN = {
  expired: m("server.login.expired"),
} as const;

/** What a login sends, form or JSON: the mail (« Identifiant ») and the password. */
export const credentialsSchema = z.object({
  identifiant: z.string().trim().toLowerCase().min(1, wordsText(MSG.required)),
  password: z.string().min(1, wordsText(MSG.required)),
});

type Credentials = z.output<typeof credentialsSchema>;

let decoyHash: Promise<string> | null = null;

/** Unknown mail: still derive a hash, so the answer time does not tell which mails exist. */
async function decoy(password: string) {
  decoyHash ??= hashPassword("decoy-password-never-used");
  await verifyPassword(password, await decoyHash);
}

/**
 * The account of that side whose password this is, and a session token for it; under the login
 * throttle of the caller's `address` (throttle.server.ts). Refusals: 403 wrong credentials or an
 * MJ whose access expired, 429.
 */
export async function login(
  context: AppLoadContext,
  address: string,
  side: Side,
  { identifiant: mail, password }: Credentials,
): Promise<{ account: Account; token: string }> {
  const account = await throttledLogin(context, address, mail, () => passwordHolder(context, side, mail, password));
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
