/**
 * Server-side validation of every client message (docs/protocol.md, Principles). Types and
 * constants live in common/protocol.ts (no zod) and are re-exported here, so server code has one
 * import while the phone bundle imports common/protocol.ts and never ships zod.
 */
import { z } from "zod";
import { COLOR_KEYS, FRUIT_KEYS } from "@common/rules";
import {
  MAX_CLIENT_MESSAGE_CHARS,
  MAX_ID_CHARS,
  MAX_TOKEN_CHARS,
  errorMessage,
  type ClientMessage,
  type ClientMessageType,
  type ErrorMsg,
  type Role,
} from "@common/protocol";

export * from "@common/protocol";

// Tokens are minted by the room (base64url / hex); anything else is not one of ours.
const token = z
  .string()
  .min(16)
  .max(MAX_TOKEN_CHARS)
  .regex(/^[A-Za-z0-9_-]+$/);
const id = z
  .string()
  .min(1)
  .max(MAX_ID_CHARS)
  .regex(/^[A-Za-z0-9_-]+$/);
const latLng = z.object({
  lat: z.number().finite().min(-90).max(90),
  lng: z.number().finite().min(-180).max(180),
});

// z.object strips unknown keys: the specification's extra fields (token, roomID, time, timePoints)
// are accepted from old clients and silently dropped, so nothing downstream can trust them.
const helloSchema = z.object({
  type: z.literal("hello"),
  role: z.enum(["player", "presenter"]),
  token: token.optional(),
  version: z.number().int().nonnegative(),
});
const pingSchema = z.object({ type: z.literal("ping") });
const echoSchema = z.object({ type: z.literal("echo"), at: z.number().finite() });
const presKickPlayerSchema = z.object({ type: z.literal("pres_kickPlayer"), playerID: id });
const presStartGameSchema = z.object({ type: z.literal("pres_startGame") });
const presNextQuestionSchema = z.object({ type: z.literal("pres_nextQuestion") });
const presLockRoomSchema = z.object({ type: z.literal("pres_lockRoom"), locked: z.boolean() });
const presClearChoosersSchema = z.object({ type: z.literal("pres_clearChoosers"), network: id });
const presExtraTimeSchema = z.object({ type: z.literal("pres_extraTime"), playerID: id });
const playerChooseColorSchema = z.object({
  type: z.literal("player_chooseColor"),
  color: z.enum(COLOR_KEYS),
});
const playerChooseFruitSchema = z.object({
  type: z.literal("player_chooseFruit"),
  color: z.enum(COLOR_KEYS),
  fruit: z.enum(FRUIT_KEYS),
});
const playerAnswerSchema = z.object({
  type: z.literal("player_answer"),
  questionIndex: z.number().int().min(0).max(999),
  coords: latLng,
});

export const clientMessageSchema = z.discriminatedUnion("type", [
  helloSchema,
  pingSchema,
  echoSchema,
  presKickPlayerSchema,
  presStartGameSchema,
  presNextQuestionSchema,
  presLockRoomSchema,
  presClearChoosersSchema,
  presExtraTimeSchema,
  playerChooseColorSchema,
  playerChooseFruitSchema,
  playerAnswerSchema,
]);

// Compile-time guard: the schemas and the hand-written types must describe the same messages.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemasMatchTypes: Same<z.infer<typeof clientMessageSchema>, ClientMessage> = true;
void schemasMatchTypes;

/** Which role may send each message; `null` = any socket, even one that has not said hello. */
const SENDER: Record<ClientMessageType, Role | null> = {
  hello: null,
  ping: null,
  echo: null,
  pres_kickPlayer: "presenter",
  pres_startGame: "presenter",
  pres_nextQuestion: "presenter",
  pres_lockRoom: "presenter",
  pres_clearChoosers: "presenter",
  pres_extraTime: "presenter",
  player_chooseColor: "player",
  player_chooseFruit: "player",
  player_answer: "player",
};

type ParseResult = { ok: true; msg: ClientMessage } | { ok: false; error: ErrorMsg };

const TOKEN_CHARS = /^[A-Za-z0-9_-]+$/;
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const inRange = (x: unknown, min: number, max: number): x is number =>
  typeof x === "number" && Number.isFinite(x) && x >= min && x <= max;

/**
 * The four messages a crowd sends (an answer and an echo per phone per question, a hello per
 * socket, a ping), checked by hand: zod's parse of each was a tenth of a 2,000-player question's time in
 * the room. Accepts only what the schemas accept and returns what they return (unknown keys
 * dropped); anything it does not accept goes through the schemas, which say why.
 */
function parseCommon(data: unknown): ClientMessage | null {
  if (!isRecord(data)) return null;
  switch (data.type) {
    case "player_answer": {
      const { questionIndex: q, coords } = data;
      if (!inRange(q, 0, 999) || !Number.isInteger(q) || !isRecord(coords)) return null;
      const { lat, lng } = coords;
      if (!inRange(lat, -90, 90) || !inRange(lng, -180, 180)) return null;
      return { type: "player_answer", questionIndex: q, coords: { lat, lng } };
    }
    case "hello": {
      const { role, token: t, version } = data;
      if ((role !== "player" && role !== "presenter") || !inRange(version, 0, Number.MAX_VALUE) || !Number.isInteger(version))
        return null;
      if (t === undefined) return { type: "hello", role, version };
      if (typeof t !== "string" || t.length < 16 || t.length > MAX_TOKEN_CHARS || !TOKEN_CHARS.test(t)) return null;
      return { type: "hello", role, token: t, version };
    }
    case "ping":
      return { type: "ping" };
    case "echo":
      return typeof data.at === "number" && Number.isFinite(data.at) ? { type: "echo", at: data.at } : null;
    default:
      return null;
  }
}

/**
 * Parses one raw socket frame; never throws.
 * `role`: the socket's role once it said hello, `null` before (only hello and ping pass), or
 * omitted to skip the role check (tests, tools).
 */
export function parseClientMessage(raw: unknown, role?: Role | null): ParseResult {
  if (typeof raw !== "string") return { ok: false, error: errorMessage("bad_message") };
  if (raw.length > MAX_CLIENT_MESSAGE_CHARS) return { ok: false, error: errorMessage("too_large") };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, error: errorMessage("bad_message") };
  }
  let msg = parseCommon(data);
  if (!msg) {
    const parsed = clientMessageSchema.safeParse(data);
    if (!parsed.success) return { ok: false, error: errorMessage("bad_message") };
    msg = parsed.data;
  }
  if (role !== undefined) {
    const sender = SENDER[msg.type];
    if (sender !== null && role === null) return { ok: false, error: errorMessage("not_identified") };
    if (sender !== null && sender !== role) return { ok: false, error: errorMessage("forbidden") };
  }
  return { ok: true, msg };
}
