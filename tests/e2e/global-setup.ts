import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error -- plain ESM helper shared with `npm start`
import { applyMigrations, freePort, startServer } from "../../scripts/lib/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    adminMail: string;
    adminPassword: string;
    /** wrangler's local state folder of the served Worker (the test kit writes D1 there). */
    persistTo: string;
    /** wrangler's dev registry of that server. */
    registryPath: string;
    /** The server's log as it is written, each line with its time (tests/e2e/server-log.ts). */
    serverLog: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "repere-e2e-"));
  const persistTo = path.join(dir, "state");
  const registryPath = path.join(dir, "registry");
  const vars = {
    ADMIN_MAIL: "admin@repere.test",
    ADMIN_PASSWORD: "admin-e2e-password",
    JWT_SECRET: "e2e-secret-0123456789abcdef",
  };
  applyMigrations({ persistTo, registryPath });
  const server = await startServer({
    port: Number(process.env.E2E_PORT ?? (await freePort())),
    persistTo,
    registryPath,
    vars,
    quiet: true,
    // Every request and every reload of the Worker, kept for the end of the run (below).
    logLevel: "info",
  });
  // Kept as it is written, each line with its time: a failing test prints what the server did
  // meanwhile (tests/e2e/server-log.ts), and the whole run is there afterwards.
  const serverLog = path.resolve("tests/.artifacts/wrangler-e2e.log");
  mkdirSync(path.dirname(serverLog), { recursive: true });
  // What it said while starting, before anything listened.
  writeFileSync(serverLog, server.output());
  let lineStart = server.output().endsWith("\n") || server.output() === "";
  const logChunk = (chunk: Buffer) => {
    const time = new Date().toISOString().slice(11, 23);
    const text = chunk.toString();
    // A chunk may end inside a line: its end is stamped when the next one starts it again.
    appendFileSync(serverLog, (lineStart ? `${time} ` : "") + text.replace(/\n(?!$)/g, `\n${time} `));
    lineStart = text.endsWith("\n");
  };
  server.child.stdout?.on("data", logChunk);
  server.child.stderr?.on("data", logChunk);
  project.provide("serverLog", serverLog);
  project.provide("baseURL", server.url);
  project.provide("adminMail", vars.ADMIN_MAIL);
  project.provide("adminPassword", vars.ADMIN_PASSWORD);
  project.provide("persistTo", persistTo);
  project.provide("registryPath", registryPath);
  return async () => {
    await server.stop();
    reportReloads(server.output());
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * wrangler dev reloads the Worker (a new workerd) when it thinks its bundle or config changed; a
 * request in flight then gets « Your worker restarted mid-request » (503), and a test its only
 * retry. It happened in two full runs of about six, never in a run of the file alone: every reload
 * is said at the end of the run, with what the server logged just before it.
 */
function reportReloads(output: string) {
  const lines = output.split("\n");
  lines.forEach((line, i) => {
    if (!line.includes("Reloading local server")) return;
    console.warn(`\nLe serveur des tests a rechargé le Worker (tests/.artifacts/wrangler-e2e.log), après :\n${lines.slice(Math.max(0, i - 8), i + 1).join("\n")}`);
  });
}
