// What the benchmarks that serve the app and bring simulated phones share (bench/room.ts,
// bench/screen.ts, bench/phone-join.ts): the production build served with its bindings and raised
// per-address caps, cores pinned with taskset (Chromium too), the demo quiz, and the light phones
// (the app's own room client over `ws`).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import type { LatLng, ServerMessage } from "../common/wire/protocol";
import { RoomClient, type RoomClientOptions } from "../common/client/room-client";
import { CHROMIUM } from "../tests/support/browser";
import type { TestAccount, TestQuiz } from "../tests/support/factory";
import { servedKit } from "../tests/support/served";
import { childWorkerd, startDirect } from "./serve-direct";
// @ts-expect-error -- plain ESM helpers shared with `npm start` and the tests
import * as serverLib from "../scripts/lib/server.mjs";
// @ts-expect-error -- plain ESM data shared with `npm start`'s seeding
import * as demo from "../db/seed/demo-quiz.mjs";

interface Served {
  url: string;
  child: { pid: number };
  inspectorPort: number;
  stop(): Promise<void>;
}
export const { ROOT, applyMigrations, build, freePort, startServer } = serverLib as {
  ROOT: string;
  applyMigrations(o: { persistTo: string; registryPath: string }): void;
  build(): void;
  freePort(): Promise<number>;
  startServer(o: { port: number; persistTo: string; vars: Record<string, string>; quiet: boolean; inspectorPort?: number }): Promise<Served>;
};

export const BENCH_ADMIN = { mail: "admin@repere.test", password: "bench-password" };
/** Caps the room applies per network address (decision 013), above every size benched. */
const PHONES_PER_ADDRESS = 10_000;

export function haveTaskset() {
  return spawnSync("taskset", ["-V"], { stdio: "ignore" }).status === 0;
}

/** Pins a process and all its threads (and, with `group`, its whole process group) to a core. */
export function pin(pid: number, core: number, group = false) {
  if (!haveTaskset()) return;
  const pids = group
    ? execFileSync("ps", ["-eo", "pid=,pgid="], { encoding: "utf8" })
        .split("\n")
        .map((l) => l.trim().split(/\s+/).map(Number))
        .filter(([, pgid]) => pgid === pid)
        .map(([p]) => p!)
    : [pid];
  for (const p of pids) spawnSync("taskset", ["-a", "-p", "-c", String(core), String(p)], { stdio: "ignore" });
}

/** Chromium pinned to `core`: a wrapper in `dir` that starts it under taskset (its children inherit). */
export function pinnedChromium(dir: string, core: number): string {
  if (!haveTaskset() || cpus().length < 2) return CHROMIUM;
  const file = path.join(dir, "chromium-pinned.sh");
  writeFileSync(file, `#!/bin/sh\nexec taskset -c ${core} "${CHROMIUM}" "$@"\n`, { mode: 0o755 });
  return file;
}

/** Waits until `cond()` holds, checking often. */
export async function until(cond: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`délai dépassé : ${what}`);
    await sleep(5);
  }
}

/**
 * The simulated phones: no heartbeat (it would add pings the room answers during the measure),
 * but the real hello watchdogs and reconnection.
 */
const PHONE_OPTIONS: Partial<RoomClientOptions> = { liveness: { heartbeatMs: 0 } };

/** A room client whose every decoded message goes to `onMessage` with its arrival time. */
export function benchClient(
  host: string,
  room: string,
  role: "player" | "presenter",
  id: string,
  onMessage: (msg: ServerMessage, at: number) => void,
  token?: string | (() => string | undefined),
  extra: Partial<RoomClientOptions> = {},
) {
  const c = new RoomClient({ host, protocol: "ws", room, role, id, token, WebSocket, ...PHONE_OPTIONS, ...extra });
  c.subscribe((e) => {
    if (e.kind === "message") onMessage(e.msg, performance.now());
  });
  return c;
}

/**
 * CPU time, ms, that every thread of process `pid` has used so far (the kernel's per-thread
 * schedstat, in ns), or null where /proc cannot tell (not Linux) or no pid is known.
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  const dir = `/proc/${pid}/task`;
  try {
    let ns = 0;
    for (const tid of readdirSync(dir)) ns += Number(readFileSync(`${dir}/${tid}/schedstat`, "utf8").split(" ")[0]);
    return ns / 1e6;
  } catch {
    return null;
  }
}

/** The server's workerd (Miniflare's child, in this process or in `npm start`'s server). */
export interface ServerProcesses {
  workerdPid?: number;
}

export interface BenchServer {
  /** Pages and the test kit's HTTP calls. */
  url: string;
  /** Where the phones' sockets go (the Worker itself when served by Miniflare directly). */
  socketUrl: string;
  inspectorPort: number;
  processes: ServerProcesses;
  kit: ReturnType<typeof servedKit>;
  /** "npm start" or "Miniflare direct". */
  how: string;
  stop(): Promise<void>;
}

/** Whether BENCH_SERVE asks for `npm start`'s server (`start`) rather than the default. */
export function servedAsStart(): boolean {
  const how = process.env.BENCH_SERVE;
  if (how && how !== "start") throw new Error(`BENCH_SERVE=${how} : seule la valeur « start » (le serveur de npm start) est connue`);
  return how === "start";
}

