import { useEffect, useMemo, useRef, useState } from "react";
import { frameAt, nextEventAt, type TimelineEvent } from "./results-timeline";
import { useDeadlines } from "./useDeadlines";

/**
 * The results map's frame now (results-timeline.ts): set when the sequence starts and again at
 * each of its events, the screen's clock sleeping until the next one (a dozen renders for the
 * whole sequence). Calls `onDone` once the sequence is over.
 */
export function useTimelineFrame(timeline: TimelineEvent[] | null, onDone: () => void) {
  const [clock, setClock] = useState<{ timeline: TimelineEvent[]; startedAt: number; elapsed: number } | null>(null);
  useEffect(() => {
    if (timeline) setClock({ timeline, startedAt: performance.now(), elapsed: 0 });
  }, [timeline]);
  const current = clock && clock.timeline === timeline ? clock : null;
  const next = current ? nextEventAt(current.timeline, current.elapsed) : null;
  useDeadlines(current && next !== null ? [{ at: current.startedAt + next, action: next }] : [], (eventAt) => {
    if (current) setClock({ ...current, elapsed: Math.max(eventAt, performance.now() - current.startedAt) });
  });
  const frame = useMemo(() => (current ? frameAt(current.timeline, current.elapsed) : null), [current]);

  const done = frame?.done ?? false;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    if (done) doneRef.current();
  }, [done]);
  return frame;
}
