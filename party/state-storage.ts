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
 * writes one value of about 60 KB instead of 2000 seats (and its messages, held until the write
 * is durable, wait for that much less). The value is three columns in seat order, not an object
 * keyed by seat: no 2,000 keys to hash, and built and serialized in about half the time (0.5 to
 * 0.8 ms against 1.1 to 1.5 at 2,000 seats in Node), in the reveal's turn.
 *
 * Answers live apart too. An answer never changes once given, but kept inside its seat it made
 * every answer rewrite the whole seat record, a record that grows by one answer a question: at
 * 2,000 phones answering within two seconds those writes were two fifths of the room's thread
 * (docs/scaling.md). Each write holds the answers given since the one before in one
 * `answers:{n}` value of rows, so a write group of ten answers is one small value, not ten seats.
 * Answers only go away all at once (a new round), and then every answer value is rewritten.
 */
import { type GameCore, type GameState, type Seat, type SeatAnswer, type SeatId, fromStorage } from "./engine";
import { findSeat } from "./engine/state";
import type { D1Op } from "./d1-ops";

const KEYS = {
  core: "core",
  meta: "meta",
  pending: "d1:pending",
  totals: "core:totals",
  seatPrefix: "seat:",
  answersPrefix: "answers:",
} as const;

/** Every seat's totals, column by column in seat order. */
interface Totals {
  ids: SeatId[];
  score: number[];
  timeMs: number[];
}
/** How rooms stored before the columns kept them: [score, timeMs] by seat id, zeros left out. */
type TotalsBySeat = Record<SeatId, [number, number]>;

function totalsOf(seats: readonly Seat[]): Totals {
  const n = seats.length;
  const totals: Totals = { ids: new Array(n), score: new Array(n), timeMs: new Array(n) };
  for (let i = 0; i < n; i++) {
    const seat = seats[i]!;
    totals.ids[i] = seat.id;
    totals.score[i] = seat.score;
    totals.timeMs[i] = seat.timeMs;
  }
  return totals;
}

/** The stored totals, either format, by seat id. */
export function readTotals(stored: Totals | TotalsBySeat | undefined): Map<SeatId, [number, number]> {
  const byId = new Map<SeatId, [number, number]>();
  if (!stored) return byId;
  if (Array.isArray(stored.ids) && Array.isArray(stored.score) && Array.isArray(stored.timeMs)) {
    const { ids, score, timeMs } = stored as Totals;
    for (let i = 0; i < ids.length; i++) byId.set(ids[i]!, [score[i]!, timeMs[i]!]);
  } else {
    for (const [id, pair] of Object.entries(stored as TotalsBySeat)) byId.set(id, pair);
  }
  return byId;
}
/**
 * A seat as stored: its totals are in KEYS.totals, its answers in KEYS.answersPrefix values
 * (seats stored before either lived apart still carry their own).
 */
type SeatRecord = Omit<Seat, "score" | "timeMs" | "answers"> & Partial<Pick<Seat, "score" | "timeMs" | "answers">>;
/** One answer: [seat, question index, lat, lng, t, d, ring, p] (SeatAnswer's fields, in full). */
type AnswerRow = [SeatId, number, number, number, number, number, number, number];

function recordOf(seat: Seat): SeatRecord {
  const { score: _score, timeMs: _timeMs, answers: _answers, ...record } = seat;
  return record;
}

/**
 * Every field of a seat's record, listed so that comparing two seats reads fixed fields (a
 * reveal compares every seat; walking each seat's keys cost more than the rest of its write).
 * The `satisfies` clause fails to compile when Seat gains a field this list lacks.
 */
export const RECORD_FIELDS = {
  id: true,
  no: true,
  secret: true,
  color: true,
  fruit: true,
  n: true,
  pseudo: true,
  marker: true,
  team: true,
  night: true,
  connected: true,
  lastSeen: true,
  joinedAt: true,
} as const satisfies Record<Exclude<keyof Seat, "score" | "timeMs" | "answers">, true>;

/** Whether two versions of a seat differ elsewhere than in their totals and answers. */
export function recordChanged(a: Seat, b: Seat): boolean {
  return (
    a.id !== b.id ||
    a.no !== b.no ||
    a.secret !== b.secret ||
    a.color !== b.color ||
    a.fruit !== b.fruit ||
    a.n !== b.n ||
    a.pseudo !== b.pseudo ||
    a.marker !== b.marker ||
    a.team !== b.team ||
    a.night !== b.night ||
    a.connected !== b.connected ||
    a.lastSeen !== b.lastSeen ||
    a.joinedAt !== b.joinedAt
  );
}

const rowOf = (id: SeatId, q: number, a: SeatAnswer): AnswerRow => [id, q, a.lat, a.lng, a.t, a.d, a.ring, a.p];
const answerOf = ([, , lat, lng, t, d, ring, p]: AnswerRow): SeatAnswer => ({ lat, lng, t, d, ring, p });

const NO_ROWS: readonly AnswerRow[] = Object.freeze([]);

/**
 * The answers `seat` has that `before` had not, as rows, or null if `before` had one that `seat`
 * lost (answers were reset: every answer value must be rewritten).
 */
