/**
 * One room's game as the Durable Object runs it (docs/architecture.md, How a room message
 * flows): every event the transport hands it (a socket's message or close, the alarm, an app
 * call) follows one path: apply the deadlines already due, run one engine step (party/engine),
 * store its result together with the D1 writes it owes, then carry out its effects.
 *
 * A step that only touches seats goes through the write group (write-group.ts); any other
 * writes the group first, then itself, so storage and the wire keep the order of events. The D1
 * writes a step owes go to the outbox (d1-outbox.ts), stored in the step's own transaction.
 * The room's clock and D1 are `ports` (RoomPorts): production's are Date.now and the DB
 * binding, tests replace them through runInDurableObject.
 */
import type { Db } from "@db/client";
import { type Ctx, type Effect, type GameState, type Identity, type Step, type StepOk, disconnect, nextDeadline, tick, withPresence } from "./engine";
import { CLOSE_CODES, CLOSE_REASONS, errorMessage } from "@common/wire/protocol";
import type { RoomMessage } from "@common/wire/room-messages";
import { SOCKETS_PER_SEAT } from "@common/rules";
import { secureRandom } from "@common/util/random";
import { frame } from "./encode";
import { type ConnectionIndex, sameIdentity } from "./socket-index";
import { type D1Op, statementsFor } from "./d1-ops";
import { revealedQuestion } from "./d1-history";
import { D1Outbox } from "./d1-outbox";
import type { Statement } from "./d1-sql";
import { type RoomMeta, RoomStore } from "./state-storage";
import { AnswerCounterBatch } from "./answer-counter-batch";
import { WriteGroup } from "./write-group";

/** The room's clock and D1, as every part of the room reads them. */
export interface RoomPorts {
  /** The room's clock, ms. */
  now(): number;
  /** Builds the room's D1 statements (db/schema.ts). */
  readonly db: Db;
  /** Sends statements as one D1 batch (a transaction): every D1 write of the room goes through it. */
  batch(statements: [Statement, ...Statement[]]): Promise<unknown[]>;
}

/** What a grouped step owes once its write is made: a message to carry out, for a caller. */
interface Owed {
  effect: Effect;
  caller: WebSocket | null;
}

