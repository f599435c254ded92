// The production Worker served by Miniflare itself, without `wrangler dev` (bench/room.ts).
//
// `wrangler dev` puts a proxy Worker, in a second workerd process, in front of the app: every
// socket upgrade and every frame of every socket crosses it. Production has no such hop, and on
// the benchmark's one server core that proxy took its share of the room's CPU. Here the Worker
// is bundled exactly as a deploy bundles it (`wrangler deploy --dry-run`) and run by the same
// Miniflare and workerd that `wrangler dev` uses, with the bindings read from wrangler.toml and
// the same local state folder (so the test kit's D1 commands, which go through wrangler on that
// folder, read and write what the app sees). Static assets are not served: no page is loaded.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

export interface DirectServer {
  url: string;
  /**
   * The Worker itself, without Miniflare's front door: where the phones' sockets go (see
   * startDirect).
   */
  socketUrl: string;
  inspectorPort: number;
  /** The workerd process serving the Worker (to pin it, to read its memory). */
  workerdPid: number;
  stop(): Promise<void>;
}

/** workerd processes whose parent is this process (Miniflare's child). */
function childWorkerd(): number[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" }).split("\n");
  return rows
    .map((r) => r.trim().split(/\s+/))
    .filter(([, ppid, comm]) => Number(ppid) === process.pid && comm === "workerd")
    .map(([pid]) => Number(pid));
}

/**
 * The bundle with MAX_ROOM_PLAYERS (common/rules/launch.ts) set to `cap` in both its copies: the
 * room's, bundled from source by wrangler (`var MAX_ROOM_PLAYERS = 2e3;`), and the app's, renamed by
 * Vite's minified server build (`var qh = 2e3;`), found through the launch form's message that
 * prints it. A bundle where either is not found exactly once stops the bench rather than measure 2,000.
 */
function withRoomCap(code: string, cap: number): string {
  const room = /var MAX_ROOM_PLAYERS = [^;]+;/g;
  const message = /nombre de joueurs doit \S+ un entier entre 1 et \$\{([\w$]+)\}/.exec(code);
  if (code.match(room)?.length !== 1 || !message) throw new Error("MAX_ROOM_PLAYERS introuvable dans le bundle");
  const name = message[1]!.replace(/\$/g, "\\$");
  const app = new RegExp(`(?<![\\w$])${name} ?= ?2e3(?=[,;\\s])`, "g");
  if (code.match(app)?.length !== 1) throw new Error(`MAX_ROOM_PLAYERS de l'application (${message[1]}) introuvable dans le bundle`);
  return code.replace(room, () => `var MAX_ROOM_PLAYERS = ${cap};`).replace(app, () => `${message[1]}=${cap}`);
}

export async function startDirect(o: {
  root: string;
  port: number;
  inspectorPort: number;
  persistTo: string;
  vars: Record<string, string>;
  /** Seats a room may take, when not the product's MAX_ROOM_PLAYERS (the bundle is patched). */
  roomCap?: number;
  /** Serve build/client's static files at `url` (a page is loaded); the sockets skip them anyway. */
  assets?: boolean;
}): Promise<DirectServer> {
  const out = mkdtempSync(path.join(tmpdir(), "repere-bundle-"));
  execFileSync(path.join(o.root, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--outdir", out], {
    cwd: o.root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    stdio: "ignore",
  });
  let code = readFileSync(path.join(out, "server.js"), "utf8");
  if (o.roomCap !== undefined) {
    code = withRoomCap(code, o.roomCap);
  }
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(o.root, "wrangler.toml"));
  const before = new Set(childWorkerd());
  // No static assets unless a page is loaded: Miniflare's assets router (with its RPC to the
  // asset worker for every request, sockets included) would run on the room's thread, where
  // production runs it on Cloudflare's edge. It was a third of the server core's time in a
  // 2,000-phone storm (docs/scaling.md). The phones' direct socket (below) never meets it.
  const { assets, ...withoutAssets } = workerOptions as { assets?: unknown };
  const mf = new Miniflare({
    ...(withoutAssets as object),
    ...(o.assets ? { assets } : {}),
    name: "repere",
    // The bundle is one module: listed as is, since Miniflare's module walk refuses the
    // computed dynamic imports it contains.
    modules: [{ type: "ESModule", path: path.join(out, "server.js"), contents: code }],
    modulesRoot: out,
    bindings: { ...((workerOptions as { bindings?: Record<string, unknown> }).bindings ?? {}), ...o.vars },
    host: "127.0.0.1",
    port: o.port,
    inspectorPort: o.inspectorPort,
    // wrangler dev --persist-to keeps its state under v3/: the kit's D1 commands read it there.
    defaultPersistRoot: path.join(o.persistTo, "v3"),
    // The phones reach the Worker straight (socketUrl): Miniflare's own port runs every request
    // through its front door first, on this same workerd thread (its entry worker: two new
    // Requests and a log line), which production's edge does not put on the room's thread.
    unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    // Miniflare logs every request by POSTing a line from its entry worker to its loopback
    // server, which lives in this process, on the phones' core: one more request per socket
    // upgrade on both cores, which production's edge does not make.
    logRequests: false,
  } as ConstructorParameters<typeof Miniflare>[0]);
  const url = (await mf.ready).toString().replace(/\/$/, "");
  const socketUrl = (await mf.unsafeGetDirectURL("repere")).toString().replace(/\/$/, "");
  const workerdPid = childWorkerd().find((pid) => !before.has(pid)) ?? 0;
  return {
    url,
    socketUrl,
    inspectorPort: o.inspectorPort,
    workerdPid,
    stop: async () => {
      await mf.dispose();
      rmSync(out, { recursive: true, force: true });
    },
  };
}
