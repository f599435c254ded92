/**
 * What one socket, and one network address, may cost a room (common/rules/audience.ts): token
 * buckets, as plain data and pure functions of the room's clock. The room keeps them in memory
 * only: losing them (the object hibernated, nothing was flooding it) gives everyone a full budget.
 */
import { LruMap } from "@common/util/lru";
import {
  ADDRESS_LIMITS,
  type AddressLimits,
  type Budget,
  FLOOD_DROPS,
  FRAME_COST_CHARS,
  PSEUDO_SCREEN_MS,
  SILENT_SOCKET_MS,
} from "@common/rules";

export interface Bucket {
  tokens: number;
  /** Room clock of the last refill, ms. */
  at: number;
}

/** The bucket as it stands at `now`; a bucket never seen is full. */
export function refill(bucket: Bucket | undefined, budget: Budget, now: number): Bucket {
  if (!bucket) return { tokens: budget.burst, at: now };
  const grown = bucket.tokens + (Math.max(0, now - bucket.at) * budget.perSecond) / 1000;
  return { tokens: Math.min(budget.burst, grown), at: Math.max(now, bucket.at) };
}

/** What a frame of this size costs: one message per started block of FRAME_COST_CHARS. */
export function frameCost(size: number): number {
  return Math.max(1, Math.ceil(size / FRAME_COST_CHARS));
}

/** One socket's meter: its bucket, and what it sent over budget since the bucket was last full. */
export interface Meter {
  bucket: Bucket;
  dropped: number;
}

/** pass: handle the frame; drop: ignore it; close: the socket keeps flooding, close it. */
export type Verdict = "pass" | "drop" | "close";

export function meterFrame(
  meter: Meter | undefined,
  budget: Budget,
  size: number,
  now: number
): { meter: Meter; verdict: Verdict } {
  const bucket = refill(meter?.bucket, budget, now);
  // A budget that refilled completely forgives what was dropped before: a burst long ago is not flooding.
  const before = bucket.tokens >= budget.burst ? 0 : (meter?.dropped ?? 0);
  const cost = frameCost(size);
  if (bucket.tokens >= cost) return { meter: { bucket: { ...bucket, tokens: bucket.tokens - cost }, dropped: before }, verdict: "pass" };
  const dropped = before + cost;
  return { meter: { bucket, dropped }, verdict: dropped >= FLOOD_DROPS ? "close" : "drop" };
}

/**
 * Addresses each table keeps. Past it the least recently seen address is forgotten (its budget
 * starts full again if it comes back): a constant cost per new address, where sweeping the
 * whole table for idle entries grew with it, and a bounded table even when no entry is idle.
 * It would take a script more addresses than this (IPv6 ones count by their /64) to get its
 * own budgets forgotten.
 */
export const ADDRESSES_KEPT = 5_000;

/**
 * Per network address, keyed as common/util/address.ts keys it (an IPv6 address by its /64): new
 * sockets (given back when the socket proves a seat or is the presenter), new seats, and a cap
 * on sockets open without a seat.
 */
export class AddressGate {
  private readonly sockets = new LruMap<string, Bucket>(ADDRESSES_KEPT);
  private readonly seats = new LruMap<string, Bucket>(ADDRESSES_KEPT);

  constructor(readonly limits: AddressLimits = ADDRESS_LIMITS) {}

  /** A socket from `ip` asks to open, while `unseated` of its sockets are open without a seat. */
  admit(ip: string, unseated: number, now: number): boolean {
    if (unseated >= this.limits.unseatedMax) return false;
    return this.take(this.sockets, ip, this.limits.sockets, now);
  }

  /** A socket from `ip` resumed a seat, took one, or is the presenter: its opening is given back. */
  proven(ip: string, now: number): void {
    const b = refill(this.sockets.get(ip), this.limits.sockets, now);
    this.sockets.set(ip, { ...b, tokens: Math.min(this.limits.sockets.burst, b.tokens + 1) });
  }

  /** A socket from `ip` is about to take a new seat: false when the address has had its share. */
  seat(ip: string, now: number): boolean {
    return this.take(this.seats, ip, this.limits.seats, now);
  }

  private take(table: LruMap<string, Bucket>, ip: string, budget: Budget, now: number): boolean {
    const b = refill(table.get(ip), budget, now);
    const ok = b.tokens >= 1;
    table.set(ip, ok ? { ...b, tokens: b.tokens - 1 } : b);
    return ok;
  }
}

/** A socket open without a seat, as weighed when a newcomer needs its place. */
export interface Waiting {
  /** Room clock when it was accepted. */
  since: number;
  /** On the pseudo screen. */
  chooser: boolean;
  /** In its address's line for the pseudo screen: its hello got it there, and it waits its turn. */
  inLine: boolean;
}

/**
 * Which of these sockets without a seat (one address's, or the whole room's) gives way to a
 * newcomer at `now`, if any: the longest open of those silent for SILENT_SOCKET_MS (pages say
 * hello at once: only a script's parked sockets are that quiet), else the longest open of those
 * on the pseudo screen for PSEUDO_SCREEN_MS without taking a seat. A socket still within its
 * time never gives way, nor does one in line for the pseudo screen: it is a phone waiting for
 * its turn, and closing it would send it to the back.
 */
export function givesWay<T extends Waiting>(sockets: Iterable<T>, now: number): T | null {
  let silent: T | null = null;
  let chooser: T | null = null;
  for (const s of sockets) {
    if (s.inLine) continue;
    const age = now - s.since;
    if (s.chooser) {
      if (age >= PSEUDO_SCREEN_MS && (!chooser || s.since < chooser.since)) chooser = s;
    } else if (age >= SILENT_SOCKET_MS && (!silent || s.since < silent.since)) silent = s;
  }
  return silent ?? chooser;
}
