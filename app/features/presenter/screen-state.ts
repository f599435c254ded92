/**
 * The presenter screen as a reducer over the room's messages (docs/game-rules.md, Presenter steps):
 * loading -> lobby -> starting -> question -> revealLoading -> resultsMap ->
 * ranking -> question ... -> podium. The room says which phase it is in
 * (on every hello, so a reload or a reconnection rebuilds the screen); the presenter adds what
 * only it knows: how far into the reveal it is (map or ranking) and whether it is paused,
 * which a reload recovers from the resume record (resume.ts).
 */
import type {
  ColorKey,
  PseudoLineNetwork,
  QuizQuestion,
} from "@common/wire/protocol";
import type { RoomMessage, RoomMessageOf, RoomQuiz, RoomSettings } from "@common/wire/room-messages";
import type { Words } from "@common/i18n/ids";
import { m } from "@common/i18n/words";
import { roomText } from "@common/client/room-texts";
import { type AxisAnswer, mergeAnswers } from "./answer-axis";
import type { ResumeRecord } from "./resume";
import { emptyRoster, removePlayer, rosterOf, upsertPlayer, type Roster } from "./roster";

export type Step =
  | "loading"
  | "lobby"
  | "starting"
  | "question"
  | "revealLoading"
  | "resultsMap"
  | "ranking"
  | "podium"
  | "closed";

/** Least time 'Chargement des résultats' stays up, so the change of screen reads as one. */
export const REVEAL_LOADING_MIN_MS = 1500;

export interface RoomInfo {
  roomNumber: string;
  quiz: RoomQuiz;
  colors: ColorKey[];
  settings: RoomSettings;
}

export interface QuestionView {
  index: number;
  count: number;
  question: QuizQuestion;
  answerTimeMs: number;
  /** Local clock (performance.now() style) of the deadline. */
  deadline: number;
  answers: AxisAnswer[];
  answeredCount: number;
  expectedCount: number;
  /** Seats given more time for this question (« Temps adapté »), in the order given. */
  extraTime: ExtraTimeSeat[];
}

export interface ExtraTimeSeat {
  seatId: string;
  pseudo: string;
  /** Local clock of this seat's own deadline. */
  deadline: number;
}

export interface PresenterState {
  connection: "connecting" | "open" | "down";
  room: RoomInfo | null;
  step: Step;
  /** No new seat while locked (the room says so on every hello and at every change). */
  locked: boolean;
  /** Join order; a join copies a block of it, never the whole list (roster.ts). */
  players: Roster;
  playersCount: number;
  /** Local clock of the end of 'starting'. */
  startingEndsAt: number | null;
  question: QuestionView | null;
  results: RoomMessageOf<"pres_results"> | null;
  /** Local clock when 'Chargement des résultats' appeared. */
  revealLoadingSince: number | null;
  /** Local clock when the ranking's current page came up (its time to turn: presenter-deadlines.ts). */
  pageSince: number | null;
  endGame: RoomMessageOf<"pres_endGame"> | null;
  paused: boolean;
  /** Which page of the ranking after a question is shown (ranking-pages.ts). */
  rankingPage: number;
  /** 'Page suivante' (or the automatic advance) was sent; waiting for the room. */
  advanceRequested: boolean;
  /** Last error from the room or the screen, worded in the night's language where it is shown. */
  error: Words | null;
  /** Last lobby event worth saying ('Kiwi bleu a été exclu'). */
  notice: Words | null;
  /** Local clock when the error or the notice shown last changed: both fade together after a while. */
  toastSince: number | null;
  /** Networks whose phones wait for a place on the pseudo screen (the room's pres_pseudoLine). */
  pseudoLine: readonly PseudoLineNetwork[];
}

export const initialState: PresenterState = {
  connection: "connecting",
  room: null,
  step: "loading",
  locked: false,
  players: emptyRoster,
  playersCount: 0,
  startingEndsAt: null,
  question: null,
  results: null,
  revealLoadingSince: null,
  pageSince: null,
  endGame: null,
  paused: false,
  rankingPage: 0,
  advanceRequested: false,
  error: null,
  notice: null,
  toastSince: null,
  pseudoLine: [],
};

