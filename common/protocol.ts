/**
 * Repère wire protocol: types and constants only, no zod, so the phone and presenter bundles can
 * import this file (or `import type` it) without pulling in the validators of party/protocol.ts.
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
 * - Every `time`, `remainingMs`, `tempsReponse` is in milliseconds unless the field name says
 *   seconds (`maxAnswerTime` on the phone side is seconds, as the specification has it).
 * - The room speaks codes, never sentences: an error is its code, a refused pseudo choice its
 *   code, a reload the version to reload for; each page words them (common/room-texts.ts).
 * - A phone echoes the room's clock stamp (`at`, on player_newQuestion and pong) at once: the
 *   room measures each socket's round trip on its own clock (common/rules/clock.ts).
 */

import type { ColorKey, FruitKey, IconType, LaunchOptions, RankingMode, RingPoints } from "./rules";

/** Bumped whenever a message changes shape: an older page is told to reload. */
export const PROTOCOL_VERSION = 8;

/** Client messages larger than this are refused before JSON parsing. */
export const MAX_CLIENT_MESSAGE_CHARS = 2048;
export const MAX_TOKEN_CHARS = 128;
export const MAX_ID_CHARS = 32;

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
} from "./rules";

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

/**
 * Help square (docs/game-rules.md, Help zones): lat1 < lat2 (south, north), lon1 < lon2
 * (west, east).
 */
export interface HelpZone {
  lat1: number;
  lon1: number;
  lat2: number;
  lon2: number;
}

export interface PointsSettings {
  /** Speed points at the opening of a question (point_max_temps of the quiz). */
  point_max_temps: number;
  /** Points of the 200 / 100 / 50 / 20 m rings, frozen when the game was launched. */
  circlesPoints: RingPoints;
}

export interface StreetViewInfo {
  panoId: string | null;
  lat: number;
  lng: number;
  heading: number;
  pitch: number;
  fov: number | null;
}

/** A question of the quiz as the room plays it, with the code's names (docs/glossary.md). */
export interface QuizQuestion {
  name: string;
  kind: "photo" | "streetview";
  /** Photo URL for kind 'photo', null otherwise. */
  imageUrl: string | null;
  /** Parsed embed for kind 'streetview'; the embed URL is rebuilt from it, never taken as typed. */
  streetview: StreetViewInfo | null;
  lat: number;
  lng: number;
  /** A Street View question's title, empty when it has none. */
  title: string;
  description: string;
}

/**
 * A question as the room's messages carry it (quizzData.questions, pres_newQuestion.question): the
 * specification names its title `titre`. common/quiz-question.ts translates both ways.
 */
