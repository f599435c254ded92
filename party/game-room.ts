import { Server, type Connection, type WSMessage } from "partyserver";
import {
  type Ctx,
  type Effect,
  type GameSettings,
  type GameState,
  type Identity,
  type SeatId,
  type Step,
  type StepOk,
  closeRoom,
  createGame,
  disconnect,
  fullNightRanking,
  fullRanking,
  handleMessage,
  newRound,
  nextDeadline,
  tick,
  withPresence,
} from "./engine";
import { AddressGate, type Meter, givesWay, meterFrame } from "./engine/budget";
import { type RevealedQuiz, revealedQuiz, teamResults } from "./engine/views";
import {
  CLOSE_CODES,
  type ErrorCode,
  type KickReason,
  type Phase,
  type QuizSnapshot,
  type RankingLine,
  type RankingMode,
  type ServerMessage,
  type TeamResult,
  errorMessage,
  parseClientMessage,
} from "./protocol";
import { PLAYER_BUDGET, PRESENTER_BUDGET, SOCKETS_PER_SEAT, addressLimitsFrom } from "@common/rules";
import { addressKey } from "@common/address";
import { secureRandom } from "@common/random";
import { encode } from "./encode";
import { ConnectionIndex, type WaitingSocket, pageIdFromUrl, sameIdentity } from "./room-connections";
import { type D1Op, retryDelayMs, roundStatements, statementsFor } from "./room-d1";
import { revealedQuestion } from "./room-history";
import { type RoomMeta, RoomStore } from "./room-storage";
import { AnswerCounterThrottle } from "./room-throttle";

/**
 * Steps that only touch seats (an answer, a phone joining, coming back or dropping) are written
 * in groups: those arriving within this window share one storage commit, and their messages
 * leave once it is durable (output gate). One commit per step cost a 2000-player room a second
 * of queueing for its answers (bench/room.ts), and 25 s when a whole venue's Wi-Fi restarted
 * (2000 drops then 2000 hellos, each commit waiting for the one before); the window costs each
 * of those messages at most this.
 */
export const WRITE_GROUP_MS = 10;


export interface LaunchInput {
  gameId: string;
  quizUniqueName: string;
  ownerId: number;
  quiz: QuizSnapshot;
  settings: GameSettings;
}
export type LaunchResult = { ok: true; presenterToken: string } | { ok: false; code: ErrorCode };

/** A new round in the same room (the presenter's « Rejouer » / « Autre quiz »). */
export interface RoundInput extends LaunchInput {
  /** The game that is over in this room: the round follows it, nothing else. */
  previousGameId: string;
}
/**
 * Why a round was not started: another game or none here ('gone'), the game not over yet
 * ('not_over'), the owner out of games ('quota'), settings the room refuses, or D1 not reachable
 * now ('busy', try again). Nothing changed in any of these cases.
 */
export type RoundResult = { ok: true } | { ok: false; reason: "gone" | "not_over" | "quota" | "invalid_settings" | "busy" };

export interface PresenterInfo {
  token: string;
  phase: Phase;
  mode: RankingMode;
  quizUniqueName: string;
}

export interface RoomRanking {
  phase: Phase;
  playersCount: number;
  ranking: RankingLine[];
  teams: TeamResult[] | null;
  /** The night's whole ranking once a round from the second on is over; null otherwise. */
  night: RankingLine[] | null;
}

