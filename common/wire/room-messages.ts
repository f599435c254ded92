/**
 * The room's messages as the code names them: one English name per meaning with its unit, where
 * the wire keeps the specification's names, some French, some without their unit
 * (docs/glossary.md, Names the wire keeps from the specification). The engine writes these and the
 * screens read them; both the names and the translation come from the table of
 * common/wire/server-to-client.ts. `fromWire` translates a decoded message as it reaches a page;
 * the room's encoder (party/encode.ts) writes the wire's names.
 *
 * The room client (room-client.ts) hands on the wire's messages as they are: the socket tests and
 * the benchmark speak the protocol through it, and check the wire's own fields.
 */
import { type RoomMessage, type ServerMessage, type ServerMessageType, serverMessages } from "./server-to-client";

export type {
  AnswerNotice,
  NightTop,
  PhoneNight,
  PseudoChoices,
  RankedPlayer,
  RankedTeam,
  RoomMessage,
  RoomPlayer,
  RoomQuiz,
  RoomSettings,
  TeamStanding,
} from "./server-to-client";

export type RoomMessageOf<T extends ServerMessageType> = Extract<RoomMessage, { type: T }>;

/** A decoded wire message with the code's names. */
export const fromWire = (msg: ServerMessage): RoomMessage => serverMessages.toCode(msg);
