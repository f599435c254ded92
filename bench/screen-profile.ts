// Where a moment of a page spent its time (bench/screen.ts, bench/phone-join.ts, BENCH_PROFILE): the
// renderer's main thread in a Chrome trace (script, style, layout, paint, garbage collection, by
// event), and the JavaScript in a CPU profile (by source file and by function). With the build's
// hidden source maps (the bench builds with them when profiling), minified chunks are read back
// into their sources: `react-dom`, `app/features/map/OfflineMap.tsx:412`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { CDPSession } from "playwright-core";
import { selfTimes } from "./long-tasks";

type TraceEvent = { ph: string; name: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };
type Trace = { traceEvents?: TraceEvent[] } | TraceEvent[];

/**
 * Starts tracing `categories`, and the CPU profiler too when `profiled`. The function returned ends
 * both at once (the next moment's trace may start) and hands back the trace's text and the profile.
 */
export async function startTrace(cdp: CDPSession, categories: string[], profiled: boolean): Promise<() => Promise<{ text: string; profile: CpuProfile | null }>> {
  if (profiled) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  await cdp.send("Tracing.start", { transferMode: "ReturnAsStream", traceConfig: { includedCategories: categories } });
  return async () => {
    const profile = profiled ? ((await cdp.send("Profiler.stop")) as { profile: CpuProfile }).profile : null;
    return { text: await endTrace(cdp), profile };
  };
}

/** Ends a trace started with `transferMode: "ReturnAsStream"` and reads it whole. */
export async function endTrace(cdp: CDPSession): Promise<string> {
  const done = new Promise<string>((resolve) => cdp.once("Tracing.tracingComplete", (e: { stream?: string }) => resolve(e.stream!)));
  await cdp.send("Tracing.end");
  const stream = await done;
  let text = "";
  for (;;) {
    const chunk = (await cdp.send("IO.read", { handle: stream })) as { data: string; eof: boolean; base64Encoded?: boolean };
    text += chunk.base64Encoded ? Buffer.from(chunk.data, "base64").toString("utf8") : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send("IO.close", { handle: stream });
  return text;
}

/**
 * The tasks of the page's renderer main thread (the one with the most), with their wall time and
 * the CPU time the thread actually had: on a shared machine a task of 3 ms of CPU can take 300 ms
 * of wall time while other processes hold the core.
 */
export function mainThreadTasks(trace: Trace): { wallMs: number; cpuMs: number }[] {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const mains = new Set(
    events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, { wallMs: number; cpuMs: number }[]>();
  for (const e of events) {
    if (e.ph !== "X" || e.name !== "ThreadControllerImpl::RunTask") continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key)) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push({ wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? e.dur ?? 0) / 1000 });
  }
  let best: { wallMs: number; cpuMs: number }[] = [];
  for (const tasks of byThread.values()) if (tasks.length > best.length) best = tasks;
  return best;
}

const ms = (us: number) => Math.round(us / 1000);

/** What a main-thread event is, for the totals (DevTools' own grouping, roughly). */
function kind(name: string): string {
  if (/recalcStyle|UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|StyleRecalc/i.test(name)) return "style";
  if (/performLayout|^Layout$|UpdateLayout|InvalidateLayout|LayoutShift|ShapeText/i.test(name)) return "mise en page";
  if (/Paint|PrePaint|Layeriz|Composit|Commit|Raster|Decode/i.test(name)) return "peinture";
  if (/GC|Scavenge|Sweep|Mark|EMBEDDER_TRACING/i.test(name)) return "ramasse-miettes";
  if (/ResourceFetcher|ResourceLoad|ResourceReceive|ResourceFinish|ResourceSendRequest/.test(name)) return "ressources";
  if (/^ParseHTML/.test(name)) return "analyse";
  if (/^(FunctionCall|EvaluateScript|v8\.|V8\.|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|XHR|FireIdleCallback)/.test(name))
    return "script";
  return "autre";
}

