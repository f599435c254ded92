/**
 * The answer-time axis under the question photo (docs/game-rules.md, Presenter steps): the answer
 * time is split into 20 slots; each player's marker lands in the slot of the time it took, stacked
 * upwards when several answer within the same slot. Past `maxRows` a slot shows '+N' instead of
 * more markers.
 */
import type { AnswerNotice } from "@common/wire/room-messages";

export const AXIS_SLOTS = 20;

export type AxisAnswer = AnswerNotice;

interface AxisItem extends AxisAnswer {
  slot: number;
  row: number;
}

interface AxisLayout {
  items: AxisItem[];
  /** Markers not drawn per slot (length AXIS_SLOTS). */
  overflow: number[];
}

export function axisSlot(elapsedMs: number, answerTimeMs: number, slots = AXIS_SLOTS): number {
  if (!(answerTimeMs > 0) || !Number.isFinite(elapsedMs)) return 0;
  return Math.max(0, Math.min(slots - 1, Math.floor((elapsedMs / answerTimeMs) * slots)));
}

/** Earlier answers sit lower in their slot, so the stack reads in arrival order. */
export function layoutAxis(answers: readonly AxisAnswer[], answerTimeMs: number, maxRows = 3): AxisLayout {
  const overflow = new Array<number>(AXIS_SLOTS).fill(0);
  const rows = new Array<number>(AXIS_SLOTS).fill(0);
  const items: AxisItem[] = [];
  for (const a of [...answers].sort((x, y) => x.elapsedMs - y.elapsedMs)) {
    const slot = axisSlot(a.elapsedMs, answerTimeMs);
    if (rows[slot]! >= maxRows) {
      overflow[slot]!++;
      continue;
    }
    items.push({ ...a, slot, row: rows[slot]! });
    rows[slot]!++;
  }
  return { items, overflow };
}

/** Adds newly announced answers, ignoring any already known (batched or replayed messages). */
export function mergeAnswers(known: readonly AxisAnswer[], incoming: readonly AxisAnswer[]): AxisAnswer[] {
  const seen = new Set(known.map((a) => a.seatId));
  const out = [...known];
  for (const a of incoming) {
    if (seen.has(a.seatId)) continue;
    seen.add(a.seatId);
    out.push(a);
  }
  return out;
}
