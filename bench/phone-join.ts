// `npm run bench:phone`: how long a cheap phone takes from « Rejoindre » to the lobby, in each
// language (not part of npm test; it prints figures).
//
// The production build is served with its static files (bench/bench-kit.ts: Miniflare directly;
// BENCH_SERVE=start serves it with `npm start`'s own server, as the e2e tests do). A game is
// launched on the demo quiz in a random-icon room (« Rejoindre » leads straight to the lobby) and
// in a defined-icon room (« Rejoindre » leads to the pseudo screen), a presenter's socket in each.
// With taskset (Linux, two cores or more), Chromium and all its processes run on core 0, the
// server and this process on core 1.
//
// For each language (fr, en, de: the context's locale, hence navigator.languages, and its
// Accept-Language) and each run (BENCH_RUNS, default 5): a fresh browser context (empty cache, no
// cookie) as a cheap phone — 360x640, touch, CPU slowed 4x (Emulation.setCPUThrottlingRate),
// the network at 150 ms round trip and 1.6 Mbit/s each way (Network.emulateNetworkConditions;
// the room's socket is not slowed by it) — opens the home page, waits until it is interactive
// (React has hydrated the form's button), types the room number and presses the button that
// language's catalog words (« Rejoindre », « Join », « Beitreten »). Measured on the page's own
// clock, from the click's event to the first frame after the heading appeared:
//   join      to the lobby's heading (player.lobby.title in that language): the target, ≤ 2 s;
//   pseudo    to the pseudo screen's heading (player.pseudo.colorTitle), in the defined-icon room;
//   ready     the home page, from navigation to interactive;
// and from the DevTools protocol's network events, the JavaScript that crossed the network before
// the lobby (bytes on the wire; and the same files' gzip size, as Cloudflare's edge sends them,
// since a local server may send them uncompressed), before and after the click, and the home
// page's HTML (which carries the page's catalog).
// Per language: p50 and max of each time, the JavaScript's KB; one JSON line at the end.
// Options: BENCH_RUNS=5; BENCH_CPU=4; BENCH_LOCALES=fr,en,de; BENCH_PROFILE=dir (one more run per
// language traced and CPU-profiled from the home page to the lobby, with a summary of where the
// main thread's time went, by event and by source file; the build gets hidden source maps);
// BENCH_NO_BUILD=1 (reuse build/).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, CDPSession } from "playwright-core";
import type { Locale } from "../common/i18n/locales";
import { launchChromium, PHONE } from "../tests/support/browser";
import { tIn } from "../tests/support/i18n";
import { closeRoom, launchRoom, roomsOf, type LaunchedRoom } from "../tests/support/launch";
import { demoQuiz, haveTaskset, pin, pinnedChromium, ROOT, startBenchServer, type BenchServer } from "./bench-kit";
import { startTrace, summariseProfile, summariseTrace } from "./screen-profile";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_RATE = Number(process.env.BENCH_CPU ?? 4);
const LOCALES = (process.env.BENCH_LOCALES ?? "fr,en,de").split(",") as Locale[];
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
/** A cheap phone's network: 150 ms round trip, 1.6 Mbit/s down and up (in bytes per second). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 1_600_000 / 8 };
const TARGET_MS = 2_000;
const BROWSER_CORE = 0;
const SERVER_CORE = 1;
const ACCEPT_LANGUAGE: Record<Locale, string> = { fr: "fr-FR,fr;q=0.9", en: "en-US,en;q=0.9", de: "de-DE,de;q=0.9" };
const BROWSER_LOCALE: Record<Locale, string> = { fr: "fr-FR", en: "en-US", de: "de-DE" };

// ---------------------------------------------------------------------------------------------
// The page's own clock, installed before any of its scripts

/**
 * When the home page's button carries React's handlers (hydrated), when the click came, and the
 * first frame after a heading with the awaited text appeared. Kept in sessionStorage too, in case
 * a page was loaded whole rather than navigated to by the app. Plain text: a function handed over
 * from here would carry this process's compiler helpers with it.
 */
