import { requireAccount } from "~/server/auth/auth.server";
import { LaunchJson, launchFromJson } from "~/server/rooms/games.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { localeOf } from "~/server/i18n/i18n.server";
import { parseJson } from "~/server/http/input.server";

/**
 * Launch over HTTP for scripts and tests (the presenter page launches through its own form
 * action, with the same checks): POST JSON {quiz, mode?, icon?, time?, help_zone?, max_player?,
 * max_team?, photo_phones?, lang?} -> 201 {roomNumber, token}; without `lang` the night speaks the
 * request's language. Refusals: 400/401/403/404/409 with an {error} in the request's language.
 */
export const action = apiRoute({
  POST: async ({ request, context }) => {
    const account = await requireAccount(request, context);
    return sendJson(await launchFromJson(context, account, await parseJson(request, LaunchJson), localeOf(request)), 201);
  },
});
export const loader = action;
