/**
 * The pseudo screen of /join/{room} (docs/game-rules.md, Pseudos and teams) as a pure
 * reducer: colour step, then fruit step, with the other phones' choices arriving live. The room
 * decides every race; this only keeps the buttons honest and says what happened in French (the
 * room's codes in the words of common/client/room-texts.ts).
 */
import {
  FRUIT_KEYS,
  type ColorKey,
  type ErrorCode,
  type FruitKey,
  type KickReason,
  type PlayerClientMessage,
} from "@common/wire/protocol";
import type { PseudoChoices, RoomMessage } from "@common/wire/room-messages";
import { roomText } from "@common/client/room-texts";
import type { Words } from "@common/i18n/ids";
import { m } from "@common/i18n/words";
import { FATAL_CODES, type SocketStatus } from "./play-state";

export const PICK_COLOR_ALERT = m("player.pseudo.pickColor");
export const PICK_FRUIT_ALERT = m("player.pseudo.pickFruit");
export const FRUIT_RACE_LOST = m("player.pseudo.fruitRaceLost");
export const COLOR_RACE_LOST = m("player.pseudo.colorRaceLost");
export const FRUIT_GONE = m("player.pseudo.fruitGone");
const COLOR_GONE = m("player.pseudo.colorGone");
const CONNECTION_LOST = m("player.pseudo.connectionLost");
export const CHOICE_HELD = m("player.pseudo.choiceHeld");

export interface PseudoState {
  info: PseudoChoices | null;
  step: "color" | "fruit";
  color: ColorKey | null;
  fruit: FruitKey | null;
  /** The request the page must send (new id = send once). */
  request: { id: number; msg: PlayerClientMessage } | null;
  /** A request is on its way: the buttons wait for the room's answer. */
  waiting: boolean;
  /**
   * A choice whose socket dropped before the room answered: sent again once the room lets the
   * phone back in (its pseudo screen again), so that a tap never dies with a socket on flaky Wi-Fi.
   */
  held: PlayerClientMessage | null;
  /** Shown in a role=alert line under the buttons. */
  alert: Words | null;
  /** Seated: the page keeps the token and goes to /play/{room}?pseudo=… */
  done: { pseudo: string; token: string } | null;
  kicked: KickReason | null;
  /** The room cannot take this phone: its code, worded by the screen. */
  fatal: ErrorCode | null;
  /** The room speaks a newer protocol: the page reloads. */
  reload: boolean;
  socket: SocketStatus;
}

export type PseudoAction =
  | { type: "server"; msg: RoomMessage }
  | { type: "socket"; status: SocketStatus }
  | { type: "pickColor"; color: ColorKey }
  | { type: "pickFruit"; fruit: FruitKey }
  | { type: "validateColor" }
  | { type: "validateFruit" }
  | { type: "backToColors" }
  | { type: "requestFailed" };

export const initialPseudoState: PseudoState = {
  info: null,
  step: "color",
  color: null,
  fruit: null,
  request: null,
  waiting: false,
  held: null,
  alert: null,
  done: null,
  kicked: null,
  fatal: null,
  reload: false,
  socket: "connecting",
};

export function colorFull(info: PseudoChoices, color: ColorKey): boolean {
  return (info.colorsUsed[color] ?? 0) >= info.seatsPerColor;
}

export function fruitTaken(info: PseudoChoices, color: ColorKey, fruit: FruitKey): boolean {
  return (info.fruitsUsed[color] ?? []).includes(fruit);
}

const nextId = (s: PseudoState) => (s.request?.id ?? 0) + 1;

function withInfo(state: PseudoState, info: PseudoChoices): PseudoState {
  let { step, color, fruit, alert } = state;
  if (step === "color" && color && colorFull(info, color)) {
    color = null;
    alert = COLOR_GONE;
  }
  if (step === "fruit" && color && fruit && fruitTaken(info, color, fruit)) {
    fruit = null;
    alert = FRUIT_GONE;
  }
  return { ...state, info, step, color, fruit, alert };
}

export function pseudoReducer(state: PseudoState, action: PseudoAction): PseudoState {
  if (state.done || state.kicked || state.fatal || state.reload) return state;
  switch (action.type) {
    case "socket":
      if (action.status === "open") return { ...state, socket: "open" };
      // An unanswered request died with the socket: it waits for the room to let us in again.
      return { ...hold(state), socket: action.status };
    case "pickColor":
      if (state.waiting || !state.info || colorFull(state.info, action.color)) return state;
      return { ...state, color: action.color, alert: null };
    case "pickFruit":
      if (state.waiting || !state.info || !state.color || fruitTaken(state.info, state.color, action.fruit)) return state;
      return { ...state, fruit: action.fruit, alert: null };
    case "validateColor":
      if (state.waiting) return state;
      if (!state.color) return { ...state, alert: PICK_COLOR_ALERT };
      return {
        ...state,
        alert: null,
        waiting: true,
        request: { id: nextId(state), msg: { type: "player_chooseColor", color: state.color } },
      };
    case "validateFruit":
      if (state.waiting || !state.color) return state;
      if (!state.fruit) return { ...state, alert: PICK_FRUIT_ALERT };
      return {
        ...state,
        alert: null,
        waiting: true,
        request: { id: nextId(state), msg: { type: "player_chooseFruit", color: state.color, fruit: state.fruit } },
      };
    case "backToColors":
      if (state.waiting) return state;
      return { ...state, step: "color", fruit: null, alert: null };
    case "requestFailed":
      return hold(state);
    case "server":
      return onServer(state, action.msg);
  }
}

