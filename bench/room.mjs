// `npm run bench:room`: latency of one game room under N simulated players (not part of npm test).
//
// The production build is served by `wrangler dev` (scripts/lib/server.mjs), pinned to one core;
// this process (all the simulated phones) is pinned to the other. For each N it launches a room
// through the app (POST /api/game/launch), seats N phones, plays a few questions and measures:
//   question: presenter sends pres_nextQuestion -> each phone receives player_newQuestion
//   ack:      a phone sends player_answer (all answer within 2 s) -> it receives its ack
//   results:  the last answer is sent -> each phone receives player_endQuestion
// and, as the floor, the same fan-out from a bare `ws` server in Node on the server's core.
// Ends with one JSON line per N. Options: BENCH_SIZES=50,200 BENCH_ROUNDS=3 BENCH_NO_BUILD=1.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SignJWT } from "jose";
import WebSocket from "ws";
import { ROOT, applyMigrations, build, startServer, wranglerEnv } from "../scripts/lib/server.mjs";

const SIZES = (process.env.BENCH_SIZES ?? "50,200,1000,2000").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3); // measured questions per N
const JWT_SECRET = "bench-secret-0123456789abcdef";
const PROTOCOL_VERSION = 1;
const CLIENT_CORE = 0;
const SERVER_CORE = 1;
const SPOT = { lat: 48.8584, lng: 2.2945 };

// ---------------------------------------------------------------------------------------------
// Helpers

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

function haveTaskset() {
  return spawnSync("taskset", ["-V"], { stdio: "ignore" }).status === 0;
}

/** Pins a process and all its threads (and, with `group`, its whole process group) to a core. */
function pin(pid, core, group = false) {
  if (!haveTaskset()) return;
  const pids = group
    ? execFileSync("ps", ["-eo", "pid=,pgid="], { encoding: "utf8" })
        .split("\n")
        .map((l) => l.trim().split(/\s+/).map(Number))
        .filter(([, pgid]) => pgid === pid)
        .map(([p]) => p)
    : [pid];
  for (const p of pids) spawnSync("taskset", ["-a", "-p", "-c", String(core), String(p)], { stdio: "ignore" });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}
function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const r = (x) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), p99: r(percentile(s, 99)), max: r(s.at(-1) ?? NaN) };
}
const fmt = (st) => `p50 ${st.p50} ms  p95 ${st.p95} ms  p99 ${st.p99} ms  max ${st.max} ms  (${st.n} mesures)`;

const q = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

function d1(persistTo, registryPath, sql) {
  execFileSync(path.join(ROOT, "node_modules", ".bin", "wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", sql], {
    cwd: ROOT,
    env: { ...wranglerEnv(registryPath), CI: "true" },
    stdio: ["ignore", "ignore", "pipe"],
  });
}

async function launchRoom(server, persistTo, registryPath, players, questions) {
  const tag = `${Date.now().toString(36)}${players}`;
  const accountId = 5_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const quiz = `bench-${tag}`;
  const spots = Array.from({ length: questions }, (_, i) => ({ lat: SPOT.lat + i * 0.001, lng: SPOT.lng }));
  d1(
    persistTo,
    registryPath,
    [
      `INSERT INTO accounts (id, role, name, mail, password_hash) VALUES (${accountId}, 'mj', 'Bench', 'bench-${tag}@repere.test', 'x')`,
      `INSERT INTO quizzes (unique_name, owner_id, name, description, map_settings) VALUES (${q(quiz)}, ${accountId}, 'Bench', 'Bench', ${q(
        JSON.stringify({ center: SPOT, zoom: 12, bounds: { north: 48.95, south: 48.8, east: 2.45, west: 2.2 } }),
      )})`,
      ...spots.map(
        (s, i) =>
          `INSERT INTO questions (quiz_unique_name, position, name, kind, file_key, titre, description, lat, lng) VALUES (${q(quiz)}, ${i}, 'q${i}', 'photo', 'photos/${"0".repeat(64)}.jpg', 'Question', '', ${s.lat}, ${s.lng})`,
      ),
    ].join("; "),
  );
  const jwt = await new SignJWT({ role: "mj" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(accountId))
    .setIssuedAt()
    .setExpirationTime("1d")
    .sign(new TextEncoder().encode(JWT_SECRET));
  const cookie = `auth_mj=${jwt}`;
  const res = await fetch(`${server.url}/api/game/launch`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/json" },
    body: JSON.stringify({ quiz, time: 60, max_player: Math.max(players, 1), help_zone: "non" }),
  });
  if (res.status !== 201) throw new Error(`lancement refusé : ${res.status} ${await res.text()}`);
  const { roomNumber, token } = await res.json();
  return { room: roomNumber, token, cookie, spots };
}

