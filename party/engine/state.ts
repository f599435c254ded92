/**
 * The state of one room, as the GameRoom Durable Object keeps it (its stored formats and their
 * upcasters: ./stored-formats.ts). Plain JSON (no Map, no Date, no class) so it survives storage
 * and eviction unchanged. Every time is the room's clock, ms.
 */
import type {
  ColorKey,
  ErrorCode,
  FruitKey,
  Bounds,
  KickReason,
  Phase,
  QuizSnapshot,
  TargetSetting,
} from "@common/wire/protocol";
import {
  type Capacity,
  type RingPoints,
  DEFAULT_RING_POINTS,
  DEFAULT_OPTIONS,
  DEFAULT_SPEED_POINTS_MAX,
  type LaunchOptions,
  buildTargetSettings,
  isRingPoints,
  isPointsValue,
  launchProblem,
  seatingCapacity,
} from "@common/rules";
export { IDLE_SEAT_TTL_MS, RECONNECT_GRACE_MS } from "@common/rules";
import { helpZone, isValidLatLng } from "@common/rules/geo";
import type { Occupant } from "./pseudos";
import { type Tally, tallyOf } from "./tally";

export const PRESENTER_AWAY_MS = 10 * 60_000;
/** A room nobody touched for this long closes ('ended'), whatever its phase. */
export const ROOM_IDLE_MS = 4 * 60 * 60_000;

export interface GameSettings extends LaunchOptions {
  /** Points of the 200 / 100 / 50 / 20 m rings, as the admin had set them at launch. */
  ringPoints: RingPoints;
  /** Speed points at a question's opening (the quiz's point_max_temps). */
  speedPointsMax: number;
}

export const DEFAULT_SETTINGS: GameSettings = {
  ...DEFAULT_OPTIONS,
  ringPoints: DEFAULT_RING_POINTS,
  speedPointsMax: DEFAULT_SPEED_POINTS_MAX,
};

/** One answer, full precision (display rounding happens in messages only). */
export interface SeatAnswer {
  lat: number;
  lng: number;
  /** Arrival time minus question opening, room clock, ms. */
  t: number;
  /** Distance to the true spot, metres. */
  d: number;
  /** Index in targetSettings (0 = outside every ring). */
  ring: number;
  /** Question points. */
  p: number;
}

export type SeatId = string;

/** A seat's sum over the rounds it played before the current one (same tie-break as a game). */
export interface NightTotal {
  points: number;
  timeMs: number;
  rounds: number;
  /**
   * Questions it answered in those rounds: a seat that played is kept from round to round even
   * while its phone is away (./tally.ts, hasPlayed). Absent from nights stored before it existed.
   */
  answered?: number;
}

export interface Seat {
  /** 'p' + join number; the seat's id on every message (never the token). */
  id: SeatId;
  no: number;
  /**
   * Secret half of the resume token. The phone's token is `${id}_${secret}`: the id finds the
   * seat without an index, the secret is compared in constant time. Stored as is: it lives only
   * in the room's own storage, which nothing else reads, and hashing would put async WebCrypto
   * on every reconnection for no threat we face. Never leaves the room except to its own phone.
   */
  secret: string;
  color: ColorKey;
  fruit: FruitKey;
  /** Pseudo number, 1 = unnumbered ('Kiwi bleu'), 2 = 'Kiwi bleu 2'. */
  n: number;
  pseudo: string;
  marker: string;
  /** Team colour in team mode, null in player mode. */
  team: ColorKey | null;
  /** Total points, full precision; changes only at reveals. */
  score: number;
  /** Cumulated answer time for the ranking tie-break: a question left unanswered counts in full. */
  timeMs: number;
  /** By question index. */
  answers: Record<number, SeatAnswer>;
  /**
   * Totals of the rounds this seat finished before the current one, in this room (absent before
   * its first new round): the night ranking adds the current game's totals to it.
   */
  night?: NightTotal;
  connected: boolean;
  /** Last connection or disconnection, ms. */
  lastSeen: number;
  joinedAt: number;
}

export interface GameState {
  schema: 1;
  roomNumber: string;
  phase: Phase;
  settings: GameSettings;
  quiz: QuizSnapshot;
  targets: TargetSetting[];
  /** Help square per question, drawn once at creation (so a reconnection sees the same one). */
  help: (Bounds | null)[];
  presenterToken: string;
  /** The presenter locked the room: no new seat (a resume token still brings its seat back). */
  locked: boolean;
  presenterConnected: boolean;
  /** Set while no presenter socket is open (from creation until the first one). */
  presenterAwaySince: number | null;
  /**
   * Sorted by `no` (join order). An array, not a record keyed by id: past ~1000 keys V8 turns an
   * object into a dictionary whose enumeration and copy cost a third of a millisecond each,
   * which a 2000-player room would pay on every answer.
   */
  seats: Seat[];
  /** Counts about the seats kept step by step (./tally.ts), so no step walks every seat. */
  tally: Tally;
  nextSeatNo: number;
  /** -1 before the first question. */
  questionIndex: number;
  openedAt: number | null;
  /** Absolute end of the current question; null outside the 'question' phase. */
  deadline: number | null;
  /**
   * Seats given more time for the open question (« Temps adapté », pres_extraTime): each one's own
   * absolute deadline, later than `deadline`. Emptied when a question opens and closes.
   */
  extended: Record<SeatId, number>;
  startingEndsAt: number | null;
  /** Ranks at the last reveal, for each rankMove, and the moves they produced. */
  ranks: Record<SeatId, number>;
  moves: Record<SeatId, number>;
  teamRanks: Record<string, number>;
  teamMoves: Record<string, number>;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  lastActivity: number;
  closedReason: KickReason | null;
  /** Rounds played in this room, this one included: 1 for a launch, +1 at each new round. */
  round: number;
}

