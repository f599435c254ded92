/**
 * The line under the room client: one WebSocket at a time to a room, opened again after every
 * close or failed opening, after a jittered delay that grows with the failures in a row, and
 * abandoned when its opening outlasts the connect timeout. It knows nothing of the protocol: the
 * room client (room-client.ts) says hello, judges the line, and closes this for good when the
 * room says so (its close codes). Works with the browser's WebSocket and with `ws` in Node.
 */

/** What the line needs of a WebSocket: the browser's, `ws`'s, or a test's stand-in. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string | ArrayBuffer | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: never) => void): void;
  removeEventListener(type: string, listener: (event: never) => void): void;
}
export type WebSocketClass = new (url: string) => WebSocketLike;

export interface Backoff {
  /** The delay before the first retry, before jitter. */
  minMs: number;
  maxMs: number;
  /** Each failure in a row multiplies the delay by this. */
  grow: number;
  /** Each delay is drawn within ± this share of itself (0.5: between half and one and a half). */
  jitter: number;
  /**
   * An opening that takes longer is abandoned and tried again. Long: an opening that waits is
   * queued in a busy room, and a second one would queue behind it.
   */
  connectTimeoutMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { minMs: 500, maxMs: 10_000, grow: 1.8, jitter: 0.5, connectTimeoutMs: 10_000 };

/** The wait before retry number `retry` (1 for the first), jittered with `random` in [0, 1). */
export function backoffDelay(b: Backoff, retry: number, random: () => number = Math.random): number {
  if (retry <= 0) return 0;
  const base = Math.min(b.maxMs, b.minMs * b.grow ** (retry - 1));
  return Math.round(base * (1 - b.jitter + 2 * b.jitter * random()));
}

/**
 * A socket that stayed open this long was a working line: the failures after it count from one
 * again. One that the room closes sooner (again and again) keeps backing off instead of coming
 * back twice a second.
 */
export const STABLE_LINE_MS = 5_000;

/** The code reported for an opening abandoned at its timeout (no close frame came). */
export const ABANDONED = 1006;

const CONNECTING = 0;
const OPEN = 1;

/** A room's socket address; `_pk` names the page's line, the same across its sockets. */
export function roomSocketUrl(o: { protocol: "ws" | "wss"; host: string; room: string; id: string }): string {
  const host = o.host.replace(/^[a-z]+:\/\//i, "").replace(/\/+$/, "");
  return `${o.protocol}://${host}/parties/game-room/${encodeURIComponent(o.room)}?_pk=${encodeURIComponent(o.id)}`;
}

/** A random id for a page's line (getRandomValues: randomUUID needs a secure context). */
export function randomLineId(): string {
  let s = "";
  for (const b of crypto.getRandomValues(new Uint8Array(16))) s += b.toString(16).padStart(2, "0");
  return s;
}

export interface LineEvents {
  /** A new socket is being opened. */
  opening(): void;
  open(): void;
  frame(data: unknown): void;
  /** The socket closed, or its opening failed; the line tries again unless closed meanwhile. */
  close(code: number, reason: string): void;
}

export class ReconnectingLine {
  private ws: WebSocketLike | null = null;
  private openedAt: number | null = null;
  /** Failed openings and short-lived sockets since the last stable one. */
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly WebSocket: WebSocketClass,
    private readonly backoff: Backoff,
    private readonly events: LineEvents,
  ) {
    // The first socket opens from the next turn: whoever made the line subscribes first.
    this.later(0);
  }

  /** The socket open or opening now (tests reach the wire through it), or null. */
  get socket(): WebSocketLike | null {
    return this.ws;
  }

  get isOpen(): boolean {
    return this.ws?.readyState === OPEN;
  }

  /** Sends on the open socket; false when there is none (nothing is queued). */
  send(data: string | ArrayBuffer | ArrayBufferView): boolean {
    if (this.closed || !this.ws || this.ws.readyState !== OPEN) return false;
    this.ws.send(data);
    return true;
  }

  /**
   * Drops the current socket, silently, and opens another after `delayMs` (0: at once),
   * whatever retry was pending; the failures count from one again.
   */
  reopen(delayMs = 0) {
    if (this.closed) return;
    this.drop();
    this.retries = 0;
    if (delayMs <= 0) this.connect();
    else this.later(delayMs);
  }

  /** For good: the current socket is closed and nothing opens again. */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.drop();
  }

  private later(delayMs: number) {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delayMs);
  }

  private connect() {
    if (this.closed) return;
    this.events.opening();
    // The opening may have closed the line (a listener leaving).
    if (this.closed) return;
    const ws = new this.WebSocket(this.url);
    this.ws = ws;
    this.openedAt = null;
    // `ws` in Node throws an 'error' event nobody listens to: one listener stays for good.
    ws.addEventListener("error", ignore);
    ws.addEventListener("open", this.onOpen);
    ws.addEventListener("message", this.onMessage);
    ws.addEventListener("close", this.onClose);
    this.timer = setTimeout(this.onTimeout, this.backoff.connectTimeoutMs);
  }

  /** Forgets the current socket (no event), closing it, and any timer. */
  private drop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.removeEventListener("open", this.onOpen);
    ws.removeEventListener("message", this.onMessage);
    ws.removeEventListener("close", this.onClose);
    if (ws.readyState === CONNECTING || ws.readyState === OPEN) {
      try {
        ws.close(1000);
      } catch {
        // already going
      }
    }
  }

  private onOpen = () => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.openedAt = Date.now();
    this.events.open();
  };

  private onMessage = (event: { data: unknown }) => this.events.frame(event.data);

  private onClose = (event: { code: number; reason: string }) => this.ended(event.code, event.reason ?? "");

  private onTimeout = () => {
    this.timer = null;
    this.drop();
    this.ended(ABANDONED, "timeout");
  };

  private ended(code: number, reason: string) {
    const wasStable = this.openedAt !== null && Date.now() - this.openedAt >= STABLE_LINE_MS;
    this.drop();
    this.retries = wasStable ? 1 : this.retries + 1;
    this.events.close(code, reason);
    if (!this.closed && !this.ws && !this.timer) this.later(backoffDelay(this.backoff, this.retries));
  }
}

function ignore() {}
