/**
 * Which open socket is who. The identity lives in each socket's attachment (it survives
 * hibernation); this index is the in-memory view of it, rebuilt from the open sockets whenever
 * the object wakes up, so that sending to one seat does not scan 2000 sockets.
 *
 * The room accepts its sockets itself (`accept`, decision 023): partyserver's upgrade wrapped
 * each socket in eight properties and their closures and wrote its attachment twice, a tenth of
 * the room's work when a whole venue reconnects at once. The attachment is still written in
 * partyserver's format, so that a socket accepted before the object last slept comes back
 * through partyserver (its `getConnections`, its `webSocketMessage`), wrapped, with its `id` and
 * `state`; a socket this instance accepted has those here, in `own`.
 */
import type { Connection } from "partyserver";
import { UNKNOWN_ADDRESS } from "@common/address";
import type { Identity, SeatId } from "./engine";
import type { Waiting } from "./engine/budget";

/** What a socket's attachment holds. */
export interface SocketData {
  identity: Identity | null;
  /** The network address it came from (CF-Connecting-IP, keyed by common/address.ts), for the per-address caps. */
  ip?: string;
  /** Room clock when it was accepted. */
  since?: number;
}

/** A socket this instance accepted: partysocket's id for the page, and the socket's data. */
interface OwnSocket {
  id: string;
  tags: string[];
  uri: string;
  data: SocketData;
}

/** The attachment as partyserver writes it (`__pk`) and reads it back after a hibernation. */
function partyserverAttachment(own: OwnSocket) {
  return { __pk: { id: own.id, tags: own.tags, uri: own.uri }, __user: own.data };
}

function wrappedData(conn: Connection): SocketData | null {
  try {
    const data = conn.state as SocketData | null;
    return data && typeof data === "object" ? data : null;
  } catch {
    return null;
  }
}

