import { describe, expect, it } from "vitest";
import { describeLongTask, longTasks, type TraceEvent } from "./long-tasks";

const meta = (pid: number, tid: number, name: string, what = "thread_name"): TraceEvent => ({ ph: "M", name: what, pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number, tdur = dur, name = "ThreadControllerImpl::RunTask"): TraceEvent => ({
  ph: "X",
  name,
  pid,
  tid,
  ts,
  dur,
  tdur,
});

// A renderer (pid 1: main thread 10, compositor 11) and a GPU process (pid 2, viz thread 20).
const threads = [
  meta(1, 0, "Renderer", "process_name"),
  meta(2, 0, "GPU Process", "process_name"),
  meta(1, 10, "CrRendererMain"),
  meta(1, 11, "Compositor"),
  meta(2, 20, "VizCompositorThread"),
];

describe("longTasks", () => {
  it("finds the main thread's tasks over 50 ms, timed from the mark, with what shared the core", () => {
    const events = [
      ...threads,
      task(1, 10, 1_000_000, 30_000), // 30 ms: not long
      task(1, 10, 2_000_000, 60_000, 35_000), // 60 ms of wall time, 35 of CPU
      task(1, 11, 2_010_000, 12_000), // the compositor inside it
      task(2, 20, 2_050_000, 20_000), // the viz thread, half inside it
      task(2, 20, 3_000_000, 20_000), // after it
    ];
    const [long, ...rest] = longTasks(events, 1_500_000);
    expect(rest).toEqual([]);
    expect(long).toMatchObject({ atMs: 500, wallMs: 60, cpuMs: 35, span: { start: 2_000_000, end: 2_060_000 } });
    expect(long!.others).toEqual([
      { thread: "Renderer/Compositor", cpuMs: 12 },
      { thread: "GPU Process/VizCompositorThread", cpuMs: 10 },
    ]);
    expect(long!.inside).toEqual([]);
  });

  it("tells what ran inside a task by self time, a script by its function", () => {
    const fn: TraceEvent = { ...task(1, 10, 100_000, 40_000, 40_000, "FunctionCall"), args: { data: { functionName: "drawMarkers" } } };
    const events = [
      ...threads,
      task(1, 10, 100_000, 70_000),
      fn,
      task(1, 10, 110_000, 10_000, 10_000, "Layout"), // inside the function call
      task(1, 10, 150_000, 15_000, 15_000, "Paint"),
    ];
    const [long] = longTasks(events, 0);
    expect(long!.inside).toEqual([
      { name: "FunctionCall drawMarkers", ms: 30 },
      { name: "Paint", ms: 15 },
      { name: "Layout", ms: 10 },
    ]);
    expect(describeLongTask(long!)).toBe("+0.10 s : 70 ms (processeur 70 ms) ; à côté : rien ; dedans : FunctionCall drawMarkers 30, Paint 15, Layout 10");
  });

  it("gives the tasks that overlap a span, whatever their length", () => {
    const events = [...threads, task(1, 10, 1_000, 30_000), task(1, 10, 40_000, 20_000), task(1, 10, 100_000, 5_000)];
    expect(longTasks(events, 0, 0, { start: 20_000, end: 70_000 }).map((t) => [t.atMs, t.wallMs])).toEqual([
      [1, 30],
      [40, 20],
    ]);
  });

  it("finds nothing without a renderer's main thread", () => {
    expect(longTasks([task(1, 10, 0, 90_000)], 0)).toEqual([]);
  });
});