/** One socket with a message hook; resolves once open. */
function openSocket(url, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.on("message", (data) => onMessage(JSON.parse(data.toString()), performance.now()));
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

/** Waits until `cond()` holds, checking often. */
async function until(cond, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`délai dépassé : ${what}`);
    await sleep(5);
  }
}

// ---------------------------------------------------------------------------------------------
// The room

async function benchRoom(server, persistTo, registryPath, n) {
  const { room, token, cookie, spots } = await launchRoom(server, persistTo, registryPath, n, ROUNDS + 1);
  const wsBase = server.url.replace(/^http/, "ws");
  const url = (id) => `${wsBase}/parties/game-room/${room}?_pk=${id}`;
  const samples = { question: [], ack: [], results: [] };

  const presMsgs = [];
  const sizes = { newQuestion: 0, endQuestion: 0, presResults: 0, presAnswered: 0, answers: 0 };
  const pres = await openSocket(url("pres"), (m) => {
    presMsgs.push(m.type);
    if (m.type === "pres_results") sizes.presResults = Math.max(sizes.presResults, JSON.stringify(m).length);
    if (m.type === "pres_playerAnswered") sizes.presAnswered++;
  });
  pres.send(JSON.stringify({ type: "hello", role: "presenter", token, version: PROTOCOL_VERSION }));

  const phones = [];
  let round = { question: -1, t0: 0, lastAnswerAt: 0, got: 0, acks: 0, ends: 0 };
  for (let i = 0; i < n; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 100); j++) {
      const phone = { ws: null, seated: false, sentAt: 0, index: j };
      batch.push(
        openSocket(url(`p${j}`), (m, t) => {
          if (m.type === "player_joinRoom_callback") phone.seated = true;
          else if (m.type === "player_newQuestion") {
            round.got++;
            sizes.newQuestion = Math.max(sizes.newQuestion, JSON.stringify(m).length);
            if (round.t0 > 0 && m.questionIndex === round.question) samples.question.push(t - round.t0);
            // Everyone answers within 2 s.
            setTimeout(() => {
              phone.sentAt = performance.now();
              round.lastAnswerAt = Math.max(round.lastAnswerAt, phone.sentAt);
              const d = (Math.random() - 0.5) * 0.004;
              phone.ws.send(JSON.stringify({ type: "player_answer", questionIndex: m.questionIndex, coords: { lat: spots[m.questionIndex].lat + d, lng: spots[m.questionIndex].lng + d } }));
            }, Math.random() * 2_000);
          } else if (m.type === "player_answer_callback") {
            round.acks++;
            sizes.answers++;
            samples.ack.push(t - phone.sentAt);
          } else if (m.type === "player_endQuestion") {
            round.ends++;
            sizes.endQuestion = Math.max(sizes.endQuestion, JSON.stringify(m).length);
            samples.results.push(t - round.lastAnswerAt);
          } else if (m.type === "error") {
            console.error(`  erreur de la salle pour p${j} : ${m.message}`);
          }
        }).then((ws) => {
          phone.ws = ws;
          ws.send(JSON.stringify({ type: "hello", role: "player", version: PROTOCOL_VERSION }));
          phones.push(phone);
        }),
      );
    }
    await Promise.all(batch);
  }
  await until(() => phones.every((p) => p.seated), 120_000, `${n} joueurs assis`);

  // Question 0 opens from the alarm after 'starting': a warm-up, its acks and reveal count.
  round = { question: 0, t0: 0, lastAnswerAt: 0, got: 0, acks: 0, ends: 0 };
  pres.send(JSON.stringify({ type: "pres_startGame" }));
  await until(() => round.ends === n, 60_000, "révélation de la question 1");
  for (let q = 1; q <= ROUNDS; q++) {
    await sleep(300);
    round = { question: q, t0: performance.now(), lastAnswerAt: 0, got: 0, acks: 0, ends: 0 };
    pres.send(JSON.stringify({ type: "pres_nextQuestion" }));
    await until(() => round.ends === n, 60_000, `révélation de la question ${q + 1}`);
  }
  pres.send(JSON.stringify({ type: "pres_nextQuestion" }));
  await until(() => presMsgs.includes("pres_endGame"), 30_000, "fin de partie");

  for (const p of phones) p.ws.terminate();
  pres.terminate();
  await fetch(`${server.url}/api/game/${room}/close`, { method: "POST", headers: { Cookie: cookie, Origin: server.url } }).catch(() => {});
  return { question: stats(samples.question), ack: stats(samples.ack), results: stats(samples.results), sizes };
}

