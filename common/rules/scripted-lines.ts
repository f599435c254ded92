/**
 * Lines of a défi that look scripted, as the MJ's management screen flags them (the MJ decides
 * and removes them in bulk). Signs, each cheap to read from what a défi stores:
 * - many lines from one network (a class behind its school's address shows here too: the MJ
 *   knows their class);
 * - an answer within FAST_CLOSE_M of the spot in under FAST_CLOSE_MS: faster than a person finds
 *   a place on a map;
 * - the same answers as another line, to the coordinate: a replay.
 */
import { m } from "../i18n/words";
import type { Words } from "../i18n/ids";

export const LINE_FLAGS = ["network", "fast", "same"] as const;
export type LineFlag = (typeof LINE_FLAGS)[number];

/** Lines from one network from which each is flagged. */
export const NETWORK_LINES_FLAGGED = 10;
export const FAST_CLOSE_M = 50;
export const FAST_CLOSE_MS = 1_500;

export const LINE_FLAG_LABELS: Record<LineFlag, Words> = {
  network: m("defi.flag.network", { n: NETWORK_LINES_FLAGGED }),
  fast: m("defi.flag.fast", { metres: FAST_CLOSE_M, seconds: FAST_CLOSE_MS / 1000 }),
  same: m("defi.flag.same"),
};

type Line = { playerNo: number; network: string };
type Answer = { playerNo: number; question: number; lat: number; lng: number; distanceM: number; timeMs: number };

/** The flags of each line that has any (by player number), in LINE_FLAGS order. */
export function scriptedLineFlags(lines: readonly Line[], answers: readonly Answer[]): Map<number, LineFlag[]> {
  const perNetwork = new Map<string, number>();
  for (const l of lines) perNetwork.set(l.network, (perNetwork.get(l.network) ?? 0) + 1);
  const fast = new Set<number>();
  const byPlayer = new Map<number, Answer[]>();
  for (const a of answers) {
    if (a.distanceM < FAST_CLOSE_M && a.timeMs < FAST_CLOSE_MS) fast.add(a.playerNo);
    const list = byPlayer.get(a.playerNo);
    if (list) list.push(a);
    else byPlayer.set(a.playerNo, [a]);
  }
  const signatureOf = new Map<number, string>();
  const linesWith = new Map<string, number>();
  for (const [playerNo, list] of byPlayer) {
    const signature = list
      .slice()
      .sort((x, y) => x.question - y.question)
      .map((a) => `${a.question}:${a.lat}:${a.lng}`)
      .join(";");
    signatureOf.set(playerNo, signature);
    linesWith.set(signature, (linesWith.get(signature) ?? 0) + 1);
  }
  const flags = new Map<number, LineFlag[]>();
  for (const l of lines) {
    const signature = signatureOf.get(l.playerNo);
    const mine = [
      (perNetwork.get(l.network) ?? 0) >= NETWORK_LINES_FLAGGED ? ("network" as const) : null,
      fast.has(l.playerNo) ? ("fast" as const) : null,
      signature !== undefined && (linesWith.get(signature) ?? 0) > 1 ? ("same" as const) : null,
    ].filter((f): f is LineFlag => f !== null);
    if (mine.length > 0) flags.set(l.playerNo, mine);
  }
  return flags;
}
