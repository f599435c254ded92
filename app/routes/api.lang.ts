import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { LOCALE_COOKIE, LOCALE_COOKIE_SECONDS, LOCALES } from "@common/i18n/locales";
import { apiRoute, sendJson } from "~/server/http.server";
import { parseForm } from "~/server/input.server";
import { localePath } from "~/server/i18n.server";

const LangForm = z.object({ lang: z.enum(LOCALES as [string, ...string[]]), back: z.string().optional() });

/**
 * POST /api/lang: the language switch. The choice is kept on the device (a cookie for a year) and
 * every later page and answer is worded in it. The page's own fetch gets `{ lang }` (Remix then
 * reloads the page's data in the new language); a form sent without JavaScript goes back to the
 * page it came from.
 */
export const action = apiRoute({
  POST: async ({ request }) => {
    const { lang, back } = await parseForm(request, LangForm);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie header, read by browsers only
    const cookie = `${LOCALE_COOKIE}=${lang}; Path=/; Max-Age=${LOCALE_COOKIE_SECONDS}; SameSite=Lax`;
    if (request.headers.get("Sec-Fetch-Mode") === "navigate") return redirect(localePath(back), { headers: { "Set-Cookie": cookie } });
    return sendJson({ lang }, { headers: { "Set-Cookie": cookie } });
  },
});
export const loader = action;