// ---------------------------------------------------------------------------------------------
// The floor: the same fan-out from a bare `ws` server

const FLOOR_SERVER = `
import { WebSocketServer } from "ws";
const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
wss.on("listening", () => console.log(JSON.stringify({ port: wss.address().port })));
const msg = JSON.stringify({ type: "player_newQuestion", questionIndex: 1, questionsNb: 4, time: 60, remainingMs: 60000, help: { lat1: 48.85, lon1: 2.29, lat2: 48.86, lon2: 2.3 } });
wss.on("connection", (ws) => ws.on("message", (data) => {
  if (String(data) === "go") for (const c of wss.clients) c.send(msg);
}));
`;

async function benchFloor(n) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", FLOOR_SERVER], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  pin(child.pid, SERVER_CORE);
  const port = await new Promise((resolve) => child.stdout.once("data", (d) => resolve(JSON.parse(String(d)).port)));
  const samples = [];
  let t0 = 0;
  let got = 0;
  const sockets = [];
  for (let i = 0; i < n; i += 200) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 200); j++)
      batch.push(
        openSocket(`ws://127.0.0.1:${port}/`, (_m, t) => {
          got++;
          if (t0) samples.push(t - t0);
        }),
      );
    sockets.push(...(await Promise.all(batch)));
  }
  for (let r = 0; r < ROUNDS + 2; r++) {
    got = 0;
    t0 = r === 0 ? 0 : performance.now(); // the first round warms up
    sockets[0].send("go");
    await until(() => got === n, 30_000, "diffusion du plancher");
    await sleep(200);
  }
  for (const s of sockets) s.terminate();
  child.kill();
  return stats(samples);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  pin(process.pid, CLIENT_CORE);
  if (!process.env.BENCH_NO_BUILD || !existsSync(path.join(ROOT, "build", "server"))) build();
  const dir = mkdtempSync(path.join(tmpdir(), "repere-bench-"));
  const persistTo = path.join(dir, "state");
  const registryPath = path.join(dir, "registry");
  applyMigrations({ persistTo, registryPath });
  const server = await startServer({
    port: await freePort(),
    persistTo,
    registryPath,
    vars: { ADMIN_MAIL: "admin@repere.test", ADMIN_PASSWORD: "bench-password", JWT_SECRET },
    quiet: true,
  });
  pin(server.child.pid, SERVER_CORE, true);
  console.log(`Serveur ${server.url} (cœur ${SERVER_CORE}), clients sur le cœur ${CLIENT_CORE}${haveTaskset() ? "" : " (taskset absent : non épinglés)"}`);
  console.log(`Charge de la machine au départ : ${(await import("node:os")).loadavg().map((x) => x.toFixed(2)).join(" ")}\n`);
  const lines = [];
  try {
    await benchRoom(server, persistTo, registryPath, 20); // warm-up, not reported
    for (const n of SIZES) {
      console.log(`— ${n} joueurs`);
      const room = await benchRoom(server, persistTo, registryPath, n);
      console.log(`  question -> chaque joueur : ${fmt(room.question)}`);
      console.log(`  réponse -> accusé          : ${fmt(room.ack)}`);
      console.log(`  dernière réponse -> révélation chez chacun : ${fmt(room.results)}`);
      const z = room.sizes;
      console.log(
        `  tailles : player_newQuestion ${z.newQuestion} o, player_endQuestion ${z.endQuestion} o (max), ` +
          `pres_results ${z.presResults} o ; ${z.presAnswered} pres_playerAnswered pour ${z.answers} réponses`,
      );
      const floor = await benchFloor(n);
      console.log(`  plancher (ws nu, même diffusion) : ${fmt(floor)}\n`);
      lines.push({
        players: n,
        question_p99_ms: room.question.p99,
        ack_p99_ms: room.ack.p99,
        results_p99_ms: room.results.p99,
        floor_p99_ms: floor.p99,
        question_p50_ms: room.question.p50,
        ack_p50_ms: room.ack.p50,
        results_p50_ms: room.results.p50,
        floor_p50_ms: floor.p50,
        end_question_bytes: room.sizes.endQuestion,
        pres_answered_msgs: room.sizes.presAnswered,
      });
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  for (const line of lines) console.log(JSON.stringify(line));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
