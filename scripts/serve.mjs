// The server `npm start` runs, and the socket and browser tests with it: the production Worker
// (bundled as a deploy bundles it) served by Miniflare's workerd on its own port, with nothing
// in front of it (docs/decisions/038). Started by `startServer` (scripts/lib/server.mjs) as a
// process of its own, in a process group of its own, with its settings in REPERE_SERVE (JSON, so
// that no secret shows in the process list): { root, host, port, persistTo, vars, logRequests,
// inspectorPort }.
//
// SIGTERM, SIGINT and SIGHUP stop it: workerd first, then the bundle's folder. It also stops if
// the process that started it goes away without stopping it, so that no server outlives its
// `npm start` or its test run.
import { rm } from "node:fs/promises";
import { Log, LogLevel, Miniflare } from "miniflare";
import { bundleWorker, workerOptions } from "./lib/worker.mjs";

const settings = JSON.parse(process.env.REPERE_SERVE ?? "{}");
// The Worker's own console.log and errors pass through whatever the level; this is Miniflare's.
const log = new Log(settings.logRequests ? LogLevel.INFO : LogLevel.WARN, { prefix: "repère" });

let mf = null;
let bundle = null;
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  await mf?.dispose().catch(() => undefined);
  if (bundle) await rm(bundle.dir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => stop(0));
process.stdout.on("error", () => {});
process.stderr.on("error", () => {});

const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart) void stop(0);
}, 500).unref();

try {
  bundle = await bundleWorker(settings.root);
  if (stopping) process.exit(0);
  mf = new Miniflare({
    ...workerOptions({ root: settings.root, bundle, persistTo: settings.persistTo, vars: settings.vars }),
    host: settings.host,
    port: settings.port,
    ...(settings.inspectorPort ? { inspectorPort: settings.inspectorPort } : {}),
    log,
    logRequests: Boolean(settings.logRequests),
  });
  await mf.ready;
} catch (error) {
  if (!stopping) {
    console.error(error.message ?? String(error));
    await stop(1);
  }
}