export interface WireQuizQuestion extends Omit<QuizQuestion, "title"> {
  titre: string;
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
 * The presenter's copy of the quiz (pres_newRoom_callback.quizzData): without its unique name,
 * which is its public /watch link, and with each photo at the room's own address.
 */
export interface PresenterQuizData extends Omit<QuizSnapshot, "uniqueName" | "questions"> {
  questions: WireQuizQuestion[];
  targetSettings: TargetSetting[];
  pointsSettings: PointsSettings;
}

/** The launch options as pres_newRoom_callback carries them (`settings`). */
export interface PublicSettings extends Omit<LaunchOptions, "helpZoneM"> {
  /** Side of the help square in metres, or null: the code's helpZoneM. */
  helpZone: number | null;
  /** Seats the room accepts in total. */
  capacity: number;
}

/** A player as the presenter sees it: `playerID` is the seat id, never the resume token. */
export interface PlayerListEntry {
  playerID: string;
  pseudo: string;
  marker: string;
  color: ColorKey;
  team: ColorKey | null;
  connected: boolean;
}

export interface RankingLine {
  rank: number;
  playerID: string;
  pseudo: string;
  marker: string;
  /** Total, 2 decimals. */
  points: number;
  /** Points of the question just revealed, 2 decimals (0 in the end-of-game ranking). */
  pointsQuestion: number;
  /** Previous rank minus new rank: positive means the player went up. */
  classementMove: number;
}

/**
 * « Classement de la soirée »: the rounds played in this room added up, sent at the end of each
 * round from the second on. In its lines `points` is the night's total and `pointsQuestion` the
 * round just played; `classementMove` is 0.
 */
export interface NightRanking {
  /** Rounds played in this room, the one just finished included. */
  round: number;
  /** The top lines (PRESENTER_TOP for the presenter, PLAYER_END_TOP for a phone). */
  ranking: RankingLine[];
  playersCount: number;
}
/** A phone's night: its own line besides the top. */
export interface PlayerNight extends NightRanking {
  me: RankingLine;
}

export interface TeamResult {
  team: ColorKey;
  /** e.g. 'Équipe bleue'. */
  name: string;
  rank: number;
  /** Average of the members' totals, 2 decimals. */
  points: number;
  classementMove: number;
  players: string[];
}

/**
 * A team's line as a phone shows it (its name is teamName(team)); the members stay on the
 * presenter's screen.
 */
export interface TeamStanding {
  team: ColorKey;
  rank: number;
  /** Average of the members' totals, 2 decimals. */
  points: number;
}

/**
 * One answer of a reveal, as a compact row: a 2,000-player reveal carries 2,000 of them in one
 * message, where objects with names cost four times as much. The pseudo and marker follow from
 * the colour, fruit and pseudo number (pseudoOf, markerOf); common/reveal.ts reads rows back.
 */
export type RevealRow = [
  /** Seat number: the playerID is 'p' + it. */
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

export interface PseudoRoomInfo {
  /** Colours a player may pick (team mode: the first max_team colours). */
  colors: ColorKey[];
  colorsUsed: Record<ColorKey, number>;
  /** Seats per colour. */
  max_players: number;
  fruitsUsed: Record<ColorKey, FruitKey[]>;
  fruits: FruitKey[];
}

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
// Client -> server (validated by the zod schemas of party/protocol.ts)

/** First message of every socket; also what a phone sends again after a reconnection. */
export interface HelloMsg {
  type: "hello";
  role: Role;
  /** Presenter token (from the launch), or a player's resume token (from localStorage). */
  token?: string | undefined;
  version: number;
}
export interface PingMsg {
  type: "ping";
}
/**
 * A phone's echo of the room's clock stamp (`at` of player_newQuestion or pong), sent as soon as
 * the frame arrives: the room's clock then, minus `at`, is the socket's round trip.
 */
export interface EchoMsg {
  type: "echo";
  at: number;
}
export interface PresKickPlayerMsg {
  type: "pres_kickPlayer";
  playerID: string;
}
export interface PresStartGameMsg {
  type: "pres_startGame";
}
export interface PresNextQuestionMsg {
  type: "pres_nextQuestion";
}
/** « Verrouiller la salle » (true) / « Déverrouiller » (false). */
export interface PresLockRoomMsg {
  type: "pres_lockRoom";
  locked: boolean;
}
/**
 * « Libérer » on the presenter's lobby: the phones of one network on the pseudo screen give way
 * now to those of that network waiting in line (`network`: an id of pres_pseudoLine).
 */
export interface PresClearChoosersMsg {
  type: "pres_clearChoosers";
  network: string;
}
/**
 * « Temps adapté » during a question: the seat `playerID` gets more time for the question that is
 * open (liveSeatTiming, common/rules/adapted-time.ts).
 */
export interface PresExtraTimeMsg {
  type: "pres_extraTime";
  playerID: string;
}
export interface PlayerChooseColorMsg {
  type: "player_chooseColor";
  color: ColorKey;
}
export interface PlayerChooseFruitMsg {
  type: "player_chooseFruit";
  color: ColorKey;
  fruit: FruitKey;
}
/** Old clients' time / timePoints may still be sent; they are dropped by the parser, never used. */
export interface PlayerAnswerMsg {
  type: "player_answer";
  questionIndex: number;
  coords: LatLng;
}

export type PresenterClientMessage =
  | PresKickPlayerMsg
  | PresStartGameMsg
  | PresNextQuestionMsg
  | PresLockRoomMsg
  | PresClearChoosersMsg
  | PresExtraTimeMsg;
export type PlayerClientMessage = PlayerChooseColorMsg | PlayerChooseFruitMsg | PlayerAnswerMsg;
export type ClientMessage = HelloMsg | PingMsg | EchoMsg | PresenterClientMessage | PlayerClientMessage;
export type ClientMessageType = ClientMessage["type"];

// ---------------------------------------------------------------------------------------------
// Server -> presenter

export interface PresNewRoomCallback {
  type: "pres_newRoom_callback";
  roomID: string;
  quizzData: PresenterQuizData;
  /** Team colours (team mode), else every colour. */
  colors: ColorKey[];
  settings: PublicSettings;
  helpSettings: (HelpZone | null)[];
  phase: Phase;
  /** Whole list once, at (re)connection; afterwards only deltas. */
  playerList: PlayerListEntry[];
  playersCount: number;
  /** No new seat while locked. */
  locked: boolean;
}
/** Upsert by playerID: also sent in the lobby when a known player drops or comes back. */
export interface PresNewPlayer {
  type: "pres_newPlayer";
  player: PlayerListEntry;
  playersCount: number;
}
export interface PresPlayerLeft {
  type: "pres_playerLeft";
  playerID: string;
  pseudo: string;
  playersCount: number;
}
export interface PresKickPlayerCallback {
  type: "pres_kickPlayer_callback";
  playerID: string;
  pseudo: string;
  playersCount: number;
}
/** The room is now locked (or unlocked); also the answer to pres_lockRoom. */
interface PresLockRoomCallback {
  type: "pres_lockRoom_callback";
  locked: boolean;
}
interface PresStartGameCallback {
  type: "pres_startGame_callback";
  startsInMs: number;
}
export interface PresNewQuestion {
  type: "pres_newQuestion";
  questionIndex: number;
  questionsNb: number;
  question: WireQuizQuestion;
  /** Milliseconds (the server's seconds x 1000). */
  maxAnswerTime: number;
  remainingMs: number;
  answeredCount: number;
  expectedCount: number;
}
/** Batchable: the room may merge several into one (see mergePlayerAnswered in party/engine/reports.ts). */
export interface PresPlayerAnswered {
  type: "pres_playerAnswered";
  questionIndex: number;
  answers: { playerID: string; pseudo: string; marker: string; time: number }[];
  answeredCount: number;
  expectedCount: number;
}
/** A seat was given more time for the open question (the answer to pres_extraTime; replayed on reconnection). */
export interface PresExtraTimeCallback {
  type: "pres_extraTime_callback";
  playerID: string;
  pseudo: string;
  questionIndex: number;
  /** The seat's whole answer time for this question, ms. */
  answerTimeMs: number;
  /** What is left of it, ms. */
  remainingMs: number;
}
interface PresEndQuestion {
  type: "pres_endQuestion";
  questionIndex: number;
}
export interface PresResults {
  type: "pres_results";
  questionIndex: number;
  questionsNb: number;
  isLast: boolean;
  spot: LatLng;
  /**
   * Every answer of the question, nearest first: one list where the specification's events had
   * three (coords, coords_byDist, coordsOrderDist); the zone and the distance are in each row.
   */
  answers: RevealRow[];
  /** Top PRESENTER_TOP lines of the ranking after this question. */
  results: RankingLine[];
  team_results: TeamResult[] | null;
  playersCount: number;
  answersCount: number;
}
export interface PresEndGame {
  type: "pres_endGame";
  ranking: RankingLine[];
  team_results: TeamResult[] | null;
  playersCount: number;
  /** From the second round in the room on; null in the first. */
  night: NightRanking | null;
}

/**
 * The networks whose phones wait in line for the pseudo screen, most waiting first (at most
 * PSEUDO_LINE_NETWORKS of them; none: nobody waits). `network` is an id the room gives the
 * address for pres_clearChoosers, never the address itself (the lobby is on the projector).
 */
export interface PresPseudoLine {
  type: "pres_pseudoLine";
  networks: PseudoLineNetwork[];
}
export interface PseudoLineNetwork {
  network: string;
  /** Its phones on the pseudo screen. */
  choosing: number;
  /** Its phones waiting in line for a place there. */
  waiting: number;
}

export type PresenterServerMessage =
  | PresNewRoomCallback
  | PresPseudoLine
  | PresNewPlayer
  | PresPlayerLeft
  | PresKickPlayerCallback
  | PresLockRoomCallback
  | PresStartGameCallback
  | PresNewQuestion
  | PresPlayerAnswered
  | PresExtraTimeCallback
  | PresEndQuestion
  | PresResults
  | PresEndGame;

// ---------------------------------------------------------------------------------------------
// Server -> phone

export interface PlayerJoinRoomCallback {
  type: "player_joinRoom_callback";
  playerID: string;
  /** Resume token: the phone keeps it (localStorage) and sends it in `hello` from then on. */
  token: string;
  pseudo: string;
  marker: string;
  color: ColorKey;
  fruit: FruitKey;
  team: ColorKey | null;
  mode: RankingMode;
  iconType: IconType;
  mapSettings: MapSettings;
  pointsSettings: PointsSettings;
  /** Zones of questions already opened; future ones are withheld (null). */
  helpSettings: (HelpZone | null)[];
  /** Seconds. */
  maxAnswerTime: number;
  questionsNb: number;
  phase: Phase;
}
export interface PlayerJoinPseudoRoomCallback extends PseudoRoomInfo {
  type: "player_joinPseudoRoom_callback";
}
interface ColorSelectedCallback {
  type: "color_selected_callback";
  status: boolean;
  color: ColorKey;
  /** Fruits still free in that colour. */
  fruits: FruitKey[];
  /** Why the colour was refused (status false). */
  code?: ErrorCode;
}
/** Another phone took a seat of this colour (the count goes up by one). */
interface ColorSelected {
  type: "color_selected";
  selectedColor: ColorKey;
}
export interface FruitSelectedCallback {
  type: "fruit_selected_callback";
  status: boolean;
  pseudo?: string;
  playerID?: string;
  /** Resume token, to keep before navigating to /play/{room}. */
  token?: string;
  /** Why the pair was refused (status false). */
  code?: ErrorCode;
  /** On failure: fresh availability, so the phone can redraw its buttons. */
  info?: PseudoRoomInfo;
}
interface FruitSelected {
  type: "fruit_selected";
  color: ColorKey;
  selectedFruit: FruitKey;
}
interface PlayerKicked {
  type: "player_kicked";
  reason: KickReason;
}
interface PlayerStartGame {
  type: "player_startGame";
  startsInMs: number;
}
/**
 * What a phone shows of the open question when the game was launched with « Photo sur les
 * téléphones »: its photo at the room's address (served to anyone only once the question is
 * open), or its Street View view.
 */
export type PhoneMedia = { kind: "photo"; url: string } | { kind: "streetview"; streetview: StreetViewInfo };

export interface PlayerNewQuestion {
  type: "player_newQuestion";
  questionIndex: number;
  questionsNb: number;
  /** Seconds. */
  time: number;
  remainingMs: number;
  help: HelpZone | null;
  /** The question's photo or view for the phone; null unless the game shows it on the phones. */
  media: PhoneMedia | null;
  /** Room clock when sent, ms: the phone echoes it at once (EchoMsg). */
  at: number;
}
/**
 * This seat was given more time for the open question (« Temps adapté »): its own answer time and
 * what is left of it replace the question's; sent after player_newQuestion on reconnection too.
 */
export interface PlayerExtraTime {
  type: "player_extraTime";
  questionIndex: number;
  /** The seat's whole answer time for this question, ms. */
  answerTimeMs: number;
  remainingMs: number;
}
export interface PlayerAnswerCallback {
  type: "player_answer_callback";
  questionIndex: number;
  /** Milliseconds from the opening of the question, on the room's clock, less the socket's round trip. */
  tempsReponse: number;
}
/**
 * What the phone's result screen shows, and nothing more: 2,000 of these leave the room at once,
 * one per phone.
 */
export interface PlayerEndQuestion {
  type: "player_endQuestion";
  questionIndex: number;
  questionsNb: number;
  isLast: boolean;
  /** Metres from the true spot, rounded; null without an answer. */
  distance: number | null;
  pointsQuestion: number;
  pointsTotal: number;
  rank: number;
  classementMove: number;
  playersCount: number;
  team: TeamStanding | null;
}
export interface PlayerEndGame {
  type: "player_endGame";
  rank: number;
  pointsTotal: number;
  playersCount: number;
  /** Top PLAYER_END_TOP lines. */
  results: RankingLine[];
  me: RankingLine;
  team: TeamStanding | null;
  /** From the second round in the room on; null in the first. */
  night: PlayerNight | null;
}

export type PlayerServerMessage =
  | PlayerJoinRoomCallback
  | PlayerJoinPseudoRoomCallback
  | ColorSelectedCallback
  | ColorSelected
  | FruitSelectedCallback
  | FruitSelected
  | PlayerKicked
  | PlayerStartGame
  | PlayerNewQuestion
  | PlayerExtraTime
  | PlayerAnswerCallback
  | PlayerEndQuestion
  | PlayerEndGame;

// ---------------------------------------------------------------------------------------------
// Server -> anyone

/** Each page words the code itself (common/room-texts.ts). */
export interface ErrorMsg {
  type: "error";
  code: ErrorCode;
}
/** The room speaks protocol `version`, not the page's: the page reloads. */
export interface ReloadMsg {
  type: "reload";
  version: number;
}
export interface PongMsg {
  type: "pong";
  /** Room clock when sent, ms: a phone echoes it at once (EchoMsg). */
  at: number;
}

export type ServerMessage = PresenterServerMessage | PlayerServerMessage | ErrorMsg | ReloadMsg | PongMsg;
export type ServerMessageType = ServerMessage["type"];

export function errorMessage(code: ErrorCode): ErrorMsg {
  return { type: "error", code };
}
