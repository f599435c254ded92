import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { markerPair, markerSvg } from "@common/markers/marker-svg";

/**
 * Spec §7 GET /api/markers/{pseudo without spaces}: the player's pin (see marker-svg.ts).
 * A marker name always draws the same picture, so it is cached for good; 404 for a name that
 * is no pseudo.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const pair = markerPair(params.pseudo ?? "");
  if (!pair) {
    return new Response("Marqueur inconnu", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(markerSvg(pair.color, pair.fruit), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      // Opened on its own, the picture may not run or load anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
