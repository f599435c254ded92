import { deviceOf } from "~/server/defi/defi-device.server";
import { defiState } from "~/server/defi/defi-play.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { requireDefiCode } from "~/server/defi/defi-door.server";
import { clientAddress } from "~/server/throttle/throttle.server";

/** GET: the défi and, if this device plays it (its cookie), where its player is: to resume. */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    await requireDefiCode(context, clientAddress(request), params.code);
    return sendJson(await defiState(context.db, deviceOf(request), params.code));
  },
});
export const action = loader;