function randomToken(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let s = "";
  for (const b of raw) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export const presenterToken = () => randomToken(32);

/** Sends on a socket that may have died since it was looked up; its close event tidies up. */
export function send(ws: WebSocket, data: string) {
  try {
    ws.send(data);
  } catch {
    // gone
  }
}

/**
 * A step that changes seats and nothing else the room must act on at once: the phase stays, no
 * seat is removed (its sockets are untagged at once), no room event (D1 writes, the end of the
 * room). Its storage write may wait for the group, its messages with it.
 */
function isSeatLocal(step: StepOk, before: GameState | null): boolean {
  return (
    step.dirtySeats.length > 0 &&
    step.removedSeats.length === 0 &&
    step.state.phase === before?.phase &&
    step.effects.every((e) => e.to !== "room")
  );
}

/** The D1 writes a step owes: its room events, and the answers of a question it revealed. */
function opsOf(step: StepOk, before: GameState | null, gameId: string | undefined, now: number): D1Op[] {
  if (!gameId) return [];
  const ops: D1Op[] = [];
  for (const e of step.effects) {
    if (e.to !== "room") continue;
    const kind = e.event.kind;
    if (kind === "started") ops.push({ kind, gameId, at: step.state.startedAt ?? now });
    else if (kind === "over") ops.push({ kind, gameId, at: step.state.endedAt ?? now });
    else if (kind === "closed") ops.push({ kind, gameId, at: now });
  }
  const revealed = revealedQuestion(before, step.state);
  if (revealed !== null) ops.push({ kind: "answers", gameId, question: revealed, at: now });
  return ops;
}

export class StepRunner {
  state: GameState | null = null;
  meta: RoomMeta | null = null;
  // Seats and help squares come from the cryptographic generator: Math.random's state can be
  // worked out from the pseudos a room hands out (common/util/random.ts).
  readonly engineCtx: Ctx = { random: secureRandom, mintSecret: () => randomToken(18) };
  readonly store: RoomStore;
  readonly group: WriteGroup<Owed>;
  readonly outbox: D1Outbox;
  readonly counter: AnswerCounterBatch;
  private loaded = false;
  private started = false;
  /** The alarm as last set, room clock; undefined when unknown (fresh instance). */
  private alarmAt: number | null | undefined = undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    readonly conns: ConnectionIndex,
    readonly ports: RoomPorts,
    private readonly name: () => string | undefined,
  ) {
    this.store = new RoomStore(storage);
    this.group = new WriteGroup<Owed>(
      (seats, owed) => {
        if (!this.state) return;
        this.store.save(this.state, { dirtySeats: seats, removedSeats: [] });
        for (const { effect, caller } of owed) this.carryOut(effect, caller);
      },
      () => ports.now(),
    );
    this.outbox = new D1Outbox({
      send: async (op) => {
        const state = this.state && this.meta?.gameId === op.gameId ? this.state : null;
        const [first, ...rest] = statementsFor(ports.db, op, state);
        if (first) await ports.batch([first, ...rest]);
      },
      save: (pending) => this.store.savePending(pending),
      now: () => ports.now(),
      failed: (op, e) => console.error(`GameRoom ${this.name()}: D1 write '${op.kind}' failed, retried later`, e),
    });
    this.counter = new AnswerCounterBatch(
      (msg) => this.toPresenters(frame(msg)),
      () => ports.now(),
    );
  }

  /** Reads the game from storage once per instance; who is here is what the open sockets say. */
  load() {
    if (this.loaded) return;
    const { state, meta, pending } = this.store.load();
    const here = { seat: (id: string) => this.conns.seat(id).length > 0, presenter: this.conns.presenters().length > 0 };
    this.state = state && state.phase !== "closed" ? withPresence(state, here, this.ports.now()) : state;
    this.meta = meta;
    this.outbox.load(pending);
    this.alarmAt = undefined;
    this.loaded = true;
  }

  /** The instance's first event, whatever it is: the game is loaded, D1 writes owed go out again. */
  start() {
    this.load();
    if (this.started) return;
    this.started = true;
    if (!this.outbox.empty) void this.flush();
  }

  /** A refused step returns no state, so what is already due is applied on its own first. */
  tickIfDue(now: number) {
    if (!this.state) return;
    const due = nextDeadline(this.state);
    if (due !== null && due <= now) this.apply(tick(this.state, now), null, now);
  }

  apply(result: Step, caller: WebSocket | null, now: number) {
    if (!result.ok) return; // closeRoom and disconnect never refuse; a refusal changes nothing
    const step: StepOk = result;
    const ops = opsOf(step, this.state, this.meta?.gameId, now);
    if (ops.length === 0 && isSeatLocal(step, this.state)) {
      this.state = step.state;
      // The socket knows who it is at once (its next message is read as such); what it is told
      // waits for the write.
      const leftBehind = caller && step.identity ? this.retag(caller, step.identity) : null;
      this.group.add(
        step.dirtySeats,
        step.effects.map((effect) => ({ effect, caller })),
      );
      this.scheduleAlarm();
      if (leftBehind && this.state && this.state.phase !== "closed") this.apply(disconnect(this.state, leftBehind, now), null, now);
      return;
    }
    // Whatever else happens goes after the steps already applied, in storage and on the wire.
    this.group.write();
    const unchanged = step.state === this.state && !step.dirtySeats.length && !step.removedSeats.length;
    this.state = step.state;
    // The state and the D1 writes it owes land together, before any message leaves the room.
    const pending = ops.length ? this.outbox.queue(ops) : null;
    if (!unchanged || pending) this.store.save(step.state, step, pending ? { pending } : {});

    const leftBehind = caller && step.identity ? this.retag(caller, step.identity) : null;
    for (const effect of step.effects) this.carryOut(effect, caller);
    for (const effect of step.effects) if (effect.to === "room") this.afterEvent(effect.event);

    if (pending) this.flushSoon();
    this.scheduleAlarm();
    // A socket that said hello again under another identity left its old seat without a socket.
    if (leftBehind && this.state && this.state.phase !== "closed") this.apply(disconnect(this.state, leftBehind, now), null, now);
  }

  /**
   * A direct reply to the socket's own message. While grouped steps wait for their write, it
   * waits with them: a socket hears its answers in the order it asked (a pong never overtakes
   * the seat its hello took).
   */
  reply(ws: WebSocket, msg: RoomMessage) {
    if (!this.group.hold({ effect: { to: "caller", msg }, caller: ws })) send(ws, frame(msg));
  }

  /** A socket closed: its seat is left without a socket unless the page has another. */
  socketClosed(ws: WebSocket) {
    const identity = this.conns.identityOf(ws);
    this.conns.remove(ws);
    this.identityLeft(identity);
  }

  /** A socket of `identity` is gone (closed by its peer, or by the room for flooding). */
  identityLeft(identity: Identity | null) {
    if (!identity || identity.role === "chooser" || !this.state || this.state.phase === "closed") return;
    // A phone that reconnected before its old socket died keeps its seat connected.
    if (this.conns.of(identity).length > 0) return;
    const now = this.ports.now();
    this.tickIfDue(now);
    const s = this.state as GameState | null;
    if (s && s.phase !== "closed") this.apply(disconnect(s, identity, now), null, now);
  }

  /**
   * Tags the caller with its new identity. An older socket of the same identity and the same
   * line id is the same page reconnecting before its dead socket was noticed: it is closed (two
   * live tabs of one seat have different ids and both stay, rather than take turns kicking each
   * other out). Past SOCKETS_PER_SEAT sockets on one seat (a script replaying a token), the
   * oldest give way too. Returns the identity the caller had before, if it is now orphaned.
   */
  private retag(caller: WebSocket, identity: Identity): Identity | null {
    const before = this.conns.identityOf(caller);
    this.conns.setIdentity(caller, identity);
    if (identity.role !== "chooser") {
      const others = this.conns.others(caller, identity);
      let extra = identity.role === "player" ? others.length + 1 - SOCKETS_PER_SEAT : 0;
      for (const other of others) {
        if (this.conns.pageIdOf(other) !== this.conns.pageIdOf(caller) && extra <= 0) continue;
        extra--;
        this.conns.close(other, CLOSE_CODES.replaced, CLOSE_REASONS.replaced);
      }
    }
    if (before && before.role !== "chooser" && !sameIdentity(before, identity) && this.conns.of(before).length === 0) return before;
    return null;
  }

  carryOut(effect: Effect, caller: WebSocket | null) {
    switch (effect.to) {
      case "presenter":
        if (effect.msg.type === "pres_playerAnswered") this.counter.push(effect.msg);
        else {
          this.counter.flush();
          this.toPresenters(frame(effect.msg));
        }
        return;
      case "seat":
        for (const ws of this.conns.sendTargets(effect.seatId)) send(ws, frame(effect.msg));
        return;
      case "seats": {
        const data = frame(effect.msg);
        for (const ws of this.conns.seatedTargets()) send(ws, data);
        return;
      }
      case "choosers": {
        const data = frame(effect.msg);
        for (const ws of this.conns.choosers()) send(ws, data);
        return;
      }
      case "caller":
        if (caller) send(caller, frame(effect.msg));
        return;
      case "room":
        return;
    }
  }

  private toPresenters(data: string) {
    for (const ws of this.conns.presenters()) send(ws, data);
  }

  private afterEvent(event: Extract<Effect, { to: "room" }>["event"]) {
    if (event.kind === "seatRemoved") {
      // Kicked or expired: the socket stays open without a seat, so the phone can join again.
      for (const ws of this.conns.seat(event.seatId)) this.conns.setIdentity(ws, null);
    } else if (event.kind === "closed") {
      this.counter.clear();
      this.toPresenters(frame(errorMessage("room_closed")));
      for (const ws of [...this.conns.all()]) this.conns.close(ws, CLOSE_CODES.roomClosed, CLOSE_REASONS.roomClosed);
      this.conns.reset();
    }
  }

  // -------------------------------------------------------------------------------------------
  // The alarm and D1

  async alarm() {
    this.start();
    this.alarmAt = null; // this one has rung
    try {
      this.tickIfDue(this.ports.now());
      if (!this.outbox.empty) await this.flush();
    } finally {
      this.scheduleAlarm();
    }
  }

  /** One alarm: the earliest of the game's next deadline and the outbox's next attempt. */
  scheduleAlarm() {
    const due = this.state ? nextDeadline(this.state) : null;
    const retry = this.outbox.dueAt;
    const want = due === null ? retry : retry === null ? due : Math.min(due, retry);
    if (want === this.alarmAt) return;
    // An alarm already set earlier stays: ringing early costs one wake-up, which sets the next.
    // The room's idle expiry moves at every message, and moving the alarm with it cost a venue
    // reconnecting at once one alarm write per phone.
    if (want !== null && typeof this.alarmAt === "number" && this.alarmAt <= want) return;
    this.alarmAt = want;
    // The storage's alarm runs on the real clock; the room's may be a test's.
    const done = want === null ? this.storage.deleteAlarm() : this.storage.setAlarm(Date.now() + (want - this.ports.now()));
    done.catch((e) => console.error("GameRoom alarm", e));
  }

  /** Sends the D1 writes owed; a closed room whose writes all landed then keeps nothing. */
  async flush() {
    await this.outbox.flush();
    this.scheduleAlarm();
    if (this.state?.phase === "closed" && this.outbox.empty) await this.cleanup();
  }

  /**
   * The D1 writes a step owes go out from a later turn. They are stored already (in the step's
   * own transaction), and a reveal's take a few ms to build (1,000 answers' history rows: a
   * tenth of the reveal's turn in a profile, docs/scaling.md) that the phones' reveal frames,
   * which leave only once this turn is over, need not wait for.
   */
  private flushSoon() {
    setTimeout(() => void this.flush(), 0);
  }

  /** A closed room whose D1 writes all landed keeps nothing. */
  private async cleanup() {
    if (this.state?.phase !== "closed" || !this.outbox.empty) return;
    this.state = null;
    this.meta = null;
    this.counter.clear();
    await this.store.wipe();
    this.alarmAt = undefined;
    await this.storage.deleteAlarm();
    this.alarmAt = null;
  }

  /** The room holds nothing any more (a new game is about to be launched here). */
  async wipe() {
    this.state = null;
    this.meta = null;
    await this.store.wipe();
  }

  /**
   * A new game in this room, from `step` (a launch or a new round): kept with its meta in one
   * storage write (every seat, no D1 write owed), then its messages, then its alarm.
   */
  begin(state: GameState, meta: RoomMeta, effects: readonly Effect[] = []) {
    this.group.write();
    this.counter.clear();
    this.state = state;
    this.meta = meta;
    this.outbox.load([]);
    this.store.save(state, { dirtySeats: [], removedSeats: [], all: true }, { meta, pending: [] });
    for (const effect of effects) this.carryOut(effect, null);
    // Storage was rewritten: the alarm is set again whatever this instance last set.
    this.alarmAt = undefined;
    this.scheduleAlarm();
  }
}
