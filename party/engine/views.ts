/**
 * Builders of outgoing messages from the state, under the code's names (party/encode.ts writes
 * the wire's). Pure reads: they decide what each audience may see (phones never get the true spot
 * or any points before the reveal).
 */
import { PLAYER_END_TOP, PRESENTER_TOP, type ColorKey, type PhoneMedia, type QuizQuestion, type QuizSnapshot } from "@common/wire/protocol";
import type {
  NightTop,
  PhoneNight,
  RankedPlayer,
  RankedTeam,
  RoomMessage,
  RoomMessageOf,
  RoomPlayer,
  RoomQuiz,
  RoomSettings,
  TeamStanding,
} from "@common/wire/room-messages";
import { roomPhotoUrl } from "@common/media/urls";
import { revealRow } from "@common/wire/reveal";
import { liveSeatTiming, showsOnPlayerDevice, teamName } from "@common/rules";
import { pseudoRoomInfo } from "./pseudos";
import { nightRanking, rankInPlace, teamStandings } from "@common/rules/ranking";
import { metresInRing, round2 } from "@common/rules/scoring";
import { expectedOf } from "./tally";
import {
  type GameState,
  RECONNECT_GRACE_MS,
  type Seat,
  type SeatId,
  answerTimeMs,
  capacityOf,
  occupants,
  seatIndex,
  seatList,
  tokenOf,
} from "./state";

export function playerListEntry(seat: Seat): RoomPlayer {
  return {
    seatId: seat.id,
    pseudo: seat.pseudo,
    marker: seat.marker,
    color: seat.color,
    team: seat.team,
    connected: seat.connected,
  };
}

function publicSettings(state: GameState): RoomSettings {
  const s = state.settings;
  return {
    iconType: s.iconType,
    mode: s.mode,
    answerTimeSec: s.answerTimeSec,
    helpZoneM: s.helpZoneM,
    maxPlayer: s.maxPlayer,
    maxTeam: s.maxTeam,
    photoOnPhones: s.photoOnPhones === true,
    capacity: capacityOf(state).total,
  };
}

/**
 * The presenter's copy of a question: its photo through the room's own address, which names the
 * room, not the quiz (the quiz's unique name is its public /watch link, and the presenter's screen
 * is in front of the audience).
 */
function presenterQuestion(state: GameState, question: QuizQuestion): QuizQuestion {
  return question.imageUrl ? { ...question, imageUrl: roomPhotoUrl(state.roomNumber, question.imageUrl) } : question;
}

/** The quiz as the presenter plays it: everything but its unique name, photos as the room serves them. */
function presenterQuizData(state: GameState): RoomQuiz {
  const { name, description, mapSettings, questions } = state.quiz;
  return {
    name,
    description,
    mapSettings,
    questions: questions.map((q) => presenterQuestion(state, q)),
    target: state.targets,
    scoring: scoringOf(state),
  };
}

const scoringOf = (state: GameState) => ({ speedPointsMax: state.settings.speedPointsMax, ringPoints: state.settings.ringPoints });

export const pseudoInfo = (state: GameState) => pseudoRoomInfo(occupants(state), capacityOf(state));

export function presNewRoomCallback(state: GameState): RoomMessageOf<"pres_newRoom_callback"> {
  const seats = seatList(state);
  return {
    type: "pres_newRoom_callback",
    roomNumber: state.roomNumber,
    quiz: presenterQuizData(state),
    colors: capacityOf(state).colors,
    settings: publicSettings(state),
    helpSquares: state.help,
    phase: state.phase,
    playerList: seats.map(playerListEntry),
    playersCount: seats.length,
    locked: state.locked,
  };
}

