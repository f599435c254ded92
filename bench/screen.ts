// `npm run bench:screen`: the presenter's big screen under N simulated phones (not part of npm test).
//
// The production build is served with its static files (bench/bench-kit.ts: Miniflare directly,
// the phones' sockets past its front door, decision 020; BENCH_SERVE=start serves it with
// `npm start`'s own server, as the e2e tests do). The presenter page runs in Chromium at
// 1920x1080 and is reached as a presenter reaches it: the launch form's address, then wherever
// the launch redirects. With taskset (Linux, two cores or more), Chromium and all its processes run on core
// 0, the server and this process (every phone) on core 1. For each size N (BENCH_SIZES, default
// 2000), on the demo quiz:
//   lobby     N phones join at JOIN_PER_SECOND, until the screen counts them all (plus 1 s);
//   question  « Lancer la partie » is clicked, then from the first question on screen until
//             « Chargement des résultats »: every phone answers within ANSWER_WITHIN_MS;
//   reveal    from « Chargement des résultats » through the results map to the first ranking page;
//   ranking   two pages of the ranking (the first one alone when it is the only one).
// For each moment, in the page: long tasks (PerformanceObserver `longtask`: count, total,
// longest), the longest gap between two animation frames (requestAnimationFrame), and from the
// DevTools protocol (Performance.getMetrics, sampled every second): DOM nodes and JS heap at
// their highest (nodes dropped but not yet collected included; and again after a collection
// forced at the moment's end: the nodes the page holds), and the time the renderer spent in
// script, style and layout. Each long task is told (bench/long-tasks.ts): when after the moment's
// start, in which step, its main thread's CPU, the CPU of Chromium's other threads that shared
// its core meanwhile, and what ran in it when the trace has the timeline. One JSON line per size
// at the end.
// Options: BENCH_SIZES=50,500,2000; BENCH_CPU=4 (CPU slowed 4x, Emulation.setCPUThrottlingRate,
// as a cheap laptop); BENCH_MAP=google (GOOGLE_MAPS_API_KEY set, the fake Maps script of the e2e
// tests answers for Google); BENCH_PROFILE=dir (a trace and a CPU profile of each moment but the
// question, whose light trace ends in time for the reveal's first frame, to open in Chrome's
// DevTools, and a summary of where the time went, the three largest tasks of each moment
// included); BENCH_TIMELINE=1 (the timeline's events in the trace, without the profiler: what
// ran in each long task and the three largest); BENCH_SHOTS=dir (screenshots of every step, the
// game played to its end: figures taken then include the screenshots); BENCH_NO_BUILD=1 (reuse
// build/).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { METRES_PER_DEGREE } from "../common/util/projection";
import type { LatLng, ServerMessage } from "../common/wire/protocol";
import type { RoomClient } from "../common/client/room-client";
import { openBrowser, PRESENTER, signIn } from "../tests/support/browser";
import { fakeGoogle } from "../tests/support/google-maps";
import { TEST_MAPS_KEY } from "../tests/support/google-server";
import type { TestQuiz } from "../tests/support/factory";
import { closeRoom } from "../tests/support/launch";
import { benchClient, DEMO_QUIZ, demoQuiz, haveTaskset, pin, pinnedChromium, ROOT, startBenchServer, until, type BenchServer } from "./bench-kit";
import { mainThreadTasks, startTrace, summariseProfile, summariseTrace, type CpuProfile } from "./screen-profile";
import { describeLongTask, longTasks, type TraceEvent } from "./long-tasks";

const SIZES = (process.env.BENCH_SIZES ?? "2000").split(",").map(Number);
const CPU_RATE = Number(process.env.BENCH_CPU ?? 1);
const GOOGLE = process.env.BENCH_MAP === "google";
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
const SHOTS_DIR = process.env.BENCH_SHOTS ? path.resolve(process.env.BENCH_SHOTS) : null;
const TIMELINE = process.env.BENCH_TIMELINE === "1";
const JOIN_PER_SECOND = 100;
const ANSWER_WITHIN_MS = 3_000;
const BROWSER_CORE = 0;
const SERVER_CORE = 1;
const MB = 1024 * 1024;
/** The user timing mark that starts a moment, found again in its trace. */
const MOMENT_MARK = "bench-moment";

