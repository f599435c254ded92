/**
 * Server-side validation of every client message (docs/protocol.md, Principles), by the rules of
 * the table common/wire/client-to-server.ts: the four messages a crowd sends by the table's own
 * checks, the others through zod schemas made from the same rules. Types and constants live in
 * common/wire/protocol.ts (no zod), which the room imports directly: the phone's bundle never
 * ships zod.
 */
import { z } from "zod";
import { MAX_CLIENT_MESSAGE_CHARS, errorMessage, type ClientMessage, type ClientMessageType, type ErrorMsg, type Role } from "@common/wire/protocol";
import type { Spec } from "@common/wire/codec";
import { type WireClientMessage, clientMessageTable, clientMessages } from "@common/wire/client-to-server";

/** The zod schema of a rule of the table. */
function schemaOf(spec: Spec): z.ZodTypeAny {
  switch (spec.kind) {
    case "string": {
      if (spec.values) return z.enum(spec.values as [string, ...string[]]);
      let s = z.string();
      if (spec.min !== undefined) s = s.min(spec.min);
      if (spec.max !== undefined) s = s.max(spec.max);
      if (spec.pattern) s = s.regex(spec.pattern);
      return s;
    }
    case "number": {
      let n = z.number().finite();
      if (spec.int) n = n.int();
      if (spec.min !== undefined) n = n.min(spec.min);
      if (spec.max !== undefined) n = n.max(spec.max);
      return n;
    }
    case "boolean":
      return z.boolean();
    case "object":
      // z.object strips unknown keys, as the table's own reading does.
      return z.object(
        Object.fromEntries(Object.entries(spec.fields).map(([key, f]) => [key, f.optional ? schemaOf(f.spec).optional() : schemaOf(f.spec)]))
      );
    case "array":
      return z.array(spec.of ? schemaOf(spec.of) : z.unknown());
    case "nullable":
      return schemaOf(spec.of).nullable();
    case "any object":
      return z.record(z.unknown());
  }
}

const messageSchemas = Object.entries(clientMessageTable).map(([type, codec]) =>
  (schemaOf(codec.spec) as z.AnyZodObject).extend({ type: z.literal(type) })
);
export const clientMessageSchema = z.discriminatedUnion(
  "type",
  messageSchemas as [z.AnyZodObject, z.AnyZodObject, ...z.AnyZodObject[]]
) as unknown as z.ZodType<WireClientMessage>;

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

/**
 * The four messages a crowd sends (an answer and an echo per phone per question, a hello per
 * socket, a ping): zod's parse of each was a tenth of a 2,000-player question's time in the
 * room, the table's own checks are not. Anything else goes through the schemas.
 */
const CROWD = new Set<unknown>(["player_answer", "hello", "ping", "echo"]);

/**
 * Parses one raw socket frame into the code's names; never throws.
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
  let wire: WireClientMessage | null;
  if (typeof data === "object" && data !== null && CROWD.has((data as { type?: unknown }).type)) wire = clientMessages.check(data);
  else {
    const parsed = clientMessageSchema.safeParse(data);
    wire = parsed.success ? parsed.data : null;
  }
  if (!wire) return { ok: false, error: errorMessage("bad_message") };
  const msg = clientMessages.toCode(wire);
  if (role !== undefined) {
    const sender = SENDER[msg.type];
    if (sender !== null && role === null) return { ok: false, error: errorMessage("not_identified") };
    if (sender !== null && sender !== role) return { ok: false, error: errorMessage("forbidden") };
  }
  return { ok: true, msg };
}
