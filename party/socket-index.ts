/**
 * Which open socket is who. Each socket carries the room's own attachment (SocketData: who it
 * is, the address it came from, when it was accepted, its page's line id), written with the
 * runtime's serializeAttachment so it survives hibernation; this index is the in-memory view of
 * it, rebuilt from the open sockets whenever the object wakes up, so that sending to one seat
 * does not scan 2000 sockets and a socket's data is never read back from the runtime twice.
 *
 * A socket whose attachment is not in this format was accepted by an earlier version of the room
 * (the hibernated sockets a deploy leaves open): it is closed with CLOSE_CODES.restart when the
 * index is built, and its page comes back on a new socket with its token (docs/decisions/029).
 */
import { UNKNOWN_ADDRESS } from "@common/util/address";
import { CLOSE_CODES, CLOSE_REASONS } from "@common/wire/protocol";
import { roundTripOf, withEcho } from "@common/rules/clock";
import type { Identity, SeatId } from "./engine";
import type { Waiting } from "./engine/budget";

/** What a socket's attachment holds. */
interface SocketData {
  /** This format's mark: an attachment without it was written by an earlier version. */
  v: 1;
  /** The page's line id (`_pk`), the same across the page's sockets; a fresh one if it gave none. */
  page: string;
  identity: Identity | null;
  /** The network address it came from (CF-Connecting-IP, keyed by common/util/address.ts), for the per-address caps. */
  ip: string;
  /** Room clock when it was accepted. */
  since: number;
  /**
   * The socket's last round trips as the room timed them (its stamps echoed, ms, each held to
   * the bound: common/rules/clock.ts); absent until the first echo.
   */
  rtt?: readonly number[];
  /**
   * Room clock when it joined its address's line for the pseudo screen (its hello found its
   * address's share there full); absent once it has a place there, a seat, or never asked.
   */
  inLine?: number;
  /**
   * The room closed it (ConnectionIndex.close): whatever the peer still sends, or its close,
   * is no longer the room's business, in this game or the next one here.
   */
  closed?: true;
}

const isSocketData = (data: unknown): data is SocketData =>
  typeof data === "object" && data !== null && (data as Partial<SocketData>).v === 1;

