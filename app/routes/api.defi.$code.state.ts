import { deviceOf } from "~/server/defi-device.server";
import { defiState } from "~/server/defi-play.server";
import { apiRoute, sendJson } from "~/server/http.server";

/** GET: the défi and, if this device plays it (its cookie), where its player is: to resume. */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => sendJson(await defiState(context.db, deviceOf(request), params.code)),
});
export const action = loader;
