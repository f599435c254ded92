import { useEffect, useRef, useState } from "react";
import { DeadlineClock, type Timers } from "./deadline-clock";
import type { Deadline } from "./presenter-deadlines";

const browserTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (fire, ms) => window.setTimeout(fire, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/**
 * A screen's one clock: `onDue` gets the action of the nearest of `deadlines` when its time comes
 * (deadline-clock.ts). The deadlines are worked out from the state at each render; the timer
 * changes only when the nearest one does.
 */
export function useDeadlines<A>(deadlines: readonly Deadline<A>[], onDue: (action: A) => void) {
  const due = useRef(onDue);
  due.current = onDue;
  const [clock] = useState(() => new DeadlineClock<A>((action) => due.current(action), browserTimers));
  // After every render: arming the same nearest deadline again costs nothing.
  useEffect(() => clock.arm(deadlines));
  useEffect(() => () => clock.stop(), [clock]);
}
