/**
 * Every message a game room sends, declared once: its fields in the order the wire writes them,
 * what the page checks of each, and, where the wire keeps the product specification's name
 * (`wire("playerID", …)`), the code's own name for it (docs/glossary.md, Names the wire keeps from
 * the specification). The wire's types (common/wire/protocol.ts), the code's (common/wire/room-messages.ts),
 * the page's decoder and the room's encoder (party/encode.ts) are read off this table: adding a
 * field is one row.
 *
 * The page checks what a screen reads, not every rule of the game: the room is trusted to fill
 * what it sends, the checks keep a truncated frame, another server or a stale protocol from
 * reaching a screen as undefined. Objects the table does not look into (`opaque`) travel with
 * the same names on both sides.
 */
import type {
  Bounds,
  ColorKey,
  ErrorCode,
  FruitKey,
  IconType,
  KickReason,
  LatLng,
  MapSettings,
  Phase,
  RankingMode,
  RevealRow,
  StreetViewInfo,
  TargetSetting,
} from "./protocol";
import type { RingPoints } from "../rules";
import {
  type CodeMessage,
  type CodeOf,
  type WireMessage,
  type WireOf,
  bool,
  list,
  mapped,
  messageCodec,
  named,
  nullable,
  num,
  object,
  opaque,
  opaqueList,
  optional,
  str,
  wire,
} from "./codec";

const color = named<ColorKey>();
const fruit = named<FruitKey>();

/**
 * A help square: `Bounds` in the code; on the wire (helpSettings, player_newQuestion.help) the
 * specification's edges lat1, lon1 (south, west) and lat2, lon2 (north, east).
 */
export const helpSquare = mapped(
  object({ lat1: num(), lon1: num(), lat2: num(), lon2: num() }),
  (w): Bounds => ({
    north: Math.max(w.lat1, w.lat2),
    south: Math.min(w.lat1, w.lat2),
    east: Math.max(w.lon1, w.lon2),
    west: Math.min(w.lon1, w.lon2),
  }),
  (b) => ({ lat1: b.south, lon1: b.west, lat2: b.north, lon2: b.east })
);

/** A quiz question as the room plays it; the specification names its title `titre`. */
export const question = object({
  name: str(),
  kind: named<"photo" | "streetview">(),
  /** Photo URL for kind 'photo', null otherwise. */
  imageUrl: nullable(str()),
  /** Parsed embed for kind 'streetview'; the embed URL is rebuilt from it, never taken as typed. */
  streetview: nullable(opaque<StreetViewInfo>()),
  lat: num(),
  lng: num(),
  description: str(),
  /** A Street View question's title, empty when it has none; last on the wire, as it always was. */
  title: wire("titre", str()),
});

/** How answers earn points in this game. */
const scoring = object({
  /** Speed points at a question's opening (the quiz's point_max_temps). */
  speedPointsMax: wire("point_max_temps", num()),
  /** Points of the 200 / 100 / 50 / 20 m rings, frozen when the game was launched. */
  ringPoints: wire("circlesPoints", opaqueList<RingPoints>()),
});

/** A seat as the presenter's lobby lists it: its id, never its resume token. */
const roomPlayer = object({
  /** 'p' + join number. */
  seatId: wire("playerID", str()),
  pseudo: str(),
  marker: str(),
  color,
  team: nullable(color),
  connected: bool,
});

/** A line of a ranking (the socket's, the HTTP ranking's, the one stored with a finished game). */
export const rankedPlayer = object({
  rank: num(),
  seatId: wire("playerID", str()),
  pseudo: str(),
  marker: str(),
  /** Total, 2 decimals; in a night's line, the night's. */
  points: num(),
  /** Points of the question just revealed, 2 decimals (0 at the end); in a night's line, the round's. */
  questionPoints: wire("pointsQuestion", num()),
  /** Previous rank minus new rank: positive means the player went up (0 in a night's line). */
  rankMove: wire("classementMove", num()),
});

