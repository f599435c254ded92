/**
 * How a room keeps its game in Durable Object storage (docs/decisions/005): the engine's state
 * split into a few core keys plus one key per seat, written with the synchronous KV API inside
 * one transaction, so a step lands whole or not at all, and before any message it caused leaves
 * the room (output gate).
 *
 * At 2000 players the state outgrows one value and rewriting it on every answer would cost
 * megabytes per question. So: each seat has its own key and only the seats a step touched are
 * rewritten; the core is split into the parts that change on every step (small), the quiz and
 * settings (never change after launch) and the ranks (change at reveals), and a part is
 * rewritten only when the engine replaced it (the engine copies on write, so an untouched part
 * keeps its identity).
 *
 * A seat's totals (score, answer time) change for every seat at every reveal, and nothing else
 * of the seat does: they live apart, all in one `core:totals` value, so a 2000-player reveal
 * writes one value of about 50 KB instead of 2000 seats (and its messages, held until the write
 * is durable, wait for that much less).
 */
import { type GameCore, type GameState, type Seat, type SeatId, fromStorage } from "./engine";
import { findSeat } from "./engine/state";
import type { D1Op } from "./room-d1";

export const KEYS = {
  core: "core",
  meta: "meta",
  pending: "d1:pending",
  totals: "core:totals",
  seatPrefix: "seat:",
} as const;

/** [score, timeMs] by seat id; seats still at 0 and 0 are left out. */
type Totals = Record<SeatId, [number, number]>;
/** A seat as stored: its totals are in KEYS.totals. */
type SeatRecord = Omit<Seat, "score" | "timeMs"> & Partial<Pick<Seat, "score" | "timeMs">>;

function recordOf(seat: Seat): SeatRecord {
  const { score: _score, timeMs: _timeMs, ...record } = seat;
  return record;
}

/** Whether two versions of a seat differ elsewhere than in their totals. */
function recordChanged(a: Seat, b: Seat): boolean {
  for (const key in b) {
    if (key === "score" || key === "timeMs") continue;
    if (a[key as keyof Seat] !== b[key as keyof Seat]) return true;
  }
  return false;
}

/** Core fields stored apart from the small, always-rewritten `core` key. */
const PARTS = {
  "core:quiz": ["quiz", "targets", "help", "settings", "presenterToken"],
  "core:ranks": ["ranks", "moves", "teamRanks", "teamMoves"],
} as const satisfies Record<string, readonly (keyof GameCore)[]>;
type PartKey = keyof typeof PARTS;
const PART_KEYS = Object.keys(PARTS) as PartKey[];
const PART_FIELDS = new Set<string>(Object.values(PARTS).flat());

/** What the app told the room at launch, beside the game itself. */
export interface RoomMeta {
  /** games.id in D1: every D1 write of this game is keyed by it. */
  gameId: string;
  quizUniqueName: string;
  ownerId: number;
}

export interface Loaded {
  state: GameState | null;
  meta: RoomMeta | null;
  pending: D1Op[];
}

const seatKey = (id: SeatId) => `${KEYS.seatPrefix}${id}`;

export class RoomStore {
  /** The values last written for each split part, by reference. */
  private written = new Map<PartKey, unknown[]>();
  /** Each seat as last written (its record and its totals). */
  private seatsWritten = new Map<SeatId, Seat>();

  constructor(private readonly storage: DurableObjectStorage) {}

  load(): Loaded {
    const kv = this.storage.kv;
    const meta = kv.get<RoomMeta>(KEYS.meta) ?? null;
    const pending = kv.get<D1Op[]>(KEYS.pending) ?? [];
    const small = kv.get<Partial<GameCore>>(KEYS.core);
    this.written.clear();
    if (!small) return { state: null, meta, pending };
    const core: Record<string, unknown> = { ...small };
    for (const key of PART_KEYS) {
      const part = kv.get<Record<string, unknown>>(key) ?? {};
      Object.assign(core, part);
    }
    const totals = kv.get<Totals>(KEYS.totals) ?? {};
    const seats: Seat[] = [];
    // Seats stored before the totals lived apart carry their own.
    for (const [, record] of kv.list<SeatRecord>({ prefix: KEYS.seatPrefix })) {
      const [score, timeMs] = totals[record.id] ?? [record.score ?? 0, record.timeMs ?? 0];
      seats.push({ ...record, score, timeMs });
    }
    const state = fromStorage(core as unknown as GameCore, seats);
    for (const key of PART_KEYS) this.written.set(key, PARTS[key].map((f) => state[f]));
    this.seatsWritten = new Map(state.seats.map((seat) => [seat.id, seat]));
    return { state, meta, pending };
  }

  /**
   * Writes one step: the core (changed parts only), the seats it touched and removed, and the
   * pending D1 writes when given. `all` rewrites every seat (launch).
   */
  save(
    state: GameState,
    change: { dirtySeats: readonly SeatId[]; removedSeats: readonly SeatId[]; all?: boolean },
    extra: { meta?: RoomMeta; pending?: D1Op[] } = {}
  ) {
    const kv = this.storage.kv;
    this.storage.transactionSync(() => {
      const small: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(state)) {
        if (field !== "seats" && !PART_FIELDS.has(field)) small[field] = value;
      }
      kv.put(KEYS.core, small);
      for (const key of PART_KEYS) {
        const values = PARTS[key].map((f) => state[f]);
        const before = this.written.get(key);
        if (change.all || !before || values.some((v, i) => v !== before[i])) {
          kv.put(key, Object.fromEntries(PARTS[key].map((f, i) => [f, values[i]])));
          this.written.set(key, values);
        }
      }
      let totalsChanged = false;
      const write = (seat: Seat) => {
        const before = this.seatsWritten.get(seat.id);
        if (change.all || !before || recordChanged(before, seat)) kv.put(seatKey(seat.id), recordOf(seat));
        if (change.all || seat.score !== (before?.score ?? 0) || seat.timeMs !== (before?.timeMs ?? 0)) totalsChanged = true;
        this.seatsWritten.set(seat.id, seat);
      };
      if (change.all) {
        for (const seat of state.seats) write(seat);
      } else if (change.dirtySeats.length > 0) {
        const wanted = new Set(change.dirtySeats);
        // dirtySeats is a write group's few seats (a lookup each), or at a reveal every seat (one
        // pass). A pass over 2,000 seats for a group of ten answers cost a busy question a
        // fifth of the room's time.
        if (wanted.size * 32 > state.seats.length) {
          for (const seat of state.seats) if (wanted.has(seat.id)) write(seat);
        } else {
          for (const id of wanted) {
            const seat = findSeat(state, id);
            if (seat) write(seat);
          }
        }
      }
      for (const id of change.removedSeats) this.seatsWritten.delete(id);
      if (totalsChanged) {
        const totals: Totals = {};
        for (const seat of state.seats) if (seat.score !== 0 || seat.timeMs !== 0) totals[seat.id] = [seat.score, seat.timeMs];
        kv.put(KEYS.totals, totals);
      }
      for (const id of change.removedSeats) kv.delete(seatKey(id));
      if (extra.meta) kv.put(KEYS.meta, extra.meta);
      if (extra.pending) this.savePending(extra.pending);
    });
  }

  savePending(pending: D1Op[]) {
    if (pending.length) this.storage.kv.put(KEYS.pending, pending);
    else this.storage.kv.delete(KEYS.pending);
  }

  /** Everything goes, the pending D1 writes included (callers keep those they still need). */
  async wipe() {
    this.written.clear();
    this.seatsWritten.clear();
    await this.storage.deleteAll();
  }
}
