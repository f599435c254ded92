import { joinDefiSchema } from "@common/contracts/defi/schemas";
import { deviceCookie, deviceOf } from "~/server/defi/defi-device.server";
import { joinDefi } from "~/server/defi/defi-join.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseJson } from "~/server/http/input.server";
import { clientAddress } from "~/server/throttle/throttle.server";
import { requireDefiCode } from "~/server/defi/defi-door.server";

/**
 * « Commencer »: POST JSON {name?, adapted?} -> 200 {defi, me, question}. A new device gets its
 * player, its first question opened (as POST …/open would) and an HttpOnly cookie scoped to this
 * défi's API; a device that already plays gets its player back (question null).
 * `adapted`: the player asks for adapted time, which they get when the défi's MJ allows asking.
 * Refusals: 400 a name outside the rule, 403 a device or network the MJ removed, 409 a name
 * taken (or one that looks like it) or the défi over, 429 past DEFI_JOINS_PER_ADDRESS joins from
 * one network address in one 10-minute window (per défi).
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    await requireDefiCode(context, clientAddress(request), params.code);
    const input = await parseJson(request, joinDefiSchema);
    const joined = await joinDefi(context.db, deviceOf(request), { ...input, code: params.code, address: clientAddress(request) });
    const headers = new Headers();
    if (joined.device) headers.set("Set-Cookie", deviceCookie(request, joined.code, joined.device, joined.deadline));
    return sendJson(joined.state, { headers });
  },
});
export const loader = action;
