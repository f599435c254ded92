// `npm run bench:room`: latency of one game room under N simulated players (not part of npm test).
//
// The production build is served by Miniflare directly (bench/serve-direct.ts: the deploy bundle,
// the phones past Miniflare's front door), pinned to one core; this process (all the simulated
// phones) is pinned to the other. BENCH_SERVE=start serves it with `npm start`'s own server, as
// the e2e tests do (scripts/serve.mjs: front door and static assets included). For each N it
// launches a room through the app (the test kit: an MJ, a quiz, POST /api/game/launch), seats N
// phones, plays a few questions and measures:
//   question: presenter sends pres_nextQuestion -> each phone receives player_newQuestion
//   ack:      a phone sends player_answer (all answer within 2 s) -> it receives its ack
//   results:  the last answer is sent -> each phone receives player_endQuestion
//   join:     the N phones arrive within JOIN_WINDOW_MS (the QR code is up): each phone's start
//             -> its seat (player_joinRoom_callback)
//   storm:    during a reveal every phone's socket dies at the same moment (the venue's Wi-Fi
//             restarts) and each comes back within a second with its resume token: the death
//             -> the seat back (player_joinRoom_callback); beside it, when each phone actually
//             asked for its new socket (storm_asked_p99_ms: this process's own delay)
// the sizes of the presenter's results message and of a phone's end-of-question message, the
// room's memory per seat (workerd's resident memory before and after seating the phones), the
// CPU time V8's background threads took on the server's core during each reveal (Linux, Miniflare
// serving: reveal_v8_background_max_ms), and, as the floor, the same fan-out from a bare `ws`
// server in Node on the server's core.
// Every phone and the presenter are the app's own room client (common/client/room-client.ts) over `ws`,
// and so are the floor's clients: both sides pay the same client cost, the difference is the room.
// Ends with one JSON line per N. Options: BENCH_SIZES=50,200 BENCH_ROUNDS=3 BENCH_NO_BUILD=1,
// BENCH_JOIN_MS=5000 (the join window), BENCH_ROOM_CAP=5000 (to see a room past the product's
// 2,000-seat cap: the bench's own bundle is served with that cap instead; Miniflare serving only),
// BENCH_WORKERD=1.20261117.1 (or latest, or a path to a binary) to serve the room with another
// release of workerd than the one this wrangler installs, such as the one Cloudflare runs now
// (bench/workerd.ts: fetched once from the npm registry into .cache/), and
// BENCH_CPUPROF=dir to write CPU profiles of the Worker's isolate (the inspector) during the
// measured questions and the storm (open them in Chrome's DevTools).
// This process (every phone, and the floor's clients) runs with --expose-gc and
// --single-threaded-gc (package.json). Just before each timed broadcast (a question, the last
// answer, a round of the floor) it collects its own garbage (settleHeap), so that its own
// collections (scavenges of 6 to 8 ms with a thousand clients alive) do not land inside what is
// timed; those that still do are counted and printed beside the figures they touched. Single-
// threaded, because V8's four collector threads of this process share its one core: in a run
// recorded with `perf sched` they took four fifths of it for 100 ms during a reveal (while its
// own collection counter saw nothing, the pauses being on those threads), and that reveal's
// phones waited 60 to 90 ms for their messages, the room's part being over after 45.
// Every phone comes from 127.0.0.1: the room's per-address caps are raised for the bench
// (ROOM_PHONES_PER_ADDRESS), as a venue behind one NAT would raise them.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { PerformanceObserver } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import type { LatLng, ServerMessage } from "../common/wire/protocol";
import { MAX_ROOM_PLAYERS } from "../common/rules";
import { RoomClient } from "../common/client/room-client";
import { launchRoom, closeRoom } from "../tests/support/launch";
import type { servedKit } from "../tests/support/served";
import { benchClient, haveTaskset, inspector, pin, profiler, ROOT, servedAsStart, startBenchServer, until, type Inspector, type ServerProcesses } from "./bench-kit";
import { useWorkerd } from "./workerd";

