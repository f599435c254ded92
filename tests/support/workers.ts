/**
 * The kit inside workerd (tests/workers): the real Worker through SELF, its D1 and R2 through
 * env, and room sockets on the same room client as the pages, over a WebSocket class that
 * upgrades through SELF.fetch. Plus what only workerd can reach: a room's instance and alarm.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createDb } from "@db/client";
import { folders, quizzes } from "@db/schema";
import type { GameState } from "@party/engine";
import type { GameRoom } from "@party/game-room";
import { signSession } from "~/server/auth.server";
import { findAdmin, kitOf, type AppTarget } from "./app";
import type { KitDb, TestAccount } from "./factory";
import type { SocketTarget } from "./room-sockets";
import * as rooms from "./launch";

export const ORIGIN = "http://localhost";

/**
 * A WebSocket as partysocket expects one, opened by upgrading a request through SELF: the room
 * client runs unchanged inside workerd.
 */
class SelfWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  binaryType = "blob";
  readonly protocol = "";
  readonly extensions = "";
  readonly bufferedAmount = 0;
  private ws: WebSocket | null = null;

  constructor(readonly url: string) {
    super();
    void this.connect();
  }

  /** Headers the upgrade carries besides Upgrade (another address, another page's Origin). */
  protected headers(): Record<string, string> {
    return {};
  }

  private async connect() {
    try {
      const res = await SELF.fetch(this.url.replace(/^ws/, "http"), { headers: { ...this.headers(), Upgrade: "websocket" } });
      const ws = res.webSocket;
      if (res.status !== 101 || !ws) return this.fail(`HTTP ${res.status}`);
      if (this.readyState !== 0) return ws.close(1000);
      ws.accept();
      this.ws = ws;
      ws.addEventListener("message", (e) => this.dispatchEvent(new MessageEvent("message", { data: e.data })));
      ws.addEventListener("close", (e) => this.closed(e.code, e.reason));
      ws.addEventListener("error", () => this.dispatchEvent(new Event("error")));
      this.readyState = 1;
      this.dispatchEvent(new Event("open"));
    } catch (error) {
      this.fail(String(error));
    }
  }

  private fail(reason: string) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(new Event("error"));
    this.dispatchEvent(new CloseEvent("close", { code: 1006, reason }));
  }

  private closed(code: number, reason: string) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent("close", { code, reason }));
  }

  send(data: string | ArrayBuffer | ArrayBufferView) {
    if (!this.ws) throw new Error("socket pas encore ouverte");
    this.ws.send(data);
  }

  close(code = 1000, reason?: string) {
    if (this.readyState >= 2) return;
    const ws = this.ws;
    this.readyState = 2;
    try {
      ws?.close(code, reason);
    } catch {
      // already gone
    }
    this.closed(code, reason ?? "");
  }
}

export const db = () => createDb(env.DB);

export const app: AppTarget = {
  origin: ORIGIN,
  get db(): KitDb {
    return db();
  },
  fetch: (path, init) => SELF.fetch(`${ORIGIN}${path}`, init),
  putObject: async (key, bytes, contentType) => {
    await env.BUCKET.put(key, bytes, { httpMetadata: { contentType } });
  },
  cookieFor: async (account) => `${account.role === "admin" ? "auth_admin" : "auth_mj"}=${await signSession(env, account)}`,
  admin: () => findAdmin(app, null, env.ADMIN_PASSWORD ?? ""),
  sockets: {
    host: "localhost",
    protocol: "ws",
    WebSocket: SelfWebSocket,
    // A room test drives each socket itself: no retry, no liveness judgement behind its back.
    defaults: { reconnect: false, liveness: false },
  },
};

/**
 * Where room sockets connect when they come from elsewhere: another network address
 * (`CF-Connecting-IP`, which Cloudflare sets), or a page of another site (`Origin`).
 */
