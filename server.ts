import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
// The Remix production build; `npm run build` writes it before wrangler bundles this file.
// @ts-expect-error -- build output, absent on a fresh clone until the first build
import * as build from "./build/server";
import { getLoadContext } from "./load-context";
import { ensureAdmin } from "./app/server/accounts.server";
import { createDb } from "./db/client";
import { foreignOriginRefusal } from "./app/server/http.server";
import { liveGame } from "./app/server/rooms.server";

export { GameRoom } from "./party/game-room";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    // Room sockets first: /parties/game-room/{room number}. Only numbers live in the D1
    // registry reach a room, so addressing a random number never creates a Durable Object;
    // plain HTTP never reaches one.
    const roomResponse = await routePartykitRequest(request, env, {
      onBeforeConnect: async (_req, lobby) => {
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
    if (foreign) return foreign;

    const db = createDb(env.DB);
    // Workers have no start-up hook: the first request creates the admin.
    await ensureAdmin(db, env);
    const loadContext = getLoadContext({
      request,
      context: { cloudflare: { env, ctx, cf: request.cf, caches } },
    });
    return handleRemixRequest(request, loadContext);
  },
} satisfies ExportedHandler<Env>;
