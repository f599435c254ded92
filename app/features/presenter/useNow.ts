import { useEffect, useState } from "react";

/** The local monotonic clock, re-read every `everyMs` while `active` (countdowns, sequences). */
export function useNow(everyMs: number, active = true): number {
  const [now, setNow] = useState(() => (typeof performance === "undefined" ? 0 : performance.now()));
  useEffect(() => {
    if (!active) return;
    setNow(performance.now());
    const id = window.setInterval(() => setNow(performance.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs, active]);
  return now;
}
