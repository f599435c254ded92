import { markerPair, markerSvg } from "@common/markers/marker-svg";
import { apiRoute } from "~/server/http.server";
import { Refusal } from "~/server/refusal.server";

/**
 * GET /api/markers/{pseudo without spaces}: the player's pin (see marker-svg.ts). A marker name
 * always draws the same picture, so it is cached for good; 404 for a name that is no pseudo.
 */
export const loader = apiRoute({
  GET: ({ params }) => {
    const pair = markerPair(params.pseudo ?? "");
    if (!pair) throw Refusal.notFound("Marqueur inconnu");
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
