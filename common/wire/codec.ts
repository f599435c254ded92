/**
 * The pieces the wire's two tables (server-to-client.ts, client-to-server.ts) are written with.
 * A codec says, for one value, what the wire may carry (`check`, and `spec`, the same rule as data
 * for the server's zod schemas) and how the wire's names become the code's and back (`toCode`,
 * `toWire`). The TypeScript types of both sides are read off the codecs (WireOf, CodeOf): a field
 * is declared once, in its message's row.
 *
 * No zod here: the phone's bundle carries this file, and zod weighs more than the phone's game.
 */

/** The rule a value follows, as data: the room's parser (party/parse-client-message.ts) turns it into a zod schema. */
export type Spec =
  | { kind: "string"; min?: number; max?: number; pattern?: RegExp; values?: readonly string[] }
  | { kind: "number"; int?: boolean; min?: number; max?: number }
  | { kind: "boolean" }
  | { kind: "object"; fields: Record<string, { spec: Spec; optional: boolean }> }
  | { kind: "array"; of: Spec | null }
  | { kind: "nullable"; of: Spec }
  | { kind: "any object" };

export interface Codec<W, C> {
  readonly spec: Spec;
  /** Whether a value off the wire is one of these (never throws). */
  readonly check: (value: unknown) => boolean;
  readonly toCode: (wire: W) => C;
  readonly toWire: (code: C) => W;
  /** The code's value is the wire's, names and all: neither direction copies it. */
  readonly same: boolean;
  readonly optional: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any codec, whatever its types
export type AnyCodec = Codec<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- either side, whatever the other
export type WireOf<C> = C extends Codec<infer W, any> ? W : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- either side, whatever the other
export type CodeOf<C> = C extends Codec<any, infer K> ? K : never;

// A codec whose sides are the same type passes values through untouched.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- either side, of the same shape
const identity = (x: any) => x;

function leaf<T>(spec: Spec, check: (v: unknown) => boolean): Codec<T, T> {
  return { spec, check, toCode: identity, toWire: identity, same: true, optional: false };
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A string; with bounds or a pattern when a client sends it. */
export function str(rule: { min?: number; max?: number; pattern?: RegExp } = {}): Codec<string, string> {
  const { min = 0, max = Infinity, pattern } = rule;
  return leaf({ kind: "string", ...rule }, (v) => typeof v === "string" && v.length >= min && v.length <= max && (!pattern || pattern.test(v)));
}

/** One of a closed list of strings (colours, fruits, roles). */
export function oneOf<const T extends string>(values: readonly T[]): Codec<T, T> {
  return leaf({ kind: "string", values }, (v) => typeof v === "string" && (values as readonly string[]).includes(v));
}

/** A string the room names with a closed list the page does not check (a phase, a mode, an error code). */
export const named = <T extends string>(): Codec<T, T> => leaf({ kind: "string" }, (v) => typeof v === "string");

/** A finite number; with bounds or whole when a client sends it. */
export function num(rule: { int?: boolean; min?: number; max?: number } = {}): Codec<number, number> {
  const { int = false, min = -Infinity, max = Infinity } = rule;
  return leaf({ kind: "number", ...rule }, (v) => isNumber(v) && v >= min && v <= max && (!int || Number.isInteger(v)));
}

export const bool: Codec<boolean, boolean> = leaf({ kind: "boolean" }, (v) => typeof v === "boolean");

/**
 * An object the table does not look into: same names on both sides, and the room is trusted to
 * fill it (a map's settings, a Street View view).
 */
export const opaque = <T>(): Codec<T, T> => leaf({ kind: "any object" }, isRecord);
/** A list the table does not look into (the reveal's rows, the target's rings). */
export const opaqueList = <T extends unknown[]>(): Codec<T, T> => leaf({ kind: "array", of: null }, Array.isArray);

export function nullable<W, C>(c: Codec<W, C>): Codec<W | null, C | null> {
  return {
    spec: { kind: "nullable", of: c.spec },
    check: (v) => v === null || c.check(v),
    toCode: c.same ? identity : (w) => (w === null ? null : c.toCode(w)),
    toWire: c.same ? identity : (k) => (k === null ? null : c.toWire(k)),
    same: c.same,
    optional: false,
  };
}

/** A field a message may leave out. */
export function optional<W, C>(c: Codec<W, C>): Codec<W | undefined, C | undefined> & { readonly optional: true } {
  return {
    ...c,
    check: (v) => v === undefined || c.check(v),
    toCode: c.same ? identity : (w) => (w === undefined ? undefined : c.toCode(w)),
    toWire: c.same ? identity : (k) => (k === undefined ? undefined : c.toWire(k)),
    optional: true,
  };
}

export function list<W, C>(c: Codec<W, C>): Codec<W[], C[]> {
  return {
    spec: { kind: "array", of: c.spec },
    check: (v) => Array.isArray(v) && v.every(c.check),
    toCode: c.same ? identity : (w) => w.map(c.toCode),
    toWire: c.same ? identity : (k) => k.map(c.toWire),
    same: c.same,
    optional: false,
  };
}

/** A value whose code form is not the wire's shape (a help square's edges): converted both ways. */
export function mapped<W, C>(c: Codec<W, W>, toCode: (w: W) => C, toWire: (k: C) => W): Codec<W, C> {
  return { ...c, toCode, toWire, same: false };
}

/** A field the wire names otherwise than the code: `wire("titre", str())` under the key `title`. */
export interface Renamed<N extends string, C extends AnyCodec> {
  readonly wire: N;
  readonly codec: C;
}
export const wire = <N extends string, C extends AnyCodec>(name: N, codec: C): Renamed<N, C> => ({ wire: name, codec });

/** An object's fields by the code's name: a codec, or a renamed one. In the wire's order. */
export type Fields = Record<string, AnyCodec | Renamed<string, AnyCodec>>;

type CodecAt<E> = E extends Renamed<string, infer C> ? C : E;
type WireKey<K, E> = E extends Renamed<infer N, AnyCodec> ? N : K;
type OptionalKeys<F> = { [K in keyof F]: CodecAt<F[K]> extends { optional: true } ? K : never }[keyof F];
type Show<T> = { [K in keyof T]: T[K] } & {};

export type WireObject<F extends Fields> = Show<
  { [K in Exclude<keyof F, OptionalKeys<F>> as WireKey<K, F[K]>]: WireOf<CodecAt<F[K]>> } & {
    [K in OptionalKeys<F> as WireKey<K, F[K]>]?: WireOf<CodecAt<F[K]>>;
  }
>;
export type CodeObject<F extends Fields> = Show<
  { [K in Exclude<keyof F, OptionalKeys<F>>]: CodeOf<CodecAt<F[K]>> } & { [K in OptionalKeys<F>]?: CodeOf<CodecAt<F[K]>> }
>;

interface Row {
  code: string;
  wire: string;
  codec: AnyCodec;
}

/**
 * An object of known fields. Both directions write the fields in the table's order (so the text
 * JSON.stringify makes of the wire's object keeps its bytes) and leave out what is undefined (as
 * JSON does), and unknown keys are dropped: nothing a client adds reaches the code.
 */
export interface ObjectCodec<W, C> extends Codec<W, C> {
  /** Writes the fields of `value` into `out` under the other side's names (a message's, after its type). */
  readonly fill: (out: Record<string, unknown>, value: object, direction: "toCode" | "toWire") => void;
}

export function object<F extends Fields>(fields: F): ObjectCodec<WireObject<F>, CodeObject<F>> {
  const rows: Row[] = Object.entries(fields).map(([code, e]) =>
    "wire" in e ? { code, wire: e.wire, codec: e.codec } : { code, wire: code, codec: e }
  );
  const specFields: Record<string, { spec: Spec; optional: boolean }> = {};
  for (const r of rows) specFields[r.wire] = { spec: r.codec.spec, optional: r.codec.optional };
  const fill = (out: Record<string, unknown>, value: object, direction: "toCode" | "toWire") => {
    const input = value as Record<string, unknown>;
    const [from, to] = direction === "toCode" ? (["wire", "code"] as const) : (["code", "wire"] as const);
    for (const r of rows) {
      const v = input[r[from]];
      if (v !== undefined) out[r[to]] = r.codec.same ? v : r.codec[direction](v);
    }
  };
  const copy = (direction: "toCode" | "toWire") => (value: object) => {
    const out: Record<string, unknown> = {};
    fill(out, value, direction);
    return out;
  };
  return {
    fill,
    spec: { kind: "object", fields: specFields },
    check: (v) => isRecord(v) && rows.every((r) => r.codec.check(v[r.wire])),
    toCode: copy("toCode") as (w: WireObject<F>) => CodeObject<F>,
    toWire: copy("toWire") as (k: CodeObject<F>) => WireObject<F>,
    // Copied even without a rename: the copy is what drops the keys the table does not know.
    same: false,
    optional: false,
  };
}

/**
 * One direction's messages: each type with its fields. The decoded message keeps its `type`
 * first, as every message on the wire has it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any message's fields
export type Table = Record<string, ObjectCodec<any, any>>;
export type WireMessage<T extends Table> = { [K in keyof T & string]: Show<{ type: K } & WireOf<T[K]>> }[keyof T & string];
export type CodeMessage<T extends Table> = { [K in keyof T & string]: Show<{ type: K } & CodeOf<T[K]>> }[keyof T & string];

export function messageCodec<T extends Table>(table: T) {
  const codecOf = (type: unknown) =>
    typeof type === "string" && Object.prototype.hasOwnProperty.call(table, type) ? table[type] : undefined;
  return {
    /** The wire's message if `value` is one of the table's, with the fields its row requires; else null. */
    check(value: unknown): WireMessage<T> | null {
      if (!isRecord(value)) return null;
      const codec = codecOf(value.type);
      return codec && codec.check(value) ? (value as WireMessage<T>) : null;
    },
    toCode(msg: WireMessage<T>): CodeMessage<T> {
      const out: Record<string, unknown> = { type: msg.type };
      table[msg.type]!.fill(out, msg, "toCode");
      return out as CodeMessage<T>;
    },
    toWire(msg: CodeMessage<T>): WireMessage<T> {
      const out: Record<string, unknown> = { type: msg.type };
      table[msg.type]!.fill(out, msg, "toWire");
      return out as WireMessage<T>;
    },
  };
}
