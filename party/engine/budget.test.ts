import { describe, expect, it } from "vitest";
import { addressKey } from "@common/util/address";
import {
  ADDRESS_LIMITS,
  FLOOD_DROPS,
  PHONES_PER_ADDRESS,
  PLAYER_BUDGET,
  PRESENTER_BUDGET,
  PSEUDO_SCREEN_MS,
  SEAT_RETRY_MS,
  SILENT_SOCKET_MS,
  addressLimits,
  addressLimitsFrom,
} from "@common/rules";
import { ADDRESSES_KEPT, AddressGate, type Meter, type Verdict, type Waiting, frameCost, givesWay, meterFrame, refill } from "./budget";

/** Sends `n` frames of `size` characters, `everyMs` apart from `start`; the verdicts in order. */
function send(n: number, everyMs: number, size = 40, start = 0, meter?: Meter) {
  const verdicts: Verdict[] = [];
  let m = meter;
  for (let i = 0; i < n; i++) {
    const r = meterFrame(m, PLAYER_BUDGET, size, start + i * everyMs);
    m = r.meter;
    verdicts.push(r.verdict);
  }
  return { verdicts, meter: m! };
}

describe("a socket's message budget", () => {
  it("refills at its rate, never above its burst", () => {
    expect(refill(undefined, PLAYER_BUDGET, 5)).toEqual({ tokens: PLAYER_BUDGET.burst, at: 5 });
    expect(refill({ tokens: 0, at: 0 }, PLAYER_BUDGET, 2_500).tokens).toBeCloseTo(2.5 * PLAYER_BUDGET.perSecond);
    expect(refill({ tokens: 3, at: 0 }, PLAYER_BUDGET, 10_000_000).tokens).toBe(PLAYER_BUDGET.burst);
  });

  it("lets a real phone through: a hello, a ping every 25 s, a few taps a second on the pseudo screen, answers", () => {
    const pseudoScreen = send(PLAYER_BUDGET.burst, 300);
    expect(pseudoScreen.verdicts.every((v) => v === "pass")).toBe(true);
    const wholeGame = send(200, 5_000, 120, 60_000, pseudoScreen.meter);
    expect(wholeGame.verdicts.every((v) => v === "pass")).toBe(true);
  });

  it("drops what goes past the burst, then closes a socket that keeps flooding", () => {
    const { verdicts } = send(200, 1);
    expect(verdicts.slice(0, PLAYER_BUDGET.burst).every((v) => v === "pass")).toBe(true);
    const firstClose = verdicts.indexOf("close");
    // Each millisecond refills a little: the flood is closed after about FLOOD_DROPS drops.
    expect(firstClose).toBeGreaterThanOrEqual(PLAYER_BUDGET.burst + FLOOD_DROPS - 1);
    expect(firstClose).toBeLessThan(PLAYER_BUDGET.burst + FLOOD_DROPS + 5);
    expect(verdicts.slice(PLAYER_BUDGET.burst, firstClose).every((v) => v === "drop")).toBe(true);
  });

  it("forgives a burst once the budget has refilled", () => {
    const burst = send(PLAYER_BUDGET.burst + 10, 1);
    expect(burst.verdicts.filter((v) => v === "drop")).toHaveLength(10);
    const later = meterFrame(burst.meter, PLAYER_BUDGET, 40, 1_000_000);
    expect(later).toMatchObject({ verdict: "pass", meter: { dropped: 0 } });
  });

  it("charges big frames by size: a 1 MB frame closes the socket at once", () => {
    expect(frameCost(0)).toBe(1);
    expect(frameCost(2048)).toBe(1);
    expect(frameCost(2049)).toBe(2);
    expect(meterFrame(undefined, PLAYER_BUDGET, 5_000, 0).verdict).toBe("pass");
    expect(meterFrame(undefined, PLAYER_BUDGET, 1_000_000, 0).verdict).toBe("close");
    // The presenter's budget is larger, not endless.
    expect(meterFrame(undefined, PRESENTER_BUDGET, 1_000_000, 0).verdict).toBe("close");
  });
});

