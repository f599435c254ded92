import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { LOCALES, type Locale } from "@common/i18n/locales";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseForm } from "~/server/http/input.server";
import { localePath } from "~/server/i18n/i18n.server";
import { keepAccountLocale, localeCookie } from "~/server/i18n/account-locale.server";

const LangForm = z.object({ lang: z.enum(LOCALES as [Locale, ...Locale[]]), back: z.string().optional() });

/**
 * POST /api/lang: the language switch. The choice is kept on the device (a cookie for a year) and
 * every later page and answer is worded in it; a workshop account logged in on the device keeps
 * it too, for its next login anywhere. The page's own fetch gets `{ lang }` (Remix then
 * reloads the page's data in the new language); a form sent without JavaScript goes back to the
 * page it came from.
 */
export const action = apiRoute({
  POST: async ({ request, context }) => {
    const { lang, back } = await parseForm(request, LangForm);
    await keepAccountLocale(request, context, lang);
    const cookie = localeCookie(lang);
    if (request.headers.get("Sec-Fetch-Mode") === "navigate") return redirect(localePath(back), { headers: { "Set-Cookie": cookie } });
    return sendJson({ lang }, { headers: { "Set-Cookie": cookie } });
  },
});
export const loader = action;
