/**
 * drizzle over the D1 of the served Worker (Node side of the e2e tests and the benchmarks),
 * through wrangler's own local command on the same --persist-to folder: the
 * same database the app reads, written with the same schema. Spawning wrangler costs about a
 * second, so every query issued in the same turn of the event loop (a drizzle batch, or
 * factory calls under one Promise.all) goes out in one command.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { schema } from "@db/client";
import type { KitDb } from "./factory";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const WRANGLER = path.join(ROOT, "node_modules", ".bin", "wrangler");

export interface ServedState {
  /** wrangler's local state folder of the served Worker. */
  persistTo: string;
  /** wrangler's dev registry of that server (so that wrangler never talks to another one). */
  registryPath?: string;
}

/**
 * One wrangler at a time per state folder: two local commands writing the same D1 or R2 files
 * at once fail (R2 answers 500).
 */
const queues = new Map<string, Promise<unknown>>();

function inTurn<T>(state: ServedState, job: () => Promise<T>): Promise<T> {
  const previous = queues.get(state.persistTo) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(job);
  queues.set(state.persistTo, next);
  return next;
}

function wrangler(state: ServedState, args: string[]) {
  return run(WRANGLER, [...args, "--local", "--persist-to", state.persistTo], {
    cwd: ROOT,
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: "false",
      CI: "true",
      ...(state.registryPath ? { WRANGLER_REGISTRY_PATH: state.registryPath } : {}),
    },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** A bound value as an SQL literal: `wrangler d1 execute` takes no parameters. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`valeur non finie : ${value}`);
    return String(value);
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "string") return `'${value.replace(/'/g, "''")}'`;
  if (value instanceof Uint8Array) return `X'${Buffer.from(value).toString("hex")}'`;
  throw new Error(`valeur SQL non prise en charge : ${typeof value}`);
}

/** Replaces each `?` placeholder (outside quotes) with its parameter, in order. */
export function inlineParams(sql: string, params: unknown[]): string {
  let out = "";
  let next = 0;
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"' || ch === "`") {
      quote = ch;
      out += ch;
    } else if (ch === "?") {
      if (next >= params.length) throw new Error(`paramètre manquant dans : ${sql}`);
      out += sqlLiteral(params[next++]);
    } else out += ch;
  }
  if (next !== params.length) throw new Error(`${params.length - next} paramètre(s) en trop pour : ${sql}`);
  return out;
}

type Method = "run" | "all" | "values" | "get";
interface Pending {
  sql: string;
  method: Method;
  resolve: (result: { rows: unknown[] }) => void;
  reject: (error: unknown) => void;
}

/**
 * `wrangler d1 execute --local` runs its own workerd on the same SQLite file as the served
 * Worker, so the two lock each other out: while the app reads, a command now and then fails with
 * « database is locked: SQLITE_BUSY » (6 writes of 40 with pages read every 50 ms). Every failure
 * is printed with wrangler's output (drizzle's « Failed query » hides it). A batch of reads is
 * tried again whatever failed, since reading twice changes nothing; a batch with a write only
 * when SQLite was busy: wrangler sends the file as one D1 batch, one transaction, so a busy
 * database wrote none of it.
 */
const D1_ATTEMPTS = 3;
const READ = /^\s*select\b/i;
const BUSY = /SQLITE_BUSY|database is locked/;

function d1Failure(error: unknown) {
  const detail = (error as { stderr?: string; stdout?: string }).stderr || (error as { stdout?: string }).stdout || "";
  return new Error(`D1 servie : ${String(error)}\n${detail.slice(-2000)}`);
}

/**
 * Runs `run` up to `max` times while it throws an error `again` accepts, telling each failure to
 * `failed`; the last one is thrown. A short pause between attempts lets the other side finish.
 */
async function attempts<T>(
  max: number,
  run: () => Promise<T>,
  failed: (error: unknown, attempt: number) => void,
  again: (error: unknown) => boolean = () => true,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      failed(error, attempt);
      if (attempt >= max || !again(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export function servedDb(state: ServedState): KitDb {
  let queue: Pending[] = [];
  let scheduled = false;

  /** Runs in its turn: whatever was asked until then goes out in this one command. */
  async function flush() {
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    // A file, not --command: a long batch would not fit in one argument.
    const dir = mkdtempSync(path.join(tmpdir(), "repere-d1-"));
    const readOnly = batch.every((p) => READ.test(p.sql));
    try {
      const file = path.join(dir, "batch.sql");
      writeFileSync(file, batch.map((p) => p.sql.trim().replace(/;$/, "")).join(";\n") + ";\n");
      let results: { results?: Record<string, unknown>[] }[];
      try {
        const { stdout } = await attempts(
          D1_ATTEMPTS,
          () => wrangler(state, ["d1", "execute", "DB", "--json", "--file", file]),
          // Said even when a retry saves it: drizzle's « Failed query » would hide this cause.
          (error, attempt) => console.warn(`${d1Failure(error).message.slice(0, 1500)}\n(essai ${attempt})`),
          (error) => readOnly || BUSY.test(d1Failure(error).message),
        );
        results = JSON.parse(stdout) as typeof results;
      } catch (error) {
        for (const p of batch) p.reject(d1Failure(error));
        return;
      }
      batch.forEach((p, i) => {
        // sqlite-proxy wants rows as arrays of values, in the statement's column order.
        const rows = (results[i]?.results ?? []).map((r) => Object.values(r));
        p.resolve({ rows: p.method === "get" ? ((rows[0] ?? undefined) as unknown[]) : rows });
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  function enqueue(sql: string, params: unknown[], method: Method) {
    return new Promise<{ rows: unknown[] }>((resolve, reject) => {
      queue.push({ sql: inlineParams(sql, params), method, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setTimeout(() => {
          scheduled = false;
          void inTurn(state, flush);
        }, 0);
      }
    });
  }

  return drizzle(
    (sql, params, method) => enqueue(sql, params, method),
    (batch) => Promise.all(batch.map((q) => enqueue(q.sql, q.params, q.method))),
    { schema },
  ) as unknown as KitDb;
}

/** Attempts at one R2 put: the same object under the same key, so trying again changes nothing else. */
const R2_PUT_ATTEMPTS = 3;

/**
 * Stores bytes in the served Worker's R2 bucket. wrangler's local `r2 object put` runs its own
 * workerd for each object, and that one now and then dies on the way ("Network connection lost",
 * about once in a full `npm test`): a seeding step, not the app under test, so it is tried again.
 */
export async function servedPutObject(state: ServedState, key: string, bytes: Uint8Array, contentType: string) {
  await inTurn(state, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "repere-r2-"));
    try {
      const file = path.join(dir, "object");
      writeFileSync(file, bytes);
      await attempts(
        R2_PUT_ATTEMPTS,
        () => wrangler(state, ["r2", "object", "put", `repere-media/${key}`, "--file", file, "--content-type", contentType]),
        (error, attempt) => {
          if (attempt < R2_PUT_ATTEMPTS) console.warn(`R2 local : essai ${attempt} de ${key} échoué, nouvel essai (${String(error).split("\n")[0]})`);
        },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
