import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

/**
 * Puts data straight into the D1 and R2 of the Worker that global-setup.ts serves, through
 * wrangler's local commands on the same --persist-to folder: browser tests can then start from
 * a quiz without clicking through the wizard. Data must be unique per test (one shared server).
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const WRANGLER = path.join(ROOT, "node_modules", ".bin", "wrangler");
const ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

function wrangler(args: string[]): string {
  return execFileSync(WRANGLER, [...args, "--local", "--persist-to", inject("persistTo")], {
    cwd: ROOT,
    env: ENV,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Runs SQL (one or more statements) on the served Worker's D1. */
export function execSql(sql: string): string {
  return wrangler(["d1", "execute", "DB", "--command", sql]);
}

/** A value as an SQL literal: strings quoted with doubled quotes, null as NULL. */
export function sqlValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${value.replace(/'/g, "''")}'`;
}

/** Stores bytes in the served Worker's R2 bucket under `key`. */
export function putObject(key: string, bytes: Uint8Array, contentType: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "repere-r2-"));
  try {
    const file = path.join(dir, "object");
    writeFileSync(file, bytes);
    wrangler(["r2", "object", "put", `repere-media/${key}`, "--file", file, "--content-type", contentType]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