export type PresenterAction =
  | { type: "connection"; status: "open" | "down" }
  | { type: "message"; msg: RoomMessage; now: number; resume: ResumeRecord | null }
  /**
   * Several messages at once, in the order they came (the screen hands the lobby's arrivals and
   * the answer notices over a few times a second: message-batch.ts).
   */
  | { type: "messages"; msgs: readonly RoomMessage[]; now: number; resume: ResumeRecord | null }
  /** 'Chargement des résultats' has been up long enough: play the map. */
  | { type: "showResultsMap" }
  /** The map sequence finished. */
  | { type: "resultsMapDone"; now: number }
  | { type: "pause" }
  /** The ranking turns to `page`: by itself, or by 'Page suivante', which also ends a pause. */
  | { type: "showPage"; page: number; resume: boolean; now: number }
  /** 'Page suivante', or the automatic advance: the caller sends pres_nextQuestion. */
  | { type: "advance" }
  | { type: "error"; message: Words; now: number }
  | { type: "dismiss" };

const GAME_STEPS: readonly Step[] = [
  "starting",
  "question",
  "revealLoading",
  "resultsMap",
  "ranking",
  "podium",
];

const isRevealStep = (step: Step) =>
  step === "revealLoading" || step === "resultsMap" || step === "ranking";

function onMessage(state: PresenterState, msg: RoomMessage, now: number, resume: ResumeRecord | null): PresenterState {
  switch (msg.type) {
    case "pres_newRoom_callback": {
      const room: RoomInfo = {
        roomNumber: msg.roomNumber,
        quiz: msg.quiz,
        colors: msg.colors,
        settings: msg.settings,
      };
      const base = {
        ...state,
        room,
        locked: msg.locked,
        players: rosterOf(msg.playerList),
        playersCount: msg.playersCount,
        error: null,
      };
      switch (msg.phase) {
        case "lobby":
          return { ...base, step: "lobby", question: null, results: null, endGame: null, startingEndsAt: null };
        case "closed":
          return { ...base, step: "closed" };
        default:
          // The screen message of the phase follows at once; until then keep what is shown.
          return { ...base, step: GAME_STEPS.includes(state.step) ? state.step : "loading" };
      }
    }
    case "pres_newPlayer":
      return { ...state, players: upsertPlayer(state.players, msg.player), playersCount: msg.playersCount };
    case "pres_playerLeft":
      return {
        ...state,
        players: removePlayer(state.players, msg.seatId),
        playersCount: msg.playersCount,
        notice: m("presenter.notice.left", { pseudo: msg.pseudo }),
      };
    case "pres_kickPlayer_callback":
      return {
        ...state,
        players: removePlayer(state.players, msg.seatId),
        playersCount: msg.playersCount,
        notice: m("presenter.notice.kicked", { pseudo: msg.pseudo }),
      };
    case "pres_lockRoom_callback":
      return {
        ...state,
        locked: msg.locked,
        notice: m(msg.locked ? "presenter.notice.locked" : "presenter.notice.unlocked"),
      };
    case "pres_pseudoLine":
      return { ...state, pseudoLine: msg.networks };
    case "pres_startGame_callback":
      return { ...state, step: "starting", startingEndsAt: now + msg.startsInMs, error: null, notice: null };
    case "pres_newQuestion": {
      const same = state.question?.index === msg.questionIndex && state.step === "question";
      return {
        ...state,
        step: "question",
        question: {
          index: msg.questionIndex,
          count: msg.questionCount,
          question: msg.question,
          answerTimeMs: msg.answerTimeMs,
          deadline: now + msg.remainingMs,
          // A reconnection mid-question keeps the markers already placed on the axis.
          answers: same ? state.question!.answers : [],
          answeredCount: msg.answeredCount,
          expectedCount: msg.expectedCount,
          // The room tells a reconnecting presenter again (pres_extraTime_callback follows).
          extraTime: same ? state.question!.extraTime : [],
        },
        results: null,
        revealLoadingSince: null,
        paused: false,
        rankingPage: 0,
        advanceRequested: false,
        error: null,
        notice: null,
      };
    }
    case "pres_playerAnswered": {
      const q = state.question;
      if (!q || q.index !== msg.questionIndex) return state;
      return {
        ...state,
        question: {
          ...q,
          answers: mergeAnswers(q.answers, msg.answers),
          answeredCount: msg.answeredCount,
          expectedCount: msg.expectedCount,
        },
      };
    }
    case "pres_extraTime_callback": {
      const q = state.question;
      if (!q || q.index !== msg.questionIndex) return state;
      const seat: ExtraTimeSeat = { seatId: msg.seatId, pseudo: msg.pseudo, deadline: now + msg.remainingMs };
      const known = q.extraTime.some((x) => x.seatId === msg.seatId);
      return {
        ...state,
        question: { ...q, extraTime: known ? q.extraTime.map((x) => (x.seatId === msg.seatId ? seat : x)) : [...q.extraTime, seat] },
        notice: known ? state.notice : m("presenter.notice.extraTime", { pseudo: msg.pseudo }),
      };
    }
    case "pres_endQuestion":
      if (state.step !== "question" || state.question?.index !== msg.questionIndex) return state;
      return { ...state, step: "revealLoading", revealLoadingSince: now };
    case "pres_results": {
      const sameReveal = state.results?.questionIndex === msg.questionIndex && isRevealStep(state.step);
      if (sameReveal) return { ...state, results: msg };
      const resumed = resume !== null && resume.questionIndex === msg.questionIndex;
      if (resumed && resume.view === "classement") {
        return {
          ...state,
          step: "ranking",
          results: msg,
          paused: resume.paused,
          rankingPage: resume.page,
          pageSince: now,
          advanceRequested: false,
        };
      }
      return {
        ...state,
        step: "revealLoading",
        revealLoadingSince: state.step === "revealLoading" && state.revealLoadingSince !== null ? state.revealLoadingSince : now,
        results: msg,
        paused: false,
        rankingPage: 0,
        advanceRequested: false,
      };
    }
    case "pres_endGame":
      return { ...state, step: "podium", endGame: msg, paused: false, advanceRequested: false, error: null };
    case "error":
      // 'Redémarrer' or the room's expiry closed it: nothing more can happen in this game.
      if (msg.code === "room_closed") return { ...state, step: "closed", error: null, advanceRequested: false };
      return { ...state, error: roomText(msg.code), advanceRequested: false };
    default:
      return state;
  }
}