/** A team's line on the presenter's screen. */
export const rankedTeam = object({
  team: color,
  /** e.g. 'Équipe bleue'. */
  name: str(),
  rank: num(),
  /** Average of the members' totals, 2 decimals. */
  points: num(),
  rankMove: wire("classementMove", num()),
  players: list(str()),
});

/** A team's line as a phone shows it; the members stay on the presenter's screen. */
const teamStanding = object({ team: color, rank: num(), points: num() });

/** « Classement de la soirée »: the rounds played in this room added up, from the second on. */
const nightTopFields = {
  /** Rounds played in this room, the one just finished included. */
  round: num(),
  ranking: list(rankedPlayer),
  playersCount: num(),
};
const nightTop = object(nightTopFields);
/** A phone's night: its own line besides the top. */
const phoneNight = object({ ...nightTopFields, me: rankedPlayer });

/** What the pseudo screen may still choose. */
const pseudoChoicesFields = {
  /** Colours a player may pick (team mode: the first max_team colours). */
  colors: list(color),
  colorsUsed: opaque<Record<ColorKey, number>>(),
  seatsPerColor: wire("max_players", num()),
  fruitsUsed: opaque<Record<ColorKey, FruitKey[]>>(),
  fruits: list(fruit),
};
const pseudoChoices = object(pseudoChoicesFields);

/** The launch options the presenter is told, with the room's capacity. */
const roomSettings = object({
  iconType: named<IconType>(),
  mode: named<RankingMode>(),
  answerTimeSec: num(),
  /** Side of the help square in metres, or null. */
  helpZoneM: wire("helpZone", nullable(num())),
  maxPlayer: num(),
  maxTeam: num(),
  photoOnPhones: bool,
  /** Seats the room accepts in total. */
  capacity: num(),
});

/**
 * The presenter's copy of the quiz: without its unique name (its public /watch link) and with each
 * photo at the room's own address.
 */
const roomQuiz = object({
  name: str(),
  description: str(),
  mapSettings: opaque<MapSettings>(),
  questions: list(question),
  /** The rest of the map, then the rings, outermost first. */
  target: wire("targetSettings", opaqueList<TargetSetting[]>()),
  scoring: wire("pointsSettings", scoring),
});

/** An answer as the presenter's counter shows it. */
const answerNotice = object({
  seatId: wire("playerID", str()),
  pseudo: str(),
  marker: str(),
  /** Milliseconds from the question's opening to the answer, room clock. */
  elapsedMs: wire("time", num()),
});

/** The networks whose phones wait in line for the pseudo screen (an id of the room's, never the address). */
const pseudoLineNetwork = object({
  network: str(),
  /** Its phones on the pseudo screen. */
  choosing: num(),
  /** Its phones waiting in line for a place there. */
  waiting: num(),
});

/**
 * What a phone shows of the open question under « Photo sur les téléphones »: its photo at the
 * room's address, or its Street View view.
 */
export type PhoneMedia = { kind: "photo"; url: string } | { kind: "streetview"; streetview: StreetViewInfo };

const questionCount = wire("questionsNb", num());