/** The request on its way, if any, held until the room lets the phone in again. */
function hold(state: PseudoState): PseudoState {
  const held = state.held ?? (state.waiting ? (state.request?.msg ?? null) : null);
  if (!held) return { ...state, waiting: false, alert: state.waiting ? CONNECTION_LOST : state.alert };
  return { ...state, held, waiting: true, alert: CHOICE_HELD };
}

function onServer(state: PseudoState, msg: RoomMessage): PseudoState {
  switch (msg.type) {
    case "player_joinPseudoRoom_callback": {
      const { type: _type, ...info } = msg;
      // Let in again after a drop: the held choice goes now, against the room's fresh lists.
      if (state.held)
        return withInfo({ ...state, request: { id: nextId(state), msg: state.held }, held: null, waiting: true, alert: null }, info);
      // The first pseudo screen ends whatever kept the phone waiting for it (too_many_seats).
      return withInfo(state.info ? state : { ...state, alert: null }, info);
    }
    case "color_selected": {
      if (!state.info) return state;
      const c = msg.selectedColor;
      const colorsUsed = { ...state.info.colorsUsed, [c]: (state.info.colorsUsed[c] ?? 0) + 1 };
      return withInfo(state, { ...state.info, colorsUsed });
    }
    case "fruit_selected": {
      if (!state.info) return state;
      const used = state.info.fruitsUsed[msg.color] ?? [];
      if (used.includes(msg.selectedFruit)) return state;
      const fruitsUsed = { ...state.info.fruitsUsed, [msg.color]: [...used, msg.selectedFruit] };
      return withInfo(state, { ...state.info, fruitsUsed });
    }
    case "color_selected_callback": {
      if (!msg.status && msg.code === "room_full") return { ...state, waiting: false, fatal: msg.code };
      if (!msg.status) {
        const info = state.info ? { ...state.info, colorsUsed: { ...state.info.colorsUsed, [msg.color]: state.info.seatsPerColor } } : null;
        return {
          ...state,
          info: msg.code === "color_full" ? info : state.info,
          waiting: false,
          color: null,
          alert: msg.code === "color_full" ? COLOR_RACE_LOST : msg.code ? roomText(msg.code) : CONNECTION_LOST,
        };
      }
      // The room's list of free fruits is fresher than what we pieced together.
      const taken = FRUIT_KEYS.filter((f) => !msg.fruits.includes(f));
      const info = state.info ? { ...state.info, fruitsUsed: { ...state.info.fruitsUsed, [msg.color]: taken } } : null;
      return { ...state, info, waiting: false, step: "fruit", color: msg.color, fruit: null, alert: null };
    }
    case "fruit_selected_callback": {
      if (msg.status && msg.pseudo && msg.token) return { ...state, waiting: false, done: { pseudo: msg.pseudo, token: msg.token } };
      if (msg.code === "room_full") return { ...state, waiting: false, fatal: msg.code };
      let next: PseudoState = { ...state, waiting: false, fruit: null };
      if (msg.info) next = withInfo(next, msg.info);
      if (msg.code === "fruit_taken") return { ...next, alert: FRUIT_RACE_LOST };
      if (msg.code === "color_full" || msg.code === "color_unavailable") return { ...next, step: "color", color: null, alert: COLOR_RACE_LOST };
      return { ...next, alert: msg.code ? roomText(msg.code) : CONNECTION_LOST };
    }
    case "player_joinRoom_callback":
      // Already seated (token still valid) or a random-icon room: straight to the game.
      return { ...state, done: { pseudo: msg.pseudo, token: msg.token } };
    case "player_kicked":
      return { ...state, kicked: msg.reason };
    case "reload":
      return { ...state, reload: true };
    case "error":
      if (FATAL_CODES.has(msg.code)) return { ...state, fatal: msg.code };
      // While a choice is held, the room's refusals of the way back in (too_many_seats, a choice
      // that reached a socket not yet let in) are steps of the reconnection: the phone asks again.
      if (state.held || (state.waiting && msg.code === "not_identified")) return hold(state);
      return { ...state, waiting: false, alert: roomText(msg.code) };
    default:
      return state;
  }
}