function randomToken(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let s = "";
  for (const b of raw) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * A step that changes seats and nothing else the room must act on at once: the phase stays, no
 * seat is removed (its sockets are untagged at once), no room event (D1 writes, the end of the
 * room). Its storage write may wait for the group (WRITE_GROUP_MS), its messages with it.
 */
function isSeatLocal(step: StepOk, before: GameState | null): boolean {
  return (
    step.dirtySeats.length > 0 &&
    step.removedSeats.length === 0 &&
    step.state.phase === before?.phase &&
    step.effects.every((e) => e.to !== "room")
  );
}

/**
 * Cloudflare sets CF-Connecting-IP on every request it forwards, whatever the client sent; an
 * IPv6 address counts by its /64, as the app's throttles count it.
 */
const addressOf = (request: Request) => addressKey(request.headers.get("CF-Connecting-IP"));

const isUpgrade = (request: Request) => request.headers.get("Upgrade")?.toLowerCase() === "websocket";

const frameSize = (raw: WSMessage) => (typeof raw === "string" ? raw.length : raw.byteLength);

/** Close codes a peer may report but no endpoint may send (RFC 6455, section 7.4.1). */
const UNSENDABLE_CLOSE_CODES = new Set([1005, 1006, 1015]);

function closeSocket(conn: Connection, code: number, reason: string) {
  try {
    conn.close(code, reason);
  } catch {
    // already gone
  }
}

function send(conn: Connection, data: string) {
  try {
    conn.send(data);
  } catch {
    // The socket died between the lookup and the send; its close event tidies up.
  }
}

/**
 * One live game per room number (docs/architecture.md, How a room message flows): the PartyServer
 * glue around the pure engine (party/engine). Every socket message, socket close, alarm and app
 * call follows one path: apply the deadlines already due, run one engine step, store its result
 * (one storage transaction, together with the D1 writes it owes), then carry out its effects.
 * Nothing here throws to a client: a bad message gets an error reply and changes nothing.
 *
 * The app reaches the room only through the binding (launch, presenterInfo, revealed, end,
 * ranking, newRound); HTTP into the room is refused, and server.ts refuses sockets for numbers
 * that are not live in the D1 registry, so addressing a random number never creates a room.
 */
export class GameRoom extends Server<Env> {
  static options = { hibernate: true };

  private readonly store = new RoomStore(this.ctx.storage);
  private loaded = false;
  private state: GameState | null = null;
  private meta: RoomMeta | null = null;
  private pending: D1Op[] = [];
  /** The alarm as last set; undefined when unknown (fresh instance). */
  private alarmAt: number | null | undefined = undefined;
  private d1Failures = 0;
  private d1RetryAt: number | null = null;
  private flushing: Promise<void> | null = null;
  private readonly conns = new ConnectionIndex(() => this.getConnections());
  /**
   * Per-address caps on new sockets and seats (common/rules/audience.ts), sized by the Worker
   * variable ROOM_PHONES_PER_ADDRESS; in memory only.
   */
  private readonly gate = new AddressGate(addressLimitsFrom(this.env.ROOM_PHONES_PER_ADDRESS));
  /** Each socket's message budget; in memory only (a hibernated room starts everyone afresh). */
  private readonly meters = new WeakMap<Connection, Meter>();
  private readonly counter = new AnswerCounterThrottle(
    (msg) => this.toPresenters(encode(msg)),
    () => this.now()
  );
  // Seats and help squares come from the cryptographic generator: Math.random's state can be
  // worked out from the pseudos a room hands out (common/random.ts).
  private readonly engineCtx: Ctx = { random: secureRandom, mintSecret: () => randomToken(18) };
  /** A new round on its way (D1 then storage): a second call waits for it rather than racing. */
  private roundCall: Promise<RoundResult> | null = null;
  /** Seat-local steps applied in memory, waiting for their group write (WRITE_GROUP_MS). */
  private group: { seats: Set<SeatId>; effects: { effect: Effect; caller: Connection | null }[]; openedAt: number } | null = null;
  private groupTimer: ReturnType<typeof setTimeout> | null = null;

  /** Tests move the room's clock (runInDurableObject); always 0 in production. */
  clockSkewMs = 0;
  /** Tests make the next D1 flushes fail; always 0 in production. */
  failNextD1Flushes = 0;

  private now() {
    return Date.now() + this.clockSkewMs;
  }

  private roomName: string | undefined;
  /**
   * partyserver reads the room's name (from its id, a call into the runtime) at every socket
   * message and close; it never changes for this object, so it is read once.
   */
  get name(): string {
    return (this.roomName ??= super.name);
  }

  private started = false;

  private ensureLoaded() {
    if (this.loaded) return;
    const { state, meta, pending } = this.store.load();
    const here = { seat: (id: SeatId) => this.conns.seat(id).length > 0, presenter: this.conns.presenters().length > 0 };
    this.state = state && state.phase !== "closed" ? withPresence(state, here, this.now()) : state;
    this.meta = meta;
    this.pending = pending;
    this.alarmAt = undefined;
    this.loaded = true;
  }

  /**
   * partyserver calls this once per instance, at the first event it handles; a socket upgrade,
   * which the room accepts itself, calls it too: whichever comes first starts the instance.
   */
  onStart() {
    if (this.started) return;
    this.started = true;
    this.ensureLoaded();
    // Writes a previous instance owed D1 go out again (the alarm would too, a bit later).
    if (this.pending.length) void this.flushD1();
  }

  // -------------------------------------------------------------------------------------------
  // Sockets

  /**
   * A socket upgrade is refused (429) before it is accepted when its address already has too
   * many sockets open without a seat, or has opened too many that never proved one. At the first
   * cap, a socket of that address that has had its time gives way instead (makeRoom): silent
   * for SILENT_SOCKET_MS, or on the pseudo screen for PSEUDO_SCREEN_MS without taking a seat.
   * The room accepts the socket itself rather than through partyserver (decision 023).
   */
  async fetch(request: Request): Promise<Response> {
    if (!isUpgrade(request)) return super.fetch(request);
    try {
      // No game here (ended and cleaned up): the Worker may remember the number as live a few
      // seconds more (server.ts), the room says what the registry would.
      this.onStart();
      this.writeGroupIfDue();
      if (!this.state) return new Response("Not found", { status: 404 });
      const ip = addressOf(request);
      const now = this.now();
      let unseated = this.conns.unseatedFrom(ip, this.gate.limits.unseatedMax);
      if (unseated >= this.gate.limits.unseatedMax && this.makeRoom(this.conns.waitingFrom(ip), now)) unseated--;
      if (!this.gate.admit(ip, unseated, now)) return new Response("Trop de connexions depuis cette adresse", { status: 429 });
      const { 0: client, 1: server } = new WebSocketPair();
      this.conns.accept(this.ctx, server, { pageId: pageIdFromUrl(request.url), uri: request.url, ip, now });
      return new Response(null, { status: 101, webSocket: client });
    } catch (e) {
      console.error("GameRoom fetch", e);
      return new Response("Salle indisponible", { status: 503 });
    }
  }

  /**
   * A frame from a socket this instance accepted goes straight to onMessage: partyserver would
   * first read the socket's attachment back from the runtime (a structured-clone read and its
   * garbage at every frame: 4 % of the room's busy time over 1,000 phones' questions) to learn
   * what this instance already knows. A socket accepted before the object last slept takes
   * partyserver's path.
   */
  async webSocketMessage(ws: WebSocket, message: WSMessage): Promise<void> {
    if (this.conns.isOwn(ws)) return this.onMessage(ws as Connection, message);
    return super.webSocketMessage(ws, message);
  }

  /**
   * The same for a close: partyserver would read the attachment back first (a whole venue's
   * Wi-Fi restarting is 2,000 closes in a burst, and that read was 3 % of the room's time in
   * such a storm). What partyserver does after onClose is done here too: the close is answered
   * with the peer's code, unless that code may not be sent (1005, 1006, 1015).
   */
  async webSocketClose(ws: WebSocket, code: number, reason: string, wasClean: boolean): Promise<void> {
    if (!this.conns.isOwn(ws)) return super.webSocketClose(ws, code, reason, wasClean);
    try {
      this.onClose(ws as Connection);
    } finally {
      if (!UNSENDABLE_CLOSE_CODES.has(code)) closeSocket(ws as Connection, code, reason);
    }
  }

  onMessage(conn: Connection, raw: WSMessage) {
    try {
      this.ensureLoaded();
      const identity = this.conns.identityOf(conn);
      // Every frame is counted against the socket's budget before anything else is done with it.
      const budget = identity?.role === "presenter" ? PRESENTER_BUDGET : PLAYER_BUDGET;
      const { meter, verdict } = meterFrame(this.meters.get(conn), budget, frameSize(raw), this.now());
      this.meters.set(conn, meter);
      if (verdict === "close") {
        send(conn, encode(errorMessage("flood")));
        return closeSocket(conn, CLOSE_CODES.flood, "Trop de messages");
      }
      if (verdict === "drop") return;
      this.receive(conn, identity, raw);
    } catch (e) {
      console.error("GameRoom onMessage", e);
      send(conn, encode(errorMessage("bad_message")));
    }
  }

  onClose(conn: Connection) {
    try {
      this.ensureLoaded();
      const identity = this.conns.identityOf(conn);
      this.conns.remove(conn);
      if (!identity || identity.role === "chooser" || !this.state || this.state.phase === "closed") return;
      // A phone that reconnected before its old socket died keeps its seat connected.
      if (this.conns.of(identity).length > 0) return;
      const now = this.now();
      this.tickIfDue(now);
      const s = this.state as GameState | null;
      if (s && s.phase !== "closed") this.apply(disconnect(s, identity, now), null, now);
    } catch (e) {
      console.error("GameRoom onClose", e);
    }
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
    closeSocket(out.socket, CLOSE_CODES.silent, out.chooser ? "Pseudo non choisi à temps" : "Connexion silencieuse");
    return true;
  }

  /**
   * A socket without a seat is about to sit on the pseudo screen: its address may have no more
   * than `choosersMax` there, and one that has had its time there gives way for it.
   */
  private pseudoScreenPlace(conn: Connection, now: number): boolean {
    const ip = this.conns.ipOf(conn);
    const max = this.gate.limits.choosersMax;
    return this.conns.choosersFrom(ip, max) < max || this.makeRoom(this.conns.waitingFrom(ip, { choosersOnly: true }), now);
  }

  onError(conn: Connection, error: unknown) {
    console.warn(`GameRoom ${this.name}: socket ${this.conns.pageIdOf(conn)}`, error);
  }

  /**
   * Room internals are reached only through the binding, never by public HTTP, so nobody outside
   * the app can drive a room.
   */
  onRequest() {
    return new Response("Not found", { status: 404 });
  }

  private receive(conn: Connection, identity: Identity | null, raw: WSMessage) {
    const role = identity === null ? null : identity.role === "presenter" ? "presenter" : "player";
    const parsed = parseClientMessage(raw, role);
    if (!parsed.ok) return this.answer(conn, parsed.error);
    const msg = parsed.msg;
    if (msg.type === "ping") return this.answer(conn, { type: "pong" });
    if (!this.state) {
      // The game ended and the room was cleaned up while this socket was on its way.
      send(conn, encode(errorMessage("room_closed")));
      if (msg.type === "hello" && msg.role === "player") send(conn, encode({ type: "player_kicked", reason: "ended" }));
      return;
    }
    const now = this.now();
    this.tickIfDue(now);
    const step = handleMessage(this.state, identity, msg, now, this.engineCtx);
    if (!step.ok) return this.answer(conn, step.error);
    // The pseudo screen is full for this address: the phone asks again in a moment, as for a seat.
    if (identity === null && step.identity?.role === "chooser" && !this.pseudoScreenPlace(conn, now))
      return this.answer(conn, errorMessage("too_many_seats"));
    if (step.identity && (identity === null || identity.role === "chooser") && step.identity.role !== "chooser") {
      const ip = this.conns.ipOf(conn);
      // The engine made a seat; this address may have had its share of new seats this minute.
      if (step.state.nextSeatNo > this.state.nextSeatNo && !this.gate.seat(ip, now))
        return this.answer(conn, errorMessage("too_many_seats"));
      this.gate.proven(ip, now);
      // The presenter's budget starts full: what it said before proving itself was a phone's.
      if (step.identity.role === "presenter") this.meters.delete(conn);
    }
    this.apply(step, conn, now);
  }
  /**
   * A direct reply to the socket's own message. While grouped steps wait for their write, it
   * waits with them: a socket hears its answers in the order it asked (a pong never overtakes
   * the seat its hello took).
   */
  private answer(conn: Connection, msg: ServerMessage) {
    if (this.group) this.group.effects.push({ effect: { to: "caller", msg }, caller: conn });
    else send(conn, encode(msg));
  }


  // -------------------------------------------------------------------------------------------
  // Steps

  /** A refused step returns no state, so what is already due is applied on its own first. */
  private tickIfDue(now: number) {
    if (!this.state) return;
    const due = nextDeadline(this.state);
    if (due !== null && due <= now) this.apply(tick(this.state, now), null, now);
  }

  private apply(result: Step, caller: Connection | null, now: number) {
    if (!result.ok) return; // closeRoom and disconnect never refuse; a refusal changes nothing
    const step: StepOk = result;
    const ops: D1Op[] = [];
    const gameId = this.meta?.gameId;
    for (const e of step.effects) {
      if (e.to !== "room" || !gameId) continue;
      const kind = e.event.kind;
      if (kind === "started") ops.push({ kind, gameId, at: step.state.startedAt ?? now });
      else if (kind === "over") ops.push({ kind, gameId, at: step.state.endedAt ?? now });
      else if (kind === "closed") ops.push({ kind, gameId, at: now });
    }
    const revealed = gameId ? revealedQuestion(this.state, step.state) : null;
    if (gameId && revealed !== null) ops.push({ kind: "answers", gameId, question: revealed, at: now });
    if (ops.length === 0 && isSeatLocal(step, this.state)) {
      this.state = step.state;
      const group = (this.group ??= { seats: new Set(), effects: [], openedAt: Date.now() });
      for (const id of step.dirtySeats) group.seats.add(id);
      // The socket knows who it is at once (its next message is read as such); what it is told
      // waits for the write.
      const leftBehind = caller && step.identity ? this.retag(caller, step.identity) : null;
      for (const effect of step.effects) group.effects.push({ effect, caller });
      if (!this.writeGroupIfDue()) this.groupTimer ??= setTimeout(() => this.writeGroup(), WRITE_GROUP_MS);
      this.scheduleAlarm();
      if (leftBehind && this.state && this.state.phase !== "closed") this.apply(disconnect(this.state, leftBehind, now), null, now);
      return;
    }
    // Whatever else happens goes after the steps already applied, in storage and on the wire.
    this.writeGroup();
    const unchanged = step.state === this.state && !step.dirtySeats.length && !step.removedSeats.length;
    this.state = step.state;
    if (ops.length) {
      this.pending = [...this.pending, ...ops];
      this.d1RetryAt ??= Date.now() + 5_000;
    }
    // The state and the D1 writes it owes land together, before any message leaves the room.
    if (!unchanged || ops.length) this.store.save(step.state, step, ops.length ? { pending: this.pending } : {});

    let leftBehind: Identity | null = null;
    if (caller && step.identity) leftBehind = this.retag(caller, step.identity);

    for (const effect of step.effects) this.carryOut(effect, caller);
    for (const effect of step.effects) if (effect.to === "room") this.afterEvent(effect.event);

    if (ops.length) this.flushSoon();
    this.scheduleAlarm();

    // A socket that said hello again under another identity left its old seat without a socket.
    if (leftBehind && this.state && this.state.phase !== "closed")
      this.apply(disconnect(this.state, leftBehind, now), null, now);
  }

  /**
   * Under a flood of events (a venue reconnecting at once) the group's timer rang up to half a
   * second late (bench/room.ts, 2,000 phones): the socket upgrades and steps that find the
   * window past write the group themselves.
   */
  private writeGroupIfDue(): boolean {
    if (!this.group || Date.now() - this.group.openedAt < WRITE_GROUP_MS) return false;
    this.writeGroup();
    return true;
  }

  /** Writes the grouped steps in one transaction, then sends what they said, in order. */
  private writeGroup() {
    if (this.groupTimer) clearTimeout(this.groupTimer);
    this.groupTimer = null;
    const group = this.group;
    this.group = null;
    if (!group || !this.state) return;
    this.store.save(this.state, { dirtySeats: [...group.seats], removedSeats: [] });
    for (const { effect, caller } of group.effects) this.carryOut(effect, caller);
  }

  /**
   * Tags the caller with its new identity. An older socket of the same identity and the same
   * partysocket id is the same page reconnecting before its dead socket was noticed: it is
   * closed (two live tabs of one seat have different ids and both stay, rather than take turns
   * kicking each other out). Past SOCKETS_PER_SEAT sockets on one seat (a script replaying a
   * token), the oldest give way too. Returns the identity the caller had before, if it is now
   * orphaned.
   */
  private retag(caller: Connection, identity: Identity): Identity | null {
    const before = this.conns.identityOf(caller);
    this.conns.setIdentity(caller, identity);
    if (identity.role !== "chooser") {
      const others = this.conns.others(caller, identity);
      let extra = identity.role === "player" ? others.length + 1 - SOCKETS_PER_SEAT : 0;
      for (const other of others) {
        if (this.conns.pageIdOf(other) !== this.conns.pageIdOf(caller) && extra <= 0) continue;
        extra--;
        this.conns.setIdentity(other, null);
        closeSocket(other, CLOSE_CODES.replaced, "Remplacée par une nouvelle connexion");
      }
    }
    if (before && before.role !== "chooser" && !sameIdentity(before, identity) && this.conns.of(before).length === 0)
      return before;
    return null;
  }

  private carryOut(effect: Effect, caller: Connection | null) {
    switch (effect.to) {
      case "presenter":
        if (effect.msg.type === "pres_playerAnswered") this.counter.push(effect.msg);
        else {
          this.counter.flush();
          this.toPresenters(encode(effect.msg));
        }
        return;
      case "seat":
        for (const conn of this.conns.sendTargets(effect.seatId)) send(conn, encode(effect.msg));
        return;
      case "seats": {
        const data = encode(effect.msg);
        for (const conn of this.conns.seatedTargets()) send(conn, data);
        return;
      }
      case "choosers": {
        const data = encode(effect.msg);
        for (const conn of this.conns.choosers()) send(conn, data);
        return;
      }
      case "caller":
        if (caller) send(caller, encode(effect.msg));
        return;
      case "room":
        return;
    }
  }

  private toPresenters(data: string) {
    for (const conn of this.conns.presenters()) send(conn, data);
  }

  private afterEvent(event: Extract<Effect, { to: "room" }>["event"]) {
    if (event.kind === "seatRemoved") {
      // Kicked or expired: the socket stays open without a seat, so the phone can join again.
      for (const conn of this.conns.seat(event.seatId)) this.conns.setIdentity(conn, null);
    } else if (event.kind === "closed") {
      this.counter.clear();
      this.toPresenters(encode(errorMessage("room_closed")));
      for (const conn of [...this.conns.all()]) closeSocket(conn, CLOSE_CODES.roomClosed, "Partie terminée");
      this.conns.reset();
    }
  }

  // -------------------------------------------------------------------------------------------
  // Alarm and D1

  async onAlarm() {
    this.ensureLoaded();
    this.alarmAt = null; // this one has rung
    try {
      if (this.state) {
        const now = this.now();
        const due = nextDeadline(this.state);
        if (due !== null && due <= now) this.apply(tick(this.state, now), null, now);
      }
      if (this.pending.length) await this.flushD1();
    } finally {
      this.scheduleAlarm();
    }
  }

  private scheduleAlarm() {
    const times: number[] = [];
    if (this.state) {
      const due = nextDeadline(this.state);
      if (due !== null) times.push(due - this.clockSkewMs);
    }
    if (this.pending.length) times.push(this.d1RetryAt ?? Date.now() + 5_000);
    const want = times.length ? Math.min(...times) : null;
    if (want === this.alarmAt) return;
    // An alarm already set earlier stays: ringing early costs one wake-up, which sets the next.
    // The room's idle expiry moves at every message, and moving the alarm with it cost a venue
    // reconnecting at once one alarm write per phone.
    if (want !== null && typeof this.alarmAt === "number" && this.alarmAt <= want) return;
    this.alarmAt = want;
    const done = want === null ? this.ctx.storage.deleteAlarm() : this.ctx.storage.setAlarm(want);
    done.catch((e) => console.error("GameRoom alarm", e));
  }

  /**
   * The D1 writes a step owes go out from a later turn. They are stored already (`pending`, in
   * the step's own transaction), and a reveal's take a few ms to build (1,000 answers' history
   * rows: a tenth of the reveal's turn in a profile, docs/scaling.md) that the phones' reveal
   * frames, which leave only once this turn is over, need not wait for.
   */
  private flushSoon() {
    setTimeout(() => void this.flushD1(), 0);
  }

  /** Sends the pending D1 writes in order, one batch each; one flush at a time. */
  private flushD1(): Promise<void> {
    this.flushing ??= this.runFlush().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async runFlush() {
    while (this.pending.length) {
      const op = this.pending[0]!;
      try {
        const state = this.state && this.meta?.gameId === op.gameId ? this.state : null;
        const statements = statementsFor(this.env.DB, op, state);
        if (this.failNextD1Flushes > 0) {
          this.failNextD1Flushes--;
          throw new Error("D1 indisponible (test)");
        }
        if (statements.length) await this.env.DB.batch(statements);
      } catch (e) {
        this.d1Failures++;
        this.d1RetryAt = Date.now() + retryDelayMs(this.d1Failures);
        console.error(`GameRoom ${this.name}: D1 write '${op.kind}' failed, retried later`, e);
        this.scheduleAlarm();
        return;
      }
      this.d1Failures = 0;
      this.pending = this.pending.filter((p) => p !== op);
      this.d1RetryAt = this.pending.length ? Date.now() + 5_000 : null;
      this.store.savePending(this.pending);
    }
    this.scheduleAlarm();
    if (this.state?.phase === "closed") await this.cleanup();
  }

  /** A closed room whose D1 writes all landed keeps nothing. */
  private async cleanup() {
    if (this.state?.phase !== "closed" || this.pending.length) return;
    this.state = null;
    this.meta = null;
    this.counter.clear();
    await this.store.wipe();
    this.alarmAt = undefined;
    await this.ctx.storage.deleteAlarm();
    this.alarmAt = null;
  }

  // -------------------------------------------------------------------------------------------
  // Calls from the app (Durable Object binding)

  /**
   * Creates the game. Idempotent for one game id (a retried call gets the same presenter
   * token). A previous game still held here is ended first and its D1 writes flushed; if they
   * cannot be written now, the launch is refused so the app picks another number.
   */
  async launch(input: LaunchInput): Promise<LaunchResult> {
    this.ensureLoaded();
    if (this.state && this.meta?.gameId === input.gameId) return { ok: true, presenterToken: this.state.presenterToken };
    if (this.state && this.state.phase !== "closed") {
      const now = this.now();
      this.apply(closeRoom(this.state, now, "ended"), null, now);
    }
    if (this.pending.length) await this.flushD1();
    if (this.pending.length) return { ok: false, code: "room_closed" };
    if (this.state || this.meta) {
      this.state = null;
      await this.store.wipe();
    }
    const presenterToken = randomToken(32);
    const now = this.now();
    const made = createGame({
      roomId: this.name,
      quiz: input.quiz,
      settings: input.settings,
      presenterToken,
      now,
      random: secureRandom,
    });
    if (!made.ok) return { ok: false, code: made.code };
    this.state = made.state;
    this.meta = { gameId: input.gameId, quizUniqueName: input.quizUniqueName, ownerId: input.ownerId };
    this.pending = [];
    this.store.save(made.state, { dirtySeats: [], removedSeats: [], all: true }, { meta: this.meta, pending: [] });
    this.conns.reset();
    this.alarmAt = undefined;
    this.scheduleAlarm();
    return { ok: true, presenterToken };
  }

  /** The presenter token and phase of this room's game, or null when it is not that game. */
  async presenterInfo(gameId: string): Promise<PresenterInfo | null> {
    this.ensureLoaded();
    this.tickIfDue(this.now());
    const s = this.state;
    if (!s || !this.meta || this.meta.gameId !== gameId || s.phase === "closed") return null;
    return { token: s.presenterToken, phase: s.phase, mode: s.settings.mode, quizUniqueName: this.meta.quizUniqueName };
  }

  /**
   * What the app may show of this game's quiz outside the room while it is played: the questions
   * revealed so far (docs/architecture.md, Security model). Null when the room holds another game
   * or none. A read of the state: nothing in it grows with the players.
   */
  async revealed(gameId: string): Promise<RevealedQuiz | null> {
    this.ensureLoaded();
    this.tickIfDue(this.now());
    const s = this.state;
    if (!s || this.meta?.gameId !== gameId) return null;
    return revealedQuiz(s);
  }

  /**
   * Ends the game ('Nouvelle partie', 'Redémarrer'): phones get player_kicked, sockets close,
   * D1 is told. `gameId` null ends whatever game is here. False when there was none.
   */
  async end(gameId: string | null, reason: KickReason = "ended"): Promise<boolean> {
    this.ensureLoaded();
    if (!this.state || (gameId !== null && this.meta?.gameId !== gameId)) {
      if (this.pending.length) await this.flushD1();
      return false;
    }
    const now = this.now();
    if (this.state.phase !== "closed") this.apply(closeRoom(this.state, now, reason), null, now);
    await this.flushD1();
    return true;
  }

  /**
   * The full ranking (the presenter's HTTP fetch: too big for a socket message, see
   * docs/protocol.md).
   */
  async ranking(gameId: string): Promise<RoomRanking | null> {
    this.ensureLoaded();
    const s = this.state;
    if (!s || this.meta?.gameId !== gameId) return null;
    const night = s.phase === "over" ? fullNightRanking(s) : null;
    return { phase: s.phase, playersCount: s.seats.length, ranking: fullRanking(s), teams: teamResults(s), night };
  }

  /**
   * « Rejouer » / « Autre quiz »: the next game in this room, once the current one is over. The
   * finished game's D1 writes (answers, totals, end) go out first, exactly once, while the state
   * they are read from is still here; then one D1 batch closes its row and opens the new one
   * under the owner's quota; then the engine turns the room into the new lobby, kept with its
   * new game id in one storage write, and every phone and the presenter are told. Idempotent for
   * one game id; one round at a time.
   */
  async newRound(input: RoundInput): Promise<RoundResult> {
    this.ensureLoaded();
    if (this.state && this.meta?.gameId === input.gameId) return { ok: true };
    while (this.roundCall) await this.roundCall.catch(() => null);
    if (this.state && this.meta?.gameId === input.gameId) return { ok: true };
    const call = this.runNewRound(input);
    this.roundCall = call;
    try {
      return await call;
    } finally {
      this.roundCall = null;
    }
  }

  private async runNewRound(input: RoundInput): Promise<RoundResult> {
    const ready = (): RoundResult | null => {
      if (!this.state || this.meta?.gameId !== input.previousGameId) return { ok: false, reason: "gone" };
      this.tickIfDue(this.now());
      if (this.state.phase !== "over") return { ok: false, reason: this.state.phase === "closed" ? "gone" : "not_over" };
      return null;
    };
    const refused = ready();
    if (refused) return refused;
    // The engine's checks first, on a copy: refused settings never reach D1.
    const now = this.now();
    const trial = newRound(this.state!, { quiz: input.quiz, settings: input.settings }, now, this.engineCtx);
    if (!trial.ok) return { ok: false, reason: "invalid_settings" };

    await this.flushD1();
    if (this.pending.length) return { ok: false, reason: "busy" };
    let granted: boolean;
    try {
      const results = await this.env.DB.batch(
        roundStatements(this.env.DB, {
          previousGameId: input.previousGameId,
          gameId: input.gameId,
          quizUniqueName: input.quizUniqueName,
          ownerId: input.ownerId,
          roomNumber: this.name,
          mode: input.settings.mode,
          settings: input.settings,
          createdAt: Date.now(),
        })
      );
      granted = results[1]?.meta.changes === 1;
    } catch (e) {
      console.error(`GameRoom ${this.name}: new round not written to D1`, e);
      return { ok: false, reason: "busy" };
    }
    if (!granted) return { ok: false, reason: "quota" };

    // The room went on while D1 answered (its expiry, 'Redémarrer'): the new row must not stay.
    const late = ready();
    if (late || this.pending.length) {
      await this.env.DB.prepare(`UPDATE games SET status = 'closed', ended_at = ?2 WHERE id = ?1`)
        .bind(input.gameId, Date.now())
        .run()
        .catch((e: unknown) => console.error(`GameRoom ${this.name}: new round row left open`, e));
      return late ?? { ok: false, reason: "busy" };
    }
    const at = this.now();
    const step = newRound(this.state!, { quiz: input.quiz, settings: input.settings }, at, this.engineCtx);
    if (!step.ok) return { ok: false, reason: "invalid_settings" };
    this.writeGroup();
    this.counter.clear();
    this.state = step.state;
    this.meta = { gameId: input.gameId, quizUniqueName: input.quizUniqueName, ownerId: input.ownerId };
    this.store.save(step.state, { dirtySeats: [], removedSeats: [], all: true }, { meta: this.meta, pending: [] });
    for (const effect of step.effects) this.carryOut(effect, null);
    this.scheduleAlarm();
    return { ok: true };
  }
}
