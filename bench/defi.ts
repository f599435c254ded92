// `npm run bench:defi`: a défi played by 2,000 phones (not part of npm test).
//
// The production build served as bench:room serves it (bench/bench-kit.ts: Miniflare directly,
// the phones' calls past its front door, decision 020; BENCH_SERVE=start serves it with
// `npm start`'s own server, as the e2e tests do), the server on one core and this process (every
// phone) on the other where the machine has two; data made through the test kit
// (tests/support/served.ts).
// Each player joins (which opens the first question, starting its clock), then plays 10
// questions: opens the next one (the POST that starts its clock) past the first, loads its photo,
// thinks, answers; players start over the first 20 s and answer every ~20 s, about 100
// answers a second in all; a few phones read the leaderboard meanwhile (5 a second). Each phone
// calls from an address of its own, as on a real network (joins are counted per address).
// Prints p50/p99 of each call, the errors, the machine's load average before and after, the
// server's share of its core during the rush of joins and after it, and then the server's CPU
// per call of each kind, measured apart (the calls sent one at a time once the défi is over, the
// lowest of BENCH_ROUNDS rounds, 3 by default).
// Options: BENCH_PLAYERS=2000 BENCH_QUESTIONS=10 BENCH_ANSWERS_PER_S=100 BENCH_READS_PER_S=5, BENCH_ROUNDS=3,
// BENCH_NO_BUILD=1 (reuse build/), BENCH_CPUPROF=dir (a CPU profile of the Worker's isolate for
// each kind of call measured apart: dir/defi-{kind}.cpuprofile).
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { postJson } from "../tests/support/app";
import { PARIS_MAP, seedPicture } from "../tests/fixtures/paris";
import type { DefiJoined, DefiLeaderboard, DefiOpened } from "../common/contracts/defi/types";
import { inspector, pin, processCpuMs, profiler, startBenchServer } from "./bench-kit";
import path from "node:path";

const SERVER_CORE = 0;
const PHONES_CORE = 1;

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 10);
const ANSWERS_PER_S = Number(process.env.BENCH_ANSWERS_PER_S ?? 100);
const READS_PER_S = Number(process.env.BENCH_READS_PER_S ?? 5);
/** Each player answers every PLAYERS / ANSWERS_PER_S seconds on average (20 s at the defaults). */
const CYCLE_MS = (PLAYERS / ANSWERS_PER_S) * 1000;
const P99_TARGET_MS = 300;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");

type Kind = "join" | "open" | "photo" | "answer" | "leaderboard";
const times: Record<Kind, number[]> = { join: [], open: [], photo: [], answer: [], leaderboard: [] };
const errors: Record<Kind, number> = { join: 0, open: 0, photo: 0, answer: 0, leaderboard: 0 };
/** The first refusal of each call, to say why when there are errors. */
const firstError: Partial<Record<Kind, string>> = {};