const SERVER_TO_CLIENT = {
  // presenter
  /** Answer to every presenter hello, followed by the message of the current screen. */
  pres_newRoom_callback: object({
    /** Six digits, as text. */
    roomNumber: wire("roomID", str()),
    quiz: wire("quizzData", roomQuiz),
    /** Team colours (team mode), else every colour. */
    colors: list(color),
    settings: roomSettings,
    /** Each question's help square, or null. */
    helpSquares: wire("helpSettings", list(nullable(helpSquare))),
    phase: named<Phase>(),
    /** The whole list once, at (re)connection; afterwards only changes. */
    playerList: list(roomPlayer),
    playersCount: num(),
    /** No new seat while locked. */
    locked: bool,
  }),
  /** Upsert by seat: also sent in the lobby when a known player drops or comes back. */
  pres_newPlayer: object({ player: roomPlayer, playersCount: num() }),
  pres_playerLeft: object({ seatId: wire("playerID", str()), pseudo: str(), playersCount: num() }),
  pres_kickPlayer_callback: object({ seatId: wire("playerID", str()), pseudo: str(), playersCount: num() }),
  /** The room is now locked (or unlocked); also the answer to pres_lockRoom. */
  pres_lockRoom_callback: object({ locked: bool }),
  /** Most waiting first, at most PSEUDO_LINE_NETWORKS; none: nobody waits. */
  pres_pseudoLine: object({ networks: list(pseudoLineNetwork) }),
  pres_startGame_callback: object({ startsInMs: num() }),
  pres_newQuestion: object({
    questionIndex: num(),
    questionCount,
    question,
    /** The question's answer time, in ms in this message. */
    answerTimeMs: wire("maxAnswerTime", num()),
    remainingMs: num(),
    answeredCount: num(),
    expectedCount: num(),
  }),
  /** Merged by the room: at most one every 250 ms (party/engine/reports.ts, mergePlayerAnswered). */
  pres_playerAnswered: object({
    questionIndex: num(),
    answers: list(answerNotice),
    answeredCount: num(),
    expectedCount: num(),
  }),
  /** A seat was given more time for the open question (the answer to pres_extraTime; replayed on reconnection). */
  pres_extraTime_callback: object({
    seatId: wire("playerID", str()),
    pseudo: str(),
    questionIndex: num(),
    /** The seat's whole answer time for this question, ms. */
    answerTimeMs: num(),
    /** What is left of it, ms. */
    remainingMs: num(),
  }),
  pres_endQuestion: object({ questionIndex: num() }),
  pres_results: object({
    questionIndex: num(),
    questionCount,
    isLast: bool,
    spot: opaque<LatLng>(),
    /**
     * Every answer of the question, nearest first, as compact rows (common/wire/reveal.ts): one list
     * where the specification's events had three (coords, coords_byDist, coordsOrderDist).
     */
    answers: opaqueList<RevealRow[]>(),
    /** Top PRESENTER_TOP lines of the ranking after this question. */
    ranking: wire("results", list(rankedPlayer)),
    teams: wire("team_results", nullable(list(rankedTeam))),
    playersCount: num(),
    answersCount: num(),
  }),
  pres_endGame: object({
    /** Top PRESENTER_TOP lines. */
    ranking: list(rankedPlayer),
    teams: wire("team_results", nullable(list(rankedTeam))),
    playersCount: num(),
    /** From the second round in the room on; null in the first. */
    night: nullable(nightTop),
  }),

  // phone
  player_joinRoom_callback: object({
    seatId: wire("playerID", str()),
    /** Resume token: the phone keeps it (localStorage) and sends it in `hello` from then on. */
    token: str(),
    pseudo: str(),
    marker: str(),
    color,
    fruit,
    team: nullable(color),
    mode: named<RankingMode>(),
    iconType: named<IconType>(),
    mapSettings: opaque<MapSettings>(),
    scoring: wire("pointsSettings", scoring),
    /** Squares of the questions already opened; later ones are withheld (null). */
    helpSquares: wire("helpSettings", list(nullable(helpSquare))),
    /** The answer time of every question, in seconds in this message. */
    answerTimeSec: wire("maxAnswerTime", num()),
    questionCount,
    phase: named<Phase>(),
  }),
  player_joinPseudoRoom_callback: object(pseudoChoicesFields),
  color_selected_callback: object({
    status: bool,
    color,
    /** Fruits still free in that colour. */
    fruits: list(fruit),
    /** Why the colour was refused (status false). */
    code: optional(named<ErrorCode>()),
  }),
  /** Another phone took a seat of this colour (the count goes up by one). */
  color_selected: object({ selectedColor: color }),
  fruit_selected_callback: object({
    status: bool,
    pseudo: optional(str()),
    /** The seat just taken. */
    seatId: wire("playerID", optional(str())),
    /** Resume token, to keep before navigating to /play/{room}. */
    token: optional(str()),
    /** Why the pair was refused (status false). */
    code: optional(named<ErrorCode>()),
    /** On failure: fresh choices, so the phone can redraw its buttons. */
    info: optional(pseudoChoices),
  }),
  fruit_selected: object({ color, selectedFruit: fruit }),
  player_kicked: object({ reason: named<KickReason>() }),
  player_startGame: object({ startsInMs: num() }),
  player_newQuestion: object({
    questionIndex: num(),
    questionCount,
    /** Seconds. */
    answerTimeSec: wire("time", num()),
    remainingMs: num(),
    help: nullable(helpSquare),
    /** The question's photo or view for the phone; null unless the game shows it on the phones. */
    media: nullable(opaque<PhoneMedia>()),
    /** Room clock when sent, ms: the phone echoes it at once (echo). */
    at: num(),
  }),
  /**
   * This seat was given more time for the open question (« Temps adapté »): its own answer time
   * and what is left of it replace the question's; sent after player_newQuestion on reconnection too.
   */
  player_extraTime: object({ questionIndex: num(), answerTimeMs: num(), remainingMs: num() }),
  player_answer_callback: object({
    questionIndex: num(),
    /** Milliseconds from the opening of the question, room clock, less the socket's round trip. */
    elapsedMs: wire("tempsReponse", num()),
  }),
  /**
   * What the phone's result screen shows, and nothing more: 2,000 of these leave the room at once,
   * one per phone (written by hand, party/encode.ts).
   */
  player_endQuestion: object({
    questionIndex: num(),
    questionCount,
    isLast: bool,
    /** Metres from the true spot, rounded; null without an answer. */
    distance: nullable(num()),
    questionPoints: wire("pointsQuestion", num()),
    totalPoints: wire("pointsTotal", num()),
    rank: num(),
    rankMove: wire("classementMove", num()),
    playersCount: num(),
    team: nullable(teamStanding),
  }),
  player_endGame: object({
    rank: num(),
    totalPoints: wire("pointsTotal", num()),
    playersCount: num(),
    /** Top PLAYER_END_TOP lines. */
    ranking: wire("results", list(rankedPlayer)),
    me: rankedPlayer,
    team: nullable(teamStanding),
    /** From the second round in the room on; null in the first. */
    night: nullable(phoneNight),
  }),

  // anyone
  /** Each page words the code itself (common/client/room-texts.ts). */
  error: object({ code: named<ErrorCode>() }),
  /** The room speaks protocol `version`, not the page's: the page reloads. */
  reload: object({
    version: num(),
    /** The one sentence the room still sends: only to a page of protocol 6 or older, which cannot word a code. */
    message: optional(str()),
  }),
  /** Room clock when sent, ms: a phone echoes it at once (echo). */
  pong: object({ at: num() }),
};

