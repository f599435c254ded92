import { useCallback, useEffect, useState } from "react";

/**
 * The défi's one live region: what a screen reader hears of each step (a question opens, an
 * answer is received with its ring and points, the rank at the end), said once, politely, and
 * never at every tick (the time left comes from the question's own bar at 10 s and 5 s). It stays
 * mounted while the screens change around it, so that a step is heard as it appears.
 */
export function useAnnouncer(): { text: string; announce: (text: string) => void } {
  const [said, setSaid] = useState({ text: "", turn: 0 });
  const announce = useCallback((text: string) => setSaid((s) => ({ text, turn: s.turn + 1 })), []);
  return { text: said.text ? `${said.text}${said.turn % 2 ? "" : "\u00a0"}` : "", announce };
}

export function Announcer({ text }: { text: string }) {
  // Empty on the first paint: a region already holding words when the page loads is not read.
  const [shown, setShown] = useState("");
  useEffect(() => setShown(text), [text]);
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="defi-announcer">
      {shown}
    </p>
  );
}