const CLOCK_SCRIPT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const b = (window.__phoneBench = { ready: null, click: null, seen: null, awaited: null });
  const save = () => sessionStorage.setItem("__phoneBench", JSON.stringify(b));
  Object.assign(b, JSON.parse(sessionStorage.getItem("__phoneBench") || "{}"));
  const hydrated = () => {
    const el = document.querySelector("form button[type=submit]");
    return !!window.__remixRouter && !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
  };
  const poll = setInterval(() => {
    if (b.ready === null && hydrated()) {
      b.ready = performance.now();
      save();
    }
    if (b.ready !== null) clearInterval(poll);
  }, 10);
  document.addEventListener("click", (e) => {
    if (b.click === null) {
      b.click = performance.timeOrigin + e.timeStamp;
      save();
    }
  }, true);
  const look = () => {
    if (b.seen !== null || !b.awaited) return;
    for (const h of document.querySelectorAll("h1")) {
      if (h.textContent === b.awaited) {
        requestAnimationFrame(() => {
          if (b.seen === null) {
            b.seen = now();
            save();
          }
        });
        return;
      }
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  window.__phoneBenchAwait = (text) => {
    b.awaited = text;
    save();
    look();
  };
})();`;

type Clock = { ready: number | null; click: number | null; seen: number | null };

// ---------------------------------------------------------------------------------------------
// What crossed the network

interface Transfer {
  url: string;
  type: string;
  bytes: number;
  /** Before the click (the home page) or after it (the way to the lobby). */
  afterClick: boolean;
  /** When it was asked and when it was all in, on the browser's monotonic clock (ms). */
  start: number;
  end: number;
}

/**
 * Every response the page's network finished, with its bytes on the wire and its times; and the
 * difference between the page's clock (epoch ms) and the browser's monotonic clock, which the
 * trace uses too.
 */
function recordTransfers(cdp: CDPSession, isAfterClick: () => boolean) {
  const asked = new Map<string, number>();
  const started = new Map<string, { url: string; type: string }>();
  const done: Transfer[] = [];
  const clock = { epochMinusMonotonic: NaN };
  cdp.on("Network.requestWillBeSent", (e: { requestId: string; timestamp: number; wallTime: number }) => {
    if (!asked.has(e.requestId)) asked.set(e.requestId, e.timestamp * 1000);
    if (Number.isNaN(clock.epochMinusMonotonic)) clock.epochMinusMonotonic = e.wallTime * 1000 - e.timestamp * 1000;
  });
  cdp.on("Network.responseReceived", (e: { requestId: string; type: string; response: { url: string; mimeType: string } }) => {
    const type = /javascript/.test(e.response.mimeType) ? "script" : e.type.toLowerCase();
    started.set(e.requestId, { url: e.response.url, type });
  });
  cdp.on("Network.loadingFinished", (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    const r = started.get(e.requestId);
    const end = e.timestamp * 1000;
    if (r) done.push({ ...r, bytes: e.encodedDataLength, afterClick: isAfterClick(), start: asked.get(e.requestId) ?? end, end });
  });
  return { done, clock };
}

const gzipSizes = new Map<string, number>();
/** A script's gzip size as the edge would send it (the build's own file); 0 if not the build's. */
function gzipOf(url: string): number {
  const pathname = new URL(url).pathname;
  if (!pathname.startsWith("/assets/")) return 0;
  if (!gzipSizes.has(pathname)) gzipSizes.set(pathname, gzipSync(readFileSync(path.join(ROOT, "build", "client", pathname))).length);
  return gzipSizes.get(pathname)!;
}

// ---------------------------------------------------------------------------------------------

interface Run {
  ready_ms: number;
  /** Click to the awaited screen's heading. */
  ms: number;
  /**
   * CPU time the page's main thread had between the click and the heading: with the CPU slowed
   * by the rate, an idle machine spends about rate × this in wall time; a loaded one more.
   */
  cpu_ms: number;
  js_wire_kb: number;
  js_gzip_kb: number;
  js_after_click_gzip_kb: number;
  html_kb: number;
  /** The page's catalog as the HTML carries it (characters of its JSON). */
  catalog_kb: number;
  /** What the network did after the click, in ms from it. */
  after_click: string[];
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** One cheap phone: home page, « Rejoindre », the awaited heading. */
async function joinOnce(browser: Browser, server: BenchServer, room: string, locale: Locale, awaited: string, profileAs?: string): Promise<Run> {
  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: BROWSER_LOCALE[locale],
    extraHTTPHeaders: { "Accept-Language": ACCEPT_LANGUAGE[locale] },
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(CLOCK_SCRIPT);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
    let clicked = false;
    const { done: transfers, clock: clocks } = recordTransfers(cdp, () => clicked);
    // The whole way when profiled; otherwise the main thread's tasks from just before the click.
    let stopTrace = profileAs ? await traceJoin(cdp, true) : null;

    const t = tIn(locale);
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => (window as { __phoneBench?: Clock }).__phoneBench?.ready != null, null, { timeout: 60_000, polling: 100 });
    const catalogChars = await page.evaluate(() => {
      const ctx = (window as { __remixContext?: { state?: { loaderData?: { root?: { catalog?: unknown } } } } }).__remixContext;
      return JSON.stringify(ctx?.state?.loaderData?.root?.catalog ?? {}).length;
    });
    await page.evaluate((text) => (window as { __phoneBenchAwait?: (t: string) => void }).__phoneBenchAwait!(text), awaited);
    await page.getByLabel(t("home.roomLabel")).fill(room);
    stopTrace ??= await traceJoin(cdp, false);
    clicked = true;
    await page.getByRole("button", { name: t("home.join"), exact: true }).click();
    // The page's own observer sees the heading: the wait here asks rarely and cheaply, where a
    // locator's wait would compute roles on every frame of a slowed CPU.
    await page.waitForFunction(() => (window as { __phoneBench?: Clock }).__phoneBench?.seen != null, null, { timeout: 60_000, polling: 250 });
    const clock = (await page.evaluate(() => (window as { __phoneBench?: Clock }).__phoneBench!)) as Clock;
    // The click and the heading on the browser's monotonic clock, which the trace and the network use.
    const from = clock.click! - clocks.epochMinusMonotonic;
    const to = clock.seen! - clocks.epochMinusMonotonic;
    const trace = await stopTrace(profileAs);

    const scripts = transfers.filter((r) => r.type === "script");
    const html = transfers.find((r) => r.type === "document");
    const origin = new URL(server.url).origin;
    return {
      ready_ms: Math.round(clock.ready!),
      ms: Math.round(clock.seen! - clock.click!),
      cpu_ms: Math.round(mainThreadCpu(trace, from, to)),
      js_wire_kb: kb(scripts.reduce((s, r) => s + r.bytes, 0)),
      js_gzip_kb: kb(scripts.reduce((s, r) => s + gzipOf(r.url), 0)),
      js_after_click_gzip_kb: kb(scripts.filter((r) => r.afterClick).reduce((s, r) => s + gzipOf(r.url), 0)),
      html_kb: kb(html?.bytes ?? 0),
      catalog_kb: kb(catalogChars),
      after_click: transfers
        .filter((r) => r.end >= from)
        .sort((x, y) => x.start - y.start)
        .map((r) => `${r.url.replace(origin, "").replace(/^\/assets\//, "")} ${Math.round(r.start - from)}→${Math.round(r.end - from)}`),
    };
  } finally {
    await context.close();
  }
}