/**
 * The most seats a benchmark room takes: the product's cap unless BENCH_ROOM_CAP raises it, to
 * see what gives first past it (docs/scaling.md, What saturates first).
 */
const ROOM_CAP = Number(process.env.BENCH_ROOM_CAP ?? MAX_ROOM_PLAYERS);

const SIZES = (process.env.BENCH_SIZES ?? "50,200,1000,2000").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3); // measured questions per N
const CLIENT_CORE = 0;
const SERVER_CORE = 1;
const SPOT: LatLng = { lat: 48.8584, lng: 2.2945 };
/** Every phone of a size joins within this window, at a random moment of it (BENCH_JOIN_MS). */
const JOIN_WINDOW_MS = Number(process.env.BENCH_JOIN_MS ?? 5_000);
/** After the storm, each phone's socket comes back after a random delay below this. */
const STORM_BACK_MS = 1_000;

/**
 * `ws` offering permessage-deflate, as every browser does. The room declines it (decision 024:
 * accepted, it deflated every frame for every phone and doubled the broadcasts at 2,000), and so
 * does the floor's server; what a phone's socket negotiated is printed with the sizes.
 */
class PhoneWebSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { perMessageDeflate: true });
    socketsAsked?.push(performance.now());
    if (negotiated === null) this.once("open", () => (negotiated ??= this.extensions));
  }
}
/**
 * When each phone asked for a new socket, while the storm is on: the phones mean to come back
 * within STORM_BACK_MS, and how much later they actually asked is this process's own delay (one
 * core for every phone), not the room's.
 */
let socketsAsked: number[] | null = null;
/** The extensions the first phone's socket negotiated ("" for none). */
let negotiated: string | null = null;


// ---------------------------------------------------------------------------------------------
// Helpers

/**
 * A collection of this process now, when nothing is being timed: a full one before each question
 * and each round of the floor, a minor one just before the last answer (a full one there would
 * hold up the acks still on their way). Without them a scavenge of the phones' process fell
 * inside one round of the floor in two runs of three (1,000 phones, 27 November: that round's
 * p50 35 to 47 ms against 5 to 7 for the others), and at 2,000 a scavenge and a marking step
 * left over from the room's phones did even after a minor one.
 */
function settleHeap(type: "minor" | "major" = "minor") {
  (globalThis as { gc?: (o: { type: "minor" | "major" }) => void }).gc?.({ type });
}

/** This process's collections, to tell which timed windows one fell into. */
const collections: { start: number; end: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) collections.push({ start: e.startTime, end: e.startTime + e.duration });
}).observe({ entryTypes: ["gc"] });

/** How many of this process's collections overlapped the windows, and the longest one (ms). */
function collectionsDuring(windows: readonly [number, number][]) {
  const hit = collections.filter((c) => windows.some(([a, b]) => c.start < b && c.end > a));
  return { count: hit.length, maxMs: Math.round(Math.max(0, ...hit.map((c) => c.end - c.start)) * 10) / 10 };
}
const gcLine = (g: { count: number; maxMs: number }) => (g.count ? `${g.count} GC de ce processus (max ${g.maxMs} ms)` : "aucun GC de ce processus");


interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), p99: r(percentile(s, 99)), max: r(s.at(-1) ?? NaN) };
}
const fmt = (st: Stats) => `p50 ${st.p50} ms  p95 ${st.p95} ms  p99 ${st.p99} ms  max ${st.max} ms  (${st.n} mesures)`;


/** Resolves once every client of the batch has an open socket. */
function opened(clients: RoomClient[]) {
  return until(() => clients.every((c) => c.status === "open"), 60_000, "sockets ouvertes");
}

/** Bytes of a message as the room sent it (JSON, UTF-8). */
const wireBytes = (msg: ServerMessage) => Buffer.byteLength(JSON.stringify(msg));

