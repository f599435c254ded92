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
 * - Codes players ask for: room numbers (the room check, the home form, the /play and /join
 *   pages, and the room sockets, app/server/rooms/room-door.server.ts) and défi codes (the défi's pages
 *   and API, app/server/defi/defi-door.server.ts), together: 50 codes that name nothing in 10 minutes
 *   per address, and 500 per IPv6 /48 (a site holds 65,536 /64s: each would otherwise be a budget
 *   of 50). A player who mistypes a few times never meets it, nor does a whole bar behind one
 *   address: codes that exist cost nothing, nor do numbers of a game closed in the last hours
 *   (phones reloading after the podium). Guessing live rooms among 900 000 numbers at 50 per 10
 *   minutes is hopeless. Each guess is counted before its code is looked up and given back if the
 *   code exists (code-door.server.ts): a burst sent at once gets no more lookups than the budget.
 *   Once over, live codes are refused too: otherwise the answer would still tell them apart.
 * - HTTP calls that wake a live room (its full ranking, its end, its question page), for its
 *   owner or the admin: 60 a minute per address, then 429 « Trop de demandes à la salle… ».
 *   Each call makes the room work for the whole game (a full ranking of 2,000 lines); a page
 *   that loops, or a script with a stolen session, must not slow the players' game.
 * - Reports of the pages' Content-Security-Policies (browser-alerts.server.ts): 30 posts in 10
 *   minutes per address, 60 per IPv6 /48, 600 from everywhere; beyond, 429 and nothing stored.
 *   One network cannot spend everyone's reports: it gets a tenth of them at most.
 * Not here: a défi's joins per address are counted from its own rows (defi-play.server.ts,
 * DEFI_JOINS_PER_ADDRESS), which cost a new player no call to a counter object.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addressKey, networkKey } from "@common/util/address";
import { guess, type Reservation } from "./code-door.server";
import { MSG } from "@common/contracts/messages";
import { Refusal } from "../http/refusal.server";
import type { ThrottleRule } from "./throttle-window.server";

const MINUTE = 60_000;

