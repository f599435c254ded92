/**
 * One live game per room number: the GameRoom Durable Object (docs/architecture.md, How a room
 * message flows). This file is the room's transport and wiring: it accepts the phones' and the
 * presenter's sockets itself, as hibernatable WebSockets of a plain Durable Object
 * (docs/decisions/029), meters every frame, admits sockets and seats per network address, and
 * hands every event to the game (room-game.ts): a socket's message or close, the alarm, and the
 * app's calls through the binding (room-calls.ts). Nothing here throws to a client: a bad frame
 * gets an error reply and changes nothing.
 *
 * The app reaches the room only through the binding; HTTP into the room is refused, and
 * server.ts refuses sockets for numbers that are not live in the D1 registry, so addressing a
 * random number never creates a room.
 */
import { DurableObject } from "cloudflare:workers";
import { addressKey } from "@common/address";
import { PLAYER_BUDGET, PRESENTER_BUDGET, addressLimitsFrom } from "@common/rules";
import { createDb } from "@db/client";
import { type Identity, handleMessage } from "./engine";
import { AddressGate, type Meter, givesWay, meterFrame } from "./engine/budget";
import type { RevealedQuiz } from "./engine/views";
import { CLOSE_CODES, CLOSE_REASONS, type KickReason, errorMessage, parseClientMessage } from "./protocol";
import { encode } from "./encode";
import { type LaunchInput, type LaunchResult, type PresenterInfo, RoomCalls, type RoomRanking, type RoundInput, type RoundResult } from "./room-calls";
import { ConnectionIndex, type WaitingSocket, closeSocket, pageIdFromUrl } from "./room-connections";
import { type RoomPorts, RoomGame, send } from "./room-game";

export type { LaunchInput, LaunchResult, PresenterInfo, RoomRanking, RoundInput, RoundResult } from "./room-calls";

type Frame = string | ArrayBuffer;

/**
 * Cloudflare sets CF-Connecting-IP on every request it forwards, whatever the client sent; an
 * IPv6 address counts by its /64, as the app's throttles count it.
 */
const addressOf = (request: Request) => addressKey(request.headers.get("CF-Connecting-IP"));

const isUpgrade = (request: Request) => request.headers.get("Upgrade")?.toLowerCase() === "websocket";

const frameSize = (raw: Frame) => (typeof raw === "string" ? raw.length : raw.byteLength);

/** Close codes a peer may report but no endpoint may send (RFC 6455, section 7.4.1). */
const UNSENDABLE_CLOSE_CODES = new Set([1005, 1006, 1015]);

