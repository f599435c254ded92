/**
 * What the phone shows on /play/{room}, as a pure reducer of the room's messages
 * (docs/game-rules.md, Phone screens: loading -> lobby -> starting -> question -> answered ->
 * endQuestion -> ... -> endGame).
 * Times come in with the action (`now`, the page's monotonic clock) so the reducer stays pure;
 * the page does the side effects (socket, storage, navigation) from the state it returns.
 */
import {
  type ErrorCode,
  type Bounds,
  type KickReason,
  type LatLng,
  type PhoneMedia,
} from "@common/wire/protocol";
import type { RoomMessage, RoomMessageOf } from "@common/wire/room-messages";
import { clockFrom, type QuestionClock } from "./progress";

export type SocketStatus = "connecting" | "open" | "closed";

/** Who this phone is in the room: its seat as the room's join callback said, without the resume token. */
export type Me = Omit<RoomMessageOf<"player_joinRoom_callback">, "type" | "token" | "helpSquares" | "phase">;

export type PlayScreen =
  | { name: "loading" }
  | { name: "lobby" }
  | { name: "starting"; endsAt: number }
  | { name: "question"; questionIndex: number; questionCount: number; clock: QuestionClock; help: Bounds | null; media: PhoneMedia | null }
  | { name: "answered"; questionIndex: number; questionCount: number; elapsedMs: number }
  | { name: "endQuestion"; result: RoomMessageOf<"player_endQuestion"> }
  | { name: "endGame"; result: RoomMessageOf<"player_endGame"> }
  /** Defined icons and no seat: the pseudo has to be chosen on /join/{room}. */
  | { name: "choosePseudo" }
  | { name: "kicked"; reason: KickReason }
  /** The room cannot take this phone (full, over): its code, worded by the screen, with a way home. */
  | { name: "fatal"; code: ErrorCode }
  | { name: "reload" };

export interface PlayState {
  screen: PlayScreen;
  me: Me | null;
  socket: SocketStatus;
  /** The room knows this socket as our seat (join callback received since it opened). */
  identified: boolean;
  /** The spot tapped on the map for the question on screen. */
  tap: { questionIndex: number; coords: LatLng } | null;
  /** The answer on its way: `pending` waits for an identified socket, `sent` for the room's ack. */
  answer: { questionIndex: number; coords: LatLng; status: "pending" | "sent" } | null;
  /** The room's code for a short message over the screen (late answer...), worded by the screen. */
  notice: ErrorCode | null;
}

export type PlayAction =
  | { type: "socket"; status: SocketStatus }
  | { type: "server"; msg: RoomMessage; now: number }
  | { type: "tap"; coords: LatLng }
  | { type: "submit" }
  | { type: "answerSent" }
  | { type: "dismissNotice" };

export const initialPlayState: PlayState = {
  screen: { name: "loading" },
  me: null,
  socket: "connecting",
  identified: false,
  tap: null,
  answer: null,
  notice: null,
};

/** Screens after which the room has nothing more to say to this page. */
function isFinal(screen: PlayScreen): boolean {
  return screen.name === "kicked" || screen.name === "fatal" || screen.name === "reload" || screen.name === "choosePseudo";
}

/** 'Reconnexion…' over the screen: we had a seat and the room does not hear us right now. */
export function showReconnecting(state: PlayState): boolean {
  return state.me !== null && !state.identified && !isFinal(state.screen);
}

/** The answer may go out now. */
export function answerToSend(state: PlayState): { questionIndex: number; coords: LatLng } | null {
  const a = state.answer;
  if (!a || a.status !== "pending" || !state.identified || state.socket !== "open") return null;
  const s = state.screen;
  if (s.name !== "question" || s.questionIndex !== a.questionIndex) return null;
  return { questionIndex: a.questionIndex, coords: a.coords };
}

/** Errors after which the room has nothing more for this phone: said on a screen with a way home. */
export const FATAL_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(["room_full", "room_closed", "room_locked", "unknown_seat", "flood"]);
const ANSWER_CODES = new Set(["answer_late", "answer_twice", "answer_wrong_question"]);

