/**
 * The administrator changes their own password on the dashboard (/pres/password): the current
 * one, the new one twice, PASSWORD_MIN characters at least, not the local default this repository
 * publishes. Every other session of the account
 * ends (its session version goes up) and the one in use gets a fresh cookie, so the admin stays
 * logged in here. The current password is checked under the login throttle: a session left open
 * on a borrowed computer cannot be used to guess it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { accounts, type Account } from "@db/schema";
import { MSG } from "@common/contracts/messages";
import { MSG_MJ } from "@common/contracts/admin/types";
import { PASSWORD_MIN } from "@common/rules";
import { revokedSessions, signSession } from "./auth.server";
import { isPublishedPassword } from "./config.server";
import { hashPassword, verifyPassword } from "./password.server";
import { Refusal } from "../http/refusal.server";
import { throttledLogin } from "../throttle/throttle.server";
import { m } from "@common/i18n/words";
import { wordsText } from "@common/i18n/words";

export const MSG_PASSWORD = {
  required: MSG.required,
  tooShort: MSG_MJ.passwordShort,
  published: MSG_MJ.passwordPublished,
  mismatch: m("server.password.mismatch"),
  same: m("server.password.same"),
  wrongCurrent: m("server.password.wrongCurrent"),
  changed: m("server.password.changed"),
} as const;

const text = z.unknown().transform((value) => (typeof value === "string" ? value : ""));

/** The form of /pres/password: the current password, the new one twice. */
export const PasswordForm = z
  .object({ current: text, password: text, confirm: text })
  .superRefine(({ current, password, confirm }, ctx) => {
    const problem =
      !current || !password.trim() || !confirm
        ? MSG_PASSWORD.required
        : password.length < PASSWORD_MIN
          ? MSG_PASSWORD.tooShort
          : isPublishedPassword(password)
            ? MSG_PASSWORD.published
            : password !== confirm
            ? MSG_PASSWORD.mismatch
            : null;
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: wordsText(problem) });
  });

/**
 * The admin's new password, once the current one is checked under the login throttle of the
 * caller's `address`: every session of the account ends, and the token of a fresh one comes back
 * for the browser in use. Refusals: 403 wrong current password, 400 the same password, 429.
 */
export async function changeOwnPassword(
  context: AppLoadContext,
  account: Account,
  address: string,
  { current, password: next }: z.output<typeof PasswordForm>,
): Promise<string> {
  const holder = await throttledLogin(context, address, account.mail, async () =>
    (await verifyPassword(current, account.passwordHash)) ? account : null,
  );
  if (!holder) throw Refusal.forbidden(MSG_PASSWORD.wrongCurrent);
  if (next === current) throw Refusal.badRequest(MSG_PASSWORD.same);
  const [updated] = await context.db
    .update(accounts)
    .set({ passwordHash: await hashPassword(next), ...revokedSessions() })
    .where(eq(accounts.id, account.id))
    .returning();
  // Deleted or demoted meanwhile: nothing to keep logged in.
  if (!updated || updated.role !== "admin") throw Refusal.forbidden();
  return signSession(context.cloudflare.env, updated);
}
