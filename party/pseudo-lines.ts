/**
 * What the presenter's lobby is told of the lines for the pseudo screen (docs/protocol.md,
 * Budgets): the networks whose phones wait for a place there, with an id for each that
 * pres_clearChoosers names. The id is a keyed hash of the address with a key drawn by this
 * instance: the lobby is on the projector, and the audience must not read its addresses there.
 * A room that wakes up draws a new key: a « Libérer » naming an old id finds nothing, and the
 * lobby is sent the lines again.
 *
 * Sent when they change, at most once every LINE_REPORT_MS (a rush of phones joining and leaving
 * the lines would otherwise be a message each), and to a presenter as it says hello.
 */
import type { PseudoLineNetwork } from "@common/wire/protocol";
import type { RoomMessageOf } from "@common/wire/room-messages";

type PresPseudoLine = RoomMessageOf<"pres_pseudoLine">;

/** At most this many networks are listed, those with the most phones waiting first. */
export const PSEUDO_LINE_NETWORKS = 5;
const LINE_REPORT_MS = 1_000;

/** A line as the sockets' index counts it (socket-index.ts, lines). */
export interface Line {
  ip: string;
  waiting: number;
  choosing: number;
}

/** FNV-1a over the key and the address: 32 bits, as 8 hexadecimal digits. */
function keyedId(key: string, ip: string): string {
  let h = 0x811c9dc5;
  const text = `${key}|${ip}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

export class PseudoLines {
  private readonly key: string;
  private last = "";
  private lastSent = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly lines: () => Iterable<Line>,
    private readonly send: (msg: PresPseudoLine) => void,
    private readonly now: () => number,
    random: () => number,
  ) {
    this.key = Math.floor(random() * 2 ** 52).toString(36);
  }

  /** The id the lobby knows an address by. */
  idOf(ip: string): string {
    return keyedId(this.key, ip);
  }

  /** The address behind an id, among `ips` (the addresses with phones on the pseudo screen or in line). */
  ipOf(id: string, ips: Iterable<string>): string | null {
    for (const ip of ips) if (this.idOf(ip) === id) return ip;
    return null;
  }

  /** The message as things stand. */
  report(): PresPseudoLine {
    const networks: PseudoLineNetwork[] = [...this.lines()]
      .filter((l) => l.waiting > 0)
      .sort((a, b) => b.waiting - a.waiting || b.choosing - a.choosing)
      .slice(0, PSEUDO_LINE_NETWORKS)
      .map((l) => ({ network: this.idOf(l.ip), choosing: l.choosing, waiting: l.waiting }));
    return { type: "pres_pseudoLine", networks };
  }

  /** The lines may have changed: the presenters hear it, at most once every LINE_REPORT_MS. */
  changed() {
    if (this.timer) return;
    const wait = this.lastSent + LINE_REPORT_MS - this.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  private flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const msg = this.report();
    const text = JSON.stringify(msg.networks);
    if (text === this.last) return;
    this.last = text;
    this.lastSent = this.now();
    this.send(msg);
  }

  /** Forget what was sent (the room closed, or holds a new game). */
  reset() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.last = "";
  }
}
