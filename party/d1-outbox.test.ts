import { describe, expect, it } from "vitest";
import { D1_RETRY_MS, D1Outbox, retryDelayMs } from "./d1-outbox";
import type { D1Op } from "./d1-ops";

const op = (kind: D1Op["kind"], question = 0): D1Op =>
  kind === "answers" ? { kind, gameId: "g", question, at: 1 } : { kind, gameId: "g", at: 1 };

/** An outbox over a D1 that fails when told, a storage that keeps what was saved, a clock moved by hand. */
function outbox(pending: D1Op[] = []) {
  let now = 10_000;
  const sent: D1Op[] = [];
  const saved: D1Op[][] = [];
  const failures: string[] = [];
  let failNext = 0;
  let release: (() => void) | null = null;
  const box = new D1Outbox({
    send: async (o) => {
      if (release) await new Promise<void>((r) => (release = r));
      if (failNext > 0) {
        failNext--;
        throw new Error("D1 indisponible");
      }
      sent.push(o);
    },
    save: (p) => saved.push([...p]),
    now: () => now,
    failed: (o) => failures.push(o.kind),
  });
  box.load(pending);
  return {
    box,
    sent,
    saved,
    failures,
    fail: (n: number) => (failNext = n),
    hold: () => (release = () => {}),
    release: () => {
      const r = release;
      release = null;
      r?.();
    },
    tick: (ms: number) => (now += ms),
    now: () => now,
  };
}

describe("the retry schedule", () => {
  it("waits D1_RETRY_MS, doubled for each failure in a row, at most a minute", () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(retryDelayMs)).toEqual([5_000, 5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    expect(D1_RETRY_MS).toBe(5_000);
  });
});

describe("the D1 outbox", () => {
  it("sends its ops in order, one batch each, and stores what is left after each", async () => {
    const t = outbox();
    const stored = t.box.queue([op("started"), op("answers", 0)]);
    expect(stored).toEqual([op("started"), op("answers", 0)]);
    t.box.queue([op("over")]);
    await t.box.flush();
    expect(t.sent).toEqual([op("started"), op("answers", 0), op("over")]);
    expect(t.saved).toEqual([[op("answers", 0), op("over")], [op("over")], []]);
    expect(t.box.empty).toBe(true);
    expect(t.box.dueAt).toBeNull();
  });

  it("keeps a failed op first in line, and is due again after the schedule's wait", async () => {
    const t = outbox();
    t.box.queue([op("started"), op("closed")]);
    // Queued ops are due within D1_RETRY_MS even if no flush ever runs (a dead instance).
    expect(t.box.dueAt).toBe(t.now() + D1_RETRY_MS);
    t.fail(2);
    await t.box.flush();
    expect(t.failures).toEqual(["started"]);
    expect(t.box.dueAt).toBe(t.now() + retryDelayMs(1));
    await t.box.flush();
    expect(t.box.dueAt).toBe(t.now() + retryDelayMs(2));
    expect(t.box.ops).toEqual([op("started"), op("closed")]);
    expect(t.saved).toEqual([]);
    await t.box.flush();
    expect(t.sent).toEqual([op("started"), op("closed")]);
    // The failures in a row start again from zero.
    t.box.queue([op("over")]);
    t.fail(1);
    await t.box.flush();
    expect(t.box.dueAt).toBe(t.now() + retryDelayMs(1));
  });

  it("runs one flush at a time: a second call waits for the first, nothing is sent twice", async () => {
    const t = outbox();
    t.box.queue([op("started")]);
    t.hold();
    const first = t.box.flush();
    const second = t.box.flush();
    expect(second).toBe(first);
    t.release();
    await Promise.all([first, second]);
    expect(t.sent).toEqual([op("started")]);
  });

  it("takes over the ops an earlier instance stored, and queues new ones behind them", async () => {
    const t = outbox([op("answers", 3)]);
    expect(t.box.dueAt).toBe(t.now() + D1_RETRY_MS);
    t.box.queue([op("over")]);
    await t.box.flush();
    expect(t.sent).toEqual([op("answers", 3), op("over")]);
  });
});
