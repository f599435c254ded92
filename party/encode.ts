/**
 * A room's message as the text frame a socket sends. The engine writes its messages under the
 * code's names; `frame` writes them under the wire's with the table of
 * common/wire/server-to-client.ts (the one place that knows both), then `encode` makes the text:
 * JSON.stringify, except for the one message
 * a reveal sends to every phone (player_endQuestion): its fields are fixed (numbers, a boolean,
 * one small object), so it is written directly. At 2,000 phones the 2,000 stringify calls were
 * 3 to 5 ms of the reveal's turn, the phones' frames waiting behind them; written directly they
 * take 0.8 to 2 ms in Node against 4.6 (docs/scaling.md, decision 021). The text is the same as
 * JSON.stringify's, byte for byte (encode.test.ts).
 */
import type { PlayerEndQuestion, ServerMessage } from "@common/wire/protocol";
import type { RoomMessage } from "@common/wire/room-messages";
import { serverMessages } from "@common/wire/server-to-client";

const finite = Number.isFinite;

// Fails to compile when PlayerEndQuestion gains a field endQuestion does not write.
type Unwritten = Exclude<
  keyof PlayerEndQuestion,
  | "type"
  | "questionIndex"
  | "questionsNb"
  | "isLast"
  | "distance"
  | "pointsQuestion"
  | "pointsTotal"
  | "rank"
  | "classementMove"
  | "playersCount"
  | "team"
>;
const allWritten: [Unwritten] extends [never] ? true : never = true;
void allWritten;

function endQuestion(m: PlayerEndQuestion): string {
  const d = m.distance;
  // JSON writes a number that is not finite as null; a template would write "NaN". None is ever
  // sent, but the direct path is kept to the numbers it writes the same way.
  if (
    !finite(m.questionIndex) ||
    !finite(m.questionsNb) ||
    (d !== null && !finite(d)) ||
    !finite(m.pointsQuestion) ||
    !finite(m.pointsTotal) ||
    !finite(m.rank) ||
    !finite(m.classementMove) ||
    !finite(m.playersCount) ||
    typeof m.isLast !== "boolean"
  )
    return JSON.stringify(m);
  return (
    `{"type":"player_endQuestion","questionIndex":${m.questionIndex},"questionsNb":${m.questionsNb},` +
    `"isLast":${m.isLast},"distance":${d === null ? "null" : d},"pointsQuestion":${m.pointsQuestion},` +
    `"pointsTotal":${m.pointsTotal},"rank":${m.rank},"classementMove":${m.classementMove},` +
    `"playersCount":${m.playersCount},"team":${m.team === null ? "null" : JSON.stringify(m.team)}}`
  );
}

export function encode(msg: ServerMessage): string {
  return msg.type === "player_endQuestion" ? endQuestion(msg) : JSON.stringify(msg);
}

/** The frame of one of the engine's messages. */
export const frame = (msg: RoomMessage): string => encode(serverMessages.toWire(msg));