interface CreateGameInput {
  roomNumber: string;
  quiz: QuizSnapshot;
  settings: GameSettings;
  /** Minted by the room at launch, handed to the app, presented by the presenter socket. */
  presenterToken: string;
  now: number;
  random: () => number;
}

/** Settings the app passes at launch are checked again here: the room trusts nobody. */
function validateSettings(s: GameSettings): ErrorCode | null {
  const ok = launchProblem(s) === null && isRingPoints(s.ringPoints) && isPointsValue(s.speedPointsMax);
  return ok ? null : "invalid_settings";
}

export function createGame(input: CreateGameInput): { ok: true; state: GameState } | { ok: false; code: ErrorCode } {
  const { quiz, settings, now } = input;
  if (validateSettings(settings)) return { ok: false, code: "invalid_settings" };
  if (quiz.questions.length === 0 || !quiz.questions.every((q) => isValidLatLng(q)))
    return { ok: false, code: "invalid_settings" };
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(input.presenterToken)) return { ok: false, code: "invalid_settings" };
  const side = settings.helpZoneM;
  return {
    ok: true,
    state: {
      schema: 1,
      roomNumber: input.roomNumber,
      phase: "lobby",
      settings: { ...settings, ringPoints: [...settings.ringPoints] },
      quiz,
      targets: buildTargetSettings(settings.ringPoints),
      help: quiz.questions.map((q) => (side === null ? null : helpZone(q, side, input.random))),
      presenterToken: input.presenterToken,
      locked: false,
      presenterConnected: false,
      presenterAwaySince: now,
      seats: [],
      tally: tallyOf({ questionIndex: -1, quiz, seats: [] }),
      nextSeatNo: 1,
      questionIndex: -1,
      openedAt: null,
      deadline: null,
      extended: {},
      startingEndsAt: null,
      ranks: {},
      moves: {},
      teamRanks: {},
      teamMoves: {},
      createdAt: now,
      startedAt: null,
      endedAt: null,
      lastActivity: now,
      closedReason: null,
      round: 1,
    },
  };
}

export const seatList = (state: GameState): readonly Seat[] => state.seats;

/** Position of a seat id ('p12') in `seats`, by binary search on the join number; -1 if absent. */
export function seatIndex(seats: readonly Seat[], id: SeatId): number {
  const no = /^p[1-9][0-9]{0,8}$/.test(id) ? Number(id.slice(1)) : NaN;
  if (Number.isNaN(no)) return -1;
  let lo = 0;
  let hi = seats.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const m = seats[mid]!.no;
    if (m === no) return mid;
    if (m < no) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export function findSeat(state: GameState, id: SeatId): Seat | undefined {
  const i = seatIndex(state.seats, id);
  return i < 0 ? undefined : state.seats[i];
}
export const occupants = (state: GameState): Occupant[] =>
  seatList(state).map(({ color, fruit, n }) => ({ color, fruit, n }));
export const capacityOf = (state: GameState): Capacity => seatingCapacity(state.settings);
export const answerTimeMs = (state: GameState) => state.settings.answerTimeSec * 1000;

/** Compares secrets without leaking where they differ through timing. */
export function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

export const tokenOf = (seat: Seat) => `${seat.id}_${seat.secret}`;

export function seatByToken(state: GameState, token: string): Seat | null {
  const cut = token.indexOf("_");
  if (cut <= 0) return null;
  const seat = findSeat(state, token.slice(0, cut));
  return seat && sameSecret(seat.secret, token.slice(cut + 1)) ? seat : null;
}

/** Who has a socket open in the room right now. */
interface Presence {
  seat(id: SeatId): boolean;
  presenter: boolean;
}

/**
 * A state just loaded, with who is here as the room's open sockets say. Storage knows a phone
 * left only if the room saw it leave: after a restart (every socket gone with the old instance),
 * a seat stored as connected would stay so for good, the question waiting for it to its end
 * and the lobby never freeing it. Such a seat is away from `now` (its whole grace counted from
 * the room's return); a seat stored as away whose socket is open is connected. The same for the
 * presenter. Nothing to change: the same state.
 */
export function withPresence(state: GameState, here: Presence, now: number): GameState {
  let changed = false;
  const seats = state.seats.map((seat) => {
    const present = here.seat(seat.id);
    if (present === seat.connected) return seat;
    changed = true;
    return { ...seat, connected: present, lastSeen: now };
  });
  const presenterChanged = here.presenter !== state.presenterConnected;
  if (!changed && !presenterChanged) return state;
  const next: GameState = { ...state, seats };
  if (presenterChanged) {
    next.presenterConnected = here.presenter;
    next.presenterAwaySince = here.presenter ? null : now;
  }
  next.tally = tallyOf(next);
  return next;
}