/** Self time of every event on the page's main thread, by kind and by event name. */
export function summariseTrace(trace: Trace): string[] {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const mains = events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain");
  // The page's renderer: the main thread with the most complete events.
  let best: { pid: number; tid: number; events: TraceEvent[] } | null = null;
  for (const m of mains) {
    const own = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === "X" && typeof e.dur === "number");
    if (!best || own.length > best.events.length) best = { pid: m.pid, tid: m.tid, events: own };
  }
  if (!best) return ["trace : pas de fil principal de rendu"];
  const self = selfTimes(best.events, -Infinity, Infinity, false);
  const byKind = new Map<string, number>();
  for (const [name, us] of self) byKind.set(kind(name), (byKind.get(kind(name)) ?? 0) + us);
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 10);
  return [
    `fil principal : ${[...byKind].sort((a, b) => b[1] - a[1]).map(([k, us]) => `${k} ${ms(us)} ms`).join(", ")}`,
    `  événements : ${top.map(([n, us]) => `${n} ${ms(us)}`).join(", ")}`,
  ];
}

// ---------------------------------------------------------------------------------------------
// CPU profile

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime?: number;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** A source map's segments, line by line: [generated column, source, source line, source column]. */
function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  let src = 0;
  let srcLine = 0;
  let srcCol = 0;
  for (const text of mappings.split(";")) {
    const segments: number[][] = [];
    let col = 0;
    for (const seg of text.split(",")) {
      if (!seg) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += values[0]!;
      if (values.length >= 4) {
        src += values[1]!;
        srcLine += values[2]!;
        srcCol += values[3]!;
        segments.push([col, src, srcLine, srcCol]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** Reads a chunk's hidden source map (build/client/assets/x.js.map), once. */
function sourceMapper(clientDir: string) {
  const maps = new Map<string, { sources: string[]; lines: number[][][] } | null>();
  return (url: string, line: number, column: number): { file: string; line: number } | null => {
    const pathname = (() => {
      try {
        return new URL(url).pathname;
      } catch {
        return null;
      }
    })();
    if (!pathname?.startsWith("/assets/")) return null;
    if (!maps.has(pathname)) {
      const file = path.join(clientDir, `${pathname}.map`);
      if (!existsSync(file)) maps.set(pathname, null);
      else {
        const map = JSON.parse(readFileSync(file, "utf8")) as { sources: string[]; mappings: string };
        maps.set(pathname, { sources: map.sources, lines: decodeMappings(map.mappings) });
      }
    }
    const map = maps.get(pathname);
    const segments = map?.lines[line];
    if (!map || !segments?.length) return null;
    let found = segments[0]!;
    for (const s of segments) {
      if (s[0]! > column) break;
      found = s;
    }
    return { file: map.sources[found[1]!] ?? "?", line: found[2]! + 1 };
  };
}

/** `../../node_modules/react-dom/cjs/x.js` -> `react-dom`; app files keep their path. */
function sourceName(file: string): string {
  const nm = file.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = file.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  return file.replace(/^(\.\.\/)+/, "");
}

/**
 * Self time of the JavaScript, by source file and by function; with `span` (the trace's
 * microseconds, the profile's clock), only the samples inside it: what ran in one task.
 */
export function summariseProfile(profile: CpuProfile, clientDir: string, span?: { start: number; end: number }): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime ?? 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (span && (at < span.start || at >= span.end)) continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + dt);
  }
  const map = sourceMapper(clientDir);
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame;
    let file: string;
    let where: string;
    if (!url) {
      file = functionName || "(navigateur)";
      where = file;
    } else {
      const source = map(url, lineNumber, columnNumber);
      file = source ? sourceName(source.file) : path.basename(new URL(url).pathname);
      where = `${functionName || "(anonyme)"} ${source ? `${sourceName(source.file)}:${source.line}` : `${file}:${lineNumber + 1}`}`;
    }
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    byFunction.set(where, (byFunction.get(where) ?? 0) + us);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .filter(([n]) => n !== "(idle)")
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([n, us]) => `${n} ${ms(us)}`)
      .join(", ");
  return [`JavaScript par source : ${top(byFile, 10)}`, `  par fonction : ${top(byFunction, 10)}`];
}
