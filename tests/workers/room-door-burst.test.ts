import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEFI_CODE } from "@common/rules";
import { THROTTLE_RULES } from "~/server/throttle/throttle.server";
import worker from "../../server";
import { cookieOf, launch, make, postJson } from "../support/workers";

/**
 * A script sends its guesses all at once from one address, the code it is after sent last, while
 * the registry answers slowly: the Worker as deployed (server.ts, its room sockets and its Remix
 * routes) with a D1 whose lookups of the script's made-up codes wait until the test lets them go,
 * so that the order in which lookups end cannot save the door. At most the budget's worth of
 * guesses may be looked up, and the live code sent last must not be found.
 */
const BUDGET = THROTTLE_RULES.codeGuess.limit;
const BURST = 400;

/**
 * The app's D1, whose reads binding one of the script's made-up codes wait for `release`; every
 * other statement goes through as it comes. `held` counts the reads waiting.
 */
function slowD1(real: D1Database, madeUp: (value: unknown) => boolean) {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let held = 0;
  const statement = (s: D1PreparedStatement, params: unknown[]): D1PreparedStatement =>
    new Proxy(s, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => statement(target.bind(...values), values);
        const value = Reflect.get(target, key, target) as unknown;
        if (typeof value !== "function") return value;
        if (!["first", "all", "raw", "run"].includes(String(key))) return (value as (...a: unknown[]) => unknown).bind(target);
        return async (...args: unknown[]) => {
          if (params.some(madeUp)) {
            held++;
            await gate;
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const db = new Proxy(real, {
    get(target, key) {
      if (key === "prepare") return (query: string) => statement(target.prepare(query), []);
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, held: () => held, release: () => open() };
}

/** The Worker's answer to `path` from `ip`, with the slowed D1. */
async function ask(slowEnv: Env, path: string, ip: string, upgrade: boolean) {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip };
  if (upgrade) headers.Upgrade = "websocket";
  const request = new Request(`http://localhost${path}`, { headers }) as Parameters<typeof worker.fetch>[0];
  const res = await worker.fetch(request, slowEnv, createExecutionContext());
  if (res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close(1000);
  }
  return res.status;
}

/**
 * `count` made-up codes sent at once from `ip`, then the live one once every made-up guess is
 * either answered or waiting on its lookup; then the lookups are let go.
 */
async function burst(o: { slow: ReturnType<typeof slowD1>; paths: string[]; live: string; ip: string; upgrade: boolean }) {
  const slowEnv = { ...env, DB: o.slow.db } as Env;
  let answered = 0;
  const guesses = o.paths.map((p) => ask(slowEnv, p, o.ip, o.upgrade).finally(() => answered++));
  while (answered + o.slow.held() < guesses.length) await new Promise((r) => setTimeout(r, 1));
  const live = await ask(slowEnv, o.live, o.ip, o.upgrade);
  const lookedUp = o.slow.held();
  o.slow.release();
  const statuses = await Promise.all(guesses);
  return { live, lookedUp, statuses };
}

/** Six-digit numbers no live game holds, almost surely (rooms draw theirs among 900,000). */
function deadNumbers(count: number): string[] {
  const base = 100_000 + Math.floor(Math.random() * 400_000);
  return Array.from({ length: count }, (_, i) => String(base + i));
}

const tally = (xs: number[]) => Object.fromEntries([...new Set(xs)].map((x) => [x, xs.filter((y) => y === x).length]));

describe("a burst of room numbers from one address finds no room", () => {
  it("through the room sockets: 400 upgrades at once, the live room last", { timeout: 120_000 }, async () => {
    const l = await launch();
    const dead = new Set(deadNumbers(BURST));
    const slow = slowD1(env.DB, (v) => dead.has(String(v)));
    const r = await burst({ slow, paths: [...dead].map((n) => `/parties/game-room/${n}`), live: `/parties/game-room/${l.room}`, ip: "198.51.100.201", upgrade: true });
    expect(r.live).toBe(429);
    expect(r.lookedUp).toBeLessThanOrEqual(BUDGET);
    expect(tally(r.statuses)).toEqual({ 404: BUDGET, 429: BURST - BUDGET });
  });

  it("through the room check: 400 numbers at once, the live room last", { timeout: 120_000 }, async () => {
    const l = await launch();
    const dead = new Set(deadNumbers(BURST));
    const slow = slowD1(env.DB, (v) => dead.has(String(v)));
    const r = await burst({ slow, paths: [...dead].map((n) => `/api/game/check/${n}`), live: `/api/game/check/${l.room}`, ip: "198.51.100.202", upgrade: false });
    expect(r.live).toBe(429);
    expect(r.lookedUp).toBeLessThanOrEqual(BUDGET);
    expect(tally(r.statuses)).toEqual({ 404: BUDGET, 429: BURST - BUDGET });
  });
});

describe("a burst of défi codes from one address finds no défi", () => {
  it("400 made-up codes at once, a real défi's code last", { timeout: 120_000 }, async () => {
    const mj = await make.mj();
    const quiz = await make.quiz(mj);
    const created = await postJson(
      "/api/defis/new",
      { quiz: quiz.uniqueName, deadline: Date.now() + 3_600_000, answerTimeSec: 30, helpZoneM: 500, nameMode: "pseudo" },
      await cookieOf(mj),
    );
    expect(created.status).toBe(201);
    const { code } = (await created.json()) as { code: string };
    const madeUp = new Set(Array.from({ length: BURST }, (_, i) => `zz${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}${String(i).padStart(4, "0")}`));
    expect([...madeUp].every((c) => DEFI_CODE.test(c))).toBe(true);
    const slow = slowD1(env.DB, (v) => madeUp.has(String(v)));
    const r = await burst({ slow, paths: [...madeUp].map((c) => `/api/defi/${c}/state`), live: `/api/defi/${code}/state`, ip: "198.51.100.203", upgrade: false });
    expect(r.live).toBe(429);
    expect(r.lookedUp).toBeLessThanOrEqual(BUDGET);
    expect(tally(r.statuses)).toEqual({ 404: BUDGET, 429: BURST - BUDGET });
  });
});
