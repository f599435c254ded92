/**
 * A served Worker of a test file's own: the same production build and server as the shared one
 * (tests/e2e/global-setup.ts), on its own port, state folder and dev registry, for
 * the files that stop and restart it or that need other settings. Starting one costs about two
 * seconds, paid only by the files that ask.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
// @ts-expect-error -- plain ESM helper shared with `npm start`
import { applyMigrations, freePort, startServer } from "../../scripts/lib/server.mjs";
import type { Kit } from "./app";
import { servedKit } from "./served";

type Served = { url: string; stop(): Promise<void> };

export interface OwnServer {
  /** Its address: the same port across restarts. */
  url: string;
  kit: Kit;
  /** Stops it, leaves it down a second (its sockets see it gone), starts it again on the same state. */
  restart(): Promise<void>;
  /** Stops it and removes its state. */
  stop(): Promise<void>;
}

/** `name` tells its folders and secrets apart; `vars` are added to (or replace) the admin's and the JWT secret. */
export async function startOwnServer(name: string, vars: Record<string, string> = {}): Promise<OwnServer> {
  const dir = mkdtempSync(path.join(tmpdir(), `repere-${name}-`));
  const state = { persistTo: path.join(dir, "state"), registryPath: path.join(dir, "registry") };
  const all: Record<string, string> = {
    ADMIN_MAIL: "admin@repere.test",
    ADMIN_PASSWORD: `admin-${name}-password`,
    JWT_SECRET: `${name}-secret-0123456789abcdef`,
    ...vars,
  };
  const port = (await freePort()) as number;
  const start = async () => (await startServer({ port, ...state, vars: all, quiet: true })) as Served;
  let server: Served | null = null;
  try {
    applyMigrations(state);
    server = await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    kit: servedKit({ baseURL: server.url, ...state, adminMail: all.ADMIN_MAIL!, adminPassword: all.ADMIN_PASSWORD! }),
    async restart() {
      await server?.stop();
      server = null;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      server = await start();
    },
    async stop() {
      await server?.stop();
      server = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The own server of a file whose test starts it (`start`, inside the test and its time budget):
 * after the file's tests, the room clients pushed to `clients` are closed first, then the
 * server is stopped and its state removed.
 */
export function ownServerForFile(name: string): { start(): Promise<OwnServer>; clients: { close(): void }[] } {
  let server: OwnServer | null = null;
  const clients: { close(): void }[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.stop();
  });
  return {
    clients,
    async start() {
      server = await startOwnServer(name);
      return server;
    },
  };
}
