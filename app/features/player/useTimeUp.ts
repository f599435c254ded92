// Whether a question's time is up on this phone's clock, waking the screen once, when it is due.
import { useEffect, useState } from "react";
import { progressAt, type QuestionClock } from "./progress";

/** True once the room's deadline has passed on the local clock; re-checked when it is due. */
export function useTimeUp(clock: QuestionClock): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = clock.deadlineAt - Date.now();
    if (left <= 0) return;
    const id = setTimeout(() => setNow(Date.now()), left + 20);
    return () => clearTimeout(id);
  }, [clock.deadlineAt, now]);
  return progressAt(clock, 1, now).timeUp;
}
