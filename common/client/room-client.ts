/**
 * The one client of a game room's socket: the phone, the presenter screen, the socket tests and
 * the benchmark all speak to rooms through it, in the browser or in Node (pass `ws` as
 * `WebSocket`).
 *
 * What it guarantees:
 * - every socket it opens starts with `hello` (role, protocol version, and the token as it is at
 *   that moment), so a reconnection gets the seat or the presenter screen back;
 * - nothing is queued while the socket is down (a stale answer or click replayed before `hello`
 *   would be refused, or worse, land on the wrong question): `send` says false instead;
 * - every message is decoded against the protocol before anyone sees it;
 * - a socket that stops answering is replaced: whenever the room is asked something (hello,
 *   ping) it must say something within a few seconds (longer for the hello of a socket that has
 *   just opened: the room is then busy, not gone);
 * - retries are spread out: every delay before a new socket is jittered and grows with the
 *   failures in a row, so a venue whose Wi-Fi restarts does not come back in synchronized waves
 *   that the room's one thread must turn away and take again;
 * - `wake()` (network back, page visible again) reconnects at once, never after a pending
 *   backoff;
 * - the room's own close codes are obeyed (CLOSE_POLICY), and a `reload` (the room speaks a newer
 *   protocol) stops the client: the page reloads, a Node client reports it;
 * - a phone echoes the room's clock stamp as soon as its frame arrives, before anyone reads it:
 *   the room measures the phone's round trip by it and gives the phone that time back
 *   (common/rules/clock.ts).
 *
 * The line under it (one WebSocket at a time, reopened after a jittered backoff, openings
 * abandoned at their timeout) is room-client-socket.ts.
 */
import {
  CLOSE_CODES,
  PROTOCOL_VERSION,
  type ClientMessage,
  type HelloMsg,
  type ReloadMsg,
  type Role,
  type ServerMessage,
} from "../wire/protocol";
import { decodeServerMessage } from "./room-client-decode";
import { clientMessages } from "../wire/client-to-server";
import { type Backoff, DEFAULT_BACKOFF, ReconnectingLine, type WebSocketClass, type WebSocketLike, backoffDelay, randomLineId, roomSocketUrl } from "./room-client-socket";

export { type Backoff, backoffDelay } from "./room-client-socket";

export type RoomClientStatus = "connecting" | "open" | "closed";
type CloseCodeName = keyof typeof CLOSE_CODES;

/**
 * What the client does when the room closes its socket with one of its own codes. Typed over
 * CLOSE_CODES: a code added there does not compile until it is given a policy here.
 */
const CLOSE_POLICY: { [K in CloseCodeName]: "stop" | "reconnect" } = {
  // The game is over and gone: reconnecting would only meet a 404.
  roomClosed: "stop",
  // A newer socket of this same page took over; that one carries on.
  replaced: "stop",
  // The room closed a socket that kept flooding it: a new socket would flood again, in a loop.
  flood: "stop",
  // Closed for never saying hello, to make room for others: a page that does says it at once.
  silent: "reconnect",
  // The room runs a newer version than the one that took this socket: a new socket meets it.
  restart: "reconnect",
};

/**
 * Why a client stopped for good: one of the room's close codes, another code of the room's range
 * (4000-4999) this build does not know, a `reload`, or a socket that closed when the client was
 * told not to reconnect.
 */
export type StopReason = CloseCodeName | "unknownCode" | "reload" | "lost";

export type RoomClientEvent =
  | { kind: "status"; status: RoomClientStatus }
  | { kind: "message"; msg: ServerMessage }
  /** A socket closed or an opening failed; `failures` counts them since the last open. */
  | { kind: "close"; code: number; reason: string; failures: number }
  | { kind: "stopped"; reason: StopReason; code: number | null }
  /** A frame the protocol does not know (dropped). */
  | { kind: "invalid"; data: unknown };

type RoomClientListener = (event: RoomClientEvent) => void;

export interface Liveness {
  /** Silence allowed after asking the room something (hello, ping) before the socket is replaced. */
  answerMs: number;
  /**
   * The same for the hello with a token said as a socket opens. A socket that has just opened is
   * alive; a slow answer then means the room is working through a backlog (a whole venue coming
   * back at once), and replacing the socket would only put one more opening in that queue.
   */
  openHelloMs: number;
  /**
   * The same for a hello without a token, which may take a seat: a socket replaced too eagerly
   * would leave a ghost seat behind, so a slow first answer is given much longer.
   */
  firstHelloMs: number;
  /** A ping this often keeps NATs from dropping an idle socket and finds a dead one; 0 for none. */
  heartbeatMs: number;
  /** Heartbeats only while this holds (a hidden page need not keep its line warm). */
  heartbeatWhen?: () => boolean;
}

