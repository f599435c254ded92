/**
 * The administrator changes their own password on the dashboard (/pres/password): the current
 * one, the new one twice, PASSWORD_MIN characters at least. Every other session of the account
 * ends (its session version goes up) and the one in use gets a fresh cookie, so the admin stays
 * logged in here. The current password is checked under the login throttle: a session left open
 * on a borrowed computer cannot be used to guess it.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { accounts } from "@db/schema";
import { MSG } from "@common/messages";
import { MSG_MJ } from "@common/admin/types";
import { PASSWORD_MIN } from "@common/rules";
import type { ActionResult } from "@common/dashboard/types";
import { requireAccount, requirePageAccount, revokedSessions, sessionCookie, signSession } from "./auth.server";
import { readForm, SMALL_BODY_BYTES } from "./body.server";
import { pageAction, pageLoader } from "./http.server";
import { hashPassword, verifyPassword } from "./password.server";
import { Refusal } from "./refusal.server";
import { throttledLogin } from "./throttle.server";

export const MSG_PASSWORD = {
  required: MSG.required,
  tooShort: MSG_MJ.passwordShort,
  mismatch: "Les deux nouveaux mots de passe ne sont pas identiques",
  same: "Le nouveau mot de passe doit être différent de l'actuel",
  wrongCurrent: "Mot de passe actuel incorrect",
  changed: "Mot de passe changé : vos autres sessions sont fermées",
} as const;

export const passwordLoader = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const account = await requirePageAccount(request, context, "admin");
  return { accountName: account.name, minLength: PASSWORD_MIN };
});

export const passwordAction = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const account = await requireAccount(request, context, { side: "admin" });
  const form = await readForm(request, SMALL_BODY_BYTES);
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };
  const current = field("current");
  const next = field("password");
  const confirm = field("confirm");
  if (!current || !next.trim() || !confirm) throw Refusal.badRequest(MSG_PASSWORD.required);
  if (next.length < PASSWORD_MIN) throw Refusal.badRequest(MSG_PASSWORD.tooShort);
  if (next !== confirm) throw Refusal.badRequest(MSG_PASSWORD.mismatch);
  const holder = await throttledLogin(request, context, account.mail, async () =>
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
  const token = await signSession(context.cloudflare.env, updated);
  return data<ActionResult>({ message: MSG_PASSWORD.changed }, { headers: { "Set-Cookie": sessionCookie(request, "admin", token) } });
});
