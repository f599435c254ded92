// Builds and serves the production build: the layout users and tests both run. Used by
// `npm start`, the test harness and the benchmarks, each with its own port and state folder.
// The server itself is scripts/serve.mjs: the Worker on Miniflare's workerd, nothing in
// front of it (docs/decisions/038). The dev registry path only matters to the wrangler commands
// run on a state folder (migrations, the demo seed, the test kit's D1 and R2 writes): each run
// keeps its own, so that they never find another run's server.
//
// Every long-lived child runs in a process group of its own (`detached`), so that stopping it
// takes its whole tree (the server's workerd, a build's esbuild) and so that a Ctrl-C
// reaches our handler first instead of killing half of the tree. The price is that nobody but
// us can stop those groups: every exit path must go through `stopGroup` / `stopAllGroups`.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { createServer } from "node:net";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const BIN = (name) => path.join(ROOT, "node_modules", ".bin", name);

/**
 * The documented local defaults: one file, which the Worker reads too, to refuse to serve with
 * them anywhere but on localhost (app/server/auth/config.server.ts).
 */
export const LOCAL_DEFAULTS = JSON.parse(readFileSync(path.join(ROOT, "app", "server", "auth", "local-defaults.json"), "utf8"));

/**
 * The Worker's variables, as README's configuration table lists them (PORT is npm start's own):
 * each one set in the shell reaches the Worker, secrets included (as local vars).
 */
export const WORKER_VARS = [
  "ADMIN_MAIL",
  "ADMIN_PASSWORD",
  "JWT_SECRET",
  "GOOGLE_MAPS_API_KEY",
  "GOOGLE_MAPS_MAP_ID",
  "ROOM_PHONES_PER_ADDRESS",
];

/** NAME=value lines of a .dev.vars file (quotes around the value dropped). */
function parseDevVars(text) {
  const vars = {};
  for (const line of text.split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z_][A-Z0-9_]*)\s*=\s*"?(.*?)"?\s*$/);
    if (m) vars[m[1]] = m[2];
  }
  return vars;
}

function devVarsFile() {
  const file = path.join(ROOT, ".dev.vars");
  return existsSync(file) ? parseDevVars(readFileSync(file, "utf8")) : {};
}

/** Shell first, then .dev.vars, then the documented local defaults; unset or empty: left out. */
export function localVars(shell = process.env, fromFile = devVarsFile()) {
  const vars = {};
  for (const key of WORKER_VARS) {
    const value = shell[key] ?? fromFile[key] ?? LOCAL_DEFAULTS[key];
    if (value !== undefined && value !== "") vars[key] = value;
  }
  return vars;
}

export function wranglerEnv(registryPath) {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_REGISTRY_PATH: registryPath,
    // Miniflare otherwise downloads a sample `Request.cf` from workers.cloudflare.com at every
    // start and prints a stack trace when offline; the app never reads `request.cf`.
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    // No interactive hotkeys when a script or CI runs us.
    CI: process.env.CI ?? "",
  };
}

// ---------------------------------------------------------------------------------------------
// Process groups

/** Children started by `spawnGroup` whose group may still hold processes → stop signal. */
const groups = new Map();
/** Set by `stopAllGroups`: a step still under way must not start a group nobody would stop. */
let closing = false;

// Last resort for exits that skipped the orderly stop (uncaught error, process.exit()).
process.on("exit", () => {
  for (const child of groups.keys()) signalGroup(child.pid, "SIGKILL");
});

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: nothing left in the group
  }
}

/** The state letter and process group of each process, from /proc (Linux). */
async function processTable() {
  const table = [];
  for (const entry of await readdir("/proc").catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.push({ pid: Number(entry), state, pgrp: Number(pgrp) });
    } catch {
      // The process ended between readdir and readFile.
    }
  }
  return table;
}

/**
 * Whether a process of the group still runs. kill(0) alone is not enough: it also counts
 * zombies, and an init that never reaps them (some containers) would keep a group "alive"
 * forever, although a zombie holds no port and no file.
 */
async function groupAlive(pgid) {
  if (!signalGroup(pgid, 0)) return false;
  if (!existsSync("/proc/self/stat")) return true;
  return (await processTable()).some((p) => p.pgrp === pgid && p.state !== "Z");
}