// ---------------------------------------------------------------------------------------------
// The page's own meters, installed before any of its scripts

/**
 * Long tasks, gaps between animation frames (over 25 ms) and the screen's steps as the frames
 * saw them (which step a long task fell in: the observer tells of a task late, at idle time), on
 * the page's clock. Plain text: a function handed over from here would carry this process's
 * compiler helpers with it.
 */
const METERS_SCRIPT = `(() => {
  const meters = (window.__screenBench = { longTasks: [], gaps: [], steps: [] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) meters.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  let previous = 0;
  let step = null;
  const frame = (t) => {
    if (previous && t - previous > 25) meters.gaps.push([previous, t - previous]);
    previous = t;
    const now = document.querySelector("[data-step]")?.getAttribute("data-step") ?? "";
    if (now !== step) meters.steps.push([t, (step = now)]);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

type Meters = { longTasks: [number, number][]; gaps: [number, number][]; steps: [number, string][] };

interface Moment {
  ms: number;
  long_tasks: number;
  long_total_ms: number;
  long_max_ms: number;
  /** Tasks of the page's main thread that used over 50 ms of CPU, and the most one used (the machine's load aside). */
  cpu_long_tasks: number;
  cpu_task_max_ms: number;
  /** CPU time of all the main thread's tasks in the moment: how busy the page kept it. */
  main_cpu_ms: number;
  frame_gap_max_ms: number;
  dom_nodes_max: number;
  /** After a forced collection at the moment's end: the nodes the page still holds. */
  dom_nodes_live: number;
  heap_mb_max: number;
  script_ms: number;
  style_ms: number;
  layout_ms: number;
}

const round = (x: number) => Math.round(x);

/** The renderer's counters (Performance.getMetrics) by name. */
async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/**
 * A trace of one moment: always its tasks ("toplevel", cheap), whose CPU time tells a task the
 * page made long from one the machine's other processes kept off the core; with BENCH_PROFILE,
 * the whole timeline and a CPU profile too, written to files and summarised.
 */
async function traceMoment(cdp: CDPSession, detailed: boolean) {
  // Every trace has the moment's mark (blink.user_timing); BENCH_TIMELINE adds what ran in each
  // task (the timeline's events, lighter than the profiler).
  const categories = detailed
    ? ["toplevel", "blink.user_timing", "devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame", "v8", "v8.execute", "blink", "loading", "cc", "viz", "gpu"]
    : ["toplevel", "blink.user_timing", ...(TIMELINE ? ["devtools.timeline"] : []), "-*"];
  const stop = await startTrace(cdp, categories, detailed);
  // Ends the trace at once (the next moment's may start) and reads it when asked: a profile's
  // files and summaries take seconds, which would leave the next moment's start untraced.
  return async (file: string) => {
    const { text, profile } = await stop();
    return () => readTrace(file, text, profile);
  };
}

/** A moment's trace (and profile) read: its main thread's tasks and long tasks, written and summarised when profiled. */
function readTrace(file: string, text: string, profile: CpuProfile | null) {
  const trace = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  if (profile) {
    writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
    writeFileSync(`${file}.trace.json`, text);
    console.log(`    profil ${path.basename(file)} :`);
    for (const line of summariseTrace(trace)) console.log(`      ${line}`);
    for (const line of summariseProfile(profile, path.join(ROOT, "build", "client")))
      console.log(`      ${line}`);
  }
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const mark = events.find((e) => e.name === MOMENT_MARK && e.cat?.includes("blink.user_timing"));
  // Traced in detail, a task is seldom long: the moment's three largest are told whatever their length.
  if ((profile || TIMELINE) && mark)
    for (const t of longTasks(events, mark.ts, 20).sort((a, b) => b.wallMs - a.wallMs).slice(0, 3)) {
      console.log(`      tâche ${describeLongTask(t)}`);
      if (profile) for (const js of summariseProfile(profile, path.join(ROOT, "build", "client"), t.span)) console.log(`        ${js}`);
    }
  return {
    tasks: mainThreadTasks(trace),
    long: mark ? longTasks(events, mark.ts) : null,
    /** The trace's tasks within a span of the page's clock from the moment's start (ms). */
    during: (fromMs: number, toMs: number) => (mark ? longTasks(events, mark.ts, 0, { start: mark.ts + fromMs * 1000, end: mark.ts + toMs * 1000 }) : []),
  };
}

/**
 * Runs `during` and measures the page meanwhile; the figures that need the trace read come from
 * `finish`, which may wait until the next moment has run (the reveal starts as the question ends).
 */
async function measure(page: Page, cdp: CDPSession, name: string, label: string, during: () => Promise<void>): Promise<{ finish: () => Moment }> {
  // The question's trace stays light even profiled: ending a detailed one takes the second or
  // two in which the reveal's map appears.
  const stopTrace = await traceMoment(cdp, !!PROFILE_DIR && name !== "question");
  const before = await metrics(cdp);
  // The moment's start on the page's clock, and in the trace (a user timing mark).
  const t0 = (await page.evaluate((name) => performance.mark(name).startTime, MOMENT_MARK)) as number;
  let nodesMax = before.Nodes ?? 0;
  let heapMax = before.JSHeapUsedSize ?? 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sleep(1_000);
      const m = await metrics(cdp).catch(() => null);
      if (m) {
        nodesMax = Math.max(nodesMax, m.Nodes ?? 0);
        heapMax = Math.max(heapMax, m.JSHeapUsedSize ?? 0);
      }
    }
  })();
  await during();
  sampling = false;
  await sampler;
  const t1 = (await page.evaluate(() => performance.now())) as number;
  const after = await metrics(cdp);
  nodesMax = Math.max(nodesMax, after.Nodes ?? 0);
  heapMax = Math.max(heapMax, after.JSHeapUsedSize ?? 0);
  const meters = (await page.evaluate(() => (window as unknown as { __screenBench: Meters }).__screenBench)) as Meters;
  // A throttled CPU (BENCH_CPU) counts in the thread's CPU time already (measured: 4x, 3.5 to 4x).
  const readTraced = await stopTrace(path.join(PROFILE_DIR ?? "", `${label}-${name}`));
  // The counters include nodes already dropped and not yet collected: a collection tells apart
  // what the page holds. Forced after the moment's figures, outside what is timed.
  await cdp.send("HeapProfiler.collectGarbage");
  const live = (await metrics(cdp)).Nodes ?? 0;
  return { finish: () => figures(readTraced(), meters, t0, t1, { before, after, nodesMax, heapMax, live }) };
}

type Counters = { before: Record<string, number>; after: Record<string, number>; nodesMax: number; heapMax: number; live: number };

/** A moment's figures; its steps and each of its long tasks told on the way. */
function figures(traced: ReturnType<typeof readTrace>, meters: Meters, t0: number, t1: number, counters: Counters): Moment {
  const { before, after, nodesMax, heapMax, live } = counters;
  const cpuTasks = traced.tasks.map((t) => t.cpuMs);
  const at = (t: number) => `+${((t - t0) / 1000).toFixed(2)} s`;
  const steps = meters.steps.filter(([t]) => t >= t0 && t < t1);
  if (steps.length) console.log(`    étapes : ${steps.map(([t, s]) => `${s} ${at(t)}`).join(", ")}`);
  const seen = meters.longTasks.filter(([start]) => start >= t0 && start < t1);
  const tasks = seen.map(([, d]) => d);
  // Each long task: when, on which step, and from the trace what shared the core and what ran in it.
  for (const [start, d] of seen) {
    const step = meters.steps.filter(([t]) => t <= start).at(-1)?.[1] ?? "?";
    const match = traced.long?.find((t) => Math.abs(t.atMs - (start - t0)) < 10);
    if (match) console.log(`    tâche longue (${step}) ${describeLongTask(match)}`);
    else {
      // None over 50 ms in the trace: the page counted as one task what the trace tells as several.
      console.log(`    tâche longue (${step}) ${at(start)} : ${round(d)} ms, dans la trace :`);
      for (const t of traced.during(start - t0, start - t0 + d)) console.log(`      ${describeLongTask(t)}`);
    }
  }
  const gaps = meters.gaps.filter(([start, d]) => start + d >= t0 && start < t1).map(([, d]) => d);
  const seconds = (key: string) => ((after[key] ?? 0) - (before[key] ?? 0)) * 1000;
  return {
    ms: round(t1 - t0),
    long_tasks: tasks.length,
    long_total_ms: round(tasks.reduce((a, b) => a + b, 0)),
    long_max_ms: round(Math.max(0, ...tasks)),
    cpu_long_tasks: cpuTasks.filter((ms) => ms > 50).length,
    cpu_task_max_ms: round(Math.max(0, ...cpuTasks)),
    main_cpu_ms: round(cpuTasks.reduce((a, b) => a + b, 0)),
    frame_gap_max_ms: round(Math.max(16, ...gaps)),
    dom_nodes_max: nodesMax,
    dom_nodes_live: live,
    heap_mb_max: Math.round((heapMax / MB) * 10) / 10,
    script_ms: round(seconds("ScriptDuration")),
    style_ms: round(seconds("RecalcStyleDuration")),
    layout_ms: round(seconds("LayoutDuration")),
  };
}

const line = (m: Moment) =>
  `${(m.ms / 1000).toFixed(1)} s, tâches longues ${m.long_tasks} (${m.long_total_ms} ms, max ${m.long_max_ms} ms), ` +
  `${m.cpu_long_tasks} de plus de 50 ms de processeur (tâche la plus chère : ${m.cpu_task_max_ms} ms, toutes : ${m.main_cpu_ms} ms), ` +
  `écart max entre images ${m.frame_gap_max_ms} ms, nœuds ${m.dom_nodes_max} (${m.dom_nodes_live} après ramassage), tas ${m.heap_mb_max} Mo, ` +
  `script ${m.script_ms} ms, style ${m.style_ms} ms, mise en page ${m.layout_ms} ms`;

// ---------------------------------------------------------------------------------------------
// The phones

/** An answer at `distanceM` from `spot`, in a random direction. */
function around(spot: LatLng, distanceM: number): LatLng {
  const a = Math.random() * 2 * Math.PI;
  const dLat = (distanceM * Math.cos(a)) / METRES_PER_DEGREE;
  const dLng = (distanceM * Math.sin(a)) / (METRES_PER_DEGREE * Math.cos((spot.lat * Math.PI) / 180));
  return { lat: spot.lat + dLat, lng: spot.lng + dLng };
}

/** A night's spread: a third outside every ring (up to 3 km away), the rest across the rings. */
function answerDistance(): number {
  const r = Math.random();
  if (r < 0.3) return 250 + Math.random() * 2_750;
  if (r < 0.55) return 100 + Math.random() * 100;
  if (r < 0.75) return 50 + Math.random() * 50;
  if (r < 0.9) return 20 + Math.random() * 30;
  return Math.random() * 20;
}

class Phones {
  readonly clients: RoomClient[] = [];
  seated = 0;
  private readonly tokens: (string | undefined)[] = [];

  constructor(
    private readonly host: string,
    private readonly room: string,
  ) {}

  /** One phone more; it answers every question within ANSWER_WITHIN_MS, at a night's spread. */
  add() {
    const j = this.clients.length;
    const onMessage = (m: ServerMessage) => {
      if (m.type === "player_joinRoom_callback") {
        if (this.tokens[j] === undefined) this.seated++;
        this.tokens[j] = m.token;
      } else if (m.type === "player_newQuestion") {
        const spot = DEMO_QUIZ.questions[m.questionIndex]!;
        setTimeout(() => client.send({ type: "player_answer", questionIndex: m.questionIndex, coords: around(spot, answerDistance()) }), Math.random() * ANSWER_WITHIN_MS);
      } else if (m.type === "error") {
        console.error(`  erreur de la salle pour p${j} : ${m.code}`);
      }
    };
    // A first hello answered late is a busy machine, not a dead socket: replaced, it would take a
    // second seat (and fill the room) when the first answer comes.
    const client = benchClient(this.host, this.room, "player", `p${j}`, onMessage, () => this.tokens[j], {
      liveness: { heartbeatMs: 0, firstHelloMs: 120_000 },
    });
    this.clients.push(client);
  }

  /** `n` phones, JOIN_PER_SECOND of them a second, each seated. */
  async join(n: number) {
    const t0 = performance.now();
    for (let j = 0; j < n; j++) {
      const wait = (j / JOIN_PER_SECOND) * 1000 - (performance.now() - t0);
      if (wait > 1) await sleep(wait);
      this.add();
    }
    await until(() => this.seated === n, 120_000, `${n} joueurs assis`);
  }

  close() {
    for (const c of this.clients) c.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The presenter page

const step = (page: Page) => page.locator("[data-step]").getAttribute("data-step");

/**
 * Waits until the page holds an element matching `selector` (and, if given, whose text starts
 * with `text`). Checked four times a second with one querySelector: Playwright's own locators
 * poll on every animation frame with its selector engine, a cost of the bench, not of the page,
 * that took a second of the main thread in a 2,000-player lobby.
 */
async function waitFor(page: Page, selector: string, timeout = 120_000, text?: string) {
  await page.waitForFunction(
    ([sel, txt]) => {
      const el = document.querySelector(sel!);
      // Figures are written the screen's language's way ('2 000/2 000'): compared without their spaces.
      return !!el && (txt === undefined || (el.textContent ?? "").replace(/[\s\u202f]/g, "").startsWith(txt));
    },
    [selector, text] as const,
    { polling: 250, timeout },
  );
}
const waitStep = (page: Page, name: string, timeout = 120_000) => waitFor(page, `[data-step="${name}"]`, timeout);

async function shot(page: Page, label: string, name: string) {
  if (!SHOTS_DIR) return;
  await page.screenshot({ path: path.join(SHOTS_DIR, `${label}-${name}.png`) });
}

/** The results map at its end: every answer's marker is out (the legend counts them all). */
async function resultsMapEnd(page: Page, answers: number) {
  await page
    .waitForFunction(
      (n) => {
        const counts = [...document.querySelectorAll(".results-legend .legend-count")].map((e) => parseInt(e.textContent ?? "0", 10));
        return counts.length > 0 && counts.reduce((a, b) => a + b, 0) >= n;
      },
      answers,
      { timeout: 60_000, polling: 250 },
    )
    .catch(() => {});
  await sleep(1_200);
}

async function benchScreen(server: BenchServer, context: BrowserContext, quiz: TestQuiz, n: number) {
  const label = `${n}${GOOGLE ? "-google" : ""}${CPU_RATE !== 1 ? `-cpu${CPU_RATE}` : ""}`;
  const page = await context.newPage();
  await page.addInitScript(METERS_SCRIPT);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  if (CPU_RATE !== 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });

  // As a presenter: the launch form's address, then wherever the launch leads.
  await page.goto(`${server.url}/pres/${quiz.uniqueName}?icon=random&time=60&help_zone=non&max_player=${n}`);
  await waitStep(page, "lobby");
  const room = ((await page.getByTestId("room-code").textContent()) ?? "").replace(/\D/g, "");
  const phones = new Phones(new URL(server.socketUrl).host, room);
  const moments: Record<string, Moment> = {};
  try {
    await sleep(1_000);
    moments.lobby = (
      await measure(page, cdp, "lobby", label, async () => {
        await phones.join(n);
        await waitFor(page, '[data-testid="capacity"]', 60_000, `${n}/`);
        await sleep(1_000);
      })
    ).finish();
    console.log(`  salle d'attente (${n} arrivées, ${JOIN_PER_SECOND}/s) : ${line(moments.lobby)}`);
    await shot(page, label, "1-lobby");

    await page.getByRole("button", { name: "Lancer la partie" }).click();
    await waitStep(page, "starting");
    await sleep(1_500);
    await shot(page, label, "2-starting");
    await waitStep(page, "question", 30_000);
    const question = await measure(page, cdp, "question", label, async () => {
      if (SHOTS_DIR) {
        await sleep(ANSWER_WITHIN_MS / 2);
        await shot(page, label, "3-question");
      }
      await waitStep(page, "revealLoading", 60_000);
    });
    // The reveal's trace starts as the question's ends; the question's is read afterwards.
    const reveal = await measure(page, cdp, "reveal", label, async () => {
      if (SHOTS_DIR) {
        await waitStep(page, "resultsMap", 30_000);
        await resultsMapEnd(page, n);
        await shot(page, label, "4-results-map");
      }
      await waitStep(page, "ranking", 90_000);
    });
    moments.question = question.finish();
    console.log(`  question (${n} réponses en ${ANSWER_WITHIN_MS / 1000} s) : ${line(moments.question)}`);
    moments.reveal = reveal.finish();
    console.log(`  révélation (jusqu'au classement) : ${line(moments.reveal)}`);

    moments.ranking = (
      await measure(page, cdp, "ranking", label, async () => {
        await sleep(500);
        await shot(page, label, "5-ranking");
        const pages = Number((await page.locator("[data-pages]").getAttribute("data-pages")) ?? 1);
        await waitFor(page, pages > 1 ? '[data-page="3"], [data-step="question"]' : '[data-step="question"]', 30_000);
      })
    ).finish();
    console.log(`  classement (deux pages) : ${line(moments.ranking)}`);
    if (SHOTS_DIR) await playToTheEnd(page, label);
  } finally {
    phones.close();
    await closeRoom(server.kit, { room, cookie: await server.kit.app.cookieFor(await server.kit.app.admin()) }).catch(() => {});
    await page.close();
  }
  if (errors.length) console.log(`  erreurs de la page : ${errors.join(" | ")}`);
  return { label, moments };
}

