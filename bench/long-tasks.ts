// What a long task of the page was (bench/screen.ts): read from the moment's trace, each task of
// the renderer's main thread over 50 ms of wall time, when it started after the moment's mark,
// how much of it was the main thread's own CPU, which other threads of Chromium ran on the core
// meanwhile (all of Chromium's processes share one core in the bench), and, when the trace has
// the timeline's events (BENCH_PROFILE), what ran inside it.

export type TraceEvent = {
  ph: string;
  name: string;
  cat?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
};

export interface LongTask {
  /** Start after the moment's mark, ms. */
  atMs: number;
  /** The task's span in the trace's microseconds. */
  span: { start: number; end: number };
  wallMs: number;
  cpuMs: number;
  /** CPU of Chromium's other threads within the task's span, most first: "Renderer/Compositor 12". */
  others: { thread: string; cpuMs: number }[];
  /** Self time of the events inside the task, most first (empty without the timeline's events). */
  inside: { name: string; ms: number }[];
}

export const LONG_TASK_MS = 50;
const TASK_NAMES = new Set(["ThreadControllerImpl::RunTask", "RunTask"]);

const key = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`;
const ms = (us: number) => Math.round(us / 100) / 10;

/** The renderer's main thread: the CrRendererMain with the most tasks. */
function mainThread(events: readonly TraceEvent[]): string | null {
  const mains = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map(key));
  const counts = new Map<string, number>();
  for (const e of events) if (e.ph === "X" && TASK_NAMES.has(e.name) && mains.has(key(e))) counts.set(key(e), (counts.get(key(e)) ?? 0) + 1);
  let best: string | null = null;
  for (const [k, n] of counts) if (best === null || n > counts.get(best)!) best = k;
  return best;
}

/** Each thread's outermost complete events (nested ones are inside their parent's time already). */
function outermost(events: readonly TraceEvent[]): Map<string, TraceEvent[]> {
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== "X" || typeof e.dur !== "number") continue;
    const list = byThread.get(key(e)) ?? [];
    list.push(e);
    byThread.set(key(e), list);
  }
  for (const [k, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const top: TraceEvent[] = [];
    let end = -Infinity;
    for (const e of list) {
      if (e.ts >= end) {
        top.push(e);
        end = e.ts + e.dur!;
      }
    }
    byThread.set(k, top);
  }
  return byThread;
}

/**
 * Self time of each event of one thread within [start, end), by name (with `byFunction`, a script
 * by its function too); tasks themselves are left out: their time beyond their events is the
 * browser's.
 */
export function selfTimes(events: readonly TraceEvent[], start: number, end: number, byFunction = true): Map<string, number> {
  const inside = events.filter((e) => e.ph === "X" && typeof e.dur === "number" && e.ts >= start && e.ts < end && !TASK_NAMES.has(e.name));
  inside.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; name: string; child: number; dur: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const top = stack.pop()!;
      self.set(top.name, (self.get(top.name) ?? 0) + top.dur - top.child);
    }
  };
  for (const e of inside) {
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) parent.child += e.dur!;
    const fn = byFunction ? e.args?.data?.functionName : undefined;
    stack.push({ end: e.ts + e.dur!, name: fn ? `${e.name} ${fn}` : e.name, child: 0, dur: e.dur! });
  }
  close(Infinity);
  return self;
}

/**
 * The main thread's tasks over `overMs` of wall time (a long task's 50 ms unless told) in a trace,
 * timed from `markTs` (the trace's timestamp of the moment's start), each with what shared the
 * core meanwhile; `within` keeps those that overlap a span (the trace's microseconds): the
 * tasks the page reported as one long task where the trace has none.
 */
export function longTasks(
  events: readonly TraceEvent[],
  markTs: number,
  overMs = LONG_TASK_MS,
  within?: { start: number; end: number },
): LongTask[] {
  const main = mainThread(events);
  if (!main) return [];
  const names = new Map<string, string>();
  const processes = new Map<number, string>();
  for (const e of events) {
    if (e.ph !== "M") continue;
    if (e.name === "thread_name") names.set(key(e), e.args?.name ?? "?");
    if (e.name === "process_name") processes.set(e.pid, e.args?.name ?? "?");
  }
  const threads = outermost(events);
  const mainEvents = events.filter((e) => key(e) === main);
  const result: LongTask[] = [];
  for (const task of threads.get(main) ?? []) {
    if (!TASK_NAMES.has(task.name) || task.dur! <= overMs * 1000) continue;
    if (within && (task.ts >= within.end || task.ts + task.dur! <= within.start)) continue;
    const start = task.ts;
    const end = task.ts + task.dur!;
    const others = new Map<string, number>();
    for (const [k, list] of threads) {
      if (k === main) continue;
      let cpu = 0;
      for (const e of list) {
        if (e.ts >= end || e.ts + e.dur! <= start) continue;
        // A span that runs past the task counts for the share of it inside the task.
        const overlap = Math.min(end, e.ts + e.dur!) - Math.max(start, e.ts);
        cpu += (e.tdur ?? e.dur!) * (e.dur! > 0 ? overlap / e.dur! : 0);
      }
      if (cpu < 500) continue;
      const pid = Number(k.split(":")[0]);
      const thread = `${processes.get(pid) ?? pid}/${names.get(k) ?? k}`;
      others.set(thread, (others.get(thread) ?? 0) + cpu);
    }
    result.push({
      atMs: ms(start - markTs),
      span: { start, end },
      wallMs: ms(task.dur!),
      cpuMs: ms(task.tdur ?? task.dur!),
      others: [...others].sort((a, b) => b[1] - a[1]).map(([thread, us]) => ({ thread, cpuMs: ms(us) })),
      inside: [...selfTimes(mainEvents, start, end)]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, us]) => ({ name, ms: ms(us) })),
    });
  }
  return result;
}

/** One line a task: « +3.2 s : 58 ms (processeur 31 ms) ; à côté : Renderer/Compositor 12 ms… ». */
export function describeLongTask(t: LongTask): string {
  const others = t.others.length ? t.others.map((o) => `${o.thread} ${o.cpuMs} ms`).join(", ") : "rien";
  const inside = t.inside.length ? ` ; dedans : ${t.inside.map((i) => `${i.name} ${i.ms}`).join(", ")}` : "";
  return `+${(t.atMs / 1000).toFixed(2)} s : ${t.wallMs} ms (processeur ${t.cpuMs} ms) ; à côté : ${others}${inside}`;
}
