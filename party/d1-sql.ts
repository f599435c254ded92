/**
 * What the room's D1 statements (d1-ops.ts, d1-history.ts) share: the statement type a
 * drizzle batch takes, and the pieces of an INSERT … SELECT whose rows travel as one JSON
 * parameter (json_each), which keeps a 2000-player question to two statements where D1's
 * 100 parameters per query would make hundreds.
 */
import { type SQL, type Table, getTableColumns, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

export type Statement = BatchItem<"sqlite">;

/**
 * The fields of a SELECT feeding an INSERT into `table`, each named as its column. drizzle's
 * insert … select takes every column of the table in the table's order (it checks at run time).
 */
export function intoColumns<T extends Table, F extends { [K in keyof T["$inferInsert"]]-?: SQL }>(table: T, fields: F): { [K in keyof F]: SQL.Aliased } {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, (value as SQL).as(columns[key]!.name)])) as {
    [K in keyof F]: SQL.Aliased;
  };
}

/** Rows sent as one JSON parameter, for json_each to walk. */
export const jsonRows = (rows: readonly unknown[]) => sql`json_each(${JSON.stringify(rows)})`;

/** The value at `index` of the row json_each is walking. */
export const rowField = (index: number) => sql.raw(`json_extract(value, '$[${index}]')`);

/** A bound value, as a field of such a SELECT. */
export const value = (v: unknown) => sql`${v}`;

/** No value, as a field of such a SELECT. */
export const NULL = sql`NULL`;