describe("per-address caps", () => {
  /** When each of `n` phones behind one address got its seat, trying again as the phone does. */
  function seatCrowd(gate: AddressGate, n: number, arrivalMs: number): number[] {
    const seatedAt: number[] = [];
    let waiting = Array.from({ length: n }, (_, i) => (i * arrivalMs) / n);
    for (let round = 0; waiting.length && round < 100; round++) {
      const again: number[] = [];
      for (const at of waiting.sort((a, b) => a - b)) {
        expect(gate.admit("203.0.113.7", 0, at)).toBe(true);
        gate.proven("203.0.113.7", at); // its socket took a seat, or will try again on it
        if (gate.seat("203.0.113.7", at)) seatedAt.push(at);
        else again.push(at + SEAT_RETRY_MS * 2); // the slowest retry
      }
      waiting = again;
    }
    return seatedAt;
  }

  it("seats a bar's 200 phones behind one address within a minute, trying again as the phone does", () => {
    const seatedAt = seatCrowd(new AddressGate(), 200, 10_000); // all arrive within 10 s
    expect(seatedAt).toHaveLength(200);
    expect(Math.max(...seatedAt)).toBeLessThan(60_000);
  });

  it("seats 2,000 phones of one address at once when the venue raises its figure", () => {
    expect(seatCrowd(new AddressGate(), 2_000, 5_000).filter((at) => at < 5_000).length).toBeLessThan(2_000);
    const seatedAt = seatCrowd(new AddressGate(addressLimitsFrom("2000")), 2_000, 5_000);
    expect(seatedAt).toHaveLength(2_000);
    expect(Math.max(...seatedAt)).toBeLessThan(5_000);
  });

  it("reads the venue's figure, and falls back to the default on anything odd", () => {
    expect(addressLimitsFrom(undefined)).toEqual(ADDRESS_LIMITS);
    expect(ADDRESS_LIMITS).toEqual(addressLimits(PHONES_PER_ADDRESS));
    for (const odd of ["", " ", "abc", "0", "-5", "12.5", "9", "1e9", "Infinity"]) expect(addressLimitsFrom(odd)).toEqual(ADDRESS_LIMITS);
    const big = addressLimitsFrom(" 5000 ");
    expect(big.seats.burst).toBe(5_000);
    expect(big.unseatedMax).toBe(5_000);
    expect(big.sockets.burst).toBeGreaterThan(big.seats.burst);
  });

  it("keeps the pseudo screen to half of an address's places without a seat, whatever the venue's figure", () => {
    expect(ADDRESS_LIMITS.choosersMax).toBe(50);
    expect(addressLimitsFrom("2000").choosersMax).toBe(1_000);
    expect(addressLimitsFrom("15").choosersMax).toBe(8);
    for (const phones of [10, 11, 100, 999, 100_000]) {
      const limits = addressLimits(phones);
      expect(limits.choosersMax).toBeGreaterThanOrEqual(phones / 2);
      expect(limits.choosersMax).toBeLessThanOrEqual(limits.unseatedMax - 5);
    }
  });

  it("gives a script a burst of seats, then a trickle; other addresses are not touched", () => {
    const gate = new AddressGate();
    let seats = 0;
    for (let i = 0; i < 1_000; i++) if (gate.seat("198.51.100.1", 0)) seats++;
    expect(seats).toBe(ADDRESS_LIMITS.seats.burst);
    expect(gate.seat("198.51.100.1", 1_000 / ADDRESS_LIMITS.seats.perSecond)).toBe(true);
    expect(gate.seat("198.51.100.1", 1_000 / ADDRESS_LIMITS.seats.perSecond)).toBe(false);
    expect(gate.seat("198.51.100.2", 0)).toBe(true);
  });

  it("gives an opening back to a socket that proves a seat, not to one that never does", () => {
    const gate = new AddressGate();
    // Resumes with a token: every opening comes back, the address never runs dry.
    for (let i = 0; i < 5 * ADDRESS_LIMITS.sockets.burst; i++) {
      expect(gate.admit("192.0.2.1", 0, 0)).toBe(true);
      gate.proven("192.0.2.1", 0);
    }
    // Sockets that say nothing useful: a burst, then refused until the budget refills.
    let admitted = 0;
    for (let i = 0; i < 5 * ADDRESS_LIMITS.sockets.burst; i++) if (gate.admit("192.0.2.2", 0, 0)) admitted++;
    expect(admitted).toBe(ADDRESS_LIMITS.sockets.burst);
    expect(gate.admit("192.0.2.2", 0, 60_000)).toBe(true);
  });

  it("refuses a socket while its address has too many open without a seat", () => {
    const gate = new AddressGate();
    expect(gate.admit("192.0.2.3", ADDRESS_LIMITS.unseatedMax - 1, 0)).toBe(true);
    expect(gate.admit("192.0.2.3", ADDRESS_LIMITS.unseatedMax, 0)).toBe(false);
  });

  /** The gate's tables, as the room's tests reach them. */
  const tables = (gate: AddressGate) => gate as unknown as { seats: { size: number; has(ip: string): boolean }; sockets: { size: number } };
  const ipv4 = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

  it("keeps a bounded table even when no address in it is idle", () => {
    const gate = new AddressGate();
    // Every address spends a seat at the same instant: none has refilled, none is idle.
    for (let i = 0; i < 4 * ADDRESSES_KEPT; i++) gate.seat(ipv4(i), 0);
    for (let i = 0; i < 4 * ADDRESSES_KEPT; i++) gate.admit(ipv4(i), 0, 0);
    expect(tables(gate).seats.size).toBe(ADDRESSES_KEPT);
    expect(tables(gate).sockets.size).toBe(ADDRESSES_KEPT);
  });

  it("forgets the least recently seen address first: a busy one keeps its spent budget", () => {
    const gate = new AddressGate();
    let seats = 0;
    for (let i = 0; i < ADDRESS_LIMITS.seats.burst; i++) if (gate.seat("198.51.100.1", 0)) seats++;
    expect(seats).toBe(ADDRESS_LIMITS.seats.burst);
    // A crowd of other addresses, the script asking again between every few of them.
    for (let i = 0; i < 3 * ADDRESSES_KEPT; i++) {
      gate.seat(ipv4(i), 0);
      if (i % 1_000 === 0) expect(gate.seat("198.51.100.1", 0)).toBe(false);
    }
    expect(tables(gate).seats.has("198.51.100.1")).toBe(true);
    expect(gate.seat("198.51.100.1", 0)).toBe(false);
    // An address not seen for ADDRESSES_KEPT others is forgotten: it starts afresh.
    expect(tables(gate).seats.has(ipv4(0))).toBe(false);
    expect(tables(gate).seats.has(ipv4(3 * ADDRESSES_KEPT - 1))).toBe(true);
  });

  it("gives 2,000 addresses of one /64 exactly what one address gets", () => {
    const one = new AddressGate();
    const many = new AddressGate();
    const fromOne: boolean[] = [];
    const fromMany: boolean[] = [];
    for (let i = 0; i < 2_000; i++) {
      const at = i * 10;
      fromOne.push(one.admit(addressKey("2001:db8:7:7::1"), 0, at), one.seat(addressKey("2001:db8:7:7::1"), at));
      const ip = addressKey(`2001:db8:7:7:${(i >> 8).toString(16)}:${(i & 255).toString(16)}::${i.toString(16)}`);
      fromMany.push(many.admit(ip, 0, at), many.seat(ip, at));
    }
    expect(fromMany).toEqual(fromOne);
    expect(fromOne.filter(Boolean).length).toBeLessThan(fromOne.length / 2);
  });
});

