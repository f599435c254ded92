import { deviceOf } from "~/server/defi-device.server";
import { defiLeaderboard } from "~/server/defi-leaderboard.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { requireDefiCode } from "~/server/defi-door.server";
import { clientAddress } from "~/server/throttle.server";

/** GET: the leaderboard (top 100, and this device's own line): names, totals and ranks, never a spot. */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    await requireDefiCode(context, clientAddress(request), params.code);
    return sendJson(await defiLeaderboard(context.db, deviceOf(request), { code: params.code }));
  },
});
export const action = loader;
