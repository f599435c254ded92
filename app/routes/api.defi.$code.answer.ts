import { answerDefiSchema } from "@common/contracts/defi/schemas";
import { deviceOf } from "~/server/defi/defi-device.server";
import { answerDefiQuestion } from "~/server/defi/defi-play.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseJson } from "~/server/http/input.server";
import { requireDefiCode } from "~/server/defi/defi-door.server";
import { clientAddress } from "~/server/throttle/throttle.server";

/**
 * « Répondre »: POST JSON {question, lat, lng} -> 200 the reveal (true spot, distance, points,
 * total). 409 for a question not open, already answered, past its time or after the deadline.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    await requireDefiCode(context, clientAddress(request), params.code);
    const input = await parseJson(request, answerDefiSchema);
    return sendJson(await answerDefiQuestion(context.db, deviceOf(request), { ...input, code: params.code }));
  },
});
export const loader = action;
