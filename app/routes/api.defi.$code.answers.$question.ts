import { deviceOf } from "~/server/defi/defi-device.server";
import { defiQuestionResults } from "~/server/defi/defi-results.server";
import { apiRoute, sendJson } from "~/server/http/http.server";

/**
 * GET, once the défi is over: question n (from 1) with its spot, every answer and this device's
 * own. 409 while the défi is open, 404 a question it does not have.
 */
export const loader = apiRoute({
  GET: async ({ request, context, params }) =>
    sendJson(await defiQuestionResults(context.db, deviceOf(request), { code: params.code, question: params.question })),
});
export const action = loader;