async function waitGroupGone(pgid, ms) {
  const deadline = Date.now() + ms;
  while (await groupAlive(pgid)) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Starts a command at the repository root as the leader of a new process group. `stopSignal`
 * is what `stopGroup` sends first: SIGTERM lets a server close cleanly; SIGKILL suits a step
 * with nothing to save, which otherwise prints errors about its helpers dying before it.
 */
function spawnGroup(cmd, args, { stopSignal = "SIGTERM", ...options } = {}) {
  if (closing) throw new Error("arrêt en cours");
  const child = spawn(cmd, args, { cwd: ROOT, ...options, detached: true });
  if (child.pid !== undefined) groups.set(child, stopSignal);
  return child;
}

/**
 * Stops the whole group of a `spawnGroup` child: its stop signal, SIGKILL after `graceMs`.
 * Resolves once no process of the group runs any more, so its ports are free.
 */
async function stopGroup(child, graceMs = 5000) {
  if (child.pid === undefined) return;
  const signal = groups.get(child) ?? "SIGTERM";
  if (signalGroup(child.pid, signal) && !(await waitGroupGone(child.pid, graceMs))) {
    signalGroup(child.pid, "SIGKILL");
    await waitGroupGone(child.pid, 2000);
  }
  groups.delete(child);
}

/** Stops every group this process started and has not stopped yet; starts no other. */
export function stopAllGroups(graceMs) {
  closing = true;
  return Promise.all([...groups.keys()].map((child) => stopGroup(child, graceMs)));
}

/**
 * Runs a command in its own group without blocking the event loop, so that signal handlers
 * still run while it works. Resolves with its output when `capture` is set. A stop kills it
 * outright: a build is simply redone, a local D1 write is an SQLite transaction, and an R2 put
 * is repeated whole by the next start.
 */
export function runInGroup(cmd, args, { env = process.env, capture = false } = {}) {
  const child = spawnGroup(cmd, args, {
    stopSignal: "SIGKILL",
    env,
    stdio: capture ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (err += d));
  const name = `${path.basename(cmd)} ${args.slice(0, 2).join(" ")}`;
  // Helpers it leaves behind (a build's esbuild service) go with it; they may also hold its
  // output pipes open, which would delay "close" for ever.
  const swept = new Promise((resolve) => child.once("exit", () => stopGroup(child, 1000).then(resolve)));
  return new Promise((resolve, reject) => {
    child.on("error", (error) => reject(new Error(`${name} n'a pas pu démarrer : ${error.message}`)));
    child.on("close", async (code, signal) => {
      await swept;
      if (code === 0) return resolve(out);
      const detail = capture ? `\n${(err || out).trim()}` : "";
      reject(new Error(`${name} a échoué (${signal ?? `code ${code}`})${detail}`));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Build and migrations: blocking versions for the test harness and the benchmark, group
// versions for `npm start`, which must answer a signal at any moment.

const buildCommand = () => [BIN("remix"), ["vite:build"], { env: { ...process.env, NODE_ENV: "production" } }];

const migrationsCommand = ({ persistTo, registryPath }) => [
  BIN("wrangler"),
  ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo],
  { env: { ...wranglerEnv(registryPath), CI: "true" } },
];

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", ...options });
  if (result.status !== 0) {
    throw new Error(`${path.basename(cmd)} ${args.join(" ")} a échoué (code ${result.status})`);
  }
}

export const build = () => run(...buildCommand());
export const buildInGroup = () => runInGroup(...buildCommand());
export const applyMigrations = (state) => run(...migrationsCommand(state));
export const applyMigrationsInGroup = (state) => runInGroup(...migrationsCommand(state));

// ---------------------------------------------------------------------------------------------
// Ports and the server

function listenOnce(port) {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(port, "127.0.0.1", () => {
      const { port: bound } = srv.address();
      srv.close(() => resolve(bound));
    });
  });
}

/**
 * A TCP port nobody listens on right now (127.0.0.1), drawn below Linux's ephemeral range
 * (32768 and up): a port the kernel picked for us would be free to hand to the next process
 * asking for any port (workerd's own listeners do), which then took it before the server bound
 * it ("Address already in use"). Falls back to the kernel's pick after 50 taken draws.
 */
export async function freePort() {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await portIsFree(port)) return port;
  }
  return listenOnce(0);
}

/** Whether nobody listens on `port` (127.0.0.1), where the server binds. */
export const portIsFree = (port) => listenOnce(port).then(() => true, () => false);

/**
 * Starts the server (scripts/serve.mjs) and resolves once the home page answers. The caller
 * stops it with `stop()`; the whole process group goes, workerd included. `quiet` keeps its
 * output in memory (`output()`); `logRequests` adds a line per request to it; `inspectorPort`
 * opens workerd's inspector there (profiles).
 */
export async function startServer({ port, persistTo, vars = localVars(), quiet = false, logRequests = false, inspectorPort }) {
  const settings = { root: ROOT, host: "127.0.0.1", port, persistTo, vars, logRequests, inspectorPort };
  const child = spawnGroup(process.execPath, [path.join(ROOT, "scripts", "serve.mjs")], {
    env: { ...process.env, REPERE_SERVE: JSON.stringify(settings) },
    stdio: quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  let exited = false;
  child.on("exit", () => (exited = true));
  const stop = () => stopGroup(child);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`le serveur s'est arrêté :\n${output.slice(-4000)}`);
    }
    try {
      const res = await fetch(url + "/", { signal: AbortSignal.timeout(5000) });
      if (res.status < 500) return { url, child, stop, output: () => output, inspectorPort };
    } catch {
      // Not listening yet: try again.
    }
    await sleep(300);
  }
  await stop();
  throw new Error(`le serveur n'a pas répondu sur ${url} :\n${output.slice(-4000)}`);
}
