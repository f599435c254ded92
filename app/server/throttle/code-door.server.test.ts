import { describe, expect, it } from "vitest";
import { guess, type Reservation } from "./code-door.server";

/** A count of one guess in advance, written down: taken, then maybe given back. */
function ledger(full = false) {
  const log: string[] = [];
  const reserve = async (): Promise<Reservation> => {
    log.push("take");
    if (full) return { ok: false, retryAfterMs: 1234 };
    return { ok: true, release: async () => void log.push("give back") };
  };
  return { log, reserve };
}

describe("a guess of a code", () => {
  it("is counted before it is looked up, and keeps its count when the code names nothing", async () => {
    const l = ledger();
    const g = await guess(l.reserve, async () => (l.log.push("look"), null), async () => (l.log.push("excused?"), false));
    expect(g).toEqual({ ok: true, found: null });
    expect(l.log).toEqual(["take", "look", "excused?"]);
  });

  it("gives its count back when the code names something, without asking for an excuse", async () => {
    const l = ledger();
    const g = await guess(l.reserve, async () => (l.log.push("look"), "salle"), async () => (l.log.push("excused?"), false));
    expect(g).toEqual({ ok: true, found: "salle" });
    expect(l.log).toEqual(["take", "look", "give back"]);
  });

  it("gives its count back when the miss is excused (a game closed lately)", async () => {
    const l = ledger();
    await guess(l.reserve, async () => null, async () => true);
    expect(l.log).toEqual(["take", "give back"]);
  });

  it("gives its count back when the lookup fails, and lets the failure through", async () => {
    const l = ledger();
    await expect(guess(l.reserve, () => Promise.reject(new Error("D1 en panne")), async () => false)).rejects.toThrow("D1 en panne");
    expect(l.log).toEqual(["take", "give back"]);
  });

  it("looks nothing up once the count is full", async () => {
    const l = ledger(true);
    const g = await guess(l.reserve, async () => (l.log.push("look"), "salle"), async () => false);
    expect(g).toEqual({ ok: false, retryAfterMs: 1234 });
    expect(l.log).toEqual(["take"]);
  });
});