describe("who gives way to a newcomer", () => {
  const w = (since: number, chooser: boolean, name: string, inLine = false) => ({ since, chooser, name, inLine });
  const pick = (sockets: (Waiting & { name: string })[], now: number) => givesWay(sockets, now)?.name ?? null;

  it("the longest silent socket past its time, before any on the pseudo screen", () => {
    const now = 200_000;
    const sockets = [
      w(now - PSEUDO_SCREEN_MS * 2, true, "old chooser"),
      w(now - SILENT_SOCKET_MS - 5, false, "silent"),
      w(now - SILENT_SOCKET_MS - 50, false, "more silent"),
      w(now - 10, false, "just opened"),
    ];
    expect(pick(sockets, now)).toBe("more silent");
  });

  it("else the longest on the pseudo screen without a seat for a minute", () => {
    const now = 200_000;
    const sockets = [
      w(now - PSEUDO_SCREEN_MS, true, "a minute"),
      w(now - PSEUDO_SCREEN_MS - 1_000, true, "a minute and more"),
      w(now - PSEUDO_SCREEN_MS + 1, true, "hesitating"),
      w(now - SILENT_SOCKET_MS + 1, false, "opening"),
    ];
    expect(pick(sockets, now)).toBe("a minute and more");
    expect(pick(sockets.slice(0, 1), now)).toBe("a minute");
  });

  it("nobody while every socket is within its time: a phone hesitating 59 s keeps its place", () => {
    const now = 200_000;
    expect(pick([w(now - PSEUDO_SCREEN_MS + 1_000, true, "hesitating"), w(now - SILENT_SOCKET_MS + 1, false, "opening")], now)).toBeNull();
    expect(pick([], now)).toBeNull();
  });

  it("never a socket waiting in line for the pseudo screen, however long it has waited", () => {
    const now = 200_000;
    expect(pick([w(now - 10 * PSEUDO_SCREEN_MS, false, "in line", true), w(now - SILENT_SOCKET_MS, false, "silent")], now)).toBe("silent");
    expect(pick([w(now - 10 * PSEUDO_SCREEN_MS, false, "in line", true)], now)).toBeNull();
  });

  it("counts time on the room's clock, as given", () => {
    const sockets = [w(0, true, "chooser")];
    expect(pick(sockets, PSEUDO_SCREEN_MS - 1)).toBeNull();
    expect(pick(sockets, PSEUDO_SCREEN_MS)).toBe("chooser");
  });
});
