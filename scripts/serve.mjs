// The server `npm start` runs, and the socket and browser tests with it: the production Worker
// (bundled as a deploy bundles it) served by Miniflare's workerd on its own port, with nothing
// in front of it (docs/decisions/038). Started by `startServer` (scripts/lib/server.mjs) as a
// process of its own, in a process group of its own, with its settings in REPERE_SERVE (JSON, so
// that no secret shows in the process list): { root, host, port, persistTo, vars, logRequests,
// inspectorPort }.
//
// SIGTERM, SIGINT and SIGHUP stop it at once, whatever it is doing. It also stops if the process
// that started it goes away without stopping it, so that no server outlives its `npm start` or
// its test run. Every way out goes through process.exit(): Miniflare's own exit hook then stops
// workerd, and the one below removes the bundle's folder. (Importing wrangler installs a SIGTERM
// handler that exits at once too, so nothing asynchronous could run on the way out anyway.)
import { rmSync } from "node:fs";
import { Log, LogLevel, Miniflare } from "miniflare";
import { bundleFolder, bundleWorker, workerOptions } from "./lib/worker.mjs";

const settings = JSON.parse(process.env.REPERE_SERVE ?? "{}");
// The Worker's own console.log and errors pass through whatever the level; this is Miniflare's.
const log = new Log(settings.logRequests ? LogLevel.INFO : LogLevel.WARN, { prefix: "repère" });

const bundleDir = await bundleFolder();
process.on("exit", () => rmSync(bundleDir, { recursive: true, force: true }));
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => process.exit(0));
process.stdout.on("error", () => {});
process.stderr.on("error", () => {});

const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart) process.exit(0);
}, 500).unref();

try {
  const bundle = await bundleWorker(settings.root, bundleDir);
  const mf = new Miniflare({
    ...workerOptions({ root: settings.root, bundle, persistTo: settings.persistTo, vars: settings.vars }),
    host: settings.host,
    port: settings.port,
    ...(settings.inspectorPort ? { inspectorPort: settings.inspectorPort } : {}),
    log,
    logRequests: Boolean(settings.logRequests),
  });
  await mf.ready;
} catch (error) {
  console.error(error.message ?? String(error));
  process.exit(1);
}