type TraceEvent = { ph: string; name: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: { url?: string }; fileName?: string } };
type Trace = { traceEvents?: TraceEvent[] } | TraceEvent[];

/**
 * The CPU time of the page's renderer main thread (the one with the most tasks) in tasks that
 * began between `from` and `to` (ms on the monotonic clock, the trace's µs).
 */
function mainThreadCpu(trace: Trace, from: number, to: number): number {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const mains = new Set(
    events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, { count: number; cpu: number }>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== "X" || e.name !== "ThreadControllerImpl::RunTask" || !mains.has(key)) continue;
    const t = byThread.get(key) ?? { count: 0, cpu: 0 };
    t.count++;
    if (e.ts / 1000 >= from && e.ts / 1000 <= to) t.cpu += (e.tdur ?? e.dur ?? 0) / 1000;
    byThread.set(key, t);
  }
  let best = { count: 0, cpu: 0 };
  for (const t of byThread.values()) if (t.count > best.count) best = t;
  return best.cpu;
}

/**
 * A trace of the page's tasks ("toplevel"); with `full` (BENCH_PROFILE) the whole timeline and a
 * CPU profile too, written to files and summarised when stopped with a name.
 */
async function traceJoin(cdp: CDPSession, full: boolean) {
  const categories = full
    ? ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "blink", "loading"]
    : ["toplevel", "-*"];
  const stop = await startTrace(cdp, categories, full);
  return async (name?: string): Promise<Trace> => {
    const { text, profile } = await stop();
    const trace = JSON.parse(text) as Trace;
    if (profile && name) {
      const file = path.join(PROFILE_DIR!, name);
      writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
      writeFileSync(`${file}.trace.json`, text);
      console.log(`    profil ${name} (de la page d'accueil au salon) :`);
      for (const line of [...summariseTrace(trace), ...scriptsByChunk(trace), ...summariseProfile(profile, path.join(ROOT, "build", "client"))])
        console.log(`      ${line}`);
    }
    return trace;
  };
}

