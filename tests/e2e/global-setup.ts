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
    /** The served Worker's local state folder (the test kit writes D1 and R2 there through wrangler). */
    persistTo: string;
    /** The dev registry of the kit's wrangler commands on that folder (this run's own). */
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
    vars,
    quiet: true,
    // Every request, kept for a failing test (tests/e2e/server-log.ts) and the end of the run.
    logRequests: true,
  });
  // Kept as it is written, each line with its time: a failing test prints what the server did
  // meanwhile (tests/e2e/server-log.ts), and the whole run is there afterwards.
  const serverLog = path.resolve("tests/.artifacts/server-e2e.log");
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
    rmSync(dir, { recursive: true, force: true });
  };
}
