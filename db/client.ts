import { drizzle } from "drizzle-orm/d1";
import { fillPlaceholders, type Query } from "drizzle-orm";
import * as schema from "./schema";

/** One drizzle per D1 binding: building its schema's relations costs each request a third of a ms. */
const made = new WeakMap<D1Database, ReturnType<typeof make>>();
const make = (d1: D1Database) => drizzle(d1, { schema });

export function createDb(d1: D1Database) {
  let db = made.get(d1);
  if (!db) made.set(d1, (db = make(d1)));
  return db;
}

export type Db = ReturnType<typeof createDb>;
export { schema };

/** D1 refuses more than 100 bound parameters in one statement: lists are bound 90 at a time. */
const BOUND_PER_STATEMENT = 90;

/** `items` in parts small enough to bind in one D1 statement each. */
export function chunks<T>(items: readonly T[], size = BOUND_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What `read` returns for each statement-sized part of a long list, in one list. */
export async function readInChunks<T, R>(items: readonly T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(items)) out.push(...(await read(part)));
  return out;
}

/**
 * A statement drizzle builds once per database, then runs with its placeholders' values
 * (`sql.placeholder`): for the calls every player makes, where writing the SQL again on each call
 * was about a quarter of the call's CPU.
 */
export function builtOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) built.set(db, (statement = build(db)));
    return statement;
  };
}

/** A statement built once (builtOnce): a drizzle prepared query. */
type Built = { getQuery(): Query; mapResult(response: unknown, isFromBatch?: boolean): unknown; execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * Statements built once, run in one D1 batch with their placeholders' values: one round trip and
 * one transaction, each statement seeing what the ones before it wrote. drizzle's own `batch`
 * builds its statements again on every call; this takes the SQL each prepared query already holds
 * (`getQuery`) and reads each answer as that query would (`mapResult`).
 */
export async function batchBuilt<const S extends readonly { built: Built; values: Record<string, unknown> }[]>(
  db: Db,
  statements: S,
): Promise<{ -readonly [K in keyof S]: Awaited<ReturnType<S[K]["built"]["execute"]>> }> {
  const results = await db.$client.batch(
    statements.map(({ built, values }) => {
      const query = built.getQuery();
      return db.$client.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
    }),
  );
  return results.map((result, i) => statements[i]!.built.mapResult(result, true)) as never;
}
