/**
 * Every message a page sends a game room, declared once: its fields, the rule each must follow
 * (a client is hostile: the room refuses anything else with `bad_message`) and, where the wire
 * keeps the product specification's name, the code's own. The room checks a frame with these
 * rules, by hand for the four a crowd sends and through zod schemas made from the same rules for
 * the others (party/parse-client-message.ts); a page writes its commands under the code's names and the room
 * client turns them into the wire's (common/client/room-client.ts).
 *
 * Unknown keys are dropped as a message is read: the specification's extra fields (token, roomID,
 * time, timePoints) are accepted from old clients and never reach the code.
 */
import { COLOR_KEYS, FRUIT_KEYS } from "../rules/names";
import { type CodeMessage, type WireMessage, bool, messageCodec, num, object, oneOf, optional, str, wire } from "./codec";

export const MAX_TOKEN_CHARS = 128;
export const MAX_ID_CHARS = 32;

// Tokens are minted by the room (base64url / hex); anything else is not one of ours.
const token = str({ min: 16, max: MAX_TOKEN_CHARS, pattern: /^[A-Za-z0-9_-]+$/ });
const id = str({ min: 1, max: MAX_ID_CHARS, pattern: /^[A-Za-z0-9_-]+$/ });
const seatId = wire("playerID", id);

const CLIENT_TO_SERVER = {
  /** First message of every socket; also what a phone sends again after a reconnection. */
  hello: object({
    role: oneOf(["player", "presenter"]),
    version: num({ int: true, min: 0 }),
    /** Presenter token (from the launch), or a player's resume token (from localStorage). */
    token: optional(token),
  }),
  ping: object({}),
  /**
   * A phone's echo of the room's clock stamp (`at` of player_newQuestion or pong), sent as soon as
   * the frame arrives: the room's clock then, minus `at`, is the socket's round trip.
   */
  echo: object({ at: num() }),
  pres_kickPlayer: object({ seatId }),
  pres_startGame: object({}),
  pres_nextQuestion: object({}),
  /** « Verrouiller la salle » (true) / « Déverrouiller » (false). */
  pres_lockRoom: object({ locked: bool }),
  /**
   * « Libérer » on the presenter's lobby: the phones of one network on the pseudo screen give way
   * now to those of that network waiting in line (`network`: an id of pres_pseudoLine).
   */
  pres_clearChoosers: object({ network: id }),
  /** « Temps adapté » during a question: the seat gets more time for the question that is open. */
  pres_extraTime: object({ seatId }),
  player_chooseColor: object({ color: oneOf(COLOR_KEYS) }),
  player_chooseFruit: object({ color: oneOf(COLOR_KEYS), fruit: oneOf(FRUIT_KEYS) }),
  /** No time from the phone: the room measures arrival on its own clock. */
  player_answer: object({
    questionIndex: num({ int: true, min: 0, max: 999 }),
    coords: object({ lat: num({ min: -90, max: 90 }), lng: num({ min: -180, max: 180 }) }),
  }),
};

export const clientMessages = messageCodec(CLIENT_TO_SERVER);
export const clientMessageTable = CLIENT_TO_SERVER;

/** A page's message as the wire carries it. */
export type WireClientMessage = WireMessage<typeof CLIENT_TO_SERVER>;
/** A page's message with the code's names: what the screens send and the engine reads. */
export type ClientMessage = CodeMessage<typeof CLIENT_TO_SERVER>;
export type ClientMessageType = ClientMessage["type"];
