/**
 * The room's state machine, reducer style: every function takes the state and the room's clock
 * (`now`, ms) and returns a new state plus the effects to carry out, or a typed error. Nothing
 * here does I/O, reads a clock, throws on bad input or mutates its argument. Randomness and
 * secrets come in through `ctx`, so tests replay any game exactly.
 *
 * Phases: lobby -> starting -> question -> reveal -> question ... -> over, and closed from any
 * phase. Timed transitions are not timers: `deadlines(state)` lists them as absolute times, the
 * Durable Object sets its single alarm to `nextDeadline(state)` and calls `tick(state, now)`
 * when it rings. Every entry point also applies what is already due before acting, so a late
 * alarm never lets a stale phase decide (an answer after the deadline is late even if the alarm
 * has not rung); a refused step returns no state, so the room ticks first itself when
 * nextDeadline(state) <= now to keep those effects.
 */
import {
  type ClientMessage,
  type ColorKey,
  type EchoMsg,
  type ErrorCode,
  type FruitKey,
  type HelloMsg,
  type KickReason,
  type LatLng,
  PROTOCOL_VERSION,
  type ReloadMsg,
  errorMessage,
} from "@common/wire/protocol";
import { haversineMeters, isValidLatLng } from "@common/rules/geo";
import { LIVE_EXTRA_SEATS_MAX, STARTING_MS, answerTiming, liveSeatTiming, markerOf, pseudoOf, questionClosesAt } from "@common/rules";
import { type Occupant, checkDefinedChoice, freeFruits, pickRandomSeat } from "./pseudos";
import { rankMove, teamStandings } from "@common/rules/ranking";
import { scoreAnswer } from "@common/rules/scoring";
import {
  type GameState,
  IDLE_SEAT_TTL_MS,
  PRESENTER_AWAY_MS,
  RECONNECT_GRACE_MS,
  ROOM_IDLE_MS,
  type Seat,
  type SeatId,
  answerTimeMs,
  capacityOf,
  findSeat,
  occupants,
  sameSecret,
  seatByToken,
  seatList,
} from "./state";
import { type Ctx, type Identity, type Step, type StepOk, Tx, fail, reply } from "./step";
import { exactDroppedEnd, exactIdleFrom, hasPlayed } from "./tally";
import {
  answeredCount,
  expectedCount,
  playerEndGame,
  playerEndQuestion,
  playerEndTop,
  playerJoinCallback,
  playerListEntry,
  playerExtraTime,
  playerNewQuestion,
  presEndGame,
  presExtraTime,
  presNewQuestion,
  presNewRoomCallback,
  nightStandings,
  playerNight,
  playerNightTop,
  presResults,
  presenterScreen,
  pseudoInfo,
  seatScreen,
  standings,
} from "./views";

export type { Ctx, Effect, Identity, Step, StepOk } from "./step";
export { fullNightRanking } from "./views";
export { fullRanking, gameResults, mergePlayerAnswered } from "./reports";

/** Runs `body` on a transaction after applying the deadlines already due. */
function step(state: GameState, now: number, body: (tx: Tx) => ErrorCode | void): Step {
  const tx = new Tx(state);
  applyDue(tx, now);
  const code = body(tx);
  return code ? fail(code) : tx.done();
}

// ---------------------------------------------------------------------------------------------
// Deadlines

type DeadlineKind =
  | "startingEnd"
  | "questionDeadline"
  | "answersGrace"
  | "idleSeatExpiry"
  | "presenterAway"
  | "roomExpiry";
interface Deadline {
  kind: DeadlineKind;
  /** Absolute time, room clock, ms. */
  at: number;
}

/**
 * Everything the room must wake up for, derived from the state, never stored apart: `visit` is
 * called for each, in a fixed order that breaks ties.
 */
function eachDeadline(state: GameState, visit: (kind: DeadlineKind, at: number) => void) {
  if (state.phase === "closed") return;
  visit("roomExpiry", state.lastActivity + ROOM_IDLE_MS);
  if (state.presenterAwaySince !== null) visit("presenterAway", state.presenterAwaySince + PRESENTER_AWAY_MS);
  if (state.phase === "starting" && state.startingEndsAt !== null) visit("startingEnd", state.startingEndsAt);
  if (state.phase === "question" && state.deadline !== null) {
    // Past its deadline a question waits for the answers of far phones, each given its round trip,
    // and for the seats given more time that have not answered yet.
    const closes = questionClosesAt(lastDeadline(state));
    visit("questionDeadline", closes);
    const grace = graceEnd(state);
    if (grace !== null && grace < closes) visit("answersGrace", grace);
  }
  // The tally's bound may be early (a seat came back since): the expiry then finds nobody to
  // free and sets the exact time.
  if (state.phase !== "over" && state.tally.idleFrom !== null) visit("idleSeatExpiry", state.tally.idleFrom + IDLE_SEAT_TTL_MS);
}