/** Cuts a client's socket without a closing handshake, as a Wi-Fi restart does. */
function cut(c: RoomClient) {
  (c.socket as WebSocket | null)?.terminate();
}

/** Resident memory of the server's workerd, bytes (0 when unknown). */
function serverRss(server: ServerProcesses): number {
  try {
    const rows = execFileSync("ps", ["-eo", "pid=,rss=,comm="], { encoding: "utf8" }).split("\n");
    let total = 0;
    for (const row of rows) {
      const [pid, rss, comm] = row.trim().split(/\s+/);
      if (comm === "workerd" && Number(pid) === server.workerdPid) total += Number(rss) * 1024;
    }
    return total;
  } catch {
    return 0;
  }
}

/**
 * CPU time, ms, that V8's background threads of the server's workerd ("V8 DefaultWorker": the
 * collector's concurrent marking and sweeping, background compilation) have used so far, or
 * null where /proc cannot tell (not Linux). Pinned to the room's
 * core, they take its thread's time: a reveal during which they ran arrives late at every
 * phone (docs/scaling.md, Looking inside a run).
 */
function v8BackgroundMs(server: ServerProcesses): number | null {
  if (!server.workerdPid) return null;
  const dir = `/proc/${server.workerdPid}/task`;
  try {
    let ns = 0;
    for (const tid of readdirSync(dir))
      if (readFileSync(`${dir}/${tid}/comm`, "utf8").startsWith("V8 "))
        ns += Number(readFileSync(`${dir}/${tid}/schedstat`, "utf8").split(" ")[0]);
    return ns / 1e6;
  } catch {
    return null;
  }
}


// ---------------------------------------------------------------------------------------------
// The room

/**
 * The isolate's used heap, in MB: printed after each reveal, its drops tell when the room's
 * collector ran a full collection (which then lands in a reveal, the heaviest turn, more often
 * than elsewhere: docs/scaling.md).
 */
async function heapMb(session: Inspector | null) {
  const r = (await session?.call("Runtime.getHeapUsage")) as { usedSize: number } | null | undefined;
  return r ? Math.round(r.usedSize / 1e5) / 10 : null;
}

