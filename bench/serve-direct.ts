// The production Worker served by Miniflare in this process, for bench/room.ts and the other
// benchmarks: the same bundle, bindings and state folder as `npm start`'s server
// (scripts/lib/worker.mjs), with two differences that keep what production runs at Cloudflare's
// edge off the room's thread (decision 020): the phones reach the Worker through a direct socket,
// past Miniflare's front door, and static assets are served only when a page is loaded.
// BENCH_SERVE=start serves the benchmarks with `npm start`'s own server instead (bench-kit.ts).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { Miniflare } from "miniflare";
// @ts-expect-error -- plain ESM helpers shared with `npm start`
import { bundleWorker, workerOptions } from "../scripts/lib/worker.mjs";

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

/** workerd processes whose parent is `parent` (Miniflare's child; this process by default). */
export function childWorkerd(parent = process.pid): number[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" }).split("\n");
  return rows
    .map((r) => r.trim().split(/\s+/))
    .filter(([, ppid, comm]) => Number(ppid) === parent && comm === "workerd")
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
  // The app's copy, found by the refusal that names it: m("server.game.maxPlayer", { max: … }).
  const message = /"server\.game\.maxPlayer",\s*\{\s*max:\s*([\w$]+)\s*\}/.exec(code);
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
  const bundle = (await bundleWorker(o.root)) as { dir: string; script: string };
  let code = readFileSync(bundle.script, "utf8");
  if (o.roomCap !== undefined) {
    code = withRoomCap(code, o.roomCap);
  }
  const before = new Set(childWorkerd());
  const mf = new Miniflare({
    // No static assets unless a page is loaded: Miniflare's assets router (with its RPC to the
    // asset worker for every request, sockets included) would run on the room's thread, where
    // production runs it on Cloudflare's edge. It was a third of the server core's time in a
    // 2,000-phone storm (docs/scaling.md). The phones' direct socket (below) never meets it.
    ...(workerOptions({ root: o.root, bundle, contents: code, persistTo: o.persistTo, vars: o.vars, assets: o.assets ?? false }) as object),
    host: "127.0.0.1",
    port: o.port,
    inspectorPort: o.inspectorPort,
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
      rmSync(bundle.dir, { recursive: true, force: true });
    },
  };
}