/** Compiling and evaluating each script (the trace's v8.compile*, EvaluateScript, v8.evaluateModule), by file. */
function scriptsByChunk(trace: Trace): string[] {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const by = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== "X" || !/^(v8\.compile|v8\.compileModule|EvaluateScript|v8\.evaluateModule|v8\.produceModuleCache)$/.test(e.name)) continue;
    const url = e.args?.data?.url ?? e.args?.fileName;
    if (!url) continue;
    const name = path.basename(url.split("?")[0]!) || url;
    by.set(name, (by.get(name) ?? 0) + (e.dur ?? 0));
  }
  const top = [...by].sort((a, b) => b[1] - a[1]).slice(0, 8);
  return [`compilation et évaluation par fichier : ${top.map(([n, us]) => `${n} ${Math.round(us / 1000)} ms`).join(", ") || "—"}`];
}

// ---------------------------------------------------------------------------------------------

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const max = (xs: number[]) => Math.max(...xs);

/** A room launched by the admin on the demo quiz, its presenter's socket open. */
async function room(server: BenchServer, icon: "random" | "defined", quiz: LaunchedRoom["quiz"], owner: LaunchedRoom["owner"]) {
  const launched = await launchRoom(server.kit, { owner, quiz, icon, time: 60, max_player: 500 });
  const presenter = await roomsOf(server.kit).presenter(launched);
  return { launched, presenter };
}

