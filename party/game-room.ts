/**
 * One live game per room number: the GameRoom Durable Object (docs/architecture.md, How a room
 * message flows). This file is the room's transport and wiring: it accepts the phones' and the
 * presenter's sockets itself, as hibernatable WebSockets of a plain Durable Object
 * (docs/decisions/029), meters every frame, admits sockets and seats per network address, and
 * hands every event to the game (step-runner.ts): a socket's message or close, the alarm, and the
 * app's calls through the binding (app-calls.ts). Nothing here throws to a client: a bad frame
 * gets an error reply and changes nothing.
 *
 * The app reaches the room only through the binding; HTTP into the room is refused, and
 * server.ts refuses sockets for numbers that are not live in the D1 registry, so addressing a
 * random number never creates a room.
 */
import { DurableObject } from "cloudflare:workers";
import { addressKey } from "@common/util/address";
import { PLAYER_BUDGET, PRESENTER_BUDGET, addressLimitsFrom, roomUnseatedMax } from "@common/rules";
import { secureRandom } from "@common/util/random";
import { createDb } from "@db/client";
import { type Identity, capacityOf, handleMessage } from "./engine";
import { AddressGate, type Meter, givesWay, meterFrame } from "./engine/budget";
import type { RevealedQuiz } from "./engine/views";
import { CLOSE_CODES, CLOSE_REASONS, type KickReason, PROTOCOL_VERSION, errorMessage } from "@common/wire/protocol";
import { parseClientMessage } from "./parse-client-message";
import { frame } from "./encode";
import { type LaunchInput, type LaunchResult, type PresenterInfo, RoomCalls, type RoomRanking, type RoundInput, type RoundResult } from "./app-calls";
import { ConnectionIndex, type WaitingSocket, closeSocket, pageIdFromUrl } from "./socket-index";
import { PseudoLines } from "./pseudo-lines";
import { type RoomPorts, StepRunner, send } from "./step-runner";

export type { LaunchInput, LaunchResult, PresenterInfo, RoomRanking, RoundInput, RoundResult } from "./app-calls";

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

/**
 * What a refused upgrade's body says: a code, as everything the room says (no page can read it;
 * a script or a test does).
 */
const DOOR_REFUSED = { address: "too_many_from_address", room: "too_many_waiting_in_room" } as const;

/** The hello of a phone in line for the pseudo screen, as the room replays it when its turn comes. */
const PHONE_HELLO = { type: "hello", role: "player", version: PROTOCOL_VERSION } as const;

