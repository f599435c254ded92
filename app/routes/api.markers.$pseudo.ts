import { z } from "zod";
import { markerPair, markerSvg } from "@common/markers/marker-svg";
import { apiRoute } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import { m } from "@common/i18n/words";

/** A pseudo without its spaces names a marker (colour and fruit); anything else names none. */
type Pair = NonNullable<ReturnType<typeof markerPair>>;
const Params = z.object({ pseudo: z.string().transform(markerPair).pipe(z.custom<Pair>((pair) => pair !== null)) });

/**
 * GET /api/markers/{pseudo without spaces}: the player's pin (see marker-svg.ts). A marker name
 * always draws the same picture, so it is cached for good; 404 for a name that is no pseudo.
 */
export const loader = apiRoute({
  GET: ({ params }) => {
    const { pseudo: pair } = parseParams(params, Params, Refusal.notFound(m("server.markerNotFound")));
    return new Response(markerSvg(pair.color, pair.fruit), {
      headers: {
        "Content-Type": "image/svg+xml",
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        // Opened on its own, the picture may not run or load anything.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  },
});
export const action = loader;
