/**
 * What one socket, and one network address, may cost a room (common/rules/audience.ts): token
 * buckets, as plain data and pure functions of the room's clock. The room keeps them in memory
 * only: losing them (the object hibernated, nothing was flooding it) gives everyone a full budget.
 */
import { ADDRESS_LIMITS, type AddressLimits, type Budget, FLOOD_DROPS, FRAME_COST_CHARS } from "@common/rules";

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

/** Entries kept per table before the full (idle) ones are forgotten. */
const ADDRESSES_KEPT = 5_000;

/**
 * Per network address: new sockets (given back when the socket proves a seat or is the
 * presenter), new seats, and a cap on sockets open without a seat. Keyed by whatever string the
 * room gets for the address (CF-Connecting-IP).
 */
export class AddressGate {
  private readonly sockets = new Map<string, Bucket>();
  private readonly seats = new Map<string, Bucket>();

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

  private take(table: Map<string, Bucket>, ip: string, budget: Budget, now: number): boolean {
    const b = refill(table.get(ip), budget, now);
    if (b.tokens < 1) {
      table.set(ip, b);
      return false;
    }
    if (!table.has(ip) && table.size >= ADDRESSES_KEPT) forgetIdle(table, budget, now);
    table.set(ip, { ...b, tokens: b.tokens - 1 });
    return true;
  }
}

/** Drops the addresses whose bucket has refilled: they are as good as never seen. */
function forgetIdle(table: Map<string, Bucket>, budget: Budget, now: number) {
  for (const [ip, b] of table) if (refill(b, budget, now).tokens >= budget.burst) table.delete(ip);
}
