import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomMessage } from "@common/wire/room-messages";
import { BATCH_MS, MessageBatcher } from "./message-batch";

const join = (n: number): RoomMessage => ({
  type: "pres_newPlayer",
  player: { seatId: `p${n}`, pseudo: `Kiwi ${n}`, marker: "m", color: "bleu", team: null, connected: true },
  playersCount: n,
});

describe("the presenter's messages on their way to the screen", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function batcher() {
    const delivered: RoomMessage[][] = [];
    return { delivered, b: new MessageBatcher((msgs) => delivered.push(msgs), () => Date.now()) };
  }

  it("hands a hundred arrivals a second over at most four times a second", () => {
    const { delivered, b } = batcher();
    for (let i = 1; i <= 100; i++) {
      b.push(join(i));
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(BATCH_MS);
    expect(delivered.flat()).toHaveLength(100);
    expect(delivered.length).toBeLessThanOrEqual(Math.ceil(1000 / BATCH_MS) + 1);
    expect(delivered.flat().map((m) => (m.type === "pres_newPlayer" ? m.playersCount : 0))).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
  });

  it("shows a lone arrival after a quiet while at once", () => {
    const { delivered, b } = batcher();
    vi.advanceTimersByTime(5_000);
    b.push(join(1));
    vi.advanceTimersByTime(0);
    expect(delivered).toHaveLength(1);
  });

  it("lets any other message through at once, after the arrivals that came before it", () => {
    const { delivered, b } = batcher();
    b.push(join(1));
    b.push(join(2));
    b.push({ type: "pres_startGame_callback", startsInMs: 5000 });
    expect(delivered.map((batch) => batch.map((m) => m.type))).toEqual([["pres_newPlayer", "pres_newPlayer", "pres_startGame_callback"]]);
    vi.advanceTimersByTime(1_000);
    expect(delivered).toHaveLength(1);
  });

  it("delivers nothing once disposed", () => {
    const { delivered, b } = batcher();
    b.push(join(1));
    b.dispose();
    vi.advanceTimersByTime(1_000);
    expect(delivered).toEqual([]);
  });
});