export const THROTTLE_RULES = {
  /** Wrong passwords for one mail from one address. */
  loginMailAddress: { limit: 10, windowMs: 10 * MINUTE },
  /** Wrong passwords from one address, whatever the mails. */
  loginAddress: { limit: 10, windowMs: 10 * MINUTE },
  /** Wrong passwords for one mail from every address together. */
  loginMail: { limit: 100, windowMs: 10 * MINUTE },
  /** Codes that name nothing (room numbers, défi codes), from one address (an IPv6 /64). */
  codeGuess: { limit: 50, windowMs: 10 * MINUTE },
  /** The same from every /64 of one IPv6 /48 together: ten addresses' worth for a whole site. */
  codeGuessNetwork: { limit: 500, windowMs: 10 * MINUTE },
  /** HTTP calls that wake a live room (ranking, close, question page), from one address. */
  roomCallAddress: { limit: 60, windowMs: MINUTE },
  /** Reports a browser posts to the CSP report endpoint, from one address. */
  cspReportAddress: { limit: 30, windowMs: 10 * MINUTE },
  /**
   * The same from every /64 of one IPv6 /48 together: a site's 65,536 /64s would otherwise fill
   * the count of everyone below in 20 posts each.
   */
  cspReportNetwork: { limit: 60, windowMs: 10 * MINUTE },
  /** The same from every address together: what the reports may cost D1, whoever sends them. */
  cspReportAll: { limit: 600, windowMs: 10 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

function counterIn(env: Env, key: string) {
  return env.Throttle.get(env.Throttle.idFromName(key));
}

/**
 * The caller's address as Cloudflare saw it (clients cannot forge CF-Connecting-IP in
 * production), as every per-address count keys it (common/util/address.ts): an IPv6 address by its
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
  const reserved = await reserve(context.cloudflare.env, [
    { key: `login-mail-address:${address}:${mail}`, rule: THROTTLE_RULES.loginMailAddress },
    { key: `login-ip:${address}`, rule: THROTTLE_RULES.loginAddress },
    { key: `login-mail:${mail}`, rule: THROTTLE_RULES.loginMail },
  ]);
  if (!reserved.ok) throw tooMany(reserved.retryAfterMs);
  let result: T | null;
  try {
    result = await check();
  } catch (error) {
    // Not a wrong password: nothing to hold against the caller.
    await reserved.release();
    throw error;
  }
  // The right password: this attempt is not a failure. The failures before it stay counted: a
  // guesser who knows one password (their own) must not wipe their address's count with it,
  // and one guessing from elsewhere gains nothing from the owner's login.
  if (result !== null) await reserved.release();
  return result;
}

type Count = { key: string; rule: ThrottleRule };

/**
 * Counts one attempt now under each of `counts`, before its outcome is known; `release` takes it
 * back wherever it was counted. Refused, with nothing left counted, once any count is full:
 * parallel attempts cannot all start before the first one is counted.
 */
async function reserve(env: Env, counts: readonly Count[]): Promise<Reservation> {
  const counters = counts.map(({ key, rule }) => ({ rule, counter: counterIn(env, key) }));
  const taken = await Promise.all(counters.map(({ counter, rule }) => counter.take(rule)));
  const release = async () => {
    await Promise.all(
      counters.flatMap(({ counter, rule }, i) => {
        const t = taken[i]!;
        return t.ok ? [counter.forgive(rule, t.at)] : [];
      }),
    );
  };
  if (taken.every((t) => t.ok)) return { ok: true, release };
  // The other counts took an attempt that never happened.
  await release();
  return { ok: false, retryAfterMs: Math.max(...taken.map((t) => (t.ok ? 0 : t.retryAfterMs))) };
}

/**
 * A room number a player asked for, under the code-guess count of its address. `look` resolves
 * to the live room, or null for a number no live game holds: a miss, unless `excused` says the
 * number is no guess (its game just closed: a phone coming back to it). Counted before `look`
 * runs (code-door.server.ts); over the limit, 429 whatever the number, and nothing is looked up.
 */
export async function throttledRoomGuess<T>(
  context: AppLoadContext,
  address: string,
  look: () => Promise<T | null>,
  excused: () => Promise<boolean>,
): Promise<T | null> {
  const g = await guess(() => reserveCodeGuess(context.cloudflare.env, address), look, excused);
  if (!g.ok) throw tooMany(g.retryAfterMs);
  return g.found;
}

/**
 * One guess of a code (a room number, a défi code) counted in advance for `address`: its own
 * count, and its /48's for an IPv6 address.
 */
export function reserveCodeGuess(env: Env, address: string): Promise<Reservation> {
  const network = networkKey(address);
  return reserve(env, [
    { key: `guess-ip:${address}`, rule: THROTTLE_RULES.codeGuess },
    ...(network ? [{ key: `guess-net:${network}`, rule: THROTTLE_RULES.codeGuessNetwork }] : []),
  ]);
}

/** One HTTP call from `address` that wakes a live room: refused (429) past THROTTLE_RULES.roomCallAddress. */
export async function countRoomCall(context: AppLoadContext, address: string): Promise<void> {
  const counted = await reserve(context.cloudflare.env, [{ key: `room-call-ip:${address}`, rule: THROTTLE_RULES.roomCallAddress }]);
  if (!counted.ok) throw Refusal.tooManyRequests(counted.retryAfterMs / 1000, MSG.tooManyRoomCalls);
}

/**
 * Whether one more CSP report post may be stored: 30 in 10 minutes per address, 60 per IPv6 /48,
 * 600 from every address together (browser-alerts.server.ts). Every post counts, read or not: the
 * endpoint takes anyone's reports, and a flood of them must not reach D1. The network's counts
 * come first: a network past its own takes nothing from everyone's.
 */
export async function reportBudget(env: Env, request: Request): Promise<boolean> {
  const address = clientAddress(request);
  const network = networkKey(address);
  const own = await reserve(env, [
    { key: `csp-report-ip:${address}`, rule: THROTTLE_RULES.cspReportAddress },
    ...(network ? [{ key: `csp-report-net:${network}`, rule: THROTTLE_RULES.cspReportNetwork }] : []),
  ]);
  if (!own.ok) return false;
  return (await reserve(env, [{ key: "csp-report-all", rule: THROTTLE_RULES.cspReportAll }])).ok;
}
