// Starts the production build under `wrangler dev`: the layout users and tests both run
// (DESIGN §1). Used by `npm start` and by the test harness, each with its own port, state
// folder and dev registry so that two runs never bind to each other (STACK-FACTS).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { createServer } from "node:net";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const BIN = (name) => path.join(ROOT, "node_modules", ".bin", name);

export const LOCAL_DEFAULTS = {
  ADMIN_MAIL: "admin@repere.local",
  ADMIN_PASSWORD: "repere-admin",
  JWT_SECRET: "local-only-secret-not-for-production",
};

/** Shell first, then .dev.vars, then the documented local defaults. */
export function localVars() {
  const fromFile = {};
  const file = path.join(ROOT, ".dev.vars");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
      const m = line.match(/^\s*([A-Z_][A-Z0-9_]*)\s*=\s*"?(.*?)"?\s*$/);
      if (m) fromFile[m[1]] = m[2];
    }
  }
  const vars = {};
  for (const key of [...Object.keys(LOCAL_DEFAULTS), "GOOGLE_MAPS_API_KEY", "GOOGLE_MAPS_MAP_ID"]) {
    const value = process.env[key] ?? fromFile[key] ?? LOCAL_DEFAULTS[key];
    if (value !== undefined && value !== "") vars[key] = value;
  }
  return vars;
}

export function wranglerEnv(registryPath) {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_REGISTRY_PATH: registryPath,
    // No interactive hotkeys when a script or CI runs us.
    CI: process.env.CI ?? "",
  };
}

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", ...options });
  if (result.status !== 0) {
    throw new Error(`${path.basename(cmd)} ${args.join(" ")} a échoué (code ${result.status})`);
  }
}

export function build() {
  run(BIN("remix"), ["vite:build"], { env: { ...process.env, NODE_ENV: "production" } });
}

export function applyMigrations({ persistTo, registryPath }) {
  run(BIN("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    env: { ...wranglerEnv(registryPath), CI: "true" },
  });
}

/** A TCP port nobody listens on right now (127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * Starts wrangler dev and resolves once the home page answers. The caller stops it with
 * `stop()`; the whole process group goes, workerd included.
 */
export async function startServer({ port, persistTo, registryPath, vars = localVars(), quiet = false }) {
  const args = [
    "dev",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    // wrangler's debugger port defaults to 9229: two servers at once (tests beside npm start,
    // parallel test runs) would collide on it.
    "--inspector-port",
    String(await freePort()),
    "--log-level",
    quiet ? "warn" : "info",
  ];
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
  const child = spawn(BIN("wrangler"), args, {
    cwd: ROOT,
    env: wranglerEnv(registryPath),
    stdio: quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  let exited = false;
  child.on("exit", () => (exited = true));

  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    for (let i = 0; i < 50 && !exited; i++) await sleep(100);
    if (!exited) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`wrangler dev s'est arrêté :\n${output.slice(-4000)}`);
    try {
      const res = await fetch(url + "/", { signal: AbortSignal.timeout(5000) });
      if (res.status < 500) return { url, child, stop, output: () => output };
    } catch {}
    await sleep(300);
  }
  await stop();
  throw new Error(`wrangler dev n'a pas répondu sur ${url} :\n${output.slice(-4000)}`);
}
