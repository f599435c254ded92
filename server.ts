import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
// The Remix production build; `npm run build` writes it before wrangler bundles this file.
// @ts-ignore -- build output, absent on a fresh clone until the first build
import * as build from "./build/server";
import { getLoadContext } from "./load-context";
import { ensureAdmin } from "./app/server/accounts.server";
import { createDb } from "./db/client";
import { foreignOriginRefusal, forRemix, isForeignOrigin } from "./app/server/http.server";
import { liveGame } from "./app/server/rooms.server";
import { withSecurityHeaders } from "./app/server/security-headers.server";

export { GameRoom } from "./party/game-room";
export { Throttle } from "./app/server/throttle-counter.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    // Room sockets first: /parties/game-room/{room number}. Only numbers live in the D1
    // registry reach a room, so addressing a random number never creates a Durable Object;
    // plain HTTP never reaches one. A page of another site may not open a room's socket (its
    // visitors' browsers would play, or flood, for it); native clients send no Origin and pass.
    const roomResponse = await routePartykitRequest(request, env, {
      onBeforeConnect: async (req, lobby) => {
        if (isForeignOrigin(req)) return new Response("Forbidden", { status: 403 });
        try {
          if (await liveGame(createDb(env.DB), lobby.name)) return;
          return new Response("Not found", { status: 404 });
        } catch (error) {
          console.error("room registry lookup failed", error);
          return new Response("Service unavailable", { status: 503 });
        }
      },
      onBeforeRequest: () => new Response("Not found", { status: 404 }),
    });
    if (roomResponse) return roomResponse;

    // A change sent from another site gets the app's own 403 here; Remix would refuse a
    // cross-site page action itself, before the app's check, with a bare 500.
    const foreign = foreignOriginRefusal(request);
    if (foreign) return withSecurityHeaders(foreign, request);

    const db = createDb(env.DB);
    // Workers have no start-up hook: the first request creates the admin.
    await ensureAdmin(db, env);
    const loadContext = getLoadContext({
      request,
      context: { cloudflare: { env, ctx, cf: request.cf, caches } },
    });
    return withSecurityHeaders(await handleRemixRequest(forRemix(request), loadContext), request, {
      nonce: loadContext.cspNonce,
      googleMaps: !!env.GOOGLE_MAPS_API_KEY,
    });
  },
} satisfies ExportedHandler<Env>;