export function playerJoinCallback(state: GameState, seat: Seat): RoomMessageOf<"player_joinRoom_callback"> {
  // Help squares of questions not yet opened stay on the server: they narrow the answer down.
  const opened = state.phase === "lobby" || state.phase === "starting" ? -1 : state.questionIndex;
  return {
    type: "player_joinRoom_callback",
    seatId: seat.id,
    token: tokenOf(seat),
    pseudo: seat.pseudo,
    marker: seat.marker,
    color: seat.color,
    fruit: seat.fruit,
    team: seat.team,
    mode: state.settings.mode,
    iconType: state.settings.iconType,
    mapSettings: state.quiz.mapSettings,
    scoring: scoringOf(state),
    helpSquares: state.help.map((h, i) => (i <= opened ? h : null)),
    answerTimeSec: state.settings.answerTimeSec,
    questionCount: state.quiz.questions.length,
    phase: state.phase,
  };
}

// ---------------------------------------------------------------------------------------------
// Question

export const answeredCount = (state: GameState): number => state.tally.answered;

/** Seats the question waits for: those who answered, plus those present or just dropped. */
export const expectedCount = (state: GameState, now: number, graceMs: number): number => expectedOf(state, now, graceMs);

/** Every answer to the open question so far, as one counter notice (null before the first). */
function answersSoFar(state: GameState, now: number): RoomMessageOf<"pres_playerAnswered"> | null {
  const q = state.questionIndex;
  const answers: RoomMessageOf<"pres_playerAnswered">["answers"] = [];
  for (const seat of seatList(state)) {
    const a = seat.answers[q];
    if (a) answers.push({ seatId: seat.id, pseudo: seat.pseudo, marker: seat.marker, elapsedMs: a.t });
  }
  if (answers.length === 0) return null;
  answers.sort((x, y) => x.elapsedMs - y.elapsedMs);
  return {
    type: "pres_playerAnswered",
    questionIndex: q,
    answers,
    answeredCount: answers.length,
    expectedCount: expectedCount(state, now, RECONNECT_GRACE_MS),
  };
}

export function presNewQuestion(state: GameState, now: number, graceMs: number): RoomMessageOf<"pres_newQuestion"> {
  return {
    type: "pres_newQuestion",
    questionIndex: state.questionIndex,
    questionCount: state.quiz.questions.length,
    question: presenterQuestion(state, state.quiz.questions[state.questionIndex]!),
    answerTimeMs: answerTimeMs(state),
    remainingMs: Math.max(0, (state.deadline ?? now) - now),
    answeredCount: answeredCount(state),
    expectedCount: expectedCount(state, now, graceMs),
  };
}

/** A seat given more time (« Temps adapté »): its own answer time and what is left of it. */
function extraTimeOf(state: GameState, seatId: SeatId, now: number) {
  const { limitMs } = liveSeatTiming(answerTimeMs(state), state.settings.speedPointsMax, true);
  return { answerTimeMs: limitMs, remainingMs: Math.max(0, (state.extended[seatId] ?? now) - now) };
}

export function playerExtraTime(state: GameState, seatId: SeatId, now: number): RoomMessageOf<"player_extraTime"> {
  return { type: "player_extraTime", questionIndex: state.questionIndex, ...extraTimeOf(state, seatId, now) };
}

export function presExtraTime(state: GameState, seat: Seat, now: number): RoomMessageOf<"pres_extraTime_callback"> {
  return {
    type: "pres_extraTime_callback",
    seatId: seat.id,
    pseudo: seat.pseudo,
    questionIndex: state.questionIndex,
    ...extraTimeOf(state, seat.id, now),
  };
}