export const DEFAULT_LIVENESS: Liveness = { answerMs: 4_000, openHelloMs: 12_000, firstHelloMs: 15_000, heartbeatMs: 25_000 };

export interface RoomClientOptions {
  /** host[:port] of the app (`location.host` in a page). */
  host: string;
  /** wss (default) or ws: a page passes its own scheme (pageSocketProtocol). */
  protocol?: "ws" | "wss";
  room: string;
  role: Role;
  /** The presenter token or the phone's resume token, read again at every hello. */
  token?: string | (() => string | undefined);
  /** The socket's id, kept across reconnections (the room closes an older socket of the same id). */
  id?: string;
  /** A WebSocket class: the browser's by default, `ws` in Node. */
  WebSocket?: unknown;
  /** Say hello on every opened socket (default). Off: the caller speaks first (tests of refusals). */
  autoHello?: boolean;
  /** Reconnect after a drop (default). Off: one socket, and the client stops when it closes. */
  reconnect?: boolean;
  backoff?: Partial<Backoff>;
  /** Replace silent sockets (default DEFAULT_LIVENESS); false: never judge the line. */
  liveness?: Partial<Liveness> | false;
  /**
   * Stop at the room's `reload` (default): this build speaks an older protocol. False for
   * clients that provoke one on purpose (tests of what the room refuses) and carry on.
   */
  stopOnReload?: boolean;
}

export class RoomClient {
  readonly room: string;
  readonly role: Role;
  /** The page's line id (`_pk`), the same for every socket of this client. */
  readonly id: string;
  status: RoomClientStatus = "connecting";
  /** Set once the client has stopped for good. */
  stopped: StopReason | null = null;
  /** The room's `reload`, kept for a Node client to report. */
  reload: ReloadMsg | null = null;
  /** Closes and failed openings since the last successful open. */
  failures = 0;
  /** Sockets opened so far. */
  opens = 0;

  private readonly options: RoomClientOptions;
  private readonly liveness: Liveness | null;
  private readonly backoff: Backoff;
  private readonly line: ReconnectingLine;
  private readonly listeners = new Set<RoomClientListener>();
  /** Frames heard so far: a probe is answered when this moves. */
  private heard = 0;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  /** Sockets replaced in a row for silence, since the room last answered: they back off too. */
  private silentReplacements = 0;

  constructor(options: RoomClientOptions) {
    this.options = options;
    this.room = options.room;
    this.role = options.role;
    this.id = options.id ?? randomLineId();
    this.liveness = options.liveness === false ? null : { ...DEFAULT_LIVENESS, ...options.liveness };
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    const url = roomSocketUrl({ protocol: options.protocol ?? "wss", host: options.host, room: options.room, id: this.id });
    const WebSocketClass = (options.WebSocket ?? globalThis.WebSocket) as WebSocketClass;
    this.line = new ReconnectingLine(url, WebSocketClass, this.backoff, {
      opening: () => this.setStatus("connecting"),
      open: this.onOpen,
      frame: this.onFrame,
      close: this.onClose,
    });
    const beat = this.liveness?.heartbeatMs ?? 0;
    if (beat > 0) this.heartbeat = setInterval(this.beat, beat);
  }

  /** The socket open or opening now, for tests that must reach the wire (cut it); null between two. */
  get socket(): WebSocketLike | null {
    return this.line.socket;
  }

