/**
 * What the app throttles, and how a route goes through it. The counts live in the Throttle
 * Durable Object (throttle-counter.server.ts), one per key.
 *
 * - Logins, for the login forms and the JSON logins alike, counted three ways in 10 minutes, then
 *   429 « Trop de tentatives, réessayez dans quelques minutes »:
 *   - 10 wrong passwords for one mail from one address (an IPv6 address counts by its /64):
 *     whoever guesses one account from one network stops there;
 *   - 10 wrong passwords from one address whatever the mails: one network cannot try many
 *     accounts either;
 *   - 100 wrong passwords for one mail from all addresses together: a ceiling against guessing
 *     from many networks at once, ten times the others, so that a stranger has to bring ten
 *     networks to lock the owner out, and even then only for 10 minutes. Before, 10 failures per
 *     mail from anywhere did it: anyone could keep an account shut by typing its mail.
 *   The owner, on their own network, meets none of the stranger's counts but the last.
 *   An attempt is counted before its password is checked and taken back if it was right:
 *   parallel guesses cannot all start before the first one is counted.
 * - Room numbers players ask for (the room check, the home form, the /play and /join pages, and
 *   the room sockets, app/server/room-door.server.ts): 50 numbers that no live game holds in 10
 *   minutes per IP. A player who mistypes a few times
 *   never meets it, nor does a whole bar behind one IP: numbers that exist cost nothing, nor do
 *   those of a game closed in the last hours (phones reloading after the podium). Guessing live
 *   rooms among 900 000 numbers at 50 per 10 minutes is hopeless. Once over it, live numbers
 *   are refused too: otherwise the answer would still tell them apart.
 * - Reports of the pages' Content-Security-Policies (browser-alerts.server.ts): 30 posts in 10
 *   minutes per address, 600 from everywhere; beyond, 429 and nothing stored.
 * Not here: a défi's joins per address are counted from its own rows (defi-play.server.ts,
 * DEFI_JOINS_PER_ADDRESS), which cost a new player no call to a counter object.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addressKey } from "@common/address";
import { Refusal } from "./refusal.server";
import type { Taken } from "./throttle-counter.server";
import type { ThrottleRule, Verdict } from "./throttle-window.server";

const MINUTE = 60_000;

export const THROTTLE_RULES = {
  /** Wrong passwords for one mail from one address. */
  loginMailAddress: { limit: 10, windowMs: 10 * MINUTE },
  /** Wrong passwords from one address, whatever the mails. */
  loginAddress: { limit: 10, windowMs: 10 * MINUTE },
  /** Wrong passwords for one mail from every address together. */
  loginMail: { limit: 100, windowMs: 10 * MINUTE },
  roomGuess: { limit: 50, windowMs: 10 * MINUTE },
  /** Reports a browser posts to the CSP report endpoint, from one address. */
  cspReportAddress: { limit: 30, windowMs: 10 * MINUTE },
  /** The same from every address together: what the reports may cost D1, whoever sends them. */
  cspReportAll: { limit: 600, windowMs: 10 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

function counterIn(env: Env, key: string) {
  return env.Throttle.get(env.Throttle.idFromName(key));
}

const counter = (context: AppLoadContext, key: string) => counterIn(context.cloudflare.env, key);

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
 * runs once the mail from this address, the address, or the mail from everywhere has had its
 * failures.
 */
export async function throttledLogin<T>(
  context: AppLoadContext,
  address: string,
  mail: string,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const counts = [
    { key: `login-mail-address:${address}:${mail}`, rule: THROTTLE_RULES.loginMailAddress },
    { key: `login-ip:${address}`, rule: THROTTLE_RULES.loginAddress },
    { key: `login-mail:${mail}`, rule: THROTTLE_RULES.loginMail },
  ].map(({ key, rule }) => ({ rule, counter: counter(context, key) }));
  const taken = await Promise.all(counts.map(({ counter, rule }) => counter.take(rule)));
  /** Takes back this attempt wherever it was counted. */
  const forgive = async () => {
    const counted = counts.flatMap(({ counter, rule }, i) => {
      const t = taken[i]!;
      return t.ok ? [counter.forgive(rule, t.at)] : [];
    });
    await Promise.all(counted);
  };
  if (taken.some((t) => !t.ok)) {
    // The other keys counted an attempt that never happened.
    await forgive();
    throw tooMany(Math.max(...taken.map((t) => (t.ok ? 0 : t.retryAfterMs))));
  }
  let result: T | null;
  try {
    result = await check();
  } catch (error) {
    // Not a wrong password: nothing to hold against the caller.
    await forgive();
    throw error;
  }
  // The right password: this attempt is not a failure. The failures before it stay counted: a
  // guesser who knows one password (their own) must not wipe their address's count with it,
  // and one guessing from elsewhere gains nothing from the owner's login.
  if (result !== null) await forgive();
  return result;
}

/**
 * A room number a player asked for, under the throttle of its IP. `look` resolves to the live
 * room, or null for a number no live game holds: a failure, unless `excused` says the number is
 * no guess (its game just closed: a phone coming back to it). Over the limit, 429 whatever the
 * number.
 */
export async function throttledRoomGuess<T>(
  context: AppLoadContext,
  address: string,
  look: () => Promise<T | null>,
  excused: () => Promise<boolean>,
): Promise<T | null> {
  const byIp = roomGuessThrottle(context.cloudflare.env, address);
  const room = await look();
  // A miss is counted and checked in one call; a hit or an excused miss only checked.
  const counted = room === null && !(await excused());
  const verdict = counted ? await byIp.miss() : await byIp.check();
  if (!verdict.ok) throw tooMany(verdict.retryAfterMs);
  return room;
}

/** One address's room-number throttle: the pages' count, which the room sockets share (server.ts). */
interface RoomGuessThrottle {
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

/**
 * Whether one more CSP report post may be stored: 30 in 10 minutes per address, 600 from every
 * address together (browser-alerts.server.ts). Every post counts, read or not: the endpoint takes
 * anyone's reports, and a flood of them must not reach D1.
 */
export async function reportBudget(env: Env, request: Request): Promise<boolean> {
  const byAddress = await counterIn(env, `csp-report-ip:${clientAddress(request)}`).take(THROTTLE_RULES.cspReportAddress);
  if (!byAddress.ok) return false;
  return (await counterIn(env, "csp-report-all").take(THROTTLE_RULES.cspReportAll)).ok;
}
