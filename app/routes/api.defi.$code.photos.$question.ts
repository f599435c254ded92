import { defiResultPhoto } from "~/server/defi/defi-results.server";
import { apiRoute } from "~/server/http/http.server";

/** GET, once the défi is over: the photo of question n (from 1). 409 while it is open. */
export const loader = apiRoute({
  GET: async ({ request, context, params }) =>
    defiResultPhoto(context.db, context.cloudflare.env.BUCKET, request.headers, { code: params.code, question: params.question }),
});
export const action = loader;
