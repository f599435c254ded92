/**
 * A route's input through a zod schema: the parameters of its address, its query, its JSON or
 * form body. The route reads the caller first (auth.server.ts), then its input here, then calls
 * app/server functions with typed values (docs/decisions/009-one-server-convention.md).
 *
 * - An address or a query that does not fit names nothing: the route's own refusal (a 404 with
 *   its French sentence, most of the time), whatever the problem.
 * - A body that does not fit is a 400 with the first problem's message: the schema's own message
 *   where it has one (words carried as text, common/i18n/words.ts), else the route's `fallback`
 *   (zod's default messages are English and never reach anyone).
 */
import { z } from "zod";
import { MSG } from "@common/contracts/messages";
import type { Words } from "@common/i18n/ids";
import { wordsOf, wordsText } from "@common/i18n/words";
import { readForm, readJson, SMALL_BODY_BYTES } from "./body.server";
import { Refusal } from "./refusal.server";

type Params = Record<string, string | undefined>;

/** The parameters of the route's address; `refusal` when they do not fit. */
export function parseParams<S extends z.ZodTypeAny>(params: Params, schema: S, refusal: Refusal): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw refusal;
  return parsed.data as z.output<S>;
}

/** Each name's first value, as `get` reads them. */
function firsts<V>(entries: Iterable<[string, V]>): Record<string, V> {
  const fields: Record<string, V> = {};
  for (const [name, value] of entries) if (!(name in fields)) fields[name] = value;
  return fields;
}

/** The query of the request's URL (each name's first value); `refusal` when it does not fit. */
export function parseQuery<S extends z.ZodTypeAny>(request: Request, schema: S, refusal: Refusal): z.output<S> {
  return parseParams(firsts(new URL(request.url).searchParams), schema, refusal);
}

/**
 * The schema's own messages kept (`required_error`, a check's message), zod's English defaults
 * replaced by `fallback`: a parse-time error map would otherwise win over the schema's.
 */
const ownMessagesOnly = (fallback: Words): z.ZodErrorMap => (issue, ctx) => ({
  message: ctx.defaultError === z.defaultErrorMap(issue, ctx).message ? wordsText(fallback) : ctx.defaultError,
});

/** Fields already read (a body read in steps) through `schema`, or 400 with the first problem's message. */
export function parseFields<S extends z.ZodTypeAny>(value: unknown, schema: S, fallback: Words): z.output<S> {
  const parsed = schema.safeParse(value, { errorMap: ownMessagesOnly(fallback) });
  if (!parsed.success) {
    const said = parsed.error.issues[0]?.message;
    throw Refusal.badRequest(said ? wordsOf(said) : fallback);
  }
  return parsed.data as z.output<S>;
}

/**
 * A JSON body (application/json only, 64 KB at most: body.server.ts) through `schema`. A body that
 * is not JSON at all is read as an empty object, so that it gets the missing fields' message.
 */
export async function parseJson<S extends z.ZodTypeAny>(request: Request, schema: S, fallback: Words = MSG.required): Promise<z.output<S>> {
  return parseFields((await readJson(request)) ?? {}, schema, fallback);
}

/** A form's file field: the file sent, or null (nothing, or a text in its place). */
export const fileField = z.unknown().transform((value) => (value instanceof File ? value : null));

interface FormLimits {
  /** The largest body read (default: a small form); beyond, 413 with `tooLarge`. */
  maxBytes?: number;
  tooLarge?: Words;
  /** The message of a problem the schema has no message for. */
  fallback?: Words;
}

/**
 * A form body (urlencoded or multipart) through `schema`, as an object of its fields (each name's
 * first value; files as File); a body that is no form has no fields. Read only now: the route has
 * checked who is calling before.
 */
export async function parseForm<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  { maxBytes = SMALL_BODY_BYTES, tooLarge, fallback = MSG.required }: FormLimits = {},
): Promise<z.output<S>> {
  const form = await readForm(request, maxBytes, tooLarge);
  return parseFields(form ? firsts(form) : {}, schema, fallback);
}