export function socketsWith(headers: Record<string, string>): SocketTarget {
  class ElsewhereWebSocket extends SelfWebSocket {
    protected headers() {
      return headers;
    }
  }
  return { ...app.sockets, WebSocket: ElsewhereWebSocket };
}

export const kit = kitOf(app);
export const make = kit.make;

export const { launch, presenter, join, phone, seatPhones, connect, gameOf, closeRoom, fetchRanking } = rooms.roomsOf(kit);

/** The load context the app's server functions get (for tests that call them directly). */
export function appContext(): AppLoadContext {
  return {
    cloudflare: { env, ctx: { waitUntil() {}, passThroughOnException() {} } },
    db: createDb(env.DB),
  } as unknown as AppLoadContext;
}

// ---------------------------------------------------------------------------------------------
// Inside a room

export const stubOf = (room: string) => env.GameRoom.get(env.GameRoom.idFromName(room));

/** The room's test hooks and private fields, as the tests reach them. */
export interface RoomInternals {
  clockSkewMs: number;
  failNextD1Flushes: number;
  state: GameState | null;
  pending: unknown[];
  ctx: DurableObjectState;
}

/** Runs `fn` on the room's instance (private fields reachable through the cast). */
export function inRoom<T>(room: string, fn: (r: RoomInternals) => T | Promise<T>): Promise<T> {
  return runInDurableObject(stubOf(room), (instance: GameRoom) => fn(instance as unknown as RoomInternals));
}

/** Moves the room's clock forward and rings its alarm, as if that much time had passed. */
export async function advance(room: string, ms: number) {
  await inRoom(room, (r) => {
    r.clockSkewMs += ms;
  });
  await runDurableObjectAlarm(stubOf(room));
}

export const roomState = (room: string) => inRoom(room, (r) => structuredClone(r.state));

// ---------------------------------------------------------------------------------------------
// Requests as a browser on the app's own pages sends them

type Fields = Record<string, string | File>;

/** A form POST from our own page (Origin of the site unless told; null: none at all). */
export function post(path: string, fields: Fields, cookie?: string, origin: string | null = ORIGIN) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  // A browser always sends Host; Remix compares it with Origin before any action.
  const headers: Record<string, string> = { Host: "localhost" };
  if (cookie) headers.Cookie = cookie;
  if (origin) headers.Origin = origin;
  return SELF.fetch(`${ORIGIN}${path}`, { method: "POST", body, headers, redirect: "manual" });
}

/**
 * The same POST as a fetcher sends it (`.data`): the answer is the action's alone, whereas a
 * document POST also runs the page's loader (which sends nobody back to the login).
 */
export function postData(path: string, fields: Fields, cookie?: string) {
  const url = new URL(path, ORIGIN);
  url.pathname = `${url.pathname}.data`;
  return post(url.pathname + url.search, fields, cookie);
}

export function get(path: string, cookie?: string) {
  return SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

export function postJson(path: string, body: unknown, cookie?: string) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Host: "localhost", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

export const cookieOf = (account: TestAccount) => app.cookieFor(account);

/** Whether the bucket holds `key`. */
export const stored = async (key: string) => (await env.BUCKET.head(key)) !== null;

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 9, 8, 7]);

/** A small file that sniffs as PNG; `seed` makes its bytes (hence its R2 key) unique. */
export function png(seed = 0, size?: number): File {
  const bytes = new Uint8Array(size ?? PNG_SIGNATURE.length + 4);
  bytes.set(PNG_SIGNATURE);
  bytes[bytes.length - 1] = seed & 0xff;
  bytes[bytes.length - 2] = (seed >> 8) & 0xff;
  return new File([bytes], "image.png", { type: "image/png" });
}

export { unique } from "./factory";

export async function folderRow(id: number) {
  const [row] = await db().select().from(folders).where(eq(folders.id, id));
  return row ?? null;
}

export async function quizRow(uniqueName: string) {
  const [row] = await db().select().from(quizzes).where(eq(quizzes.uniqueName, uniqueName));
  return row ?? null;
}