  subscribe(listener: RoomClientListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends now or not at all (false), under the wire's names: nothing waits for a socket to come back. */
  send(msg: ClientMessage): boolean {
    return this.sendRaw(JSON.stringify(clientMessages.toWire(msg)));
  }

  /** Any frame, as is (tests of what the room refuses). */
  sendRaw(data: string | ArrayBuffer | ArrayBufferView): boolean {
    return !this.stopped && this.line.send(data);
  }

  /** Says hello again on the open socket and expects an answer, or the socket is replaced. */
  hello(): boolean {
    return this.sayHello(false);
  }

  /** Asks the room for a pong: the line is checked without changing anything. */
  ping(): boolean {
    return this.probe({ type: "ping" }, this.liveness?.answerMs);
  }

  /**
   * The network came back or the page became visible: an open socket is checked (hello again
   * with a token, which also brings the screen up to date; a ping without one, which takes no
   * seat), a closed one is replaced at once.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.status === "closed") return this.reconnectNow();
    // 'connecting': a fresh socket is on its way already (the page has just opened or replaced it).
    if (this.status !== "open") return;
    if (this.token()) this.hello();
    else this.ping();
  }

  /**
   * The network came back (the browser's `online`): an open socket is checked as by wake(); one
   * still opening was started on the dead network and may hang until its timeout, so it is
   * replaced at once like a closed one.
   */
  networkBack(): void {
    if (this.stopped) return;
    if (this.status === "open") return this.wake();
    this.reconnectNow();
  }

  /** A new socket now, whatever backoff was pending. */
  reconnectNow(): void {
    this.replaceSocket(0);
  }

  /** Closes for good, silently: the caller is leaving. */
  close(): void {
    if (this.stopped) return;
    this.stopped = "lost";
    this.listeners.clear();
    this.shutdown();
  }

  // -------------------------------------------------------------------------------------------

  private token(): string | undefined {
    const t = this.options.token;
    return typeof t === "function" ? t() : t;
  }

  private sayHello(opening: boolean): boolean {
    const token = this.token();
    const msg: HelloMsg = { type: "hello", role: this.role, version: PROTOCOL_VERSION, ...(token ? { token } : {}) };
    const l = this.liveness;
    return this.probe(msg, !l ? undefined : !token ? l.firstHelloMs : opening ? l.openHelloMs : l.answerMs);
  }

  /** Drops the current socket and opens another after `delayMs` (0: at once). */
  private replaceSocket(delayMs: number) {
    if (this.stopped) return;
    this.clearWatchdog();
    if (delayMs > 0) this.setStatus("closed");
    this.line.reopen(delayMs);
  }

  private shutdown() {
    this.clearWatchdog();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.line.close();
    this.setStatus("closed");
  }

  private stop(reason: StopReason, code: number | null) {
    if (this.stopped) return;
    this.stopped = reason;
    this.shutdown();
    this.emit({ kind: "stopped", reason, code });
  }

  private emit(event: RoomClientEvent) {
    // A Set may lose members while it is walked; no copy per message (2,000 clients in a bench).
    for (const listener of this.listeners) listener(event);
  }

  private setStatus(status: RoomClientStatus) {
    if (this.status === status) return;
    this.status = status;
    this.emit({ kind: "status", status });
  }

  /**
   * Sends and expects the room to say something within `silenceMs`, or replaces the socket after
   * a backoff that grows with each silent socket in a row (a room that does not answer in time
   * is usually swamped: hurrying a new socket in makes it worse).
   */
  private probe(msg: ClientMessage, silenceMs: number | undefined): boolean {
    const asked = this.heard;
    if (!this.send(msg)) {
      if (this.liveness) this.reconnectNow();
      return false;
    }
    if (silenceMs === undefined) return true;
    this.clearWatchdog();
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (this.heard !== asked) return;
      this.silentReplacements++;
      this.replaceSocket(backoffDelay(this.backoff, this.silentReplacements));
    }, silenceMs);
    return true;
  }

  private clearWatchdog() {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  private beat = () => {
    if (this.status !== "open" || this.watchdog) return;
    if (this.liveness?.heartbeatWhen && !this.liveness.heartbeatWhen()) return;
    this.ping();
  };

  private onOpen = () => {
    this.failures = 0;
    this.opens++;
    this.setStatus("open");
    if (this.options.autoHello !== false) this.sayHello(true);
  };

  private onClose = (code: number, reason: string) => {
    if (this.stopped) return;
    this.clearWatchdog();
    this.failures++;
    this.emit({ kind: "close", code, reason, failures: this.failures });
    const stop = stopReasonOf(code) ?? (this.options.reconnect === false ? "lost" : null);
    if (stop) return this.stop(stop, code);
    this.setStatus("closed");
  };

  private onFrame = (data: unknown) => {
    this.heard++;
    // The room answered: the socket is alive, its pending question settled.
    this.silentReplacements = 0;
    this.clearWatchdog();
    const msg = decodeServerMessage(data);
    if (!msg) return this.emit({ kind: "invalid", data });
    if (this.role === "player" && (msg.type === "player_newQuestion" || msg.type === "pong")) this.send({ type: "echo", at: msg.at });
    if (msg.type === "reload") this.reload = msg;
    this.emit({ kind: "message", msg });
    if (msg.type === "reload" && this.options.stopOnReload !== false) this.stop("reload", null);
  };
}

/** Null when the client should reconnect after a close with this code. */
export function stopReasonOf(code: number): StopReason | null {
  for (const name of Object.keys(CLOSE_CODES) as CloseCodeName[])
    if (CLOSE_CODES[name] === code) return CLOSE_POLICY[name] === "stop" ? name : null;
  // The room's own range: a deliberate close this build does not know yet is not retried.
  return code >= 4000 && code < 5000 ? "unknownCode" : null;
}
