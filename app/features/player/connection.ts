/**
 * The phone's socket to its room (browser only), on the shared room client. One per room, shared
 * by /join and /play so the pseudo screen hands its socket to the game without a drop. What is
 * the phone's own: the resume token from localStorage in every hello, heartbeats only while the
 * page is shown, a hello again a few seconds after `too_many_seats`, and the registry asked
 * whether the room still exists when sockets keep failing (the socket URL of a room that is over
 * answers 404, which says nothing more).
 */
import { useEffect, useRef } from "react";
import type { ClientMessage } from "@common/wire/protocol";
import { fromWire, type RoomMessage } from "@common/wire/room-messages";
import { SEAT_RETRY_MS } from "@common/rules";
import { DEFAULT_LIVENESS, RoomClient, type RoomClientEvent } from "@common/client/room-client";
import { followPage, pageSocketProtocol, pageVisible } from "@common/client/room-client-page";
import type { SocketStatus } from "./play-state";
import { readToken } from "./token";

type ConnectionEvent = { kind: "status"; status: SocketStatus } | { kind: "message"; msg: RoomMessage };
type Listener = (event: ConnectionEvent) => void;

/** Time a socket stays open without a page, so /join can hand it to /play. */
const HANDOVER_MS = 5_000;
/** After this many failed openings in a row, ask the registry whether the room still exists. */
const FAILS_BEFORE_CHECK = 3;
const ENDED: RoomMessage = { type: "player_kicked", reason: "ended" };

class RoomConnection {
  readonly room: string;
  private readonly client: RoomClient;
  private readonly listeners = new Set<Listener>();
  private readonly unfollow: () => void;
  private closed = false;
  private checking = false;
  private seatRetry: ReturnType<typeof setTimeout> | null = null;
  users = 0;
  releaseTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(room: string) {
    this.room = room;
    this.client = new RoomClient({
      host: location.host,
      protocol: pageSocketProtocol(),
      room,
      role: "player",
      token: () => readToken(room),
      liveness: { ...DEFAULT_LIVENESS, heartbeatWhen: pageVisible },
    });
    this.client.subscribe(this.onEvent);
    this.unfollow = followPage(this.client);
  }

  get status(): SocketStatus {
    return this.client.status;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener({ kind: "status", status: this.status });
    return () => this.listeners.delete(listener);
  }

  /** Sends now or not at all (false): the caller keeps what must go out once back. */
  send(msg: ClientMessage): boolean {
    return this.client.send(msg);
  }

  /**
   * Asks the room for our seat and screen again on the open socket (a page taking over the
   * socket, or the room having lost track of it). Without a token a second hello would take a
   * second seat in a random-icon room, so that case waits for a fresh socket unless told.
   */
  resync(allowWithoutToken = false): void {
    if (!readToken(this.room) && !allowWithoutToken) return;
    if (this.client.status === "open") this.client.hello();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.seatRetry) clearTimeout(this.seatRetry);
    this.unfollow();
    this.client.close();
    this.listeners.clear();
  }

  private emit(event: ConnectionEvent) {
    for (const l of [...this.listeners]) l(event);
  }

  private onEvent = (event: RoomClientEvent) => {
    switch (event.kind) {
      case "status":
        return this.emit(event);
      case "message":
        if (event.msg.type === "error" && event.msg.code === "too_many_seats") this.askAgainSoon();
        return this.emit({ kind: "message", msg: fromWire(event.msg) });
      case "close":
        if (event.failures % FAILS_BEFORE_CHECK === 0) void this.checkRoom();
        return;
      case "stopped":
        // The room closed our socket because the game is over and gone: we were in effect told.
        if (event.reason === "roomClosed") this.emit({ kind: "message", msg: ENDED });
        return;
    }
  };

  /**
   * Many phones of this network arrived at once: the room had no seat, or no place on the pseudo
   * screen, for this one yet. It asks again in a moment, spread out so they do not all come back
   * together.
   */
  private askAgainSoon() {
    if (this.seatRetry) clearTimeout(this.seatRetry);
    this.seatRetry = setTimeout(() => {
      this.seatRetry = null;
      this.resync(true);
    }, SEAT_RETRY_MS * (1 + Math.random()));
  }

  /** The room is gone (ended while we were away): we were in effect told 'ended'. */
  private async checkRoom() {
    if (this.checking || this.closed) return;
    this.checking = true;
    try {
      const res = await fetch(`/api/game/check/${encodeURIComponent(this.room)}`, { cache: "no-store" });
      if (res.status === 404 && !this.closed && this.status !== "open") this.emit({ kind: "message", msg: ENDED });
    } catch {
      /* offline: the next failures ask again */
    } finally {
      this.checking = false;
    }
  }
}

const connections = new Map<string, RoomConnection>();

/** The room's connection, opened on first use; release it when the page goes. */
function acquireConnection(room: string): RoomConnection {
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

function releaseConnection(conn: RoomConnection): void {
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

const always = () => true;

/**
 * The room's connection for as long as the component is mounted (handed over, not closed, when
 * the next page takes it within HANDOVER_MS). `enabled` is asked once the page runs (pass a
 * stable function): a page that is about to leave opens nothing. Each mount asks the room for its
 * seat and screen again.
 */
export function useRoomConnection(
  room: string,
  onEvent: (event: ConnectionEvent, conn: RoomConnection) => void,
  enabled: () => boolean = always,
) {
  const connRef = useRef<RoomConnection | null>(null);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!enabled()) return;
    const conn = acquireConnection(room);
    connRef.current = conn;
    const off = conn.subscribe((event) => handler.current(event, conn));
    // A socket handed over by another page already said hello: ask for our seat.
    conn.resync();
    return () => {
      off();
      connRef.current = null;
      releaseConnection(conn);
    };
  }, [room, enabled]);
  return connRef;
}
