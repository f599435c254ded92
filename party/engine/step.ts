/**
 * What every engine step returns, and the transaction that builds it. Shared by game.ts (the
 * transitions) and the room glue (which carries the effects out).
 */
import { type ErrorCode, type ErrorMsg, type KickReason, errorMessage } from "@common/wire/protocol";
import type { RoomMessage } from "@common/wire/room-messages";
import { type GameState, type Seat, type SeatId, seatIndex } from "./state";
import { retally, tallyOf } from "./tally";

/** Who a socket is, as the room remembers it (socket attachment / tags). */
export type Identity = { role: "presenter" } | { role: "player"; seatId: SeatId } | { role: "chooser" };

export type RoomEvent =
  /** The game left the lobby: mark it live in D1, use one of the MJ's games. */
  | { kind: "started" }
  /** Final ranking reached: store gameResults(state) in D1. */
  | { kind: "over" }
  /** Tell every socket, close them, mark the game closed in D1, drop the alarm. */
  | { kind: "closed"; reason: KickReason }
  /** The seat is gone (kick, lobby expiry): untag or close its socket. */
  | { kind: "seatRemoved"; seatId: SeatId };

export type Effect =
  | { to: "presenter"; msg: RoomMessage }
  /** One phone: sent only if that seat has an open socket. */
  | { to: "seat"; seatId: SeatId; msg: RoomMessage }
  /** Every seated phone. */
  | { to: "seats"; msg: RoomMessage }
  /** Phones on the pseudo screen that have no seat yet (defined icons). */
  | { to: "choosers"; msg: RoomMessage }
  /** The socket whose message (or connection) is being handled. */
  | { to: "caller"; msg: RoomMessage }
  | { to: "room"; event: RoomEvent };

export interface StepOk {
  ok: true;
  state: GameState;
  effects: Effect[];
  /** Seats whose stored record must be rewritten (the core is always rewritten). */
  dirtySeats: SeatId[];
  /** Seats whose stored record must be deleted. */
  removedSeats: SeatId[];
  /** Set when the calling socket's identity changes: tag the socket with it. */
  identity?: Identity;
}
export interface StepErr {
  ok: false;
  /** Send to the caller as is. */
  error: ErrorMsg;
}
export type Step = StepOk | StepErr;

export interface Ctx {
  /** [0, 1); the room's is the cryptographic generator (common/util/random.ts). */
  random: () => number;
  /** A fresh secret for a new seat's resume token: base64url, 16 to 100 characters. */
  mintSecret: () => string;
}

export const fail = (code: ErrorCode): StepErr => ({ ok: false, error: errorMessage(code) });

/** Accumulates one step: copy-on-write of the seats so untouched seats keep their identity. */
export class Tx {
  readonly state: GameState;
  readonly effects: Effect[] = [];
  identity?: Identity;
  private readonly dirty = new Set<SeatId>();
  private readonly removed = new Set<SeatId>();
  private seatsOwned = false;

  constructor(prev: GameState) {
    this.state = { ...prev };
  }
  patch(p: Partial<GameState>) {
    Object.assign(this.state, p);
    // The tally is about one question: a new one is counted afresh (once per question).
    if (p.questionIndex !== undefined && p.questionIndex !== this.state.tally.question) this.state.tally = tallyOf(this.state);
  }
  private ownSeats() {
    if (!this.seatsOwned) this.state.seats = [...this.state.seats];
    this.seatsOwned = true;
  }
  /** Replaces a seat, or appends a new one (its join number is the highest). */
  putSeat(seat: Seat) {
    this.ownSeats();
    const i = seatIndex(this.state.seats, seat.id);
    const before = i < 0 ? undefined : this.state.seats[i];
    if (i < 0) this.state.seats.push(seat);
    else this.state.seats[i] = seat;
    this.state.tally = retally(this.state.tally, this.state, before, seat);
    this.dirty.add(seat.id);
    this.removed.delete(seat.id);
  }
  /** Replaces every seat through `f` in one pass (a reveal scores them all). */
  mapSeats(f: (seat: Seat) => Seat) {
    this.state.seats = this.state.seats.map((seat) => {
      const next = f(seat);
      if (next !== seat) this.dirty.add(seat.id);
      return next;
    });
    this.seatsOwned = true;
    this.state.tally = tallyOf(this.state);
  }
  removeSeat(id: SeatId) {
    this.ownSeats();
    const i = seatIndex(this.state.seats, id);
    if (i >= 0) {
      const [gone] = this.state.seats.splice(i, 1);
      this.state.tally = retally(this.state.tally, this.state, gone, undefined);
    }
    this.dirty.delete(id);
    this.removed.add(id);
  }
  emit(effect: Effect) {
    this.effects.push(effect);
  }
  done(): StepOk {
    return {
      ok: true,
      state: this.state,
      effects: this.effects,
      dirtySeats: [...this.dirty],
      removedSeats: [...this.removed],
      ...(this.identity ? { identity: this.identity } : {}),
    };
  }
}

/** A step that changes nothing but answers the caller. */
export function reply(state: GameState, msg: RoomMessage): StepOk {
  return { ok: true, state, effects: [{ to: "caller", msg }], dirtySeats: [], removedSeats: [] };
}