/** Everything the room must wake up for, earliest first. */
export function deadlines(state: GameState): Deadline[] {
  const out: Deadline[] = [];
  eachDeadline(state, (kind, at) => out.push({ kind, at }));
  return out.sort((a, b) => a.at - b.at);
}

/**
 * The earliest of them (the first in order on a tie, as `deadlines` sorts). Every socket message
 * asks (is anything due?): building and sorting the list each time was 8 % of what a room of
 * 2,000 phones allocated during its questions (docs/scaling.md).
 */
function earliestDeadline(state: GameState): Deadline | null {
  let kind: DeadlineKind | null = null;
  let at = Infinity;
  eachDeadline(state, (k, t) => {
    if (kind !== null && t >= at) return;
    kind = k;
    at = t;
  });
  return kind === null ? null : { kind, at };
}

/** When the room's single alarm should ring next, or null (closed room: delete the alarm). */
export function nextDeadline(state: GameState): number | null {
  return earliestDeadline(state)?.at ?? null;
}

/**
 * The question's deadline, or the latest of the seats given more time that have not answered
 * (docs/decisions/046): the reveal shows the true spot to the whole room, so it waits for them.
 */
function lastDeadline(state: GameState): number {
  let last = state.deadline ?? 0;
  for (const id in state.extended) {
    const until = state.extended[id]!;
    if (until > last && !findSeat(state, id)?.answers[state.questionIndex]) last = until;
  }
  return last;
}

/**
 * When every connected phone has answered but some dropped phones are still within their grace,
 * the question ends when the last grace runs out. Null while a connected phone has not answered.
 * Read from the tally; the seats are walked only once every connected phone has answered and
 * some dropped phone has not (the last moments of a question).
 */
function graceEnd(state: GameState): number | null {
  const t = state.tally;
  if (t.waiting > 0 || t.answered === 0) return null;
  const opened = state.openedAt ?? 0;
  if (t.dropped === 0) return opened;
  return Math.max(opened, exactDroppedEnd(state) ?? opened);
}

function everyoneAnswered(state: GameState, now: number): boolean {
  const end = graceEnd(state);
  return end !== null && end <= now;
}

/** Applies every deadline that is due at `now`, in time order. */
export function tick(state: GameState, now: number): StepOk {
  const tx = new Tx(state);
  applyDue(tx, now);
  return tx.done();
}

