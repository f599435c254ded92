/**
 * Repère wire protocol: its constants, the shapes it shares with the rest of the code, and the
 * wire's types of the messages, read off the two tables of common/wire (each message is declared
 * there, once). No zod, so the phone and presenter bundles can import this file.
 *
 * Event names follow the product specification's event names, which docs/protocol.md lists; that
 * file is the reference. Where this protocol departs from those events, and why:
 * - `hello` replaces pres_newRoom / player_joinRoom / player_alert_joinRoom: the room number is in
 *   the socket URL, the presenter was created by the app through the Durable Object binding and
 *   proves itself with its presenter token, a player proves its seat with its resume token.
 * - Tokens are carried once by `hello`, not in every message: the socket is the session.
 * - `player_answer` carries no trusted time: the room measures arrival on its own clock.
 * - Lists travel as deltas (pres_newPlayer carries the new player, not the whole list); a phone
 *   gets its own line at each reveal and the top of the ranking only at the end; the reveal's
 *   answers travel as compact rows (RevealRow): a 2000-player room stays cheap.
 * - Times are in milliseconds unless the field name says seconds (the phone's answer time is
 *   seconds, as the specification has it).
 * - The room speaks codes, never sentences: an error is its code, a refused pseudo choice its
 *   code, a reload the version to reload for; each page words them (common/client/room-texts.ts).
 * - A phone echoes the room's clock stamp (`at`, on player_newQuestion and pong) at once: the
 *   room measures each socket's round trip on its own clock (common/rules/clock.ts).
 */

import type { CodeOf } from "./codec";
import type { question, ServerMessage } from "./server-to-client";
import type { ClientMessage } from "./client-to-server";

/** Bumped whenever a message changes shape: an older page is told to reload. */
export const PROTOCOL_VERSION = 8;

/** Client messages larger than this are refused before JSON parsing. */
export const MAX_CLIENT_MESSAGE_CHARS = 2048;

/** How many ranking lines a phone gets at the end of the game (at a reveal, only its own). */
export const PLAYER_END_TOP = 50;
/**
 * Ranking lines the presenter gets; the full ranking is an HTTP fetch
 * (docs/protocol.md, Load at scale).
 */
export const PRESENTER_TOP = 100;

// Colour and fruit ids, icon types and ranking modes are game rules: common/rules says what
// they are called and what they allow.
export {
  FRUIT_KEYS,
  type ColorKey,
  type FruitKey,
  type IconType,
  type RankingMode,
} from "../rules";

export type Role = "player" | "presenter";
export type Phase = "lobby" | "starting" | "question" | "reveal" | "over" | "closed";
export type KickReason = "kick" | "presLeft" | "ended";

// ---------------------------------------------------------------------------------------------
// Shared shapes

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface MapSettings {
  center: LatLng;
  zoom: number;
  bounds: Bounds;
}

/** Index 0 is the rest of the map (max -1, 0 points, not drawn). */
export interface TargetSetting {
  max: number;
  points: number;
  color: string;
}

/** A question of the quiz as the room plays it, with the code's names (docs/glossary.md). */
export type QuizQuestion = CodeOf<typeof question>;

export interface StreetViewInfo {
  panoId: string | null;
  lat: number;
  lng: number;
  heading: number;
  pitch: number;
  fov: number | null;
}

/** What the room keeps of the quiz at launch: later edits never change a running game. */
export interface QuizSnapshot {
  uniqueName: string;
  name: string;
  description: string;
  questions: QuizQuestion[];
  mapSettings: MapSettings;
}

/**
 * One answer of a reveal, as a compact row: a 2,000-player reveal carries 2,000 of them in one
 * message, where objects with names cost four times as much. The pseudo and marker follow from
 * the colour, fruit and pseudo number (pseudoOf, markerOf); common/wire/reveal.ts reads rows back.
 */