export const serverMessages = messageCodec(SERVER_TO_CLIENT);

/** A room's message as the wire carries it. */
export type ServerMessage = WireMessage<typeof SERVER_TO_CLIENT>;
/** A room's message with the code's names: what the engine writes and the screens read. */
export type RoomMessage = CodeMessage<typeof SERVER_TO_CLIENT>;
export type ServerMessageType = ServerMessage["type"];

export type RankingLine = WireOf<typeof rankedPlayer>;
export type RankedPlayer = CodeOf<typeof rankedPlayer>;
export type TeamResult = WireOf<typeof rankedTeam>;
export type RankedTeam = CodeOf<typeof rankedTeam>;
export type TeamStanding = CodeOf<typeof teamStanding>;
export type NightTop = CodeOf<typeof nightTop>;
export type PhoneNight = CodeOf<typeof phoneNight>;
export type PseudoChoices = CodeOf<typeof pseudoChoices>;
export type RoomSettings = CodeOf<typeof roomSettings>;
export type RoomQuiz = CodeOf<typeof roomQuiz>;
export type RoomPlayer = CodeOf<typeof roomPlayer>;
export type AnswerNotice = CodeOf<typeof answerNotice>;
export type PseudoLineNetwork = CodeOf<typeof pseudoLineNetwork>;
export type WireQuizQuestion = WireOf<typeof question>;
export type HelpZone = WireOf<typeof helpSquare>;
export type PlayerListEntry = WireOf<typeof roomPlayer>;
export type PseudoRoomInfo = WireOf<typeof pseudoChoices>;
export type PointsSettings = WireOf<typeof scoring>;