export function playReducer(state: PlayState, action: PlayAction): PlayState {
  if (isFinal(state.screen) && action.type !== "socket") return state;
  switch (action.type) {
    case "socket": {
      if (action.status === "open") return { ...state, socket: "open" };
      // The room will not ack an answer sent on a dead socket: send it again once back.
      const answer = state.answer?.status === "sent" ? { ...state.answer, status: "pending" as const } : state.answer;
      return { ...state, socket: action.status, identified: false, answer };
    }
    case "tap": {
      const s = state.screen;
      if (s.name !== "question" || state.answer) return state;
      return { ...state, tap: { questionIndex: s.questionIndex, coords: action.coords } };
    }
    case "submit": {
      const s = state.screen;
      if (s.name !== "question" || state.answer || !state.tap || state.tap.questionIndex !== s.questionIndex)
        return state;
      return { ...state, answer: { ...state.tap, status: "pending" }, notice: null };
    }
    case "answerSent":
      return state.answer ? { ...state, answer: { ...state.answer, status: "sent" } } : state;
    case "dismissNotice":
      return { ...state, notice: null };
    case "server":
      return onServer(state, action.msg, action.now);
  }
}

function onServer(state: PlayState, msg: RoomMessage, now: number): PlayState {
  switch (msg.type) {
    case "player_joinRoom_callback": {
      const me: Me = {
        seatId: msg.seatId,
        pseudo: msg.pseudo,
        marker: msg.marker,
        color: msg.color,
        fruit: msg.fruit,
        team: msg.team,
        mode: msg.mode,
        iconType: msg.iconType,
        mapSettings: msg.mapSettings,
        scoring: msg.scoring,
        answerTimeSec: msg.answerTimeSec,
        questionCount: msg.questionCount,
      };
      // In the lobby nothing else follows; in other phases the room sends the current screen next.
      const screen = msg.phase === "lobby" ? ({ name: "lobby" } as const) : state.screen;
      return { ...state, me, identified: true, screen };
    }
    case "player_joinPseudoRoom_callback":
      return { ...state, screen: { name: "choosePseudo" } };
    case "player_startGame":
      return { ...state, screen: { name: "starting", endsAt: now + Math.max(0, msg.startsInMs) }, tap: null, answer: null };
    case "player_newQuestion": {
      const s = state.screen;
      // A resync replays the question before its ack: an answered question stays answered.
      if (s.name === "answered" && s.questionIndex === msg.questionIndex) return state;
      const same = <T extends { questionIndex: number }>(x: T | null): T | null =>
        x && x.questionIndex === msg.questionIndex ? x : null;
      const fresh = !(s.name === "question" && s.questionIndex === msg.questionIndex);
      return {
        ...state,
        screen: {
          name: "question",
          questionIndex: msg.questionIndex,
          questionCount: msg.questionCount,
          clock: clockFrom(msg.remainingMs, msg.answerTimeSec, now),
          help: msg.help,
          media: msg.media ?? null,
        },
        tap: same(state.tap),
        answer: same(state.answer),
        notice: fresh ? null : state.notice,
      };
    }
    case "player_extraTime": {
      // « Temps adapté »: this seat's own answer time and deadline replace the question's.
      const s = state.screen;
      if (s.name !== "question" || s.questionIndex !== msg.questionIndex) return state;
      const clock: QuestionClock = { ...clockFrom(msg.remainingMs, msg.answerTimeMs / 1000, now), extended: true };
      return { ...state, screen: { ...s, clock } };
    }
    case "player_answer_callback": {
      const s = state.screen;
      const questionCount = s.name === "question" ? s.questionCount : (state.me?.questionCount ?? 0);
      return {
        ...state,
        screen: { name: "answered", questionIndex: msg.questionIndex, questionCount, elapsedMs: msg.elapsedMs },
        answer: null,
        notice: null,
      };
    }
    case "player_endQuestion":
      return { ...state, screen: { name: "endQuestion", result: msg }, tap: null, answer: null, notice: null };
    case "player_endGame":
      return { ...state, screen: { name: "endGame", result: msg }, tap: null, answer: null, notice: null };
    case "player_kicked":
      return { ...state, screen: { name: "kicked", reason: msg.reason } };
    case "reload":
      return { ...state, screen: { name: "reload" } };
    case "error": {
      if (FATAL_CODES.has(msg.code)) return { ...state, screen: { name: "fatal", code: msg.code } };
      if (msg.code === "not_identified") return { ...state, identified: false };
      if (ANSWER_CODES.has(msg.code)) {
        // 'Already answered' after a resend: the room has it, and its ack shows the time.
        const quiet = msg.code === "answer_twice" && state.screen.name === "answered";
        return { ...state, answer: null, notice: quiet ? state.notice : msg.code };
      }
      return { ...state, notice: msg.code };
    }
    default:
      return state;
  }
}

/**
 * The kick reasons that end the game for this phone (docs/game-rules.md, Phone screens): back home.
 */
export const goesHome = (reason: KickReason) => reason !== "kick";

