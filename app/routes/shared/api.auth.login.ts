import { sideOfPath } from "@common/contracts/dashboard/format";
import { sessionCookie } from "~/server/auth/auth.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseJson } from "~/server/http/input.server";
import { credentialsSchema, login } from "~/server/auth/login.server";
import { clientAddress } from "~/server/throttle/throttle.server";
import { accountLocale, localeCookie } from "~/server/i18n/account-locale.server";

/**
 * POST /api/auth/login (the administrator) and /api/auth/mj/login (a game master), JSON
 * {identifiant, password}: 200 {jwt} and that side's cookie (and the `lang` cookie of the
 * account's chosen language, if any); 400; 403; 429. JSON only (415
 * otherwise): a page on another site can post text or a form without the browser asking first,
 * never JSON; its Origin is refused as well (http.server.ts).
 */
export const action = apiRoute({
  POST: async ({ request, context }) => {
    const side = sideOfPath(new URL(request.url).pathname);
    const credentials = await parseJson(request, credentialsSchema);
    const { account, token } = await login(context, clientAddress(request), side, credentials);
    const headers = new Headers();
    headers.set("Set-Cookie", sessionCookie(request, side, token));
    const chosen = accountLocale(account);
    if (chosen) headers.append("Set-Cookie", localeCookie(chosen));
    return sendJson({ jwt: token }, { headers });
  },
});
export const loader = action;