/** The rest of the game, every ranking skipped, to the podium (BENCH_SHOTS). */
async function playToTheEnd(page: Page, label: string) {
  for (;;) {
    const now = await step(page);
    if (now === "podium") break;
    if (now === "ranking") {
      const skip = page.getByRole("button", { name: /Question suivante|Résultats finaux|Page suivante/ }).first();
      await skip.click().catch(() => {});
    }
    await sleep(500);
  }
  await sleep(2_000);
  await shot(page, label, "6-end");
}

// ---------------------------------------------------------------------------------------------

async function main() {
  pin(process.pid, SERVER_CORE);
  // The profiles read the minified chunks back into their sources (bench/screen-profile.ts).
  if (PROFILE_DIR) process.env.REPERE_SOURCEMAP = "hidden";
  const scratch = mkdtempSync(path.join(tmpdir(), "repere-screen-"));
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });
  const server = await startBenchServer({ core: SERVER_CORE, assets: true, vars: GOOGLE ? { GOOGLE_MAPS_API_KEY: TEST_MAPS_KEY } : {} });
  const context = await openBrowser(PRESENTER, [], { executablePath: pinnedChromium(scratch, BROWSER_CORE) });
  const results: Record<string, unknown>[] = [];
  try {
    const { kit } = server;
    const admin = await kit.app.admin();
    const quiz = await demoQuiz(kit, admin);
    await signIn(context, await kit.app.cookieFor(admin), server.url);
    if (GOOGLE) await fakeGoogle(context);
    console.log(
      `Serveur ${server.url} (${server.how}) et téléphones sur le cœur ${SERVER_CORE}, Chromium sur le cœur ${BROWSER_CORE}` +
        `${haveTaskset() && cpus().length >= 2 ? "" : " (non épinglés : taskset absent ou un seul cœur)"}` +
        `; carte ${GOOGLE ? "Google (script simulé)" : "hors ligne"}${CPU_RATE !== 1 ? `, processeur ralenti ${CPU_RATE}x` : ""}\n`,
    );
    console.log("— échauffement (20 joueurs, non retenu)");
    await benchScreen(server, context, quiz, 20); // the server's and the browser's caches
    for (const n of SIZES) {
      const load = loadavg()[0]!.toFixed(2);
      console.log(`— ${n} joueurs (charge de la machine ${load})`);
      const { label, moments } = await benchScreen(server, context, quiz, n);
      const flat: Record<string, unknown> = { players: n, map: GOOGLE ? "google" : "offline", cpu_rate: CPU_RATE, load_before: Number(load) };
      for (const [name, m] of Object.entries(moments)) for (const [k, v] of Object.entries(m)) flat[`${name}_${k}`] = v;
      flat.load_after = Number(loadavg()[0]!.toFixed(2));
      results.push(flat);
      console.log(`  (${label})\n`);
    }
  } finally {
    await context.close();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const r of results) console.log(JSON.stringify(r));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
