import { defiPhoto } from "~/server/defi/defi-play.server";
import { apiRoute } from "~/server/http/http.server";

/** GET: the photo of a question, at the address its opening minted, while it is open (else 404). */
export const loader = apiRoute({
  GET: async ({ request, context, params }) =>
    defiPhoto(context.db, context.cloudflare.env.BUCKET, request.headers, { code: params.code, token: params.token }),
});
export const action = loader;