async function timed<T>(kind: Kind, call: () => Promise<Response>, read: (res: Response) => Promise<T>): Promise<T | null> {
  const start = performance.now();
  try {
    const res = await call();
    const body = await read(res);
    times[kind].push(performance.now() - start);
    if (!res.ok) {
      errors[kind]++;
      firstError[kind] ??= `${res.status} ${JSON.stringify(body).slice(0, 120)}`;
      return null;
    }
    return body;
  } catch (error) {
    errors[kind]++;
    const cause = (error as { cause?: unknown }).cause;
    firstError[kind] ??= cause ? `${String(error)} (${String(cause)})` : String(error);
    return null;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  console.log(`Défi : ${PLAYERS} joueurs, ${QUESTIONS} questions, ~${ANSWERS_PER_S} réponses/s, ${READS_PER_S} lectures du classement/s`);
  console.log(`Machine : ${cpus().length} cœurs, charge moyenne au départ ${load()}`);
  const server = await startBenchServer({ core: SERVER_CORE });
  if (cpus().length > 1) pin(process.pid, PHONES_CORE);
  console.log(`Serveur ${server.url} (${server.how})`);
  try {
    const { kit } = server;
    const { make } = kit;
    // The phones' calls go where the phones' sockets would: the Worker itself when served directly.
    const phoneFetch = (p: string, init?: RequestInit) => fetch(`${server.socketUrl}${p}`, init);
    const app = { ...kit.app, origin: server.socketUrl, fetch: phoneFetch };
    const owner = await make.mj();
    const pictures = ["tour.jpg", "arc.jpg", "pyramide.jpg"];
    const keys: string[] = [];
    for (const p of pictures) keys.push(await make.photo(seedPicture(p)));
    const { bounds } = PARIS_MAP;
    const spot = (q: number) => ({
      lat: bounds.south + ((q * 0.37) % 1) * (bounds.north - bounds.south),
      lng: bounds.west + ((q * 0.61) % 1) * (bounds.east - bounds.west),
    });
    const quiz = await make.quiz(owner, {
      name: "Banc d'essai",
      mapSettings: PARIS_MAP,
      questions: Array.from({ length: QUESTIONS }, (_, q) => ({ ...spot(q), photo: keys[q % keys.length]! })),
    });
    const created = await postJson(
      app,
      "/api/defis/new",
      { quiz: quiz.uniqueName, deadline: Date.now() + 86_400_000, answerTimeSec: 60, helpZoneM: null, nameMode: "pseudo" },
      await app.cookieFor(owner),
    );
    if (created.status !== 201) throw new Error(`création du défi : ${created.status} ${await created.text()}`);
    const { code } = (await created.json()) as { code: string };
    const api = (p: string) => `/api/defi/${code}/${p}`;
    const devices: string[] = [];
    let answered = 0;
    const serverCpu = () => processCpuMs(server.processes.workerdPid);
    let rushEnd: { at: number; cpu: number | null } | null = null;

    const player = async (i: number) => {
      await sleep((i / PLAYERS) * CYCLE_MS);
      let device = "";
      const joined = await timed<DefiJoined>(
        "join",
        // Each phone from its own address, as on a real network (joins are counted per address).
        () =>
          app.fetch(api("join"), {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: app.origin, "CF-Connecting-IP": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
            body: "{}",
          }),
        async (res) => {
          device = res.headers.get("Set-Cookie")?.split(";")[0] ?? "";
          return res.json() as Promise<DefiJoined>;
        },
      );
      if (!joined || !device) return;
      devices.push(device);
      if (devices.length === PLAYERS) rushEnd = { at: performance.now(), cpu: serverCpu() };
      for (let q = 0; q < QUESTIONS; q++) {
        // The first question comes opened with the join, as the phone takes it.
        const opened =
          q === 0 && joined.question
            ? { kind: "question" as const, question: joined.question }
            : await timed<DefiOpened>("open", () => postJson(app, api("open"), {}, device), (res) => res.json() as Promise<DefiOpened>);
        if (!opened || opened.kind !== "question") return;
        const photoUrl = opened.question.photoUrl!;
        await timed("photo", () => app.fetch(photoUrl, { headers: { Cookie: device } }), (res) => res.arrayBuffer());
        // Think, then answer: on average one answer per player every CYCLE_MS.
        await sleep(CYCLE_MS * (0.75 + Math.random() * 0.5) - 300);
        const s = spot(q);
        const at = { lat: s.lat + (Math.random() - 0.5) * 0.004, lng: s.lng + (Math.random() - 0.5) * 0.004 };
        const reveal = await timed("answer", () => postJson(app, api("answer"), { question: q, ...at }, device), (res) => res.json());
        if (reveal) answered++;
      }
    };

    let playing = true;
    const reader = async () => {
      while (playing) {
        await sleep(1000 / READS_PER_S);
        const device = devices[Math.floor(Math.random() * devices.length)];
        void timed("leaderboard", () => app.fetch(api("ranking"), { headers: device ? { Cookie: device } : {} }), (res) => res.json());
      }
    };
    const started = performance.now();
    const cpuAtStart = serverCpu();
    const readers = reader();
    const progress = setInterval(() => {
      const s = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`  ${s} s : ${devices.length} joueurs, ${answered} réponses, charge ${load()}`);
    }, 20_000);
    await Promise.all(Array.from({ length: PLAYERS }, (_, i) => player(i)));
    playing = false;
    await readers;
    clearInterval(progress);
    const ended = performance.now();
    const cpuAtEnd = serverCpu();
    const seconds = (ended - started) / 1000;

    const board = (await (await app.fetch(api("ranking"))).json()) as DefiLeaderboard;
    console.log(`\n${answered} réponses en ${seconds.toFixed(0)} s (${(answered / seconds).toFixed(1)}/s), ${board.playersCount} joueurs au classement`);
    console.log("appel            n      p50 ms   p99 ms   erreurs");
    let over = false;
    for (const kind of Object.keys(times) as Kind[]) {
      const p50 = percentile(times[kind], 50);
      const p99 = percentile(times[kind], 99);
      if (kind !== "join" && kind !== "photo" && p99 > P99_TARGET_MS) over = true;
      console.log(`${kind.padEnd(14)} ${String(times[kind].length).padStart(6)} ${p50.toFixed(1).padStart(9)} ${p99.toFixed(1).padStart(8)} ${String(errors[kind]).padStart(9)}`);
    }
    for (const [kind, why] of Object.entries(firstError)) console.log(`Première erreur (${kind}) : ${why}`);
    console.log(`Charge moyenne à la fin : ${load()}`);
    const share = (from: number, cpuFrom: number | null, to: number, cpuTo: number | null) =>
      cpuFrom === null || cpuTo === null ? null : Math.round(((cpuTo - cpuFrom) / (to - from)) * 100);
    const rush = rushEnd as { at: number; cpu: number | null } | null;
    const rushShare = rush ? share(started, cpuAtStart, rush.at, rush.cpu) : null;
    const playShare = rush ? share(rush.at, rush.cpu, ended, cpuAtEnd) : null;
    if (rush)
      console.log(
        `Part de son cœur prise par le serveur : ${rushShare ?? "?"} % pendant l'arrivée des joueurs (${((rush.at - started) / 1000).toFixed(1)} s), ${playShare ?? "?"} % ensuite`,
      );
    const session = process.env.BENCH_CPUPROF ? await inspector(server.inspectorPort).catch(() => null) : null;
    const prof = session ? await profiler(session) : null;
    const perCall = await cpuPerCall(app, api, serverCpu, prof && ((kind: string) => ({ start: prof.start, stop: () => prof.stop(path.join(process.env.BENCH_CPUPROF!, `defi-${kind}.cpuprofile`)) })));
    session?.close();
    console.log(`Temps processeur du serveur par appel, appels envoyés un à un (ms) : ${Object.entries(perCall).map(([k, v]) => `${k} ${v ?? "?"}`).join(", ")}`);
    console.log(over ? `Un p99 dépasse ${P99_TARGET_MS} ms (ouvrir, répondre ou lire le classement).` : `Chaque p99 (ouvrir, répondre, classement) est sous ${P99_TARGET_MS} ms.`);
    console.log(JSON.stringify({ players: PLAYERS, questions: QUESTIONS, answered, seconds: Math.round(seconds), p50: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(percentile(v, 50))])), p99: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(percentile(v, 99))])), errors, load: loadavg(), server_core_share_pct: { rush: rushShare, after: playShare }, server_cpu_ms_per_call: perCall }));
  } finally {
    await server.stop();
  }
}

