import { deviceOf } from "~/server/defi/defi-device.server";
import { openDefiQuestion } from "~/server/defi/defi-play.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { requireDefiCode } from "~/server/defi/defi-door.server";
import { clientAddress } from "~/server/throttle/throttle.server";

/**
 * « Question suivante »: POST -> 200 {kind: 'question', question} (opened now, or still open),
 * {kind: 'missed', reveal} (its time ran out) or {kind: 'finished'}. 403 without a player on
 * this device, 409 once the défi is over.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    await requireDefiCode(context, clientAddress(request), params.code);
    return sendJson(await openDefiQuestion(context.db, deviceOf(request), { code: params.code }));
  },
});
export const loader = action;