/** The seats given more time for the open question, as a presenter coming back is told. */
function presExtraTimes(state: GameState, now: number): RoomMessageOf<"pres_extraTime_callback">[] {
  const out: RoomMessageOf<"pres_extraTime_callback">[] = [];
  for (const id in state.extended) {
    const seat = state.seats[seatIndex(state.seats, id)];
    if (seat) out.push(presExtraTime(state, seat, now));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rankings

interface Standings {
  /** Seats best first, with their rank. */
  ordered: readonly { seat: Seat; rank: number }[];
  /** Rank by seat id, made on first use (a reveal does not need it). */
  readonly rankOf: ReadonlyMap<SeatId, number>;
  teams: RankedTeam[] | null;
}

/**
 * Current standings from the seats' totals; moves come from the last reveal. One list, ranked
 * in place: at a reveal of 1,000 seats the entries, their sorted copy and the two lists made
 * from them were 29 % of what the step allocated (docs/scaling.md).
 */
export function standings(state: GameState): Standings {
  const ordered = rankInPlace(
    seatList(state).map((seat) => ({ id: seat.id, total: seat.score, timeMs: seat.timeMs, order: seat.no, seat, rank: 0 }))
  );
  let rankOf: Map<SeatId, number> | undefined;
  return {
    ordered,
    get rankOf() {
      return (rankOf ??= new Map(ordered.map(({ seat, rank }) => [seat.id, rank])));
    },
    teams: teamResults(state),
  };
}

export function teamResults(state: GameState): RankedTeam[] | null {
  if (state.settings.mode !== "team") return null;
  const seats = seatList(state);
  return teamStandings(
    seats.filter((s) => s.team !== null).map((s) => ({ team: s.team!, total: s.score, timeMs: s.timeMs })),
    capacityOf(state).colors
  ).map((t) => ({
    team: t.team as ColorKey,
    name: teamName(t.team as ColorKey),
    rank: t.rank,
    points: round2(t.points),
    rankMove: state.teamMoves[t.team] ?? 0,
    players: seats.filter((s) => s.team === t.team).map((s) => s.pseudo),
  }));
}

/** `question`: the question whose points the line shows (the one just revealed), or -1. */
function rankingLine(state: GameState, seat: Seat, rank: number, question: number): RankedPlayer {
  return {
    rank,
    seatId: seat.id,
    pseudo: seat.pseudo,
    marker: seat.marker,
    points: round2(seat.score),
    questionPoints: round2(seat.answers[question]?.p ?? 0),
    rankMove: state.moves[seat.id] ?? 0,
  };
}

const topLines = (state: GameState, st: Standings, count: number, question: number) =>
  st.ordered.slice(0, count).map(({ seat, rank }) => rankingLine(state, seat, rank, question));

// ---------------------------------------------------------------------------------------------
// Reveal

export function presResults(state: GameState, st: Standings): RoomMessageOf<"pres_results"> {
  const q = state.questionIndex;
  const question = state.quiz.questions[q]!;
  const answered: { seat: Seat; d: number }[] = [];
  for (const seat of seatList(state)) {
    const a = seat.answers[q];
    if (a) answered.push({ seat, d: a.d });
  }
  // Stable: equal distances keep the join order.
  answered.sort((x, y) => x.d - y.d);
  return {
    type: "pres_results",
    questionIndex: q,
    questionCount: state.quiz.questions.length,
    isLast: q === state.quiz.questions.length - 1,
    spot: { lat: question.lat, lng: question.lng },
    answers: answered.map(({ seat }) => revealRow(seat, seat.answers[q]!)),
    ranking: topLines(state, st, PRESENTER_TOP, q),
    teams: st.teams,
    playersCount: st.ordered.length,
    answersCount: answered.length,
  };
}

/** A phone's own team line: rank and average points, without the members' names. */
function teamStanding(teams: readonly RankedTeam[] | null, team: string | null): TeamStanding | null {
  const t = team === null ? undefined : teams?.find((x) => x.team === team);
  return t ? { team: t.team, rank: t.rank, points: t.points } : null;
}

/**
 * What one phone is told at a reveal. `rank` and `teams` come from the reveal's standings,
 * computed once for every phone; a phone coming back later reads its rank from state.ranks.
 */
export function playerEndQuestion(
  state: GameState,
  seat: Seat,
  rank: number,
  teams: readonly RankedTeam[] | null
): RoomMessageOf<"player_endQuestion"> {
  const q = state.questionIndex;
  const answer = seat.answers[q];
  return {
    type: "player_endQuestion",
    questionIndex: q,
    questionCount: state.quiz.questions.length,
    isLast: q === state.quiz.questions.length - 1,
    // Rounded on its ring's side of the edge: the phone says the ring from it.
    distance: answer ? metresInRing(answer.d, state.targets) : null,
    questionPoints: round2(answer?.p ?? 0),
    totalPoints: round2(seat.score),
    rank,
    rankMove: state.moves[seat.id] ?? 0,
    playersCount: seatList(state).length,
    team: teamStanding(teams, seat.team),
  };
}

// ---------------------------------------------------------------------------------------------
// End of game

export function presEndGame(state: GameState, st: Standings, night = nightStandings(state)): RoomMessageOf<"pres_endGame"> {
  return {
    type: "pres_endGame",
    ranking: topLines(state, st, PRESENTER_TOP, -1),
    teams: st.teams,
    playersCount: st.ordered.length,
    night: night ? nightTop(state, night, PRESENTER_TOP) : null,
  };
}

/** The night's lines: night total as `points`, this round's total as `questionPoints`. */
function nightLine(seat: Seat, rank: number, total: number): RankedPlayer {
  return {
    rank,
    seatId: seat.id,
    pseudo: seat.pseudo,
    marker: seat.marker,
    points: round2(total),
    questionPoints: round2(seat.score),
    rankMove: 0,
  };
}

type NightStandings = { seat: Seat; rank: number; total: number }[];

/** The night ranking of a finished round, or null in the room's first round (it is the game's). */
export function nightStandings(state: GameState): NightStandings | null {
  if (state.round <= 1) return null;
  return nightRanking(seatList(state)).map(({ entry, rank }) => ({ seat: entry.seat, rank, total: entry.total }));
}

function nightTop(state: GameState, night: NightStandings, count: number): NightTop {
  return {
    round: state.round,
    ranking: night.slice(0, count).map(({ seat, rank, total }) => nightLine(seat, rank, total)),
    playersCount: night.length,
  };
}

/** A phone's night: the top PLAYER_END_TOP and its own line (computed once for every phone). */
export function playerNight(state: GameState, night: NightStandings | null, top: NightTop | null, seat: Seat): PhoneNight | null {
  if (!night || !top) return null;
  const mine = night.find((x) => x.seat.id === seat.id);
  if (!mine) return null;
  return { ...top, me: nightLine(seat, mine.rank, mine.total) };
}

export const playerNightTop = (state: GameState, night: NightStandings | null) =>
  night ? nightTop(state, night, PLAYER_END_TOP) : null;

export const playerEndTop = (state: GameState, st: Standings) => topLines(state, st, PLAYER_END_TOP, -1);

export function playerEndGame(
  state: GameState,
  st: Standings,
  seat: Seat,
  top: RankedPlayer[],
  night: PhoneNight | null = null
): RoomMessageOf<"player_endGame"> {
  const rank = st.rankOf.get(seat.id)!;
  return {
    type: "player_endGame",
    rank,
    totalPoints: round2(seat.score),
    playersCount: st.ordered.length,
    ranking: top,
    me: rankingLine(state, seat, rank, -1),
    team: teamStanding(st.teams, seat.team),
    night,
  };
}

/** Every night line, for the presenter's HTTP fetch (the socket carries the top); null in round 1. */
export function fullNightRanking(state: GameState): RankedPlayer[] | null {
  const night = nightStandings(state);
  return night ? nightTop(state, night, night.length).ranking : null;
}

/** Every line, for the HTTP ranking and the results stored in D1. */
export function fullRanking(state: GameState): RankedPlayer[] {
  const st = standings(state);
  return topLines(state, st, st.ordered.length, state.phase === "reveal" ? state.questionIndex : -1);
}

// ---------------------------------------------------------------------------------------------
// Screens replayed on (re)connection, and the question as phones see it

export function playerNewQuestion(state: GameState, now: number): RoomMessageOf<"player_newQuestion"> {
  return {
    type: "player_newQuestion",
    questionIndex: state.questionIndex,
    questionCount: state.quiz.questions.length,
    answerTimeSec: state.settings.answerTimeSec,
    remainingMs: Math.max(0, (state.deadline ?? now) - now),
    help: state.help[state.questionIndex] ?? null,
    media: phoneMedia(state),
    // The room's clock as the frame leaves: its echo times the phone's round trip.
    at: now,
  };
}

/**
 * The open question's photo for the phones, when the game shows it on them (a game stored before
 * the option existed does not). The photo's address is the room's: the app serves it to a phone
 * only once the room has opened that question (app-calls.ts, phonePhotos). A Street View
 * question stays on the presenter's screen (common/rules/player-media.ts): its view carries its
 * position, which is the answer.
 */
function phoneMedia(state: GameState): PhoneMedia | null {
  const q = state.quiz.questions[state.questionIndex];
  if (state.settings.photoOnPhones !== true || !q || !showsOnPlayerDevice(q) || !q.imageUrl) return null;
  return { kind: "photo", url: roomPhotoUrl(state.roomNumber, q.imageUrl) };
}

export function seatScreen(state: GameState, seat: Seat, now: number): RoomMessage[] {
  switch (state.phase) {
    case "starting":
      return [{ type: "player_startGame", startsInMs: Math.max(0, (state.startingEndsAt ?? now) - now) }];
    case "question": {
      const a = seat.answers[state.questionIndex];
      const out: RoomMessage[] = [playerNewQuestion(state, now)];
      if (a) out.push({ type: "player_answer_callback", questionIndex: state.questionIndex, elapsedMs: a.t });
      else if (state.extended[seat.id] !== undefined) out.push(playerExtraTime(state, seat.id, now));
      return out;
    }
    case "reveal": {
      // The reveal stored every rank it gave: a whole room coming back sorts nothing. A seat
      // taken since the reveal has none yet.
      const rank = state.ranks[seat.id] ?? standings(state).rankOf.get(seat.id)!;
      return [playerEndQuestion(state, seat, rank, teamResults(state))];
    }
    case "over": {
      const st = standings(state);
      const night = nightStandings(state);
      return [playerEndGame(state, st, seat, playerEndTop(state, st), playerNight(state, night, playerNightTop(state, night), seat))];
    }
    default:
      return [];
  }
}

export function presenterScreen(state: GameState, now: number): RoomMessage[] {
  switch (state.phase) {
    case "starting":
      return [{ type: "pres_startGame_callback", startsInMs: Math.max(0, (state.startingEndsAt ?? now) - now) }];
    case "question": {
      // A presenter that reloads mid-question gets back the answer-time markers already shown.
      const replay = answersSoFar(state, now);
      return [presNewQuestion(state, now, RECONNECT_GRACE_MS), ...(replay ? [replay] : []), ...presExtraTimes(state, now)];
    }
    case "reveal":
      return [presResults(state, standings(state))];
    case "over":
      return [presEndGame(state, standings(state))];
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Outside the room

/**
 * How many questions have had their answer shown, in play order: none before the first reveal,
 * not the open question, every one once the game is over or ended.
 */
export function revealedCount(state: GameState): number {
  switch (state.phase) {
    case "lobby":
    case "starting":
      return 0;
    case "question":
      return state.questionIndex;
    case "reveal":
      return state.questionIndex + 1;
    case "over":
    case "closed":
      return state.quiz.questions.length;
  }
}

/**
 * What the app may show of the quiz outside the room while it is played: the questions whose answer
 * the room has shown, as they were played (the quiz may have been edited since the launch).
 */
export interface RevealedQuiz {
  name: string;
  description: string;
  mapSettings: QuizSnapshot["mapSettings"];
  /** Questions in the quiz as played, revealed or not. */
  questionCount: number;
  /** The questions revealed so far, in play order. */
  questions: QuizQuestion[];
}

/** How many questions the phones have been shown: the revealed ones and the open one. */
export function openedCount(state: GameState): number {
  return state.phase === "question" ? state.questionIndex + 1 : revealedCount(state);
}

export function revealedQuiz(state: GameState): RevealedQuiz {
  const { name, description, mapSettings, questions } = state.quiz;
  return { name, description, mapSettings, questionCount: questions.length, questions: questions.slice(0, revealedCount(state)) };
}