async function main() {
  pin(process.pid, SERVER_CORE);
  if (PROFILE_DIR) {
    process.env.REPERE_SOURCEMAP = "hidden";
    mkdirSync(PROFILE_DIR, { recursive: true });
  }
  const scratch = mkdtempSync(path.join(tmpdir(), "repere-phone-"));
  const server = await startBenchServer({ core: SERVER_CORE, assets: true });
  const browser = await launchChromium({ executablePath: pinnedChromium(scratch, BROWSER_CORE) });
  const results: Record<string, unknown>[] = [];
  const rooms: Awaited<ReturnType<typeof room>>[] = [];
  try {
    const admin = await server.kit.app.admin();
    const quiz = await demoQuiz(server.kit, admin);
    const random = await room(server, "random", quiz, admin);
    const defined = await room(server, "defined", quiz, admin);
    rooms.push(random, defined);
    console.log(
      `Serveur ${server.url} (${server.how}) sur le cœur ${SERVER_CORE}, Chromium sur le cœur ${BROWSER_CORE}` +
        `${haveTaskset() && cpus().length >= 2 ? "" : " (non épinglés : taskset absent ou un seul cœur)"}` +
        `; téléphone ${PHONE.width}x${PHONE.height}, processeur ralenti ${CPU_RATE}x, réseau ${NETWORK.latency} ms aller-retour et ` +
        `${(NETWORK.downloadThroughput * 8) / 1e6} Mbit/s ; ${RUNS} essais par langue, chacun dans un contexte neuf (cache vide)\n`,
    );
    for (const locale of LOCALES) {
      const t = tIn(locale);
      const lobby = t("player.lobby.title");
      const pseudo = t("player.pseudo.colorTitle");
      // Unmeasured: the server's isolate compiles this language's catalog once.
      await joinOnce(browser, server, random.launched.room, locale, lobby);
      const load = loadavg()[0]!.toFixed(2);
      const joins: Run[] = [];
      const pseudos: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        joins.push(await joinOnce(browser, server, random.launched.room, locale, lobby));
        pseudos.push(await joinOnce(browser, server, defined.launched.room, locale, pseudo));
      }
      const ms = joins.map((r) => r.ms);
      const cpu = joins.map((r) => r.cpu_ms);
      const last = joins.at(-1)!;
      console.log(
        `— ${locale} (charge de la machine ${load}) : « ${t("home.join")} » → « ${lobby} » p50 ${p50(ms)} ms, max ${max(ms)} ms` +
          ` (cible ≤ ${TARGET_MS} ms : ${max(ms) <= TARGET_MS ? "tenue" : "manquée"}) ; → « ${pseudo} » p50 ${p50(pseudos.map((r) => r.ms))} ms,` +
          ` max ${max(pseudos.map((r) => r.ms))} ms`,
      );
      console.log(
        `  page d'accueil interactive après p50 ${p50(joins.map((r) => r.ready_ms))} ms ; JavaScript avant le salon ${last.js_gzip_kb} KB gzip` +
          ` (dont ${last.js_after_click_gzip_kb} KB après le clic ; ${last.js_wire_kb} KB sur le fil), HTML de l'accueil ${last.html_kb} KB` +
          ` dont catalogue ${last.catalog_kb} KB`,
      );
      console.log(
        `  temps processeur du fil principal entre le clic et le salon p50 ${p50(cpu)} ms` +
          `\n  réseau après le clic (dernier essai, ms depuis le clic) : ${last.after_click.join(", ")}`,
      );
      if (PROFILE_DIR) await joinOnce(browser, server, random.launched.room, locale, lobby, `join-${locale}`);
      results.push({
        locale,
        runs: RUNS,
        cpu_rate: CPU_RATE,
        load_before: Number(load),
        join_p50_ms: p50(ms),
        join_max_ms: max(ms),
        pseudo_p50_ms: p50(pseudos.map((r) => r.ms)),
        pseudo_max_ms: max(pseudos.map((r) => r.ms)),
        ready_p50_ms: p50(joins.map((r) => r.ready_ms)),
        join_cpu_p50_ms: p50(cpu),
        js_gzip_kb: last.js_gzip_kb,
        js_after_click_gzip_kb: last.js_after_click_gzip_kb,
        js_wire_kb: last.js_wire_kb,
        html_kb: last.html_kb,
        catalog_kb: last.catalog_kb,
        target_ms: TARGET_MS,
        load_after: Number(loadavg()[0]!.toFixed(2)),
      });
    }
  } finally {
    for (const r of rooms) {
      r.presenter.close();
      await closeRoom(server.kit, r.launched).catch(() => {});
    }
    await browser.close();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(JSON.stringify({ bench: "phone-join", results }));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
