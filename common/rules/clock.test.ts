import { describe, expect, it } from "vitest";
import { ECHO_MAX_AGE_MS, ROUND_TRIP_MAX_MS, ROUND_TRIP_SAMPLES, answerTiming, questionClosesAt, roundTripOf, withEcho, withSample } from "./clock";

const echoes = (...ms: number[]) => ms.reduce<readonly number[]>((s, m) => withEcho(s, 10_000, 10_000 + m), []);

describe("a socket's round trip", () => {
  it("is 0 until the room has heard an echo: nothing is given that was not measured", () => {
    expect(roundTripOf([])).toBe(0);
  });

  it("is the lower median of the last samples, so one slow echo moves nothing", () => {
    expect(roundTripOf(echoes(300))).toBe(300);
    expect(roundTripOf(echoes(300, 900))).toBe(300);
    expect(roundTripOf(echoes(80, 90, 2_000, 85, 95))).toBe(90);
    expect(roundTripOf(echoes(300, 310, 290, 305, 295))).toBe(300);
  });

  it("keeps only the last samples: a phone whose network got better is counted as it is now", () => {
    const s = echoes(400, 400, 400, 400, 400, 50, 50, 50);
    expect(s).toHaveLength(ROUND_TRIP_SAMPLES);
    expect(roundTripOf(s)).toBe(50);
  });

  it("never passes the bound, however slow the echoes (a script faking a slow network gains no more)", () => {
    expect(roundTripOf(echoes(5_000, 4_000, 9_000))).toBe(ROUND_TRIP_MAX_MS);
    expect(ROUND_TRIP_MAX_MS).toBe(500);
  });

  it("ignores an echo of a stamp from the future or older than a round trip can be", () => {
    const s = echoes(120);
    expect(withEcho(s, 20_000, 19_000)).toBe(s);
    expect(withEcho(s, 1_000, 1_000 + ECHO_MAX_AGE_MS + 1)).toBe(s);
    expect(withEcho(s, Number.NaN, 1_000)).toBe(s);
  });
});

describe("an answer's timing", () => {
  const q = { openedAt: 100_000, deadline: 115_000 };

  it("takes the phone's round trip off its time, so a far phone and a near one that tap together tie", () => {
    const near = answerTiming({ ...q, now: 102_000, roundTripMs: 0 });
    const far = answerTiming({ ...q, now: 102_300, roundTripMs: 300 });
    expect(near).toEqual({ late: false, elapsedMs: 2_000 });
    expect(far).toEqual(near);
  });

  it("gives the phone its round trip more before its deadline", () => {
    expect(answerTiming({ ...q, now: 115_200, roundTripMs: 300 })).toEqual({ late: false, elapsedMs: 14_900 });
    expect(answerTiming({ ...q, now: 115_300, roundTripMs: 300 })).toEqual({ late: true });
    expect(answerTiming({ ...q, now: 115_000, roundTripMs: 0 })).toEqual({ late: true });
  });

  it("holds a round trip it is given to the bound, and a time to 0", () => {
    expect(answerTiming({ ...q, now: 115_499, roundTripMs: 5_000 })).toEqual({ late: false, elapsedMs: 14_999 });
    expect(answerTiming({ ...q, now: 115_500, roundTripMs: 5_000 })).toEqual({ late: true });
    expect(answerTiming({ ...q, now: 100_100, roundTripMs: 300 })).toEqual({ late: false, elapsedMs: 0 });
    expect(answerTiming({ ...q, now: 102_000, roundTripMs: Number.NaN })).toEqual({ late: false, elapsedMs: 2_000 });
  });

  it("closes the question for everyone at most the bound after its deadline", () => {
    expect(questionClosesAt(q.deadline)).toBe(q.deadline + ROUND_TRIP_MAX_MS);
  });
});

describe("a défi's round-trip samples", () => {
  it("keeps the last five, each held to the bound, and ignores what cannot be a round trip", () => {
    let samples: readonly number[] = [];
    for (const ms of [100, 200, 300, 400, 450, 9_999]) samples = withSample(samples, ms);
    expect(samples).toEqual([200, 300, 400, 450, ROUND_TRIP_MAX_MS]);
    expect(withSample([1, 2], -50)).toEqual([1, 2]);
    expect(withSample([1, 2], Number.NaN)).toEqual([1, 2]);
    expect(withSample([1, 2], ECHO_MAX_AGE_MS + 1)).toEqual([1, 2]);
  });
});
