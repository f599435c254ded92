import { useSyncExternalStore } from "react";

/**
 * What this page has learnt about Google Maps, kept for the life of the document: once the
 * script failed to load or Google refused the key, every later map of the page (next question,
 * next screen) goes straight to the offline map instead of asking Google again. Retrying would
 * request the script once more per map, and a refused key stays refused until the page reloads.
 */
type GoogleTrouble = "none" | "unreachable" | "refused";

let trouble: GoogleTrouble = "none";
const listeners = new Set<() => void>();

export function googleTrouble(): GoogleTrouble {
  return trouble;
}

export function reportGoogleTrouble(next: Exclude<GoogleTrouble, "none">) {
  // A refusal says more than a failure to load: it is the one to show.
  if (trouble === next || trouble === "refused") return;
  trouble = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGoogleTrouble(): GoogleTrouble {
  return useSyncExternalStore(subscribe, googleTrouble, () => "none");
}

/**
 * Google calls `window.gm_authFailure` when it refuses the key (wrong key, API not enabled,
 * referrer not allowed, no billing). The library has no status for it, so we listen ourselves;
 * the hook must exist before the script runs. A handler the page already had still runs.
 */
export function listenForAuthFailure() {
  if (typeof window === "undefined") return;
  const w = window as Window & { gm_authFailure?: () => void; __repereAuthHook?: boolean };
  if (w.__repereAuthHook) return;
  w.__repereAuthHook = true;
  const previous = w.gm_authFailure;
  w.gm_authFailure = () => {
    reportGoogleTrouble("refused");
    previous?.();
  };
}

/** For unit tests only: a fresh page. */
export function resetGoogleTroubleForTests() {
  trouble = "none";
  listeners.clear();
}
