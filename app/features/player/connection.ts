/**
 * The phone's socket to its room (browser only). One per room, shared by /join and /play so the
 * pseudo screen hands its socket to the game without a drop. Every (re)opened socket starts with
 * `hello` carrying the resume token, which gives the seat, score and current screen back; while
 * hidden a phone may lose its socket silently, so coming back to the page checks the line with a
 * resync and reconnects when the room stays silent.
 */
import PartySocket from "partysocket";
import {
  PROTOCOL_VERSION,
  type ClientMessage,
  type ServerMessage,
} from "@common/protocol";
import type { SocketStatus } from "./play-state";
import { readToken } from "./token";

export type ConnectionEvent = { kind: "status"; status: SocketStatus } | { kind: "message"; msg: ServerMessage };
type Listener = (event: ConnectionEvent) => void;

/** A silent line is dead after this long once we asked it something. */
const SILENCE_MS = 4_000;
/**
 * A hello without a token takes a seat in a random-icon room: a socket replaced too eagerly
 * would leave a ghost seat behind, so a slow first answer is given much longer.
 */
const FIRST_HELLO_SILENCE_MS = 15_000;
/** Keeps NATs and proxies from dropping an idle socket, and finds a dead one. */
const HEARTBEAT_MS = 25_000;
/** Time a socket stays open without a page, so /join can hand it to /play. */
const HANDOVER_MS = 5_000;
/** After this many failed openings in a row, ask the registry whether the room still exists. */
const FAILS_BEFORE_CHECK = 3;
/** The room closed this socket for good (party/game-room.ts CLOSE_CODES.roomClosed). */
const ROOM_CLOSED_CODE = 4000;

export class RoomConnection {
  readonly room: string;
  status: SocketStatus = "connecting";
  private socket: PartySocket;
  private listeners = new Set<Listener>();
  private lastHeard = 0;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private failures = 0;
  private checking = false;
  users = 0;
  releaseTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(room: string) {
    this.room = room;
    this.socket = new PartySocket({
      host: location.host,
      protocol: location.protocol === "https:" ? "wss" : "ws",
      party: "game-room",
      room,
      // Our own messages wait for `hello` (see send): nothing stale is replayed before it.
      maxEnqueuedMessages: 0,
      minReconnectionDelay: 400,
      maxReconnectionDelay: 5_000,
      reconnectionDelayGrowFactor: 1.6,
      connectionTimeout: 5_000,
    });
    this.socket.addEventListener("open", this.onOpen);
    this.socket.addEventListener("close", this.onClose);
    this.socket.addEventListener("message", this.onMessage);
    document.addEventListener("visibilitychange", this.onVisible);
    window.addEventListener("online", this.onOnline);
    window.addEventListener("pageshow", this.onVisible);
    this.heartbeat = setInterval(() => {
      if (this.status === "open" && document.visibilityState === "visible") this.probe({ type: "ping" });
    }, HEARTBEAT_MS);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener({ kind: "status", status: this.status });
    return () => this.listeners.delete(listener);
  }

  /** Sends now or not at all (false): the caller keeps what must go out once back. */
  send(msg: ClientMessage): boolean {
    if (this.closed || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  /**
   * Asks the room for our seat and screen again on the open socket (a page taking over the
   * socket, or the phone waking up). Without a token a second hello would take a second seat
   * in a random-icon room, so that case waits for a fresh socket instead.
   */
  resync(allowWithoutToken = false): void {
    const token = readToken(this.room);
    if (!token && !allowWithoutToken) return;
    if (this.status === "open") this.probe(this.helloMsg());
  }

  reconnect(): void {
    if (this.closed) return;
    this.setStatus("connecting");
    this.socket.reconnect();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearWatchdog();
    if (this.heartbeat) clearInterval(this.heartbeat);
    document.removeEventListener("visibilitychange", this.onVisible);
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("pageshow", this.onVisible);
    this.socket.removeEventListener("open", this.onOpen);
    this.socket.removeEventListener("close", this.onClose);
    this.socket.removeEventListener("message", this.onMessage);
    this.socket.close();
    this.listeners.clear();
  }

  private helloMsg(): ClientMessage {
    const token = readToken(this.room);
    return { type: "hello", role: "player", version: PROTOCOL_VERSION, ...(token ? { token } : {}) };
  }

  /** Sends and expects the room to say something soon, or the socket is replaced. */
  private probe(msg: ClientMessage, silenceMs = SILENCE_MS) {
    const asked = Date.now();
    if (!this.send(msg)) return this.reconnect();
    this.clearWatchdog();
    this.watchdog = setTimeout(() => {
      if (this.lastHeard < asked) this.reconnect();
    }, silenceMs);
  }

  private clearWatchdog() {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  private setStatus(status: SocketStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const l of [...this.listeners]) l({ kind: "status", status });
  }

  private onOpen = () => {
    this.failures = 0;
    this.setStatus("open");
    const hello = this.helloMsg();
    this.probe(hello, "token" in hello ? SILENCE_MS : FIRST_HELLO_SILENCE_MS);
  };

  private onClose = (event: CloseEvent) => {
    if (this.closed) return;
    this.clearWatchdog();
    this.setStatus("closed");
    if (event.code === ROOM_CLOSED_CODE) return void this.checkRoom();
    // The socket URL answers 404 once the room is over: nothing says so but the registry.
    if (++this.failures % FAILS_BEFORE_CHECK === 0) void this.checkRoom();
  };

  /** The room is gone (ended while we were away): we were in effect told 'ended'. */
  private async checkRoom() {
    if (this.checking || this.closed) return;
    this.checking = true;
    try {
      const res = await fetch(`/api/game/check/${encodeURIComponent(this.room)}`, { cache: "no-store" });
      if (res.status === 404 && !this.closed && this.status !== "open") {
        const gone: ServerMessage = { type: "player_kicked", reason: "ended" };
        for (const l of [...this.listeners]) l({ kind: "message", msg: gone });
      }
    } catch {
      /* offline: the next failures ask again */
    } finally {
      this.checking = false;
    }
  }

  private onMessage = (event: MessageEvent) => {
    this.lastHeard = Date.now();
    let msg: ServerMessage;
    try {
      msg = JSON.parse(String(event.data)) as ServerMessage;
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object" || typeof msg.type !== "string") return;
    for (const l of [...this.listeners]) l({ kind: "message", msg });
  };

  private onVisible = () => {
    if (document.visibilityState !== "visible" || this.closed) return;
    if (this.status === "open") this.resync();
    else this.reconnect();
  };

  private onOnline = () => {
    if (this.status !== "open") this.reconnect();
  };
}

const connections = new Map<string, RoomConnection>();

/** The room's connection, opened on first use; release it when the page goes. */
export function acquireConnection(room: string): RoomConnection {
  let conn = connections.get(room);
  if (!conn) {
    conn = new RoomConnection(room);
    connections.set(room, conn);
  }
  if (conn.releaseTimer) clearTimeout(conn.releaseTimer);
  conn.releaseTimer = null;
  conn.users++;
  return conn;
}

export function releaseConnection(conn: RoomConnection): void {
  conn.users = Math.max(0, conn.users - 1);
  if (conn.users > 0) return;
  conn.releaseTimer = setTimeout(() => dropConnection(conn), HANDOVER_MS);
}

/** Closes at once (kick, end of the room): nothing may reconnect it. */
export function dropConnection(conn: RoomConnection): void {
  if (connections.get(conn.room) === conn) connections.delete(conn.room);
  if (conn.releaseTimer) clearTimeout(conn.releaseTimer);
  conn.close();
}