async function benchRoom(kit: ReturnType<typeof servedKit>, socketUrl: string, n: number, serverPid: ServerProcesses, inspectorPort = 0) {
  const session = inspectorPort ? await inspector(inspectorPort).catch(() => null) : null;
  const prof = process.env.BENCH_CPUPROF && session ? await profiler(session) : null;
  const spots = Array.from({ length: ROUNDS + 1 }, (_, i) => ({ lat: SPOT.lat + i * 0.001, lng: SPOT.lng }));
  // The launch rules seat at most MAX_ROOM_PLAYERS in a room, in team mode too (ROOM_CAP when the
  // bench raises it): main refuses sizes past it rather than measure phones told the room is full.
  const l = await launchRoom(kit, {
    time: 60,
    max_player: Math.min(Math.max(n, 1), ROOM_CAP),
    help_zone: "non",
    quizSpec: {
      name: "Bench",
      mapSettings: { center: SPOT, zoom: 12, bounds: { north: 48.95, south: 48.8, east: 2.45, west: 2.2 } },
      questions: spots.map((s, i) => ({ ...s, name: `q${i}`, title: "Question" })),
    },
  });
  const host = new URL(socketUrl).host;
  const samples = { question: [] as number[], ack: [] as number[], results: [] as number[], join: [] as number[], storm: [] as number[] };

  const presMsgs: string[] = [];
  const sizes = { newQuestion: 0, endQuestion: 0, presResults: 0, presAnswered: 0, answers: 0 };
  // The messages whose size is reported, measured once the game is over: stringifying each again
  // as it arrives (a few microseconds a phone) would hold up this process's handling of the next
  // ones in a burst of thousands, and so the times measured, where the floor's clients only
  // take the time.
  const toSize: ServerMessage[] = [];
  const pres = benchClient(
    host,
    l.room,
    "presenter",
    "pres",
    (m) => {
      presMsgs.push(m.type);
      if (m.type === "pres_results") toSize.push(m);
      if (m.type === "pres_playerAnswered") sizes.presAnswered++;
    },
    l.token,
    { WebSocket: PhoneWebSocket },
  );
  await opened([pres]);
  await sleep(500);
  const rssBefore = serverRss(serverPid);

  type Phone = {
    client: RoomClient;
    token: string | undefined;
    seated: boolean;
    startedAt: number;
    sentAt: number;
    cutAt: number;
    /** The last question whose end this phone heard (a phone back from the storm hears it again). */
    ended: number;
  };
  const phones: Phone[] = [];
  // Everyone answers within 2 s. One timer sends the answers due, and runs only while some are:
  // a timer per phone, set while the question's frames are still arriving, would hold up their
  // handling as the sizes would (above).
  const answersDue: { at: number; phone: Phone; questionIndex: number }[] = [];
  let answering: ReturnType<typeof setInterval> | null = null;
  const sendDueAnswers = () => {
    const now = performance.now();
    for (let i = answersDue.length - 1; i >= 0; i--) {
      const { at, phone, questionIndex } = answersDue[i]!;
      if (at > now) continue;
      if (answersDue.length === 1) settleHeap(); // the last answer: the reveal is timed from it
      answersDue.splice(i, 1);
      phone.sentAt = performance.now();
      round.lastAnswerAt = Math.max(round.lastAnswerAt, phone.sentAt);
      const d = (Math.random() - 0.5) * 0.004;
      const spot = spots[questionIndex]!;
      phone.client.send({ type: "player_answer", questionIndex, coords: { lat: spot.lat + d, lng: spot.lng + d } });
    }
    if (answersDue.length === 0 && answering) {
      clearInterval(answering);
      answering = null;
      round.v8AtLastAnswer = v8BackgroundMs(serverPid);
    }
  };
  const answerWithin2s = (phone: Phone, questionIndex: number, heardAt: number) => {
    answersDue.push({ at: heardAt + Math.random() * 2_000, phone, questionIndex });
    answering ??= setInterval(sendDueAnswers, 1);
  };
  const newRound = (question: number, t0: number) => ({ question, t0, lastAnswerAt: 0, acks: 0, ends: 0, v8AtLastAnswer: null as number | null });
  let round = newRound(-1, 0);
  // V8's background threads' time between the last answer and the last phone's reveal.
  const v8DuringReveals: number[] = [];
  const revealWindows: [number, number][] = [];
  const revealLine = async () => {
    const now = v8BackgroundMs(serverPid);
    const v8 = now === null || round.v8AtLastAnswer === null ? null : now - round.v8AtLastAnswer;
    if (v8 !== null) v8DuringReveals.push(v8);
    revealWindows.push([round.lastAnswerAt, performance.now()]);
    const last = stats(samples.results.slice(-n));
    const heap = await heapMb(session);
    return (
      `révélation p99 ${last.p99} ms, p50 ${last.p50} ms${v8 === null ? "" : `, V8 en arrière-plan ${v8.toFixed(1)} ms`}` +
      (heap === null ? "" : `, tas du salon ${heap} Mo`)
    );
  };
  let storming = false;
  const stormOpens: number[] = [];
  let stormAt = 0;
  const newPhone = (j: number) => {
    const phone: Phone = {
      client: null as unknown as RoomClient,
      token: undefined,
      seated: false,
      startedAt: performance.now(),
      sentAt: 0,
      cutAt: 0,
      ended: -1,
    };
    const onMessage = (m: ServerMessage, t: number) => {
      if (m.type === "player_joinRoom_callback") {
        phone.token = m.token;
        if (!phone.seated) samples.join.push(t - phone.startedAt);
        else if (storming && phone.cutAt > 0) {
          samples.storm.push(t - phone.cutAt);
          phone.cutAt = 0;
        }
        phone.seated = true;
      } else if (m.type === "player_newQuestion") {
        toSize.push(m);
        if (round.t0 > 0 && m.questionIndex === round.question) samples.question.push(t - round.t0);
        answerWithin2s(phone, m.questionIndex, t);
      } else if (m.type === "player_answer_callback") {
        round.acks++;
        sizes.answers++;
        samples.ack.push(t - phone.sentAt);
      } else if (m.type === "player_endQuestion") {
        // A phone seated again after the storm is told the reveal it missed: not a reveal to time.
        if (storming || m.questionIndex === phone.ended) return;
        phone.ended = m.questionIndex;
        round.ends++;
        toSize.push(m);
        samples.results.push(t - round.lastAnswerAt);
      } else if (m.type === "error") {
        console.error(`  erreur de la salle pour p${j} : ${m.code}`);
      }
    };
    // After a cut each phone comes back on its own after a random delay below STORM_BACK_MS (its
    // own draw: the client's jitter would stretch "within a second" to a second and a half).
    const minMs = 100 + Math.random() * (STORM_BACK_MS - 100);
    phone.client = benchClient(host, l.room, "player", `p${j}`, onMessage, () => phone.token, {
      WebSocket: PhoneWebSocket,
      backoff: { minMs, jitter: 0 },
    });
    phone.client.subscribe((e) => {
      if (storming && e.kind === "status" && e.status === "open") stormOpens.push(performance.now() - stormAt);
    });
    phones.push(phone);
  };

  // The join rush: every phone starts at a random moment of the window.
  const starts = Array.from({ length: n }, () => Math.random() * JOIN_WINDOW_MS).sort((a, b) => a - b);
  const t0 = performance.now();
  for (let j = 0; j < n; j++) {
    const wait = starts[j]! - (performance.now() - t0);
    if (wait > 1) await sleep(wait);
    newPhone(j);
  }
  await until(() => phones.every((p) => p.seated), 120_000, `${n} joueurs assis`).catch((e: Error) => {
    throw new Error(`${e.message} (${phones.filter((p) => p.seated).length} assis en 120 s)`);
  });
  await sleep(500);
  const rssSeated = serverRss(serverPid);
  settleHeap("major");

  // Question 0 opens from the alarm after 'starting': a warm-up, its acks and reveal count.
  round = newRound(0, 0);
  // One profile over every question that counts, the warm-up included: a stall may hit any.
  await prof?.start();
  pres.send({ type: "pres_startGame" });
  await until(() => round.ends === n, 60_000, "révélation de la question 1");
  console.log(`  question 1 (échauffement) : ${await revealLine()}`);
  for (let q = 1; q <= ROUNDS; q++) {
    await sleep(300);
    settleHeap("major");
    round = newRound(q, performance.now());
    pres.send({ type: "pres_nextQuestion" });
    await until(() => round.ends === n, 60_000, `révélation de la question ${q + 1}`);
    console.log(`  question ${q + 1} : diffusion p99 ${stats(samples.question.slice(-n)).p99} ms, ${await revealLine()}`);
  }
  await prof?.stop(`${process.env.BENCH_CPUPROF}/questions-${n}.cpuprofile`);

  // The storm, during the last reveal: every socket dies at once, each phone comes back.
  await sleep(300);
  storming = true;
  await prof?.start();
  const cutAt = performance.now();
  stormAt = cutAt;
  for (const p of phones) p.cutAt = cutAt;
  socketsAsked = [];
  for (const p of phones) cut(p.client);
  await until(() => samples.storm.length === n, 120_000, "retour de tous les joueurs après la coupure");
  await prof?.stop(`${process.env.BENCH_CPUPROF}/storm-${n}.cpuprofile`);
  storming = false;
  const stormAsked = stats(socketsAsked.map((t) => t - cutAt));
  socketsAsked = null;

  pres.send({ type: "pres_nextQuestion" });
  await until(() => presMsgs.includes("pres_endGame"), 30_000, "fin de partie");

  for (const p of phones) p.client.close();
  pres.close();
  await closeRoom(kit, l).catch(() => {});
  session?.close();
  for (const m of toSize) {
    if (m.type === "player_newQuestion") sizes.newQuestion = Math.max(sizes.newQuestion, wireBytes(m));
    else if (m.type === "player_endQuestion") sizes.endQuestion = Math.max(sizes.endQuestion, wireBytes(m));
    else if (m.type === "pres_results") sizes.presResults = Math.max(sizes.presResults, wireBytes(m));
  }
  const bytesPerSeat = rssBefore > 0 && rssSeated > rssBefore ? Math.round((rssSeated - rssBefore) / n) : 0;
  return {
    question: stats(samples.question),
    ack: stats(samples.ack),
    results: stats(samples.results),
    join: stats(samples.join),
    storm: stats(samples.storm),
    stormAsked,
    stormOpen: stats(stormOpens),
    sizes,
    bytesPerSeat,
    gcInReveals: collectionsDuring(revealWindows),
    v8RevealMaxMs: v8DuringReveals.length ? Math.round(Math.max(...v8DuringReveals) * 10) / 10 : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The floor: the same fan-out from a bare `ws` server

const FLOOR_SERVER = `
import { WebSocketServer } from "ws";
const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
wss.on("listening", () => console.log(JSON.stringify({ port: wss.address().port })));
const msg = JSON.stringify({ type: "player_newQuestion", questionIndex: 1, questionsNb: 4, time: 60, remainingMs: 60000, help: { lat1: 48.85, lon1: 2.29, lat2: 48.86, lon2: 2.3 }, media: null, at: Date.now() });
wss.on("connection", (ws) => ws.on("message", (data) => {
  if (String(data) === "go") for (const c of wss.clients) c.send(msg);
}));
`;

async function benchFloor(n: number) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", FLOOR_SERVER], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  pin(child.pid!, SERVER_CORE);
  const port = await new Promise<number>((resolve) => child.stdout.once("data", (d) => resolve(JSON.parse(String(d)).port)));
  const samples: number[] = [];
  let t0 = 0;
  let got = 0;
  const clients: RoomClient[] = [];
  for (let i = 0; i < n; i += 200) {
    const batch: RoomClient[] = [];
    for (let j = i; j < Math.min(n, i + 200); j++)
      batch.push(
        // The floor never answers hello: no watchdog, it would replace every socket.
        new RoomClient({ host: `127.0.0.1:${port}`, protocol: "ws", room: "floor", role: "player", id: `f${j}`, WebSocket: PhoneWebSocket, liveness: false }),
      );
    for (const c of batch)
      c.subscribe((e) => {
        if (e.kind !== "message") return;
        const t = performance.now();
        got++;
        if (t0) samples.push(t - t0);
      });
    clients.push(...batch);
    await opened(batch);
  }
  const rounds: Stats[] = [];
  const windows: [number, number][] = [];
  for (let r = 0; r < ROUNDS + 2; r++) {
    settleHeap("major");
    got = 0;
    t0 = r === 0 ? 0 : performance.now(); // the first round warms up
    const from = samples.length;
    clients[0]!.sendRaw("go");
    await until(() => got === n, 30_000, "diffusion du plancher");
    if (t0) {
      rounds.push(stats(samples.slice(from)));
      windows.push([t0, performance.now()]);
    }
    await sleep(200);
  }
  for (const c of clients) c.close();
  child.kill();
  return { all: stats(samples), rounds, gc: collectionsDuring(windows) };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  pin(process.pid, CLIENT_CORE);
  const tooMany = SIZES.filter((n) => n > ROOM_CAP);
  if (tooMany.length)
    throw new Error(
      `${tooMany.join(", ")} joueurs : une salle en assoit au plus ${ROOM_CAP} (règles de lancement, équipes comprises ; BENCH_ROOM_CAP pour aller au-delà)`,
    );
  if (ROOM_CAP !== MAX_ROOM_PLAYERS && servedAsStart())
    throw new Error("BENCH_ROOM_CAP ne s'applique qu'au bundle servi par Miniflare dans le banc (sans BENCH_SERVE=start)");
  const workerd = useWorkerd(ROOT, process.env.BENCH_WORKERD);
  const server = await startBenchServer({ core: SERVER_CORE, roomCap: ROOM_CAP });
  const { kit, processes } = server;
  console.log(`Serveur ${server.url}, sockets ${server.socketUrl} (${server.how}, ${workerd}, cœur ${SERVER_CORE}), clients sur le cœur ${CLIENT_CORE}${haveTaskset() ? "" : " (taskset absent : non épinglés)"}`);
  console.log(`Charge de la machine au départ : ${loadavg().map((x) => x.toFixed(2)).join(" ")}\n`);
  const lines: Record<string, number | string>[] = [];
  try {
    await benchRoom(kit, server.socketUrl, 20, processes); // warm-up, not reported
    for (const n of SIZES) {
      console.log(`— ${n} joueurs`);
      const room = await benchRoom(kit, server.socketUrl, n, processes, server.inspectorPort);
      console.log(`  question -> chaque joueur : ${fmt(room.question)}`);
      console.log(`  réponse -> accusé          : ${fmt(room.ack)}`);
      console.log(`  dernière réponse -> révélation chez chacun : ${fmt(room.results)} ; ${gcLine(room.gcInReveals)}`);
      console.log(`  arrivée (${n} en ${JOIN_WINDOW_MS / 1000} s) -> place : ${fmt(room.join)}`);
      console.log(`  coupure de toutes les sockets -> nouvelle socket demandée (ce processus) : ${fmt(room.stormAsked)}`);
      console.log(`  coupure de toutes les sockets -> socket rouverte : ${fmt(room.stormOpen)}`);
      console.log(`  coupure de toutes les sockets -> place retrouvée : ${fmt(room.storm)}`);
      console.log(`  mémoire par place : workerd entier (RSS, sockets comprises) ${room.bytesPerSeat} o`);
      const z = room.sizes;
      console.log(
        `  tailles : player_newQuestion ${z.newQuestion} o, player_endQuestion ${z.endQuestion} o (max), ` +
          `pres_results ${z.presResults} o ; ${z.presAnswered} pres_playerAnswered pour ${z.answers} réponses ; ` +
          `compression des sockets : ${negotiated || "aucune"}`,
      );
      const floor = await benchFloor(n);
      console.log(`  plancher (ws nu, même diffusion) : ${fmt(floor.all)}`);
      console.log(`    p99 par tour : ${floor.rounds.map((r) => r.p99).join(" / ")} ms ; ${gcLine(floor.gc)}\n`);
      lines.push({
        players: n,
        question_p99_ms: room.question.p99,
        ack_p99_ms: room.ack.p99,
        results_p99_ms: room.results.p99,
        floor_p99_ms: floor.all.p99,
        question_p50_ms: room.question.p50,
        ack_p50_ms: room.ack.p50,
        results_p50_ms: room.results.p50,
        floor_p50_ms: floor.all.p50,
        pres_results_bytes: room.sizes.presResults,
        end_question_bytes: room.sizes.endQuestion,
        storm_back_p99_ms: room.storm.p99,
        join_p99_ms: room.join.p99,
        storm_back_p50_ms: room.storm.p50,
        storm_asked_p99_ms: room.stormAsked.p99,
        join_p50_ms: room.join.p50,
        rss_bytes_per_seat: room.bytesPerSeat,
        pres_answered_msgs: room.sizes.presAnswered,
        ...(room.v8RevealMaxMs === null ? {} : { reveal_v8_background_max_ms: room.v8RevealMaxMs }),
        workerd: workerd.replace(/^workerd /, ""),
      });
    }
  } finally {
    await server.stop();
  }
  for (const line of lines) console.log(JSON.stringify(line));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
