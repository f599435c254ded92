/**
 * Codes a player asks for (room numbers, défi codes) under the asking address's count of
 * misses (throttle.server.ts, THROTTLE_RULES.codeGuess). Without I/O: the count and the lookup
 * come in as functions.
 *
 * A guess is counted BEFORE its code is looked up, and given back once the code turns out to name
 * something (or its miss is excused): the login throttle's order. Counting the miss after the
 * lookup let a burst through: every guess of a burst sent at once was looked up before the first
 * miss was counted, so 2,000 simultaneous guesses read the registry 2,000 times, and a live code
 * among them was found however late it was sent. Counted first, at most the budget's worth of
 * guesses are ever looked up, whatever order the lookups end in.
 */
import { LruMap } from "@common/util/lru";

/** A guess counted in advance: given back if it found something, else it stays as the miss. */
export type Reservation = { ok: true; release(): Promise<void> } | { ok: false; retryAfterMs: number };

export type Guess<T> = { ok: true; found: T | null } | { ok: false; retryAfterMs: number };

/**
 * One guess: counted (`reserve`), then looked up; a code that names something (`look` not null),
 * or whose miss is `excused`, gives its count back. Refused before any lookup once over.
 */
export async function guess<T>(
  reserve: () => Promise<Reservation>,
  look: () => Promise<T | null>,
  excused: () => Promise<boolean>,
): Promise<Guess<T>> {
  const reserved = await reserve();
  if (!reserved.ok) return reserved;
  let counted = true;
  try {
    const found = await look();
    counted = found === null && !(await excused());
    return { ok: true, found };
  } catch (error) {
    // The lookup failed: nothing was learnt, nothing is held against the caller.
    counted = false;
    throw error;
  } finally {
    if (!counted) await reserved.release();
  }
}

/** What a door asks the outside world about one code, for one address. */
export interface DoorIo {
  /** Counts a guess for the asking address in advance; refused once the address is over. */
  reserve(): Promise<Reservation>;
  /** Does the code name something live? */
  isLive(code: string): Promise<boolean>;
  /** Is a miss on this code no guess (its game closed lately: a phone coming back to it)? */
  excused(code: string): Promise<boolean>;
}

export type Knock = { open: true } | { open: false; status: 404 } | { open: false; status: 429; retryAfterMs: number };

const OPEN: Knock = { open: true };
const NOT_FOUND: Knock = { open: false, status: 404 };

/** Codes the isolate knows to be live: the least recently confirmed goes first past the cap. */
export class KnownCodes {
  private readonly known: LruMap<string, true>;

  constructor(cap = 10_000) {
    this.known = new LruMap(cap);
  }

  has(code: string): boolean {
    return this.known.has(code);
  }

  confirm(code: string): void {
    this.known.set(code, true);
  }

  forget(code: string): void {
    this.known.delete(code);
  }
}

/**
 * A door in the Worker's isolate memory, for one kind of code:
 * - a code it knows to be live costs nothing (no lookup, no count): a venue reconnecting at once
 *   is a thousand knocks on one number;
 * - any other code is a guess (`guess` above); knocks of one address on one code while its guess
 *   is on its way wait for that guess's answer rather than each counting one: a venue's phones
 *   behind one address, arriving at once on a number the isolate does not know yet, are one
 *   guess, not a burst that spends the address's budget;
 * - an address found over is remembered until its count lets it try again, and refused with no
 *   I/O at all, known codes included: otherwise, once over, live codes would still read apart
 *   (open) from the rest (429).
 */
export class CodeDoor<Known extends KnownCodes = KnownCodes> {
  /** Addresses found over their count, and when their count lets them try again (ms). */
  private readonly refused: LruMap<string, number>;
  private readonly asking = new Map<string, Promise<Knock>>();
  private readonly clock: () => number;

  constructor(
    readonly known: Known,
    o: { addresses?: number; clock?: () => number } = {},
  ) {
    this.refused = new LruMap(o.addresses ?? 10_000);
    this.clock = o.clock ?? Date.now;
  }

  /** Whether `address` may go on with `code`: open, 404 (names nothing) or 429 (over its count). */
  async knock(code: string, address: string, io: DoorIo): Promise<Knock> {
    const until = this.refused.get(address);
    if (until !== undefined) {
      const wait = until - this.clock();
      if (wait > 0) return { open: false, status: 429, retryAfterMs: wait };
      this.refused.delete(address);
    }
    if (this.known.has(code)) return OPEN;
    const key = `${address} ${code}`;
    const pending = this.asking.get(key);
    if (pending) return pending;
    const asked = this.ask(code, address, io).finally(() => this.asking.delete(key));
    this.asking.set(key, asked);
    return asked;
  }

  private async ask(code: string, address: string, io: DoorIo): Promise<Knock> {
    const g = await guess(
      () => io.reserve(),
      async () => ((await io.isLive(code)) ? true : null),
      () => io.excused(code),
    );
    if (!g.ok) {
      this.refused.set(address, this.clock() + g.retryAfterMs);
      return { open: false, status: 429, retryAfterMs: g.retryAfterMs };
    }
    if (g.found === null) return NOT_FOUND;
    this.known.confirm(code);
    return OPEN;
  }
}