function applyDue(tx: Tx, now: number) {
  // Each applied deadline moves the phase or removes its own cause; the cap guards a bug from
  // turning into an endless loop inside the Durable Object.
  for (let i = 0; i < 64; i++) {
    const due = earliestDeadline(tx.state);
    if (!due || due.at > now) return;
    switch (due.kind) {
      case "startingEnd":
        openQuestion(tx, 0, now);
        break;
      case "questionDeadline":
        closeQuestion(tx);
        break;
      case "answersGrace":
        if (!everyoneAnswered(tx.state, now)) return;
        closeQuestion(tx);
        break;
      case "idleSeatExpiry":
        expireIdleSeats(tx, now);
        break;
      case "presenterAway":
        close(tx, "presLeft");
        break;
      case "roomExpiry":
        close(tx, "ended");
        break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Connections

/** The first protocol whose pages word the room's codes themselves. */
const FIRST_CODED_VERSION = 7;
/**
 * A page built before it (protocol 6 and older) reads a reload only with its sentence, which it
 * shows while it reloads: it is the one page the room still tells in words, for it cannot word a
 * code, and without them it would never reload (docs/decisions/037).
 */
const PRE_CODES_RELOAD = { message: "Une nouvelle version du jeu est disponible : la page va se recharger." };

function reloadFor(version: number): ReloadMsg {
  const reload: ReloadMsg = { type: "reload", version: PROTOCOL_VERSION };
  return version < FIRST_CODED_VERSION ? { ...reload, ...PRE_CODES_RELOAD } : reload;
}

/**
 * First message of a socket. Presenter: token must be the room's presenter token. Player with a
 * valid resume token: gets its seat, score and current screen back. Player without one (or with
 * a stale one): random icons take a seat at once, defined icons get the pseudo screen.
 */
export function hello(
  state: GameState,
  msg: Omit<HelloMsg, "type">,
  now: number,
  ctx: Ctx,
  identity: Identity | null = null
): Step {
  if (msg.version !== PROTOCOL_VERSION) return reply(state, reloadFor(msg.version));
  if (msg.role === "presenter") return connectPresenter(state, msg.token ?? "", now);
  return connectPlayer(state, msg.token, now, ctx, identity);
}

function connectPresenter(state: GameState, token: string, now: number): Step {
  if (!sameSecret(token, state.presenterToken)) return fail("forbidden");
  return step(state, now, (tx) => {
    tx.patch({ presenterConnected: true, presenterAwaySince: null, lastActivity: now });
    tx.identity = { role: "presenter" };
    tx.emit({ to: "caller", msg: presNewRoomCallback(tx.state) });
    for (const msg of presenterScreen(tx.state, now)) tx.emit({ to: "caller", msg });
  });
}

/**
 * `identity`: what the socket already is. One socket, one seat: a socket that holds a seat gets
 * that seat again whatever its hello says, and one on the pseudo screen gets the pseudo screen
 * again; only a socket without a seat (or one resuming with a token) may end up with another.
 */
function connectPlayer(
  state: GameState,
  token: string | undefined,
  now: number,
  ctx: Ctx,
  identity: Identity | null = null
): Step {
  return step(state, now, (tx) => {
    const s = tx.state;
    if (s.phase === "closed") {
      tx.emit({ to: "caller", msg: { type: "player_kicked", reason: s.closedReason ?? "ended" } });
      return;
    }
    const held = identity?.role === "player" ? findSeat(s, identity.seatId) : undefined;
    const seat = held ?? (token ? seatByToken(s, token) : null);
    if (seat) {
      const back = { ...seat, connected: true, lastSeen: now };
      tx.putSeat(back);
      tx.patch({ lastActivity: now });
      tx.identity = { role: "player", seatId: seat.id };
      tx.emit({ to: "caller", msg: playerJoinCallback(tx.state, back) });
      for (const msg of seatScreen(tx.state, back, now)) tx.emit({ to: "caller", msg });
      if (!seat.connected && s.phase === "lobby")
        tx.emit({
          to: "presenter",
          msg: { type: "pres_newPlayer", player: playerListEntry(back), playersCount: seatList(tx.state).length },
        });
      return;
    }
    if (s.phase === "over") return "room_closed";
    if (s.locked) return "room_locked";
    if (seatList(s).length >= capacityOf(s).total) return "room_full";
    if (s.settings.iconType === "random") return joinRandom(tx, now, ctx);
    tx.identity = { role: "chooser" };
    tx.emit({ to: "caller", msg: { type: "player_joinPseudoRoom_callback", ...pseudoInfo(s) } });
  });
}

/**
 * A socket closed. The room calls this only when no other socket of the same identity is still
 * open (a phone that reconnected before its old socket died keeps its seat connected).
 */
export function disconnect(state: GameState, identity: Identity, now: number): Step {
  return step(state, now, (tx) => {
    if (identity.role === "presenter") {
      tx.patch({ presenterConnected: false, presenterAwaySince: now });
      return;
    }
    if (identity.role !== "player") return;
    const seat = findSeat(tx.state, identity.seatId);
    if (!seat) return;
    const gone = { ...seat, connected: false, lastSeen: now };
    tx.putSeat(gone);
    // pres_newPlayer is an upsert by seat: in the lobby the presenter greys the player out.
    if (tx.state.phase === "lobby")
      tx.emit({
        to: "presenter",
        msg: { type: "pres_newPlayer", player: playerListEntry(gone), playersCount: seatList(tx.state).length },
      });
  });
}

// ---------------------------------------------------------------------------------------------
// Seating

function createSeat(tx: Tx, o: Occupant, now: number, ctx: Ctx): Seat {
  const no = tx.state.nextSeatNo;
  const seat: Seat = {
    id: `p${no}`,
    no,
    secret: ctx.mintSecret(),
    color: o.color,
    fruit: o.fruit,
    n: o.n,
    pseudo: pseudoOf(o.fruit, o.color, o.n),
    marker: markerOf(o.fruit, o.color),
    team: tx.state.settings.mode === "team" ? o.color : null,
    score: 0,
    timeMs: 0,
    answers: {},
    connected: true,
    lastSeen: now,
    joinedAt: now,
  };
  tx.patch({ nextSeatNo: no + 1, lastActivity: now });
  tx.putSeat(seat);
  tx.identity = { role: "player", seatId: seat.id };
  tx.emit({
    to: "presenter",
    msg: { type: "pres_newPlayer", player: playerListEntry(seat), playersCount: seatList(tx.state).length },
  });
  return seat;
}

function joinRandom(tx: Tx, now: number, ctx: Ctx): ErrorCode | void {
  const o = pickRandomSeat(occupants(tx.state), capacityOf(tx.state), tx.state.settings.mode, ctx.random);
  if (!o) return "room_full";
  const seat = createSeat(tx, o, now, ctx);
  tx.emit({ to: "caller", msg: playerJoinCallback(tx.state, seat) });
  for (const msg of seatScreen(tx.state, seat, now)) tx.emit({ to: "caller", msg });
}

const seatingOpen = (state: GameState) => state.phase !== "over" && state.phase !== "closed";

/** Colour step of the pseudo screen: only checks; the seat is taken at the fruit step. */
export function chooseColor(state: GameState, color: ColorKey, now: number): Step {
  return step(state, now, (tx) => {
    const s = tx.state;
    if (s.settings.iconType !== "defined") return "wrong_phase";
    if (!seatingOpen(s)) return "room_closed";
    const problem = checkDefinedChoice(occupants(s), capacityOf(s), color);
    tx.emit({
      to: "caller",
      msg: {
        type: "color_selected_callback",
        status: problem === null,
        color,
        fruits: freeFruits(occupants(s), color),
        ...(problem ? { code: problem } : {}),
      },
    });
  });
}

/**
 * Fruit step: takes the seat. Two phones racing for one pair are handled one after the other
 * by the room, so exactly one wins; the other gets status false and fresh availability.
 */
export function chooseFruit(state: GameState, color: ColorKey, fruit: FruitKey, now: number, ctx: Ctx): Step {
  return step(state, now, (tx) => {
    const s = tx.state;
    if (s.settings.iconType !== "defined") return "wrong_phase";
    if (!seatingOpen(s)) return "room_closed";
    if (s.locked) return "room_locked";
    const problem = checkDefinedChoice(occupants(s), capacityOf(s), color, fruit);
    if (problem) {
      tx.emit({
        to: "caller",
        msg: {
          type: "fruit_selected_callback",
          status: false,
          code: problem,
          info: pseudoInfo(s),
        },
      });
      return;
    }
    const seat = createSeat(tx, { color, fruit, n: 1 }, now, ctx);
    tx.emit({
      to: "caller",
      msg: {
        type: "fruit_selected_callback",
        status: true,
        pseudo: seat.pseudo,
        seatId: seat.id,
        token: `${seat.id}_${seat.secret}`,
      },
    });
    tx.emit({ to: "choosers", msg: { type: "color_selected", selectedColor: color } });
    tx.emit({ to: "choosers", msg: { type: "fruit_selected", color, selectedFruit: fruit } });
  });
}

function removeSeat(tx: Tx, seat: Seat, kicked: boolean) {
  tx.removeSeat(seat.id);
  const playersCount = seatList(tx.state).length;
  if (kicked) {
    tx.emit({ to: "seat", seatId: seat.id, msg: { type: "player_kicked", reason: "kick" } });
    tx.emit({
      to: "presenter",
      msg: { type: "pres_kickPlayer_callback", seatId: seat.id, pseudo: seat.pseudo, playersCount },
    });
  } else {
    tx.emit({
      to: "presenter",
      msg: { type: "pres_playerLeft", seatId: seat.id, pseudo: seat.pseudo, playersCount },
    });
  }
  tx.emit({ to: "room", event: { kind: "seatRemoved", seatId: seat.id } });
}

/** A freed pair goes back on the pseudo screens (whole info: 54 pairs at most, small). */
function refreshChoosers(tx: Tx) {
  if (tx.state.settings.iconType === "defined")
    tx.emit({ to: "choosers", msg: { type: "player_joinPseudoRoom_callback", ...pseudoInfo(tx.state) } });
}

export function kick(state: GameState, seatId: SeatId, now: number): Step {
  return step(state, now, (tx) => {
    if (tx.state.phase !== "lobby") return "kick_after_start";
    const seat = findSeat(tx.state, seatId);
    if (!seat) return "unknown_player";
    removeSeat(tx, seat, true);
    tx.patch({ lastActivity: now });
    refreshChoosers(tx);
  });
}

/**
 * The presenter's « Verrouiller la salle » / « Déverrouiller », in the lobby and during the game:
 * while locked no new seat is taken; phones with a seat come back with their token as always.
 * Phones on the pseudo screen are told at once rather than at their last tap.
 */
function setLocked(state: GameState, locked: boolean, now: number): Step {
  return step(state, now, (tx) => {
    tx.patch({ locked, lastActivity: now });
    tx.emit({ to: "presenter", msg: { type: "pres_lockRoom_callback", locked } });
    if (locked) tx.emit({ to: "choosers", msg: errorMessage("room_locked") });
    else refreshChoosers(tx);
  });
}

/**
 * Frees seats that never played (no answer in this game nor in an earlier round) and whose phone
 * has been gone IDLE_SEAT_TTL_MS, in every phase but the end (the final ranking is being
 * written): pseudos of phones that left, and the seats a troll's sockets took and dropped, go
 * back to the room.
 */
function expireIdleSeats(tx: Tx, now: number) {
  let any = false;
  for (const seat of seatList(tx.state)) {
    if (!seat.connected && !hasPlayed(tx.state, seat) && seat.lastSeen + IDLE_SEAT_TTL_MS <= now) {
      removeSeat(tx, seat, false);
      any = true;
    }
  }
  // The tally's bound was reached: the seats left tell the next one exactly.
  tx.patch({ tally: { ...tx.state.tally, idleFrom: exactIdleFrom(tx.state) } });
  if (any) refreshChoosers(tx);
}

// ---------------------------------------------------------------------------------------------
// The game

export function start(state: GameState, now: number): Step {
  return step(state, now, (tx) => {
    if (tx.state.phase !== "lobby") return "wrong_phase";
    if (!seatList(tx.state).some((s) => s.connected)) return "no_players";
    tx.patch({ phase: "starting", startedAt: now, startingEndsAt: now + STARTING_MS, lastActivity: now });
    tx.emit({ to: "presenter", msg: { type: "pres_startGame_callback", startsInMs: STARTING_MS } });
    tx.emit({ to: "seats", msg: { type: "player_startGame", startsInMs: STARTING_MS } });
    tx.emit({ to: "room", event: { kind: "started" } });
  });
}

function openQuestion(tx: Tx, index: number, now: number) {
  tx.patch({
    phase: "question",
    questionIndex: index,
    openedAt: now,
    deadline: now + answerTimeMs(tx.state),
    extended: {},
    startingEndsAt: null,
  });
  tx.emit({ to: "presenter", msg: presNewQuestion(tx.state, now, RECONNECT_GRACE_MS) });
  tx.emit({ to: "seats", msg: playerNewQuestion(tx.state, now) });
}

/**
 * Arrival time is measured here, on the room's clock; the phone's own time is never used. The
 * room hands in the round trip it measured on the answer's socket (`roundTripMs`): it comes off
 * the time and is added to the deadline (common/rules/clock.ts).
 */
export function answer(state: GameState, seatId: SeatId, questionIndex: number, coords: LatLng, now: number, roundTripMs = 0): Step {
  return step(state, now, (tx) => {
    const s = tx.state;
    const seat = findSeat(s, seatId);
    if (!seat) return "unknown_seat";
    if (!isValidLatLng(coords)) return "bad_message";
    if (questionIndex !== s.questionIndex) return "answer_wrong_question";
    if (s.phase !== "question" || s.openedAt === null || s.deadline === null)
      return s.phase === "reveal" ? "answer_late" : "wrong_phase";
    // A seat given more time answers against its own deadline, its speed points over its own time.
    const own = s.extended[seatId];
    const timing = answerTiming({ openedAt: s.openedAt, deadline: own ?? s.deadline, now, roundTripMs });
    if (timing.late) return "answer_late";
    if (seat.answers[questionIndex]) return "answer_twice";
    const t = timing.elapsedMs;
    const question = s.quiz.questions[questionIndex]!;
    const d = haversineMeters(question, coords);
    const limits = liveSeatTiming(answerTimeMs(s), s.settings.speedPointsMax, own !== undefined);
    const score = scoreAnswer(d, t, limits.speedOverMs, limits.speedPointsMax, s.targets);
    tx.putSeat({
      ...seat,
      answers: {
        ...seat.answers,
        [questionIndex]: { lat: coords.lat, lng: coords.lng, t, d, ring: score.ring, p: score.points },
      },
    });
    tx.patch({ lastActivity: now });
    tx.emit({ to: "seat", seatId, msg: { type: "player_answer_callback", questionIndex, elapsedMs: t } });
    tx.emit({
      to: "presenter",
      msg: {
        type: "pres_playerAnswered",
        questionIndex,
        answers: [{ seatId: seat.id, pseudo: seat.pseudo, marker: seat.marker, elapsedMs: t }],
        answeredCount: answeredCount(tx.state),
        expectedCount: expectedCount(tx.state, now, RECONNECT_GRACE_MS),
      },
    });
    // The last of the seats given more time answered once the others' time was up: nothing to wait for.
    if (everyoneAnswered(tx.state, now) || questionClosesAt(lastDeadline(tx.state)) <= now) closeQuestion(tx);
  });
}

/**
 * « Temps adapté » during a question: the presenter gives one seat more time for the question
 * that is open (liveSeatTiming). Only a seat that has not answered, once per question, and at
 * most LIVE_EXTRA_SEATS_MAX seats a question.
 */
export function extraTime(state: GameState, seatId: SeatId, now: number): Step {
  return step(state, now, (tx) => {
    const s = tx.state;
    if (s.phase !== "question" || s.openedAt === null || s.deadline === null) return "wrong_phase";
    const seat = findSeat(s, seatId);
    if (!seat) return "unknown_player";
    if (seat.answers[s.questionIndex]) return "extra_time_answered";
    if (s.extended[seatId] !== undefined) return "extra_time_twice";
    if (Object.keys(s.extended).length >= LIVE_EXTRA_SEATS_MAX) return "extra_time_full";
    const { limitMs } = liveSeatTiming(answerTimeMs(s), s.settings.speedPointsMax, true);
    tx.patch({ extended: { ...s.extended, [seatId]: s.openedAt + limitMs }, lastActivity: now });
    tx.emit({ to: "seat", seatId, msg: playerExtraTime(tx.state, seatId, now) });
    tx.emit({ to: "presenter", msg: presExtraTime(tx.state, seat, now) });
  });
}

/**
 * Scores the question into the totals, ranks, and sends the reveal: one pass to score, one sort
 * to rank, and each phone's message built from that ranking (bench/room.ts: at 2000 players
 * this step is what the last answer waits for).
 */
function closeQuestion(tx: Tx) {
  const s = tx.state;
  const q = s.questionIndex;
  const full = answerTimeMs(s);
  tx.mapSeats((seat) => {
    const a = seat.answers[q];
    return { ...seat, score: seat.score + (a?.p ?? 0), timeMs: seat.timeMs + (a ? a.t : full) };
  });
  const teamRanks: Record<string, number> = {};
  const teamMoves: Record<string, number> = {};
  if (s.settings.mode === "team") {
    const members = seatList(tx.state)
      .filter((x) => x.team !== null)
      .map((x) => ({ team: x.team!, total: x.score, timeMs: x.timeMs }));
    for (const t of teamStandings(members, capacityOf(s).colors)) {
      teamRanks[t.team] = t.rank;
      teamMoves[t.team] = rankMove(s.teamRanks[t.team], t.rank);
    }
  }
  tx.patch({ phase: "reveal", deadline: null, extended: {}, teamRanks, teamMoves });
  // The standings' order and ranks do not depend on the moves patched next.
  const st = standings(tx.state);
  const ranks: Record<SeatId, number> = {};
  const moves: Record<SeatId, number> = {};
  for (const { seat, rank } of st.ordered) {
    ranks[seat.id] = rank;
    moves[seat.id] = rankMove(s.ranks[seat.id], rank);
  }
  tx.patch({ ranks, moves });
  tx.emit({ to: "presenter", msg: { type: "pres_endQuestion", questionIndex: q } });
  tx.emit({ to: "presenter", msg: presResults(tx.state, st) });
  for (const { seat, rank } of st.ordered)
    if (seat.connected) tx.emit({ to: "seat", seatId: seat.id, msg: playerEndQuestion(tx.state, seat, rank, st.teams) });
}

/** Presenter's 'Page suivante' (or its automatic advance): next question, or the end. */
export function next(state: GameState, now: number): Step {
  return step(state, now, (tx) => {
    if (tx.state.phase !== "reveal") return "wrong_phase";
    tx.patch({ lastActivity: now });
    const following = tx.state.questionIndex + 1;
    if (following < tx.state.quiz.questions.length) openQuestion(tx, following, now);
    else finishGame(tx, now);
  });
}

function finishGame(tx: Tx, now: number) {
  tx.patch({ phase: "over", endedAt: now, deadline: null, startingEndsAt: null });
  const st = standings(tx.state);
  const night = nightStandings(tx.state);
  tx.emit({ to: "presenter", msg: presEndGame(tx.state, st, night) });
  const top = playerEndTop(tx.state, st);
  const nightTop = playerNightTop(tx.state, night);
  for (const { seat } of st.ordered)
    if (seat.connected)
      tx.emit({
        to: "seat",
        seatId: seat.id,
        msg: playerEndGame(tx.state, st, seat, top, playerNight(tx.state, night, nightTop, seat)),
      });
  tx.emit({ to: "room", event: { kind: "over" } });
}

/** 'Nouvelle partie', 'Redémarrer', expiry ('ended') or the presenter gone ('presLeft'). */
export function closeRoom(state: GameState, now: number, reason: KickReason = "ended"): Step {
  return step(state, now, (tx) => {
    if (tx.state.phase !== "closed") close(tx, reason);
  });
}

function close(tx: Tx, reason: KickReason) {
  tx.patch({ phase: "closed", closedReason: reason, deadline: null, startingEndsAt: null });
  tx.emit({ to: "seats", msg: { type: "player_kicked", reason } });
  tx.emit({ to: "choosers", msg: { type: "player_kicked", reason } });
  tx.emit({ to: "room", event: { kind: "closed", reason } });
}

// ---------------------------------------------------------------------------------------------
// Socket messages

/**
 * One parsed client message (see parseClientMessage in party/parse-client-message.ts). `identity` is what
 * the socket was tagged with, null before its hello; `roundTripMs` the socket's round trip as the
 * room measured it (an answer's). « Libérer » (pres_clearChoosers) is about sockets, not the
 * game: the room's glue answers it (party/game-room.ts).
 */
export function handleMessage(
  state: GameState,
  identity: Identity | null,
  msg: Exclude<ClientMessage, EchoMsg | { type: "pres_clearChoosers" }>,
  now: number,
  ctx: Ctx,
  roundTripMs = 0
): Step {
  if (msg.type === "ping") return reply(state, { type: "pong", at: now });
  if (msg.type === "hello") return hello(state, msg, now, ctx, identity);
  if (identity === null) return fail("not_identified");
  if (state.phase === "closed") return fail("room_closed");
  switch (msg.type) {
    case "pres_startGame":
      return identity.role === "presenter" ? start(state, now) : fail("forbidden");
    case "pres_nextQuestion":
      return identity.role === "presenter" ? next(state, now) : fail("forbidden");
    case "pres_kickPlayer":
      return identity.role === "presenter" ? kick(state, msg.seatId, now) : fail("forbidden");
    case "pres_lockRoom":
      return identity.role === "presenter" ? setLocked(state, msg.locked, now) : fail("forbidden");
    case "pres_extraTime":
      return identity.role === "presenter" ? extraTime(state, msg.seatId, now) : fail("forbidden");
    case "player_chooseColor":
      return identity.role === "chooser"
        ? chooseColor(state, msg.color, now)
        : fail(identity.role === "player" ? "wrong_phase" : "forbidden");
    case "player_chooseFruit":
      return identity.role === "chooser"
        ? chooseFruit(state, msg.color, msg.fruit, now, ctx)
        : fail(identity.role === "player" ? "wrong_phase" : "forbidden");
    case "player_answer":
      return identity.role === "player"
        ? answer(state, identity.seatId, msg.questionIndex, msg.coords, now, roundTripMs)
        : fail("forbidden");
  }
}