/**
 * The production build (built first unless BENCH_NO_BUILD and a build exists), served on its
 * own state with the bench's admin and per-address caps raised for one machine, pinned to
 * `core`: by Miniflare directly (bench/serve-direct.ts: phones past its front door, decision 020)
 * or, with BENCH_SERVE=start, by the server `npm start` and the e2e tests run (scripts/serve.mjs:
 * its front door, static assets and all). `assets`: serve the static files too (a page is
 * loaded; `npm start`'s server always serves them).
 */
export async function startBenchServer(o: { core: number; assets?: boolean; roomCap?: number; vars?: Record<string, string> }): Promise<BenchServer> {
  if (!process.env.BENCH_NO_BUILD || !existsSync(path.join(ROOT, "build", "server"))) build();
  const dir = mkdtempSync(path.join(tmpdir(), "repere-bench-"));
  const persistTo = path.join(dir, "state");
  const registryPath = path.join(dir, "registry");
  applyMigrations({ persistTo, registryPath });
  const vars = {
    ADMIN_MAIL: BENCH_ADMIN.mail,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    JWT_SECRET: "bench-secret-0123456789abcdef",
    ROOM_PHONES_PER_ADDRESS: String(PHONES_PER_ADDRESS),
    ...o.vars,
  };
  const viaStart = servedAsStart();
  let served: Omit<BenchServer, "kit" | "how" | "stop"> & { stop(): Promise<void> };
  if (viaStart) {
    const s = await startServer({ port: await freePort(), persistTo, vars, quiet: true, inspectorPort: await freePort() });
    pin(s.child.pid, o.core, true);
    // The server's own Node process only starts and stops it: the Worker's figures are workerd's.
    const [workerdPid] = childWorkerd(s.child.pid);
    served = { url: s.url, socketUrl: s.url, inspectorPort: s.inspectorPort, processes: { workerdPid }, stop: s.stop };
  } else {
    const d = await startDirect({
      root: ROOT,
      port: await freePort(),
      inspectorPort: await freePort(),
      persistTo,
      vars,
      roomCap: o.roomCap,
      assets: o.assets,
    });
    if (d.workerdPid) pin(d.workerdPid, o.core);
    served = { url: d.url, socketUrl: d.socketUrl, inspectorPort: d.inspectorPort, processes: { workerdPid: d.workerdPid }, stop: d.stop };
  }
  const kit = servedKit({ baseURL: served.url, persistTo, registryPath, adminMail: BENCH_ADMIN.mail, adminPassword: BENCH_ADMIN.password });
  return {
    ...served,
    kit,
    how: viaStart ? "npm start" : "Miniflare direct",
    stop: async () => {
      await served.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The demo quiz that `npm start` gives an empty database. */
export const DEMO_QUIZ = (demo as {
  DEMO_QUIZ: {
    name: string;
    description: string;
    mapSettings: { center: LatLng; zoom: number; bounds: { north: number; south: number; east: number; west: number } };
    questions: { file: string; name: string; lat: number; lng: number }[];
  };
}).DEMO_QUIZ;

/** The demo quiz, its pictures and all, made for `owner` on the served app. */
export async function demoQuiz(kit: BenchServer["kit"], owner: TestAccount): Promise<TestQuiz> {
  const photos = await Promise.all(
    DEMO_QUIZ.questions.map((q) => kit.make.photo(new Uint8Array(readFileSync(path.join(ROOT, "db", "seed", "pictures", q.file))))),
  );
  return kit.make.quiz(owner, {
    name: DEMO_QUIZ.name,
    description: DEMO_QUIZ.description,
    mapSettings: DEMO_QUIZ.mapSettings,
    questions: DEMO_QUIZ.questions.map((q, i) => ({ name: q.name, lat: q.lat, lng: q.lng, photo: photos[i]! })),
  });
}

/** A DevTools protocol session with the Worker's isolate, through workerd's inspector. */
export async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string; title?: string }[];
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
    setTimeout(() => reject(new Error("inspecteur muet")), 5_000).unref();
  });
  let id = 0;
  const pending = new Map<number, (v: unknown) => void>();
  ws.on("message", (d) => {
    const m = JSON.parse(String(d)) as { id?: number; result?: unknown };
    if (m.id !== undefined) pending.get(m.id)?.(m.result);
  });
  // workerd's inspector does not answer every method: nothing here waits more than 5 s.
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((r) => {
      pending.set(++id, r);
      ws.send(JSON.stringify({ id, method, params }));
      setTimeout(() => r(null), 5_000).unref();
    });
  return { call, close: () => ws.close() };
}
export type Inspector = Awaited<ReturnType<typeof inspector>>;

/** CPU profiles of the Worker's isolate (BENCH_CPUPROF=dir). */
export async function profiler(session: Inspector) {
  const { call } = session;
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: 200 });
  return {
    start: () => call("Profiler.start"),
    stop: async (file: string) => {
      const r = (await call("Profiler.stop")) as { profile: unknown } | null;
      if (r) writeFileSync(file, JSON.stringify(r.profile));
    },
  };
}

