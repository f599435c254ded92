import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomMessageOf } from "@common/wire/room-messages";
import { AnswerCounterBatch } from "./answer-counter-batch";

type PresPlayerAnswered = RoomMessageOf<"pres_playerAnswered">;

const notice = (id: string, count: number, questionIndex = 0): PresPlayerAnswered => ({
  type: "pres_playerAnswered",
  questionIndex,
  answers: [{ seatId: id, pseudo: id, marker: id, elapsedMs: 100 }],
  answeredCount: count,
  expectedCount: 10,
});

describe("AnswerCounterBatch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends the first notice at once, then merges the next ones into one every 250 ms", () => {
    const sent: PresPlayerAnswered[] = [];
    const t = new AnswerCounterBatch((m) => sent.push(m), () => Date.now());
    t.push(notice("p1", 1));
    expect(sent).toHaveLength(1);
    t.push(notice("p2", 2));
    t.push(notice("p3", 3));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(250);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.answers.map((a) => a.seatId)).toEqual(["p2", "p3"]);
    expect(sent[1]!.answeredCount).toBe(3);
  });

  it("flushes on demand (before any other presenter message) and drops a stale question", () => {
    const sent: PresPlayerAnswered[] = [];
    const t = new AnswerCounterBatch((m) => sent.push(m), () => Date.now());
    t.push(notice("p1", 1));
    t.push(notice("p2", 2));
    t.flush();
    expect(sent.map((m) => m.answeredCount)).toEqual([1, 2]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
    t.push(notice("p3", 3));
    t.push(notice("q1", 1, 1)); // a new question: the old queue is not mixed in
    t.flush();
    expect(sent.at(-1)!.questionIndex).toBe(1);
    expect(sent.at(-1)!.answers.map((a) => a.seatId)).toEqual(["q1"]);
    t.push(notice("x", 9));
    t.clear();
    vi.advanceTimersByTime(1000);
    expect(sent.at(-1)!.answers[0]!.seatId).toBe("q1");
  });
});
