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
import type { GameRoom } from "@party/game-room";
import { STARTING_MS } from "@party/engine";
import { ConnectionIndex } from "@party/socket-index";
import type { StepRunner, RoomPorts } from "@party/step-runner";
import { signSession } from "~/server/auth/auth.server";
import { findAdmin, kitOf, type AppTarget } from "./app";
import type { KitDb, TestAccount } from "./factory";
import { TestPhone, type SeatedPhone, type SocketTarget, type TestPresenter } from "./room-sockets";
import * as rooms from "./launch";

export const ORIGIN = "http://localhost";

/**
 * A WebSocket as the room client expects one, opened by upgrading a request through SELF: the
 * room client runs unchanged inside workerd.
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

/** Room sockets from another network address (`CF-Connecting-IP`). */
export const socketsFrom = (ip: string) => socketsWith({ "CF-Connecting-IP": ip });

/** The answer to a socket upgrade to `room` with these headers (an accepted socket is closed at once). */
export async function upgradeRoom(room: string, headers: Record<string, string>): Promise<Response> {
  const res = await SELF.fetch(`${ORIGIN}/parties/game-room/${room}`, { headers: { ...headers, Upgrade: "websocket" } });
  if (res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close(1000);
  }
  return res;
}

/** A socket from `target` that says nothing until the test does; null if the room refused it. */
export async function silentSocket(target: SocketTarget, room: string): Promise<TestPhone | null> {
  const s = new TestPhone(target, room, { hello: false, reconnect: false });
  const opened = await s.open(5_000).then(
    () => true,
    () => false,
  );
  if (!opened) s.close();
  return opened ? s : null;
}

export const kit = kitOf(app);
export const make = kit.make;

export const { launch, presenter, join, phone, seatPhones, connect, gameOf, closeRoom, fetchRanking, postRound } = rooms.roomsOf(kit);

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

/** The room's parts as the tests reach them: its seams (clock, D1), its game, its sockets. */
export interface RoomInternals {
  ports: RoomPorts;
  game: StepRunner;
  ctx: DurableObjectState;
}

/** Runs `fn` on the room's instance (its parts reachable through the cast). */
export function inRoom<T>(room: string, fn: (r: RoomInternals) => T | Promise<T>): Promise<T> {
  return runInDurableObject(stubOf(room), (instance: GameRoom) => fn(instance as unknown as RoomInternals));
}

/** Moves the room's clock forward (its clock seam), as if that much time had passed. */
export const skewClock = (room: string, ms: number) =>
  inRoom(room, (r) => {
    const now = r.ports.now;
    r.ports.now = () => now() + ms;
  });

/** Moves the room's clock forward and rings its alarm, as if that much time had passed. */
export async function advance(room: string, ms: number) {
  await skewClock(room, ms);
  await runDurableObjectAlarm(stubOf(room));
}

/**
 * The room's presenter and `count` phones joined one after the other, the game started and its
 * countdown run out by the alarm: the first question is being asked.
 */
export async function startedGame(l: rooms.LaunchedRoom, count: number): Promise<{ pres: TestPresenter; phones: SeatedPhone[] }> {
  const pres = await presenter(l);
  const phones: SeatedPhone[] = [];
  for (let i = 0; i < count; i++) phones.push(await join(l.room));
  pres.start();
  await advance(l.room, STARTING_MS);
  return { pres, phones };
}

/** D1 unreachable for the room's next `n` batches (its D1 seam): they fail whatever they write. */
export const failD1Batches = (room: string, n: number) =>
  inRoom(room, (r) => {
    const batch = r.ports.batch;
    let left = n;
    r.ports.batch = (statements) => (left-- > 0 ? Promise.reject(new Error("D1 indisponible (test)")) : batch(statements));
  });

export const roomState = (room: string) => inRoom(room, (r) => structuredClone(r.game.state));

/** The D1 writes the room still owes. */
export const pendingD1 = (room: string) => inRoom(room, (r) => [...r.game.outbox.ops]);

/** The state the room reads back from its storage, as after an eviction. */
export const reloadRoom = (room: string) =>
  inRoom(room, (r) => {
    (r.game as unknown as { loaded: boolean }).loaded = false;
    r.game.load();
    return structuredClone(r.game.state);
  });

/**
 * What a hibernation leaves the room: its sockets open, its memory gone. The instance forgets
 * what it loaded and the sockets it indexed; its next event reads them back from their
 * attachments, as a room waking up does.
 */
export const sleepRoom = (room: string) =>
  inRoom(room, (r) => {
    const conns = new ConnectionIndex(r.ctx);
    Object.assign(r.game, { loaded: false, started: false, conns });
    Object.assign(r, { conns });
  });

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

/**
 * A page's markup without its scripts: what it shows, not the message catalog its data carries
 * (every page of the workshop carries the workshop's words, shown or not).
 */
export const shownMarkup = async (res: Response) => (await res.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

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

/** An account and its session cookie: who makes a request. */
export type Caller = { account: TestAccount; cookie: string };
export const callerOf = async (account: TestAccount): Promise<Caller> => ({ account, cookie: await cookieOf(account) });

/** Whether the bucket holds `key`. */
export const stored = async (key: string) => (await env.BUCKET.head(key)) !== null;

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: ArrayLike<number>): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  let crc = 0xffffffff;
  for (let i = 4; i < 8 + data.length; i++) crc = CRC_TABLE[(crc ^ out[i]!) & 0xff]! ^ (crc >>> 8);
  view.setUint32(8 + data.length, (crc ^ 0xffffffff) >>> 0);
  return out;
}

/**
 * A real 2x2 PNG (the app follows its structure and keeps only what draws it): `seed` sets its
 * colour, hence its bytes and R2 key. `size` pads it to that many bytes with a private chunk,
 * which the app drops when it stores the picture. `declared` makes its header say another size
 * than the pixels it holds: a picture of a few bytes that a browser would allocate as that many.
 */
export function png(seed = 0, size?: number, declared = { width: 2, height: 2 }): File {
  const [r, g] = [seed & 0xff, (seed >> 8) & 0xff];
  const row = [0, r, g, 0x80, r, g, 0x80];
  const raw = [...row, ...row];
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  // zlib: one stored (uncompressed) deflate block, then the Adler-32 of the data.
  const zlib = [0x78, 0x01, 0x01, raw.length & 255, raw.length >> 8, ~raw.length & 255, (~raw.length >> 8) & 255, ...raw];
  zlib.push((b >> 8) & 255, b & 255, (a >> 8) & 255, a & 255);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", [...u32be(declared.width), ...u32be(declared.height), 8, 2, 0, 0, 0]),
    pngChunk("IDAT", zlib),
  ];
  const length = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (size !== undefined) parts.push(pngChunk("teSt", new Uint8Array(Math.max(0, size - length - 12))));
  parts.push(pngChunk("IEND", []));
  return new File(parts, "image.png", { type: "image/png" });
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

/** What a server function refused with (status and French message); fails if it did not refuse. */
export { refusal } from "./refusal";
