/**
 * Decodes what a game room sends, against the wire types of protocol.ts. Small and hand-written
 * on purpose: the phone's bundle carries it, and zod would weigh more than the phone's whole
 * game. Top-level fields only: the room is trusted to fill nested shapes, the guard keeps a
 * truncated frame, another server or a stale protocol from reaching a screen as undefined.
 */
import type { ServerMessage, ServerMessageType } from "./protocol";

type Check = (value: unknown) => boolean;

const str: Check = (v) => typeof v === "string";
const num: Check = (v) => typeof v === "number";
const bool: Check = (v) => typeof v === "boolean";
const arr: Check = (v) => Array.isArray(v);
const obj: Check = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v);

/** Every field of a message but `type`, each with its check: a new field cannot be forgotten. */
type Fields<M> = { [K in Exclude<keyof M, "type">]-?: Check };
type Shapes = { [T in ServerMessageType]: Fields<Extract<ServerMessage, { type: T }>> };

const SHAPES: Shapes = {
  // presenter
  pres_newRoom_callback: {
    roomID: str,
    quizzData: obj,
    colors: arr,
    settings: obj,
    helpSettings: arr,
    phase: str,
    playerList: arr,
    playersCount: num,
    locked: bool,
  },
  pres_newPlayer: { player: obj, playersCount: num },
  pres_playerLeft: { playerID: str, pseudo: str, playersCount: num },
  pres_kickPlayer_callback: { playerID: str, pseudo: str, playersCount: num },
  pres_lockRoom_callback: { locked: bool },
  pres_pseudoLine: { networks: arr },
  pres_startGame_callback: { startsInMs: num },
  pres_newQuestion: {
    questionIndex: num,
    questionsNb: num,
    question: obj,
    maxAnswerTime: num,
    remainingMs: num,
    answeredCount: num,
    expectedCount: num,
  },
  pres_playerAnswered: { questionIndex: num, answers: arr, answeredCount: num, expectedCount: num },
  pres_extraTime_callback: { playerID: str, pseudo: str, questionIndex: num, answerTimeMs: num, remainingMs: num },
  pres_endQuestion: { questionIndex: num },
  pres_results: {
    questionIndex: num,
    questionsNb: num,
    isLast: bool,
    spot: obj,
    answers: arr,
    results: arr,
    team_results: nullable(arr),
    playersCount: num,
    answersCount: num,
  },
  pres_endGame: { ranking: arr, team_results: nullable(arr), playersCount: num, night: nullable(obj) },
  // phone
  player_joinRoom_callback: {
    playerID: str,
    token: str,
    pseudo: str,
    marker: str,
    color: str,
    fruit: str,
    team: nullable(str),
    mode: str,
    iconType: str,
    mapSettings: obj,
    pointsSettings: obj,
    helpSettings: arr,
    maxAnswerTime: num,
    questionsNb: num,
    phase: str,
  },
  player_joinPseudoRoom_callback: { colors: arr, colorsUsed: obj, max_players: num, fruitsUsed: obj, fruits: arr },
  color_selected_callback: { status: bool, color: str, fruits: arr, code: optional(str) },
  color_selected: { selectedColor: str },
  fruit_selected_callback: {
    status: bool,
    pseudo: optional(str),
    playerID: optional(str),
    token: optional(str),
    code: optional(str),
    info: optional(obj),
  },
  fruit_selected: { color: str, selectedFruit: str },
  player_kicked: { reason: str },
  player_startGame: { startsInMs: num },
  player_newQuestion: { questionIndex: num, questionsNb: num, time: num, remainingMs: num, help: nullable(obj), media: nullable(obj), at: num },
  player_extraTime: { questionIndex: num, answerTimeMs: num, remainingMs: num },
  player_answer_callback: { questionIndex: num, tempsReponse: num },
  player_endQuestion: {
    questionIndex: num,
    questionsNb: num,
    isLast: bool,
    distance: nullable(num),
    pointsQuestion: num,
    pointsTotal: num,
    rank: num,
    classementMove: num,
    playersCount: num,
    team: nullable(obj),
  },
  player_endGame: {
    rank: num,
    pointsTotal: num,
    playersCount: num,
    results: arr,
    me: obj,
    team: nullable(obj),
    night: nullable(obj),
  },
  // anyone
  error: { code: str },
  reload: { version: num },
  pong: { at: num },
};

/** The message if `data` is one the protocol knows, with the fields its type requires; else null. */
export function decodeServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!obj(value)) return null;
  const msg = value as Record<string, unknown>;
  const type = msg.type;
  if (typeof type !== "string" || !Object.prototype.hasOwnProperty.call(SHAPES, type)) return null;
  const fields = SHAPES[type as ServerMessageType] as Record<string, Check>;
  for (const key in fields) if (!fields[key]!(msg[key])) return null;
  return msg as unknown as ServerMessage;
}