/** partysocket names each page's socket with `_pk` (the same id when the page reconnects). */
export function pageIdFromUrl(url: string): string | null {
  const m = /[?&]_pk=([^&#]+)/.exec(url);
  if (!m) return null;
  try {
    const id = decodeURIComponent(m[1]!);
    // partyserver's own limits on a tag (the id is the socket's first tag).
    return id.length > 0 && id.length <= 256 ? id : null;
  } catch {
    return null;
  }
}

export const UNKNOWN_IP = UNKNOWN_ADDRESS;

/** A socket without a seat, for the room to weigh when a newcomer of its address needs a place. */
export interface WaitingSocket extends Waiting {
  socket: Connection;
}

/** Without a seat: not said hello yet, or on the pseudo screen. */
const unseated = (identity: Identity | null) => identity === null || identity.role === "chooser";

export const sameIdentity = (a: Identity | null, b: Identity | null) => keyOf(a) === keyOf(b);

function keyOf(identity: Identity | null): string {
  if (!identity) return "none";
  return identity.role === "player" ? `seat:${identity.seatId}` : identity.role;
}

const isOpen = (conn: Connection) => conn.readyState === WebSocket.OPEN;

const NONE: ReadonlySet<Connection> = new Set();

export class ConnectionIndex {
  private byKey: Map<string, Set<Connection>> | null = null;
  private readonly own = new WeakMap<Connection, OwnSocket>();
  /** Open sockets without a seat, by address (the per-address cap counts them). */
  private unseatedByIp = new Map<string, Set<Connection>>();
  /** Those of them on the pseudo screen, by address. */
  private choosersByIp = new Map<string, Set<Connection>>();

  constructor(private readonly openSockets: () => Iterable<Connection>) {}

  private get map(): Map<string, Set<Connection>> {
    if (!this.byKey) {
      this.byKey = new Map();
      this.unseatedByIp = new Map();
      this.choosersByIp = new Map();
      for (const conn of this.openSockets()) this.put(conn, this.identityOf(conn));
    }
    return this.byKey;
  }

  private put(conn: Connection, identity: Identity | null) {
    const key = keyOf(identity);
    let set = this.byKey!.get(key);
    if (!set) this.byKey!.set(key, (set = new Set()));
    set.add(conn);
    if (!unseated(identity)) return;
    const ip = this.ipOf(conn);
    addTo(this.unseatedByIp, ip, conn);
    if (identity?.role === "chooser") addTo(this.choosersByIp, ip, conn);
  }

  private dropUnseated(conn: Connection) {
    const ip = this.ipOf(conn);
    deleteFrom(this.unseatedByIp, ip, conn);
    deleteFrom(this.choosersByIp, ip, conn);
  }

  /** The socket's data: this instance's own record, or the attachment partyserver wrapped. */
  private dataOf(conn: Connection): SocketData | null {
    return this.own.get(conn)?.data ?? wrappedData(conn);
  }

  identityOf(conn: Connection): Identity | null {
    return this.dataOf(conn)?.identity ?? null;
  }

  /** The address a socket came from; sockets accepted before addresses were kept share one. */
  ipOf(conn: Connection): string {
    return this.dataOf(conn)?.ip ?? UNKNOWN_IP;
  }

  /** Whether this instance accepted the socket (rather than partyserver, before a hibernation). */
  isOwn(socket: WebSocket): boolean {
    return this.own.has(socket as Connection);
  }

  /** partysocket's id for the page the socket belongs to. */
  pageIdOf(conn: Connection): string {
    return this.own.get(conn)?.id ?? conn.id;
  }

  /**
   * Accepts the server end of a new socket for hibernation, tagged and attached as partyserver
   * would (its id is the page's `_pk`, or a fresh one), without an identity yet.
   */
  accept(ctx: DurableObjectState, socket: WebSocket, o: { pageId: string | null; uri: string; ip: string; now: number }) {
    void this.map;
    const id = o.pageId ?? crypto.randomUUID();
    const own: OwnSocket = { id, tags: [id], uri: o.uri, data: { identity: null, ip: o.ip, since: o.now } };
    ctx.acceptWebSocket(socket, own.tags);
    WebSocket.prototype.serializeAttachment.call(socket, partyserverAttachment(own));
    this.own.set(socket as Connection, own);
    this.put(socket as Connection, null);
  }

  /** Re-tags a socket; the attachment is written first so hibernation keeps it. */
  setIdentity(conn: Connection, identity: Identity | null) {
    const before = this.dataOf(conn);
    this.map.get(keyOf(before?.identity ?? null))?.delete(conn);
    this.dropUnseated(conn);
    const data: SocketData = { ...before, identity };
    const own = this.own.get(conn);
    if (own) {
      own.data = data;
      WebSocket.prototype.serializeAttachment.call(conn, partyserverAttachment(own));
    } else {
      conn.setState(data);
    }
    this.put(conn, identity);
  }

  remove(conn: Connection) {
    const map = this.map;
    this.dropUnseated(conn);
    const set = map.get(keyOf(this.identityOf(conn)));
    if (set?.delete(conn)) return;
    // The attachment and the index disagree (should not happen): look everywhere.
    for (const s of map.values()) s.delete(conn);
  }

  /** Sockets from `ip` open right now without a seat, counted exactly only from `cap` on (countFrom). */
  unseatedFrom(ip: string, cap: number): number {
    void this.map;
    return countFrom(this.unseatedByIp.get(ip), cap);
  }

  /** Sockets from `ip` on the pseudo screen right now, on the same terms as unseatedFrom. */
  choosersFrom(ip: string, cap: number): number {
    void this.map;
    return countFrom(this.choosersByIp.get(ip), cap);
  }

  /**
   * The open sockets from `ip` without a seat (only those on the pseudo screen, with
   * `choosersOnly`), with when each was accepted: what givesWay (engine/budget.ts) weighs.
   * Sockets accepted before their time was kept count as accepted long ago.
   */
  *waitingFrom(ip: string, o: { choosersOnly?: boolean } = {}): Generator<WaitingSocket> {
    void this.map;
    for (const socket of (o.choosersOnly ? this.choosersByIp : this.unseatedByIp).get(ip) ?? []) {
      const data = this.dataOf(socket);
      if (isOpen(socket)) yield { socket, since: data?.since ?? 0, chooser: data?.identity?.role === "chooser" };
    }
  }

  /** Open sockets of one identity. */
  of(identity: Identity | null): Connection[] {
    return this.openIn(keyOf(identity));
  }
  presenters(): Connection[] {
    return this.openIn("presenter");
  }
  choosers(): Connection[] {
    return this.openIn("chooser");
  }
  seat(seatId: SeatId): Connection[] {
    return this.openIn(`seat:${seatId}`);
  }
  /**
   * Where a message to one seat goes: its sockets as tagged, closing ones included (a send to a
   * socket on its way out fails quietly, and its close event untags it). Neither copied nor
   * checked one by one: a reveal sends to every seat, and reading each socket's state is a
   * call into the runtime.
   */
  sendTargets(seatId: SeatId): Iterable<Connection> {
    return this.map.get(`seat:${seatId}`) ?? NONE;
  }
  /** Every seated socket, on the same terms as sendTargets (a question's broadcast). */
  *seatedTargets(): Generator<Connection> {
    for (const [key, set] of this.map) if (key.startsWith("seat:")) yield* set;
  }
  /** Every open socket the index knows. */
  *all(): Generator<Connection> {
    for (const set of this.map.values()) for (const conn of set) if (isOpen(conn)) yield conn;
  }

  /** Other open sockets carrying the same identity as `conn`. */
  others(conn: Connection, identity: Identity | null): Connection[] {
    return this.of(identity).filter((c) => c !== conn);
  }

  private openIn(key: string): Connection[] {
    const set = this.map.get(key);
    if (!set) return [];
    const out: Connection[] = [];
    for (const conn of set) {
      if (isOpen(conn)) out.push(conn);
      else if (conn.readyState === WebSocket.CLOSED) {
        set.delete(conn);
        this.dropUnseated(conn);
      }
    }
    return out;
  }

  /** Forget everything (the room was wiped); rebuilt lazily from the open sockets. */
  reset() {
    this.byKey = null;
    this.unseatedByIp = new Map();
    this.choosersByIp = new Map();
  }
}

function addTo(byIp: Map<string, Set<Connection>>, ip: string, conn: Connection) {
  let mine = byIp.get(ip);
  if (!mine) byIp.set(ip, (mine = new Set()));
  mine.add(conn);
}

function deleteFrom(byIp: Map<string, Set<Connection>>, ip: string, conn: Connection) {
  const mine = byIp.get(ip);
  if (mine?.delete(conn) && mine.size === 0) byIp.delete(ip);
}

/**
 * The size of one address's set, exact only from `cap` on. Closed sockets leave the sets with
 * their close event, so a set is exact but for sockets closing at this moment; checking each
 * socket's state at every upgrade cost a venue reconnecting at once (thousands of sockets of
 * one address between their opening and their hello) a quarter of the room's time.
 */
function countFrom(mine: Set<Connection> | undefined, cap: number): number {
  if (!mine) return 0;
  if (mine.size < cap) return mine.size;
  for (const conn of mine) if (conn.readyState === WebSocket.CLOSED) mine.delete(conn);
  return mine.size;
}
