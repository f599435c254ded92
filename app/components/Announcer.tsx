import { createContext, useCallback, useContext, useEffect, useState } from "react";

/**
 * A game's one live region on a phone (a défi's, a night's): what a screen reader hears of each
 * step (a question opens, an answer is received with its ring and points, the rank), said once,
 * politely, never at every tick. It stays mounted while the screens change around it, so that a
 * step is heard as it appears. The same words said twice in a row differ by an invisible space,
 * so that the region changes and is read again.
 */
export function useAnnouncer(): { text: string; announce: (text: string) => void } {
  const [said, setSaid] = useState({ text: "", turn: 0 });
  const announce = useCallback((text: string) => setSaid((s) => ({ text, turn: s.turn + 1 })), []);
  return { text: said.text ? `${said.text}${said.turn % 2 ? "" : "\u00a0"}` : "", announce };
}

export function Announcer({ text, testId }: { text: string; testId: string }) {
  // Empty on the first paint: a region already holding words when the page loads is not read.
  const [shown, setShown] = useState("");
  useEffect(() => setShown(text), [text]);
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {shown}
    </p>
  );
}

/**
 * The page's one live region, for a part of the page that has words of its own to say (the map's
 * crosshair): given, the part hands its words to the page's region instead of opening a second
 * one that would talk over it; null (the wizard, the public pages), the part keeps its own.
 */
export const PageVoice = createContext<((text: string) => void) | null>(null);
export const usePageVoice = () => useContext(PageVoice);
