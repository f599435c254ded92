import { answerDefiSchema } from "@common/defi/schemas";
import { readJson, validInput } from "~/server/body.server";
import { answerDefiQuestion, deviceOf } from "~/server/defis.server";
import { apiRoute, sendJson } from "~/server/http.server";

/**
 * « Répondre »: POST JSON {question, lat, lng} -> 200 the reveal (true spot, distance, points,
 * total). 409 for a question not open, already answered, past its time or after the deadline.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const input = validInput(answerDefiSchema, await readJson(request));
    return sendJson(await answerDefiQuestion(context.db, deviceOf(request), { ...input, code: params.code }));
  },
});
export const loader = action;
