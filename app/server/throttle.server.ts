/**
 * What the app throttles, and how a route goes through it. The counts live in the Throttle
 * Durable Object (throttle-counter.server.ts), one per key.
 *
 * - Logins: 10 wrong passwords in 10 minutes per account (the mail typed) and per IP, then 429
 *   « Trop de tentatives, réessayez dans quelques minutes », for the login forms and the JSON
 *   logins alike. An attempt is counted before its password is checked and taken back if it
 *   was right: parallel guesses cannot all start before the first one is counted.
 * - Room numbers players ask for (the room check, the home form, the /play and /join pages, and
 *   the room sockets, app/server/room-door.server.ts): 50 numbers that no live game holds in 10
 *   minutes per IP. A player who mistypes a few times
 *   never meets it, nor does a whole bar behind one IP: numbers that exist cost nothing, nor do
 *   those of a game closed in the last hours (phones reloading after the podium). Guessing live
 *   rooms among 900 000 numbers at 50 per 10 minutes is hopeless. Once over it, live numbers
 *   are refused too: otherwise the answer would still tell them apart.
 * - Joining a défi: 300 players in 10 minutes per défi and per IP. A school behind one address
 *   joins its classes; a script filling a défi's leaderboard with made-up lines stops there.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addressKey } from "@common/address";
import { Refusal } from "./refusal.server";
import type { Taken } from "./throttle-counter.server";
import type { ThrottleRule, Verdict } from "./throttle-window.server";

const MINUTE = 60_000;

export const THROTTLE_RULES = {
  login: { limit: 10, windowMs: 10 * MINUTE },
  roomGuess: { limit: 50, windowMs: 10 * MINUTE },
  defiJoin: { limit: 300, windowMs: 10 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

function counter(context: AppLoadContext, key: string) {
  const ns = context.cloudflare.env.Throttle;
  return ns.get(ns.idFromName(key));
}

/**
 * The caller's address as Cloudflare saw it (clients cannot forge CF-Connecting-IP in
 * production), as every per-address count keys it (common/address.ts): an IPv6 address by its
 * /64, since one subscriber holds a whole /64.
 */
export function clientAddress(request: Request): string {
  return addressKey(request.headers.get("CF-Connecting-IP"));
}

const tooMany = (retryAfterMs: number) => Refusal.tooManyRequests(retryAfterMs / 1000);

/**
 * A login attempt under the throttle. `check` resolves to the account when the password is
 * right, null when it is not (a failure that stays counted). Refused with 429 before `check`
 * runs once the account or the IP has had its 10 failures.
 */
export async function throttledLogin<T>(
  request: Request,
  context: AppLoadContext,
  mail: string,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const rule = THROTTLE_RULES.login;
  const byIp = counter(context, `login-ip:${clientAddress(request)}`);
  const byAccount = counter(context, `login-mail:${mail}`);
  const [ip, account] = await Promise.all([byIp.take(rule), byAccount.take(rule)]);
  if (!ip.ok || !account.ok) {
    // The other key counted an attempt that never happened.
    await Promise.all([ip.ok && byIp.forgive(rule, ip.at), account.ok && byAccount.forgive(rule, account.at)]);
    throw tooMany(Math.max(ip.ok ? 0 : ip.retryAfterMs, account.ok ? 0 : account.retryAfterMs));
  }
  let result: T | null;
  try {
    result = await check();
  } catch (error) {
    // Not a wrong password: nothing to hold against the caller.
    await Promise.all([byIp.forgive(rule, ip.at), byAccount.forgive(rule, account.at)]);
    throw error;
  }
  if (result !== null) {
    // The right password: this attempt is not a failure, and the account's count starts over.
    await Promise.all([byIp.forgive(rule, ip.at), byAccount.clear()]);
  }
  return result;
}

/**
 * A room number a player asked for, under the throttle of its IP. `look` resolves to the live
 * room, or null for a number no live game holds: a failure, unless `excused` says the number is
 * no guess (its game just closed: a phone coming back to it). Over the limit, 429 whatever the
 * number.
 */
export async function throttledRoomGuess<T>(
  request: Request,
  context: AppLoadContext,
  look: () => Promise<T | null>,
  excused: () => Promise<boolean>,
): Promise<T | null> {
  const byIp = roomGuessThrottle(context.cloudflare.env, clientAddress(request));
  const room = await look();
  // A miss is counted and checked in one call; a hit or an excused miss only checked.
  const counted = room === null && !(await excused());
  const verdict = counted ? await byIp.miss() : await byIp.check();
  if (!verdict.ok) throw tooMany(verdict.retryAfterMs);
  return room;
}

/** One address's room-number throttle: the pages' count, which the room sockets share (server.ts). */
export interface RoomGuessThrottle {
  /** Would a guess go on now? Counts nothing. */
  check(): Promise<Verdict>;
  /** Counts a number no live game holds, unless the address is already over (then refused). */
  miss(): Promise<Taken>;
}

export function roomGuessThrottle(env: Env, address: string): RoomGuessThrottle {
  const rule = THROTTLE_RULES.roomGuess;
  const byIp = env.Throttle.get(env.Throttle.idFromName(`room-ip:${address}`));
  return { check: () => byIp.check(rule), miss: () => byIp.take(rule) };
}

/** « Commencer » on a défi, counted per défi and per IP; 429 once over THROTTLE_RULES.defiJoin. */
export async function throttledDefiJoin(request: Request, context: AppLoadContext, code: string): Promise<void> {
  const taken = await counter(context, `defi-join:${code}:${clientAddress(request)}`).take(THROTTLE_RULES.defiJoin);
  if (!taken.ok) throw tooMany(taken.retryAfterMs);
}
