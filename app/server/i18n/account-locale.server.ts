/**
 * The workshop speaks its account's language on any device: the language switch, used while
 * logged in, keeps the choice on the account (accounts.locale), and a login sets the device's
 * `lang` cookie from it (docs/decisions/041-the-workshop-in-its-accounts-language.md).
 */
import { redirect, redirectDocument, type AppLoadContext } from "@remix-run/cloudflare";
import { inArray } from "drizzle-orm";
import { accounts, type Account } from "@db/schema";
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_SECONDS, type Locale } from "@common/i18n/locales";
import { sessionAccounts } from "../auth/auth.server";
import { localeOf } from "./i18n.server";

/** The device's choice of language, for a year (the language switch's cookie). */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_SECONDS}; SameSite=Lax`;
}

/** The language an account chose, if it ever did. */
export const accountLocale = (account: Pick<Account, "locale">): Locale | null => (isLocale(account.locale) ? account.locale : null);

/**
 * The switch was used: every account logged in on this device (an admin and an MJ may share a
 * browser) keeps the choice. Nobody logged in: nothing to keep.
 */
export async function keepAccountLocale(request: Request, context: AppLoadContext, locale: Locale): Promise<void> {
  const ids = (await sessionAccounts(request, context)).filter((a) => a.locale !== locale).map((a) => a.id);
  if (ids.length) await context.db.update(accounts).set({ locale }).where(inArray(accounts.id, ids));
}

/**
 * The answer to a login form: back to `to` with the session cookie and, when the account chose a
 * language, the device's cookie set to it. A page already worded in another language is loaded
 * again whole: its catalog comes with the document (the root's loader), not with a form's answer.
 */
export function loggedIn(request: Request, account: Pick<Account, "locale">, to: string, sessionCookie: string): Response {
  const headers = new Headers();
  headers.set("Set-Cookie", sessionCookie);
  const chosen = accountLocale(account);
  if (chosen) headers.append("Set-Cookie", localeCookie(chosen));
  return chosen && chosen !== localeOf(request) ? redirectDocument(to, { headers }) : redirect(to, { headers });
}
