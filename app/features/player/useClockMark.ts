// The question's clock in the words a screen reader is told (10 s, 5 s, time up), waking the page
// at each mark only rather than at every second.
import { useEffect, useState } from "react";
import { clockMark, nextClockMarkAt, type ClockMark, type QuestionClock } from "./progress";

/** The question's clock as a screen reader is told it (10 s, 5 s, time up): wakes at each mark only. */
export function useClockMark(clock: QuestionClock | null): ClockMark {
  const [woke, wake] = useState(0);
  const mark = clock ? clockMark(clock, Date.now()) : null;
  useEffect(() => {
    if (!clock) return;
    const at = nextClockMarkAt(clock, Date.now());
    if (at === null) return;
    const id = setTimeout(() => wake((n) => n + 1), at - Date.now() + 20);
    return () => clearTimeout(id);
  }, [clock, mark, woke]);
  return mark;
}
