import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
// The Remix production build; `npm run build` writes it before wrangler bundles this file.
// @ts-ignore -- build output, absent on a fresh clone until the first build
import * as build from "./build/server";
import { getLoadContext } from "./load-context";
import { ensureAdmin } from "./app/lib/accounts.server";
import { createDb } from "./db/client";

export { GameRoom } from "./party/game-room";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    // Room sockets first: /parties/game-room/{room number}.
    const roomResponse = await routePartykitRequest(request, env);
    if (roomResponse) return roomResponse;

    const db = createDb(env.DB);
    // Workers have no start-up hook: the first request creates the admin (DESIGN §1).
    await ensureAdmin(db, env);
    const loadContext = getLoadContext({
      request,
      context: { cloudflare: { env, ctx, cf: request.cf, caches } },
    });
    return handleRemixRequest(request, loadContext);
  },
} satisfies ExportedHandler<Env>;