/** The page's line id a room client sends with `_pk`, wherever it sits in the query. */
export function pageIdFromUrl(url: string): string | null {
  const m = /[?&]_pk=([^&#]+)/.exec(url);
  if (!m) return null;
  try {
    const id = decodeURIComponent(m[1]!);
    return id.length > 0 && id.length <= 256 ? id : null;
  } catch {
    return null;
  }
}

const UNKNOWN_IP = UNKNOWN_ADDRESS;

/** A socket without a seat, for the room to weigh when a newcomer needs a place. */
export interface WaitingSocket extends Waiting {
  socket: WebSocket;
}

/** Without a seat: not said hello yet, or on the pseudo screen. */
const unseated = (identity: Identity | null) => identity === null || identity.role === "chooser";

export const sameIdentity = (a: Identity | null, b: Identity | null) => keyOf(a) === keyOf(b);

function keyOf(identity: Identity | null): string {
  if (!identity) return "none";
  return identity.role === "player" ? `seat:${identity.seatId}` : identity.role;
}

const isOpen = (ws: WebSocket) => ws.readyState === WebSocket.OPEN;

/** The room's data in a socket's attachment; null when it holds none of this format. */
function readAttachment(ws: WebSocket): SocketData | null {
  try {
    const data: unknown = ws.deserializeAttachment();
    return isSocketData(data) ? data : null;
  } catch {
    return null;
  }
}

/** Closes a socket that may already be gone. */
export function closeSocket(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // already gone
  }
}

const NONE: ReadonlySet<WebSocket> = new Set();

export class ConnectionIndex {
  private byKey: Map<string, Set<WebSocket>> | null = null;
  /** Every indexed socket's data, as last written to its attachment. */
  private readonly data = new WeakMap<WebSocket, SocketData>();
  /** Open sockets without a seat, by address (the per-address cap counts them). */
  private unseatedByIp = new Map<string, Set<WebSocket>>();
  /** Every open socket without a seat (the room-wide cap counts them), oldest first. */
  private unseatedAll = new Set<WebSocket>();
  /** Those of them on the pseudo screen, by address. */
  private choosersByIp = new Map<string, Set<WebSocket>>();
  /** Those in line for the pseudo screen, by address, in order of arrival in the line. */
  private lineByIp = new Map<string, Set<WebSocket>>();

  constructor(private readonly ctx: DurableObjectState) {}

  private get map(): Map<string, Set<WebSocket>> {
    if (!this.byKey) {
      this.byKey = new Map();
      this.clearUnseated();
      const found: { ws: WebSocket; data: SocketData }[] = [];
      for (const ws of this.ctx.getWebSockets()) {
        const data = this.data.get(ws) ?? readAttachment(ws);
        if (!data) {
          closeSocket(ws, CLOSE_CODES.restart, CLOSE_REASONS.restart);
          continue;
        }
        if (data.closed) continue;
        found.push({ ws, data });
      }
      // The line's order is its sockets' arrival in it, whatever order the runtime lists them in.
      found.sort((a, b) => (a.data.inLine ?? a.data.since) - (b.data.inLine ?? b.data.since));
      for (const { ws, data } of found) {
        this.data.set(ws, data);
        this.put(ws, data.identity);
      }
    }
    return this.byKey;
  }

  private clearUnseated() {
    this.unseatedByIp = new Map();
    this.unseatedAll = new Set();
    this.choosersByIp = new Map();
    this.lineByIp = new Map();
  }

  private put(ws: WebSocket, identity: Identity | null) {
    const key = keyOf(identity);
    let set = this.byKey!.get(key);
    if (!set) this.byKey!.set(key, (set = new Set()));
    set.add(ws);
    if (!unseated(identity)) return;
    const ip = this.ipOf(ws);
    addTo(this.unseatedByIp, ip, ws);
    this.unseatedAll.add(ws);
    if (identity?.role === "chooser") addTo(this.choosersByIp, ip, ws);
    else if (this.data.get(ws)?.inLine !== undefined) addTo(this.lineByIp, ip, ws);
  }

  private dropUnseated(ws: WebSocket) {
    const ip = this.ipOf(ws);
    deleteFrom(this.unseatedByIp, ip, ws);
    this.unseatedAll.delete(ws);
    deleteFrom(this.choosersByIp, ip, ws);
    deleteFrom(this.lineByIp, ip, ws);
  }

  /**
   * Whether the socket is one of the room's (accepted by this instance, or found with the
   * room's attachment on waking up), and not one the room has closed. One accepted by an earlier
   * version is not, and is closed.
   */
  knows(ws: WebSocket): boolean {
    void this.map;
    // Closing as the room woke up, hence not among its open sockets: its attachment says.
    let data = this.data.get(ws) ?? null;
    if (!data) {
      data = readAttachment(ws);
      if (data) this.data.set(ws, data);
    }
    return data !== null && !data.closed;
  }

  /**
   * The room closes a socket: it leaves the index and its attachment says so, so that nothing it
   * still sends before its close (a peer may keep writing after the room's close frame), nor its
   * close itself, is read as the identity it had: not in this game, nor in the next one a launch
   * makes in this room, whose seats start again from p1.
   */
  close(ws: WebSocket, code: number, reason: string) {
    const before = this.data.get(ws) ?? readAttachment(ws);
    if (this.data.has(ws)) this.remove(ws);
    if (before && !before.closed) {
      const { inLine: _line, ...rest } = before;
      const data: SocketData = { ...rest, identity: null, closed: true };
      try {
        ws.serializeAttachment(data);
      } catch {
        // already gone: nothing will be delivered for it
      }
      this.data.set(ws, data);
    }
    closeSocket(ws, code, reason);
  }

  identityOf(ws: WebSocket): Identity | null {
    return this.data.get(ws)?.identity ?? null;
  }

  /** The address a socket came from. */
  ipOf(ws: WebSocket): string {
    return this.data.get(ws)?.ip ?? UNKNOWN_IP;
  }

  /**
   * The socket echoed the room's stamp `at`, heard at `now`: one more round trip, written to its
   * attachment so that a room that hibernates mid-question still knows it.
   */
  echo(ws: WebSocket, at: number, now: number) {
    const before = this.data.get(ws);
    if (!before) return;
    const samples = before.rtt ?? [];
    const rtt = withEcho(samples, at, now);
    if (rtt === samples) return;
    const data: SocketData = { ...before, rtt };
    ws.serializeAttachment(data);
    this.data.set(ws, data);
  }

  /** The socket's round trip, as an answer on it is given (0 before any echo). */
  roundTripOf(ws: WebSocket): number {
    return roundTripOf(this.data.get(ws)?.rtt ?? []);
  }

  /** The line id of the page the socket belongs to. */
  pageIdOf(ws: WebSocket): string | null {
    return this.data.get(ws)?.page ?? null;
  }

  /** Accepts the server end of a new socket for hibernation, with its attachment and no identity yet. */
  accept(ws: WebSocket, o: { pageId: string | null; ip: string; now: number }) {
    void this.map;
    const data: SocketData = { v: 1, page: o.pageId ?? crypto.randomUUID(), identity: null, ip: o.ip, since: o.now };
    this.ctx.acceptWebSocket(ws);
    ws.serializeAttachment(data);
    this.data.set(ws, data);
    this.put(ws, null);
  }

  /**
   * Re-tags a socket; the attachment is written first so hibernation keeps it. A socket that
   * gets anywhere (the pseudo screen, a seat) leaves the line.
   */
  setIdentity(ws: WebSocket, identity: Identity | null) {
    const before = this.data.get(ws);
    if (!before) return;
    this.map.get(keyOf(before.identity))?.delete(ws);
    this.dropUnseated(ws);
    const { inLine, ...rest } = before;
    const data: SocketData = identity === null && inLine !== undefined ? { ...rest, identity, inLine } : { ...rest, identity };
    ws.serializeAttachment(data);
    this.data.set(ws, data);
    this.put(ws, identity);
  }

  /**
   * The socket's hello found its address's share of the pseudo screen full: it joins its
   * address's line, at the back, unless it is in it already (it keeps its place).
   */
  joinLine(ws: WebSocket, now: number) {
    const before = this.data.get(ws);
    if (!before || before.identity !== null || before.inLine !== undefined) return;
    const data: SocketData = { ...before, inLine: now };
    ws.serializeAttachment(data);
    this.data.set(ws, data);
    addTo(this.lineByIp, data.ip, ws);
  }

  /** The socket leaves its line without a place (its turn came and the room refused it). */
  leaveLine(ws: WebSocket) {
    const before = this.data.get(ws);
    if (!before || before.inLine === undefined) return;
    const { inLine: _left, ...data } = before;
    ws.serializeAttachment(data);
    this.data.set(ws, data);
    deleteFrom(this.lineByIp, data.ip, ws);
  }

  /** The open socket of `ip` longest in line for the pseudo screen, if any. */
  firstInLine(ip: string): WebSocket | null {
    void this.map;
    const line = this.lineByIp.get(ip);
    if (!line) return null;
    for (const ws of line) {
      if (isOpen(ws)) return ws;
      if (ws.readyState === WebSocket.CLOSED) this.dropUnseated(ws);
    }
    return null;
  }

  /** Whether the socket is in its address's line for the pseudo screen. */
  inLine(ws: WebSocket): boolean {
    return this.data.get(ws)?.inLine !== undefined && this.data.get(ws)?.identity === null;
  }

  /** Addresses with sockets open without a seat (on the pseudo screen, in line, or not said hello yet). */
  unseatedAddresses(): Iterable<string> {
    void this.map;
    return this.unseatedByIp.keys();
  }

  /** Addresses with sockets in line for the pseudo screen, with how many wait and how many choose. */
  *lines(): Generator<{ ip: string; waiting: number; choosing: number }> {
    void this.map;
    for (const [ip, line] of this.lineByIp) yield { ip, waiting: line.size, choosing: this.choosersByIp.get(ip)?.size ?? 0 };
  }

  remove(ws: WebSocket) {
    const map = this.map;
    this.dropUnseated(ws);
    const set = map.get(keyOf(this.identityOf(ws)));
    if (set?.delete(ws)) return;
    // The attachment and the index disagree (should not happen): look everywhere.
    for (const s of map.values()) s.delete(ws);
  }

  /** Sockets from `ip` open right now without a seat, counted exactly only from `cap` on (countFrom). */
  unseatedFrom(ip: string, cap: number): number {
    void this.map;
    return this.countFrom(this.unseatedByIp.get(ip), cap);
  }

  /** Sockets open right now without a seat in the whole room, on the same terms. */
  unseatedInRoom(cap: number): number {
    void this.map;
    return this.countFrom(this.unseatedAll, cap);
  }

  /** Sockets from `ip` on the pseudo screen right now, on the same terms as unseatedFrom. */
  choosersFrom(ip: string, cap: number): number {
    void this.map;
    return this.countFrom(this.choosersByIp.get(ip), cap);
  }

  /**
   * The open sockets from `ip` without a seat (only those on the pseudo screen, with
   * `choosersOnly`; every address's, with `ip` null), with when each was accepted and whether it
   * is in line: what givesWay (engine/budget.ts) weighs.
   */
  *waitingFrom(ip: string | null, o: { choosersOnly?: boolean } = {}): Generator<WaitingSocket> {
    void this.map;
    const sockets = ip === null ? this.unseatedAll : ((o.choosersOnly ? this.choosersByIp : this.unseatedByIp).get(ip) ?? []);
    for (const socket of sockets) {
      const data = this.data.get(socket);
      if (data && isOpen(socket))
        yield { socket, since: data.since, chooser: data.identity?.role === "chooser", inLine: data.identity === null && data.inLine !== undefined };
    }
  }

  /** The open sockets from `ip` on the pseudo screen. */
  choosersOf(ip: string): WebSocket[] {
    void this.map;
    return [...(this.choosersByIp.get(ip) ?? [])].filter(isOpen);
  }

  /**
   * The size of a set of sockets without a seat, exact only from `cap` on. Closed sockets leave
   * the sets with their close event, so a set is exact but for sockets closing at this moment;
   * checking each socket's state at every upgrade cost a venue reconnecting at once (thousands
   * of sockets of one address between their opening and their hello) a quarter of the room's
   * time.
   */
  private countFrom(mine: Set<WebSocket> | undefined, cap: number): number {
    if (!mine) return 0;
    if (mine.size < cap) return mine.size;
    for (const ws of [...mine]) if (ws.readyState === WebSocket.CLOSED) this.dropUnseated(ws);
    return mine.size;
  }

  /** Open sockets of one identity. */
  of(identity: Identity | null): WebSocket[] {
    return this.openIn(keyOf(identity));
  }
  presenters(): WebSocket[] {
    return this.openIn("presenter");
  }
  choosers(): WebSocket[] {
    return this.openIn("chooser");
  }
  seat(seatId: SeatId): WebSocket[] {
    return this.openIn(`seat:${seatId}`);
  }
  /**
   * Where a message to one seat goes: its sockets as tagged, closing ones included (a send to a
   * socket on its way out fails quietly, and its close event untags it). Neither copied nor
   * checked one by one: a reveal sends to every seat, and reading each socket's state is a
   * call into the runtime.
   */
  sendTargets(seatId: SeatId): Iterable<WebSocket> {
    return this.map.get(`seat:${seatId}`) ?? NONE;
  }
  /** Every seated socket, on the same terms as sendTargets (a question's broadcast). */
  *seatedTargets(): Generator<WebSocket> {
    for (const [key, set] of this.map) if (key.startsWith("seat:")) yield* set;
  }
  /** Every open socket the index knows. */
  *all(): Generator<WebSocket> {
    for (const set of this.map.values()) for (const ws of set) if (isOpen(ws)) yield ws;
  }

  /** Other open sockets carrying the same identity as `ws`. */
  others(ws: WebSocket, identity: Identity | null): WebSocket[] {
    return this.of(identity).filter((c) => c !== ws);
  }

  private openIn(key: string): WebSocket[] {
    const set = this.map.get(key);
    if (!set) return [];
    const out: WebSocket[] = [];
    for (const ws of set) {
      if (isOpen(ws)) out.push(ws);
      else if (ws.readyState === WebSocket.CLOSED) {
        set.delete(ws);
        this.dropUnseated(ws);
      }
    }
    return out;
  }

  /** Forget everything (the room was wiped); rebuilt lazily from the open sockets. */
  reset() {
    this.byKey = null;
    this.clearUnseated();
  }
}

function addTo(byIp: Map<string, Set<WebSocket>>, ip: string, ws: WebSocket) {
  let mine = byIp.get(ip);
  if (!mine) byIp.set(ip, (mine = new Set()));
  mine.add(ws);
}

function deleteFrom(byIp: Map<string, Set<WebSocket>>, ip: string, ws: WebSocket) {
  const mine = byIp.get(ip);
  if (mine?.delete(ws) && mine.size === 0) byIp.delete(ip);
}
