// Which workerd serves the room in `npm run bench:room` (BENCH_WORKERD).
//
// The project's wrangler is the last that runs on Node 20 (decision 001), so its Miniflare
// starts the workerd of its own release (April 2026); Cloudflare runs the latest workerd. The
// runtime matters to these figures (docs/scaling.md: on the November runtime the room's full
// collections were three times longer and each frame sent a third dearer), so the bench can
// serve the room with another release of the same binary, fetched from the npm registry, through
// Miniflare's own MINIFLARE_WORKERD_PATH.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** npm's name for workerd's binary package on this machine, as the `workerd` package picks it. */
function binaryPackage(): string {
  const arch = { x64: "64", arm64: "arm64" }[process.arch as string];
  const platform = { linux: "linux", darwin: "darwin" }[process.platform as string];
  if (!arch || !platform) throw new Error(`BENCH_WORKERD : pas de workerd publié pour ${process.platform} ${process.arch}`);
  return `@cloudflare/workerd-${platform}-${arch}`;
}

const npm = (args: string[], cwd?: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/**
 * A release of workerd (`1.20261117.1`, or `latest`) unpacked under .cache/ at the project's
 * root, fetched once.
 */
function fetchedRelease(root: string, wanted: string): string {
  const pkg = binaryPackage();
  const version = wanted === "latest" ? npm(["view", pkg, "version"]) : wanted;
  if (!/^\d+\.\d{8}\.\d+$/.test(version)) throw new Error(`BENCH_WORKERD : version de workerd inconnue « ${wanted} » (ex. 1.20261117.1, latest, ou un chemin)`);
  const dir = path.join(root, ".cache", "workerd", version);
  const bin = path.join(dir, "package", "bin", "workerd");
  if (existsSync(bin)) return bin;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  npm(["pack", `${pkg}@${version}`, "--silent"], dir);
  const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
  if (!tarball) throw new Error(`BENCH_WORKERD : npm pack ${pkg}@${version} n'a rien téléchargé`);
  execFileSync("tar", ["xzf", tarball], { cwd: dir });
  return bin;
}

/**
 * Picks the workerd binary the bench's Miniflare will start and says which release it is:
 * the installed one when `wanted` is empty, else a path to a binary, a release number or
 * `latest`.
 */
export function useWorkerd(root: string, wanted: string | undefined): string {
  let bin: string;
  if (!wanted) {
    // Miniflare's own variable, when already set, is what it will start.
    bin = process.env.MINIFLARE_WORKERD_PATH ?? (createRequire(path.join(root, "package.json"))("workerd") as { default: string }).default;
  } else {
    bin = wanted.includes(path.sep) ? path.resolve(wanted) : fetchedRelease(root, wanted);
    process.env.MINIFLARE_WORKERD_PATH = bin;
  }
  // "workerd 2026-11-17"
  return execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
}