export class GameRoom extends DurableObject<Env> {
  /** The room's clock and D1, which every part of it reads: a seam tests reach through runInDurableObject. */
  readonly ports: RoomPorts;
  private readonly conns: ConnectionIndex;
  private readonly game: StepRunner;
  private readonly calls: RoomCalls;
  /**
   * Per-address caps on new sockets and seats (common/rules/audience.ts), sized by the Worker
   * variable ROOM_PHONES_PER_ADDRESS; in memory only.
   */
  private readonly gate: AddressGate;
  /** Each socket's message budget; in memory only (a hibernated room starts everyone afresh). */
  private readonly meters = new WeakMap<WebSocket, Meter>();
  /** What the presenter's lobby is told of the lines for the pseudo screen. */
  private readonly lines: PseudoLines;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const db = createDb(env.DB);
    this.ports = { now: () => Date.now(), db, batch: (statements) => db.batch(statements) };
    this.conns = new ConnectionIndex(ctx);
    this.gate = new AddressGate(addressLimitsFrom(env.ROOM_PHONES_PER_ADDRESS));
    // The room's number is its name (idFromName), which the runtime gives every entry point, the
    // alarm included; the game keeps it too, from its launch.
    const room = () => ctx.id.name ?? this.game.state?.roomNumber;
    this.game = new StepRunner(ctx.storage, this.conns, this.ports, room);
    this.calls = new RoomCalls(this.game, room);
    this.lines = new PseudoLines(
      () => this.conns.lines(),
      (msg) => {
        for (const ws of this.conns.presenters()) send(ws, frame(msg));
      },
      () => this.ports.now(),
      secureRandom,
    );
  }

  // -------------------------------------------------------------------------------------------
  // Sockets

  /**
   * A socket upgrade is refused (429) before it is accepted when its address already has too
   * many sockets open without a seat, when the whole room has (roomUnseatedMax of its seats,
   * whatever the addresses), or when its address has opened too many that never proved one. At
   * either of the first two caps, a socket that has had its time gives way instead (makeRoom):
   * silent for SILENT_SOCKET_MS, or on the pseudo screen for PSEUDO_SCREEN_MS without taking a
   * seat; the address's own at the address's cap, the room's longest open at the room's.
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
      const max = this.gate.limits.unseatedMax;
      let unseated = this.conns.unseatedFrom(ip, max);
      if (unseated >= max && this.makeRoom(this.conns.waitingFrom(ip), now)) unseated--;
      if (unseated >= max) return new Response(DOOR_REFUSED.address, { status: 429 });
      const roomMax = roomUnseatedMax(capacityOf(this.game.state).total);
      if (this.conns.unseatedInRoom(roomMax) >= roomMax && !this.makeRoom(this.conns.waitingFrom(null), now))
        return new Response(DOOR_REFUSED.room, { status: 429 });
      if (!this.gate.admit(ip, unseated, now)) return new Response(DOOR_REFUSED.address, { status: 429 });
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
        send(ws, frame(errorMessage("flood")));
        const chose = identity?.role === "chooser" || this.conns.inLine(ws);
        this.conns.close(ws, CLOSE_CODES.flood, CLOSE_REASONS.flood);
        // Its close will not be read: what it held is let go now.
        this.game.identityLeft(identity);
        if (chose) this.serveLine(this.conns.ipOf(ws), this.ports.now());
        return;
      }
      if (verdict === "drop") return;
      this.receive(ws, identity, raw);
    } catch (e) {
      console.error("GameRoom webSocketMessage", e);
      send(ws, frame(errorMessage("bad_message")));
    }
  }

  /** The close is answered with the peer's code, unless that code may not be sent. */
  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      this.game.start();
      if (this.conns.knows(ws)) {
        const freed = this.conns.identityOf(ws)?.role === "chooser" || this.conns.inLine(ws);
        this.game.socketClosed(ws);
        // A place on the pseudo screen freed goes to the next in line; a line got shorter.
        if (freed) this.serveLine(this.conns.ipOf(ws), this.ports.now());
      }
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
    if (msg.type === "pres_clearChoosers") return this.clearChoosers(ws, msg.network);
    if (!g.state) {
      // The game ended and the room was cleaned up while this socket was on its way.
      send(ws, frame(errorMessage("room_closed")));
      if (msg.type === "hello" && msg.role === "player") send(ws, frame({ type: "player_kicked", reason: "ended" }));
      return;
    }
    const now = this.ports.now();
    g.tickIfDue(now);
    const step = handleMessage(g.state, identity, msg, now, g.engineCtx, msg.type === "player_answer" ? this.conns.roundTripOf(ws) : 0);
    if (!step.ok) return g.reply(ws, step.error);
    // Onto the pseudo screen, in its address's order of arrival.
    if (identity === null && step.identity?.role === "chooser") return this.toPseudoScreen(ws, step, now);
    if (step.identity && (identity === null || identity.role === "chooser") && step.identity.role !== "chooser") {
      const ip = this.conns.ipOf(ws);
      // The engine made a seat; this address may have had its share of new seats this minute.
      if (step.state.nextSeatNo > g.state.nextSeatNo && !this.gate.seat(ip, now)) return g.reply(ws, errorMessage("too_many_seats"));
      this.gate.proven(ip, now);
      // The presenter's budget starts full: what it said before proving itself was a phone's.
      if (step.identity.role === "presenter") this.meters.delete(ws);
    }
    g.apply(step, ws, now);
    if (identity?.role === "chooser" && step.identity?.role === "player") this.serveLine(this.conns.ipOf(ws), now);
    if (identity === null && step.identity?.role === "presenter") send(ws, frame(this.lines.report()));
  }

  /**
   * Closes the socket among `waiting` (sockets without a seat) that gives way to a newcomer
   * (givesWay, engine/budget.ts), with 4003: its page reconnects, and says hello again. False
   * when every one is still within its time. A chooser closed here frees a place on its
   * address's pseudo screen: unless `keep` (the caller takes that place itself), it goes to the
   * next in that address's line.
   */
  private makeRoom(waiting: Iterable<WaitingSocket>, now: number, keep = false): boolean {
    const out = givesWay(waiting, now);
    if (!out) return false;
    const ip = this.conns.ipOf(out.socket);
    this.conns.close(out.socket, CLOSE_CODES.silent, out.chooser ? CLOSE_REASONS.pseudoTimeout : CLOSE_REASONS.silent);
    if (out.chooser && !keep) this.serveLine(ip, now);
    return true;
  }

  /**
   * Is there a place on `ip`'s pseudo screen now? Its address may have no more than
   * `choosersMax` there; one that has had its time there gives way (and its place is the caller's).
   */
  private pseudoScreenPlace(ip: string, now: number): boolean {
    const max = this.gate.limits.choosersMax;
    return this.conns.choosersFrom(ip, max) < max || this.makeRoom(this.conns.waitingFrom(ip, { choosersOnly: true }), now, true);
  }

  /**
   * A hello that takes a socket onto the pseudo screen (`step`). Places there go to the sockets
   * of an address in the order they asked: with nobody of its address in line and a place free,
   * it goes on at once; otherwise it joins the line (keeping its place if it is in it already, as
   * the phone asks again every few seconds) and the line is served, from its front. A socket
   * still in line is told `too_many_seats`: its phone asks again in a moment, and is let in
   * without asking when its turn comes.
   */
  private toPseudoScreen(ws: WebSocket, step: Parameters<StepRunner["apply"]>[0], now: number) {
    const ip = this.conns.ipOf(ws);
    if (!this.conns.inLine(ws) && this.conns.firstInLine(ip) === null && this.pseudoScreenPlace(ip, now)) return this.game.apply(step, ws, now);
    this.conns.joinLine(ws, now);
    this.serveLine(ip, now);
    if (this.conns.inLine(ws)) this.game.reply(ws, errorMessage("too_many_seats"));
  }

  /**
   * Gives the places free on `ip`'s pseudo screen to the sockets in its line, longest waiting
   * first: each is let in as if it said hello now (the room may have changed meanwhile: locked,
   * full, over; then the phone hears why, and leaves the line). The presenters hear of the lines.
   */
  private serveLine(ip: string, now: number) {
    const g = this.game;
    for (let next = this.conns.firstInLine(ip); next && g.state && this.pseudoScreenPlace(ip, now); next = this.conns.firstInLine(ip)) {
      const step = handleMessage(g.state, null, PHONE_HELLO, now, g.engineCtx);
      if (!step.ok || step.identity?.role !== "chooser") this.conns.leaveLine(next);
      if (step.ok) g.apply(step, next, now);
      else g.reply(next, step.error);
    }
    this.lines.changed();
  }

  /**
   * « Libérer » (presenter only, the parser checks the role): the phones of one network on the
   * pseudo screen give way now, as if their minute there was up (4003: they reconnect and queue
   * again), and their places go to those of that network waiting in line, longest first.
   */
  private clearChoosers(ws: WebSocket, network: string) {
    const ip = this.lines.ipOf(network, this.conns.unseatedAddresses());
    if (ip !== null) {
      for (const chooser of this.conns.choosersOf(ip)) this.conns.close(chooser, CLOSE_CODES.silent, CLOSE_REASONS.cleared);
      this.serveLine(ip, this.ports.now());
    }
    send(ws, frame(this.lines.report()));
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