/** A new error or notice starts the time both stay up; none left, no time. */
function stampToasts(before: PresenterState, after: PresenterState, now: number): PresenterState {
  if (after.error === before.error && after.notice === before.notice) return after;
  return { ...after, toastSince: after.error || after.notice ? now : null };
}

export function presenterReducer(state: PresenterState, action: PresenterAction): PresenterState {
  switch (action.type) {
    case "connection":
      return { ...state, connection: action.status };
    case "message":
      return stampToasts(state, onMessage(state, action.msg, action.now, action.resume), action.now);
    case "messages":
      return stampToasts(
        state,
        action.msgs.reduce((s, msg) => onMessage(s, msg, action.now, action.resume), state),
        action.now,
      );
    case "showResultsMap":
      return state.step === "revealLoading" && state.results ? { ...state, step: "resultsMap" } : state;
    case "resultsMapDone":
      return state.step === "resultsMap" ? { ...state, step: "ranking", pageSince: action.now } : state;
    case "pause":
      return { ...state, paused: true };
    case "showPage":
      if (state.step !== "ranking" || state.advanceRequested) return state;
      return {
        ...state,
        rankingPage: Math.max(0, action.page),
        pageSince: action.now,
        paused: action.resume ? false : state.paused,
      };
    case "advance":
      return { ...state, paused: false, advanceRequested: true };
    case "error":
      return stampToasts(state, { ...state, error: action.message }, action.now);
    case "dismiss":
      return { ...state, error: null, notice: null, toastSince: null };
  }
}