export function newAnswerRows(before: Seat | undefined, seat: Seat): readonly AnswerRow[] | null {
  const had = before?.answers ?? {};
  // A reveal asks this of every seat, whose answers did not change: nothing allocated for them.
  if (had === seat.answers) return NO_ROWS;
  const rows: AnswerRow[] = [];
  for (const key of Object.keys(seat.answers)) {
    const q = Number(key);
    const a = seat.answers[q]!;
    if (had[q] !== a) rows.push(rowOf(seat.id, q, a));
  }
  for (const key of Object.keys(had)) if (!(key in seat.answers)) return null;
  return rows;
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

interface Loaded {
  state: GameState | null;
  meta: RoomMeta | null;
  pending: D1Op[];
}

/** Rows per answers value when all are rewritten (about 100 bytes a row). */
const ANSWERS_PER_VALUE = 2_000;

const seatKey = (id: SeatId) => `${KEYS.seatPrefix}${id}`;

export class RoomStore {
  /** The values last written for each split part, by reference. */
  private written = new Map<PartKey, unknown[]>();
  /** Each seat as last written (its record, its totals and its answers). */
  private seatsWritten = new Map<SeatId, Seat>();
  /** The number of the next answers value (above every one stored). */
  private answersNo = 0;

  constructor(private readonly storage: DurableObjectStorage) {}

  load(): Loaded {
    const kv = this.storage.kv;
    const meta = kv.get<RoomMeta>(KEYS.meta) ?? null;
    const pending = kv.get<D1Op[]>(KEYS.pending) ?? [];
    const small = kv.get<Partial<GameCore>>(KEYS.core);
    this.written.clear();
    this.answersNo = 0;
    if (!small) return { state: null, meta, pending };
    const core: Record<string, unknown> = { ...small };
    for (const key of PART_KEYS) {
      const part = kv.get<Record<string, unknown>>(key) ?? {};
      Object.assign(core, part);
    }
    const totals = readTotals(kv.get<Totals | TotalsBySeat>(KEYS.totals));
    const records = [...kv.list<SeatRecord>({ prefix: KEYS.seatPrefix })].map(([, record]) => record);
    const answers = new Map<SeatId, Record<number, SeatAnswer>>(records.map((r) => [r.id, {}]));
    for (const [key, rows] of kv.list<AnswerRow[]>({ prefix: KEYS.answersPrefix })) {
      this.answersNo = Math.max(this.answersNo, Number(key.slice(KEYS.answersPrefix.length)) + 1);
      // A row of a seat no longer there (it left) is left out; seat ids are never given again
      // (nextSeatNo), so such a row cannot land on another seat.
      for (const row of rows) {
        const own = answers.get(row[0]);
        if (own) own[row[1]] = answerOf(row);
      }
    }
    const seats: Seat[] = records.map((record) => {
      const [score, timeMs] = totals.get(record.id) ?? [record.score ?? 0, record.timeMs ?? 0];
      return { ...record, score, timeMs, answers: { ...record.answers, ...answers.get(record.id) } };
    });
    const state = fromStorage(core as unknown as GameCore, seats);
    for (const key of PART_KEYS) this.written.set(key, PARTS[key].map((f) => state[f]));
    // Answers stored inside an older record are in no answers value yet: the seat's next write
    // puts them there.
    const carried = new Set(records.filter((r) => r.answers).map((r) => r.id));
    this.seatsWritten = new Map(
      state.seats.map((seat) => [seat.id, carried.has(seat.id) ? { ...seat, answers: answers.get(seat.id) ?? {} } : seat])
    );
    return { state, meta, pending };
  }

  /**
   * Writes one step: the core (changed parts only), the seats it touched and removed, their new
   * answers, and the pending D1 writes when given. `all` rewrites every seat (launch, new round).
   */
  save(
    state: GameState,
    change: { dirtySeats: readonly SeatId[]; removedSeats: readonly SeatId[]; all?: boolean },
    extra: { meta?: RoomMeta; pending?: readonly D1Op[] } = {}
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
      let rows: AnswerRow[] | null = [];
      const write = (seat: Seat) => {
        const before = this.seatsWritten.get(seat.id);
        if (change.all || !before || recordChanged(before, seat)) kv.put(seatKey(seat.id), recordOf(seat));
        if (change.all || seat.score !== (before?.score ?? 0) || seat.timeMs !== (before?.timeMs ?? 0)) totalsChanged = true;
        if (rows) {
          const added = change.all ? null : newAnswerRows(before, seat);
          if (added) rows.push(...added);
          else rows = null;
        }
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
      if (totalsChanged) kv.put(KEYS.totals, totalsOf(state.seats));
      if (rows === null) this.rewriteAnswers(state);
      else if (rows.length) kv.put(`${KEYS.answersPrefix}${this.answersNo++}`, rows);
      for (const id of change.removedSeats) kv.delete(seatKey(id));
      if (extra.meta) kv.put(KEYS.meta, extra.meta);
      if (extra.pending) this.savePending(extra.pending);
    });
  }

  /** Every answer value replaced by the state's answers (answers were reset, or a full write). */
  private rewriteAnswers(state: GameState) {
    const kv = this.storage.kv;
    for (const [key] of kv.list({ prefix: KEYS.answersPrefix })) kv.delete(key);
    this.answersNo = 0;
    const rows: AnswerRow[] = [];
    for (const seat of state.seats)
      for (const [q, a] of Object.entries(seat.answers)) rows.push(rowOf(seat.id, Number(q), a));
    // Values stay well under storage's size limit whatever the room's size.
    for (let i = 0; i < rows.length; i += ANSWERS_PER_VALUE)
      kv.put(`${KEYS.answersPrefix}${this.answersNo++}`, rows.slice(i, i + ANSWERS_PER_VALUE));
  }

  savePending(pending: readonly D1Op[]) {
    if (pending.length) this.storage.kv.put(KEYS.pending, pending);
    else this.storage.kv.delete(KEYS.pending);
  }

  /** Everything goes, the pending D1 writes included (callers keep those they still need). */
  async wipe() {
    this.written.clear();
    this.seatsWritten.clear();
    this.answersNo = 0;
    await this.storage.deleteAll();
  }
}
