import { deviceOf } from "~/server/defi/defi-device.server";
import { defiLeaderboard } from "~/server/defi/defi-leaderboard.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { requireDefiCode } from "~/server/defi/defi-door.server";
import { clientAddress } from "~/server/throttle/throttle.server";

/** GET: the leaderboard (top 100, and this device's own line): names, totals and ranks, never a spot. */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    await requireDefiCode(context, clientAddress(request), params.code);
    return sendJson(await defiLeaderboard(context.db, deviceOf(request), { code: params.code }));
  },
});
export const action = loader;