export type RevealRow = [
  /** Seat number: the seat's id is 'p' + it. */
  seatNo: number,
  /** Index in COLOR_KEYS. */
  color: number,
  /** Index in FRUIT_KEYS. */
  fruit: number,
  /** Pseudo number (1 = unnumbered). */
  n: number,
  /** 5 decimals: about a metre, finer than any map of the game draws. */
  lat: number,
  lng: number,
  /** Metres from the true spot, rounded. */
  distance: number,
  /** Index in targetSettings: 0 outside every ring. */
  zone: number,
];

export type ErrorCode =
  | "bad_message"
  | "too_large"
  | "forbidden"
  | "not_identified"
  | "room_full"
  | "room_closed"
  | "room_locked"
  | "too_many_seats"
  | "flood"
  | "no_players"
  | "wrong_phase"
  | "kick_after_start"
  | "unknown_player"
  | "unknown_seat"
  | "answer_late"
  | "answer_twice"
  | "answer_wrong_question"
  | "color_unavailable"
  | "color_full"
  | "fruit_taken"
  | "invalid_settings"
  | "extra_time_answered"
  | "extra_time_twice"
  | "extra_time_full";

/**
 * WebSocket close codes of the room. ROOM_CLOSED: the game is over and gone, do not reconnect.
 * REPLACED: a newer socket of the same page (same line id, or more sockets on one seat than
 * SOCKETS_PER_SEAT) took over; that newer one carries on. FLOOD: the socket kept sending past its
 * message budget (PLAYER_BUDGET, FLOOD_DROPS in common/rules/audience.ts); reconnecting would
 * only flood again. SILENT: the socket never said hello and its address needed the room
 * (SILENT_SOCKET_MS); a page reconnects and says it. RESTART (1012, the standard "service
 * restart"): the room runs a newer version than the one that accepted the socket; every client,
 * this build's and older ones, reconnects and says hello with its token.
 */
export const CLOSE_CODES = { roomClosed: 4000, replaced: 4001, flood: 4002, silent: 4003, restart: 1012 } as const;

/**
 * The reason a room's close frame carries: a code, like everything the room says (no page shows
 * it; the close code decides what the client does). `silent` has two: the socket never said
 * hello, or it sat on the pseudo screen too long.
 */
export const CLOSE_REASONS = {
  roomClosed: "room_closed",
  replaced: "replaced",
  flood: "flood",
  silent: "silent",
  pseudoTimeout: "pseudo_screen_timeout",
  /** « Libérer »: the presenter let go of this network's phones on the pseudo screen. */
  cleared: "cleared_by_presenter",
  restart: "restart",
} as const;

// ---------------------------------------------------------------------------------------------
// The messages as the wire carries them (common/wire declares them; the code's names are in
// common/wire/room-messages.ts)

export type {
  ServerMessage,
  ServerMessageType,
  RankingLine,
  TeamResult,
  WireQuizQuestion,
  HelpZone,
  PhoneMedia,
  PseudoLineNetwork,
  PlayerListEntry,
  PseudoRoomInfo,
  PointsSettings,
} from "./server-to-client";
export { MAX_ID_CHARS, MAX_TOKEN_CHARS } from "./client-to-server";

type Wire<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;
export type PresResults = Wire<"pres_results">;
export type PlayerEndQuestion = Wire<"player_endQuestion">;
export type PlayerEndGame = Wire<"player_endGame">;
export type PlayerJoinRoomCallback = Wire<"player_joinRoom_callback">;
export type PresNewRoomCallback = Wire<"pres_newRoom_callback">;
export type ErrorMsg = Wire<"error">;
export type ReloadMsg = Wire<"reload">;

// A page's messages: the code's names, which the room client writes as the wire's
// (common/wire/client-to-server.ts); only a seat's id is named otherwise on the wire.
export type { ClientMessage, ClientMessageType, WireClientMessage } from "./client-to-server";
type Client<T extends ClientMessage["type"]> = Extract<ClientMessage, { type: T }>;
export type HelloMsg = Client<"hello">;
export type EchoMsg = Client<"echo">;
export type PresenterClientMessage = Extract<ClientMessage, { type: `pres_${string}` }>;
export type PlayerClientMessage = Extract<ClientMessage, { type: `player_${string}` }>;

export function errorMessage(code: ErrorCode): ErrorMsg {
  return { type: "error", code };
}