export class GameRoom extends DurableObject<Env> {
  /** The room's clock and D1, which every part of it reads: a seam tests reach through runInDurableObject. */
  readonly ports: RoomPorts;
  private readonly conns: ConnectionIndex;
  private readonly game: RoomGame;
  private readonly calls: RoomCalls;
  /**
   * Per-address caps on new sockets and seats (common/rules/audience.ts), sized by the Worker
   * variable ROOM_PHONES_PER_ADDRESS; in memory only.
   */
  private readonly gate: AddressGate;
  /** Each socket's message budget; in memory only (a hibernated room starts everyone afresh). */
  private readonly meters = new WeakMap<WebSocket, Meter>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const db = createDb(env.DB);
    this.ports = { now: () => Date.now(), db, batch: (statements) => db.batch(statements) };
    this.conns = new ConnectionIndex(ctx);
    this.gate = new AddressGate(addressLimitsFrom(env.ROOM_PHONES_PER_ADDRESS));
    // The room's number is its name (idFromName), which the runtime gives every entry point, the
    // alarm included; the game keeps it too, from its launch.
    const room = () => ctx.id.name ?? this.game.state?.roomNumber;
    this.game = new RoomGame(ctx.storage, this.conns, this.ports, room);
    this.calls = new RoomCalls(this.game, room);
  }

  // -------------------------------------------------------------------------------------------
  // Sockets

  /**
   * A socket upgrade is refused (429) before it is accepted when its address already has too
   * many sockets open without a seat, or has opened too many that never proved one. At the first
   * cap, a socket of that address that has had its time gives way instead (makeRoom): silent
   * for SILENT_SOCKET_MS, or on the pseudo screen for PSEUDO_SCREEN_MS without taking a seat.
   */
  async fetch(request: Request): Promise<Response> {
    // Room internals are reached only through the binding, never by HTTP.
    if (!isUpgrade(request)) return new Response("Not found", { status: 404 });
    try {
      this.game.start();
      this.game.group.writeIfDue();
      // No game here (ended and cleaned up): the Worker may remember the number as live a few
      // seconds more (server.ts), the room says what the registry would.
      if (!this.game.state) return new Response("Not found", { status: 404 });
      const ip = addressOf(request);
      const now = this.ports.now();
      let unseated = this.conns.unseatedFrom(ip, this.gate.limits.unseatedMax);
      if (unseated >= this.gate.limits.unseatedMax && this.makeRoom(this.conns.waitingFrom(ip), now)) unseated--;
      if (!this.gate.admit(ip, unseated, now)) return new Response("Trop de connexions depuis cette adresse", { status: 429 });
      const { 0: client, 1: server } = new WebSocketPair();
      this.conns.accept(server, { pageId: pageIdFromUrl(request.url), ip, now });
      return new Response(null, { status: 101, webSocket: client });
    } catch (e) {
      console.error("GameRoom fetch", e);
      return new Response("Salle indisponible", { status: 503 });
    }
  }

  async webSocketMessage(ws: WebSocket, raw: Frame): Promise<void> {
    try {
      this.game.start();
      // A socket an earlier version accepted was closed as the room woke up (CLOSE_CODES.restart).
      if (!this.conns.knows(ws)) return;
      const identity = this.conns.identityOf(ws);
      // Every frame is counted against the socket's budget before anything else is done with it.
      const budget = identity?.role === "presenter" ? PRESENTER_BUDGET : PLAYER_BUDGET;
      const { meter, verdict } = meterFrame(this.meters.get(ws), budget, frameSize(raw), this.ports.now());
      this.meters.set(ws, meter);
      if (verdict === "close") {
        send(ws, encode(errorMessage("flood")));
        return closeSocket(ws, CLOSE_CODES.flood, CLOSE_REASONS.flood);
      }
      if (verdict === "drop") return;
      this.receive(ws, identity, raw);
    } catch (e) {
      console.error("GameRoom webSocketMessage", e);
      send(ws, encode(errorMessage("bad_message")));
    }
  }

  /** The close is answered with the peer's code, unless that code may not be sent. */
  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      this.game.start();
      if (this.conns.knows(ws)) this.game.socketClosed(ws);
    } catch (e) {
      console.error("GameRoom webSocketClose", e);
    } finally {
      if (!UNSENDABLE_CLOSE_CODES.has(code)) closeSocket(ws, code, reason);
    }
  }

  async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    console.warn(`GameRoom ${this.ctx.id.name}: socket ${this.conns.pageIdOf(ws)}`, error);
  }

  private receive(ws: WebSocket, identity: Identity | null, raw: Frame) {
    const g = this.game;
    const role = identity === null ? null : identity.role === "presenter" ? "presenter" : "player";
    const parsed = parseClientMessage(raw, role);
    if (!parsed.ok) return g.reply(ws, parsed.error);
    const msg = parsed.msg;
    if (msg.type === "ping") return g.reply(ws, { type: "pong", at: this.ports.now() });
    // A round trip of this socket, timed on the room's clock: kept with the socket, nothing else.
    if (msg.type === "echo") return this.conns.echo(ws, msg.at, this.ports.now());
    if (!g.state) {
      // The game ended and the room was cleaned up while this socket was on its way.
      send(ws, encode(errorMessage("room_closed")));
      if (msg.type === "hello" && msg.role === "player") send(ws, encode({ type: "player_kicked", reason: "ended" }));
      return;
    }
    const now = this.ports.now();
    g.tickIfDue(now);
    const step = handleMessage(g.state, identity, msg, now, g.engineCtx, msg.type === "player_answer" ? this.conns.roundTripOf(ws) : 0);
    if (!step.ok) return g.reply(ws, step.error);
    // The pseudo screen is full for this address: the phone asks again in a moment, as for a seat.
    if (identity === null && step.identity?.role === "chooser" && !this.pseudoScreenPlace(ws, now))
      return g.reply(ws, errorMessage("too_many_seats"));
    if (step.identity && (identity === null || identity.role === "chooser") && step.identity.role !== "chooser") {
      const ip = this.conns.ipOf(ws);
      // The engine made a seat; this address may have had its share of new seats this minute.
      if (step.state.nextSeatNo > g.state.nextSeatNo && !this.gate.seat(ip, now)) return g.reply(ws, errorMessage("too_many_seats"));
      this.gate.proven(ip, now);
      // The presenter's budget starts full: what it said before proving itself was a phone's.
      if (step.identity.role === "presenter") this.meters.delete(ws);
    }
    g.apply(step, ws, now);
  }

  /**
   * Closes the socket among `waiting` (one address's sockets without a seat) that gives way to a
   * newcomer (givesWay, engine/budget.ts), with 4003: its page reconnects, and says hello again.
   * False when every one is still within its time.
   */
  private makeRoom(waiting: Iterable<WaitingSocket>, now: number): boolean {
    const out = givesWay(waiting, now);
    if (!out) return false;
    this.conns.remove(out.socket);
    closeSocket(out.socket, CLOSE_CODES.silent, out.chooser ? CLOSE_REASONS.pseudoTimeout : CLOSE_REASONS.silent);
    return true;
  }

  /**
   * A socket without a seat is about to sit on the pseudo screen: its address may have no more
   * than `choosersMax` there, and one that has had its time there gives way for it.
   */
  private pseudoScreenPlace(ws: WebSocket, now: number): boolean {
    const ip = this.conns.ipOf(ws);
    const max = this.gate.limits.choosersMax;
    return this.conns.choosersFrom(ip, max) < max || this.makeRoom(this.conns.waitingFrom(ip, { choosersOnly: true }), now);
  }

  // -------------------------------------------------------------------------------------------
  // The alarm and the app's calls (Durable Object binding)

  async alarm(): Promise<void> {
    await this.game.alarm();
  }

  launch(input: LaunchInput): Promise<LaunchResult> {
    return this.calls.launch(input);
  }

  async presenterInfo(gameId: string): Promise<PresenterInfo | null> {
    return this.calls.presenterInfo(gameId);
  }

  async revealed(gameId: string): Promise<RevealedQuiz | null> {
    return this.calls.revealed(gameId);
  }

  async phonePhotos(gameId: string): Promise<string[] | null> {
    return this.calls.phonePhotos(gameId);
  }

  end(gameId: string | null, reason?: KickReason): Promise<boolean> {
    return this.calls.end(gameId, reason);
  }

  async ranking(gameId: string): Promise<RoomRanking | null> {
    return this.calls.ranking(gameId);
  }

  newRound(input: RoundInput): Promise<RoundResult> {
    return this.calls.newRound(input);
  }
}
