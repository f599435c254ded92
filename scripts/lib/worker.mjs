// The production Worker as Miniflare serves it on this machine: the bundle a deploy makes, and
// the options that run it with wrangler.toml's bindings on a local state folder. Shared by the
// server `npm start` and the tests run (scripts/serve.mjs) and the benchmarks' own
// (bench/serve-direct.ts), so that both serve the same thing.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

/** The Worker's name in wrangler.toml: Miniflare files each Durable Object's storage under it. */
const WORKER_NAME = "repere";

/** A fresh folder for a bundle; whoever asks for it removes it. */
export const bundleFolder = () => mkdtemp(path.join(tmpdir(), "repere-bundle-"));

/**
 * Bundles server.ts (with build/server inside it) exactly as `wrangler deploy` would, into `dir`
 * (a fresh folder unless given). Resolves with the folder and the bundle's path; the caller
 * removes the folder.
 */
export async function bundleWorker(root, dir) {
  dir ??= await bundleFolder();
  try {
    await promisify(execFile)(path.join(root, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--outdir", dir], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`le Worker n'a pas pu être assemblé (wrangler deploy --dry-run) :\n${(error.stderr || error.stdout || String(error)).trim().slice(-3000)}`);
  }
  return { dir, script: path.join(dir, "server.js") };
}

/**
 * Miniflare's options for the bundle: wrangler.toml's bindings and static assets (its
 * `_headers` and `run_worker_first` included), `.dev.vars` under `vars`, state where
 * `wrangler dev --persist-to` and `wrangler d1 … --local --persist-to` keep it (`persistTo/v3`),
 * so that the migrations, the demo seed and the test kit's D1 commands see what the app sees.
 * `contents` replaces the bundle's text (a benchmark patches it); `assets: false` serves no
 * static file.
 */
export function workerOptions({ root, bundle, contents, persistTo, vars = {}, assets = true }) {
  const { workerOptions: fromToml } = unstable_getMiniflareWorkerOptions(path.join(root, "wrangler.toml"));
  const { assets: assetOptions, bindings = {}, ...rest } = fromToml;
  return {
    ...rest,
    ...(assets ? { assets: assetOptions } : {}),
    name: WORKER_NAME,
    // The bundle is one module, listed as is: Miniflare's module walk refuses the computed
    // dynamic imports it contains.
    modules: [{ type: "ESModule", path: bundle.script, ...(contents === undefined ? {} : { contents }) }],
    modulesRoot: bundle.dir,
    bindings: { ...bindings, ...vars },
    defaultPersistRoot: path.join(persistTo, "v3"),
    // Miniflare otherwise downloads a sample `Request.cf` at every start and warns when offline;
    // the app never reads `request.cf`.
    cf: false,
  };
}