/**
 * The server's CPU time for one call of each kind, alone: CALIBRATION fresh players join one at a
 * time (each from a new address), open the first question, load its photo and answer it, then as
 * many leaderboard reads; each kind's CPU over its calls, in ms per call. Done ROUNDS times with
 * new players, each kind's lowest round kept: a collection or another process's burst lands in one
 * round, not in all (the profile, when asked, is of the first round).
 */
async function cpuPerCall(
  app: { fetch: (p: string, init?: RequestInit) => Promise<Response>; origin: string },
  api: (p: string) => string,
  serverCpu: () => number | null,
  profile: ((kind: Kind | "floor") => { start(): Promise<unknown>; stop(): Promise<unknown> }) | null,
): Promise<Record<Kind | "floor", number | null>> {
  const CALIBRATION = 100;
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
  const out = {} as Record<Kind | "floor", number | null>;
  for (let round = 0; round < ROUNDS; round++) {
    const measure = async (kind: Kind | "floor", call: (i: number) => Promise<unknown>) => {
      const prof = round === 0 ? profile?.(kind) : undefined;
      await prof?.start();
      const before = serverCpu();
      for (let i = 0; i < CALIBRATION; i++) await call(i);
      const after = serverCpu();
      await prof?.stop();
      const perCall = before === null || after === null ? null : Number(((after - before) / CALIBRATION).toFixed(2));
      out[kind] = perCall === null ? null : Math.min(out[kind] ?? Number.POSITIVE_INFINITY, perCall);
    };
    const devices: string[] = [];
    const photos: string[] = [];
    // The floor: a call the Worker answers without D1 (a code of the wrong shape, refused as unknown).
    await measure("floor", () => app.fetch("/api/defi/x/state").then((r) => r.arrayBuffer()));
    // A join opens the player's first question; « Question suivante » opens the second.
    await measure("join", async (i) => {
      const res = await app.fetch(api("join"), {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: app.origin, "CF-Connecting-IP": `11.${round}.${(i >> 8) & 255}.${i & 255}` },
        body: "{}",
      });
      photos.push(((await res.json()) as DefiJoined).question?.photoUrl ?? "");
      devices.push(res.headers.get("Set-Cookie")?.split(";")[0] ?? "");
    });
    await measure("photo", async (i) => (await app.fetch(photos[i]!, { headers: { Cookie: devices[i]! } })).arrayBuffer());
    await measure("answer", async (i) => (await postJson(app, api("answer"), { question: 0, lat: 48.85, lng: 2.35 }, devices[i]!)).arrayBuffer());
    await measure("open", async (i) => (await postJson(app, api("open"), {}, devices[i]!)).arrayBuffer());
    await measure("leaderboard", async (i) => (await app.fetch(api("ranking"), { headers: { Cookie: devices[i]! } })).arrayBuffer());
  }
  return out;
}

await main();
process.exit(0);
