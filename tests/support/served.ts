/**
 * The kit against the production build as `npm start` serves it (tests/e2e, the benchmarks):
 * HTTP with fetch, the served Worker's D1 and R2 through wrangler on its state folder, sessions
 * through the app's own login, room sockets on the room client over Node's `ws`.
 */
import WebSocket from "ws";
import { findAdmin, kitOf, loginCookie, type AppTarget, type Kit } from "./app";
import type { TestAccount } from "./factory";
import { servedDb, servedPutObject, type ServedState } from "./served-db";

export interface ServedOptions extends ServedState {
  baseURL: string;
  adminMail: string;
  adminPassword: string;
}

/**
 * fetch with one retry when a kept-alive connection turns out closed by the server just as it
 * is reused ("other side closed"): the request never reached the app.
 */
async function appFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "UND_ERR_SOCKET" && code !== "ECONNRESET") throw error;
    return fetch(url, init);
  }
}

function servedApp(options: ServedOptions): AppTarget {
  const sessions = new Map<number, string>();
  const app: AppTarget = {
    origin: options.baseURL,
    db: servedDb(options),
    fetch: (path, init) => appFetch(`${options.baseURL}${path}`, init),
    putObject: (key, bytes, contentType) => servedPutObject(options, key, bytes, contentType),
    async cookieFor(account: TestAccount) {
      let cookie = sessions.get(account.id);
      if (!cookie) {
        cookie = await loginCookie(app, account);
        sessions.set(account.id, cookie);
      }
      return cookie;
    },
    admin: () => findAdmin(app, options.adminMail, options.adminPassword),
    sockets: {
      host: new URL(options.baseURL).host,
      protocol: "ws",
      WebSocket,
      // Like the pages: quick retries after a drop; the line is judged by the tests themselves.
      defaults: { reconnect: true, backoff: { minMs: 200, maxMs: 2_000, connectTimeoutMs: 4_000 }, liveness: false },
    },
  };
  return app;
}

export const servedKit = (options: ServedOptions): Kit => kitOf(servedApp(options));

/**
 * `ws` sockets that leave from `address` (127.0.0.2..127.0.0.254 are all this machine): the
 * room sees each as another network address, as phones behind different public addresses are.
 * `perMessageDeflate` as `ws` defaults unless told.
 */
export function webSocketFrom(address: string, perMessageDeflate?: boolean) {
  return class WebSocketFrom extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { localAddress: address, ...(perMessageDeflate === undefined ? {} : { perMessageDeflate }) });
    }
  };
}

/** Where room sockets connect from another network address (see webSocketFrom). */
export const socketsFrom = (app: AppTarget, address: string) => ({ ...app.sockets, WebSocket: webSocketFrom(address) });

/** The HTTP status a socket upgrade to `room` gets (101 when a live room takes it). */
export function upgradeStatus(app: AppTarget, room: string): Promise<number> {
  const url = `${app.origin.replace(/^http/, "ws")}/parties/game-room/${room}`;
  return new Promise<number>((resolve) => {
    const ws = new WebSocket(url);
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("open", () => {
      ws.close();
      resolve(101);
    });
    ws.on("error", () => undefined);
  });
}
