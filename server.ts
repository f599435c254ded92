import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix production build; `npm run build` writes it before wrangler bundles this file.
// @ts-expect-error -- build output, absent on a fresh clone until the first build
import * as build from "./build/server";
import { getLoadContext } from "./load-context";
import { ensureAdmin } from "./app/server/auth/accounts.server";
import { createDb } from "./db/client";
import { foreignOriginRefusal, forRemix, isForeignOrigin } from "./app/server/http/http.server";
import { errorResponse, Refusal } from "./app/server/http/refusal.server";
import { RoomDoor } from "./app/server/rooms/room-door.server";
import { roomDoorIo } from "./app/server/rooms/room-door-io.server";
import { clientAddress } from "./app/server/throttle/throttle.server";
import { CSP_REPORT_PATH, isLocalHost, withSecurityHeaders } from "./app/server/http/security-headers.server";
import { unconfiguredResponse, weakSecrets } from "./app/server/auth/config.server";
import { cspReportEndpoint } from "./app/server/http/browser-alerts.server";
import { localeOf } from "./app/server/i18n/i18n.server";
import { answerApi, apiRoutesOf } from "./app/server/http/api-dispatch.server";

export { GameRoom } from "./party/game-room";
export { Throttle } from "./app/server/throttle/throttle-counter.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);
/** The API's routes, found without Remix's router when only one can answer (decision 051). */
const apiRoutes = apiRoutesOf(build as unknown as ServerBuild);

/** Room numbers this isolate knows to be live, addresses it knows to be over their guesses. */
const door = new RoomDoor();

const ROOM_SOCKET_PATH = /^\/parties\/game-room\/([^/]+)\/?$/;

/**
 * Room sockets: /parties/game-room/{room number}, upgrades only. Only numbers live in the D1
 * registry reach a room, so addressing a random number never creates a Durable Object; plain
 * HTTP never reaches one, nor any other path under /parties/. A number the Worker does not know
 * to be live is a guess, counted against the address's room-number throttle like the room
 * check's, and refused with 429 once the address is over it (app/server/rooms/room-door.server.ts). A
 * page of another site may not open a room's socket (its visitors' browsers would play, or
 * flood, for it); native clients send no Origin and pass.
 *
 * The upgrade goes to the room as it came, with nothing copied or added (a whole venue
 * reconnects at once through here): the room reads its number from its id (idFromName).
 */
async function roomSocket(request: Request, env: Env, path: string): Promise<Response> {
  const room = ROOM_SOCKET_PATH.exec(path)?.[1];
  if (!room || request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Not found", { status: 404 });
  if (isForeignOrigin(request)) return new Response("Forbidden", { status: 403 });
  try {
    const address = clientAddress(request);
    const knock = await door.knock(room, address, roomDoorIo(env, address));
    if (!knock.open)
      return knock.status === 429 ? errorResponse(Refusal.tooManyRequests(knock.retryAfterMs / 1000), localeOf(request)) : new Response("Not found", { status: 404 });
  } catch (error) {
    console.error("room registry lookup failed", error);
    return new Response("Service unavailable", { status: 503 });
  }
  const response = await env.GameRoom.get(env.GameRoom.idFromName(room)).fetch(request);
  door.learn(room, response.status);
  return response;
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    // Deployed with the repository's local secrets, or weak ones: serve nothing at all.
    if (!isLocalHost(url)) {
      const problems = weakSecrets(env);
      if (problems.length > 0) return withSecurityHeaders(unconfiguredResponse(problems), request);
    }
    const path = url.pathname;
    if (path.startsWith("/parties/")) return roomSocket(request, env, path);
    // Browsers' reports of the pages' policies: anyone's, so never Origin-checked, and they
    // change nothing but the admin's counts (app/server/http/browser-alerts.server.ts).
    if (path === CSP_REPORT_PATH) return withSecurityHeaders(await cspReportEndpoint(request, env), request);

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
    const remixRequest = forRemix(request);
    const answer = (await answerApi(apiRoutes, remixRequest, path, loadContext)) ?? (await handleRemixRequest(remixRequest, loadContext));
    return withSecurityHeaders(answer, request, {
      nonce: loadContext.cspNonce,
      googleMaps: !!env.GOOGLE_MAPS_API_KEY,
    });
  },
} satisfies ExportedHandler<Env>;
