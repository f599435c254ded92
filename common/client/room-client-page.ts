/**
 * The room client in a page (browser only): what the page knows and the client cannot see.
 * A phone that was asleep, a tab shown again, a network that comes back: each wakes the client,
 * which checks its line or reconnects at once. And a room that speaks a newer protocol reloads
 * the page.
 */
import type { RoomClient } from "./room-client";

/** Wakes `client` whenever the page may have lost its line; returns the unsubscribe. */
export function followPage(client: RoomClient): () => void {
  const onVisible = () => {
    if (document.visibilityState === "visible") client.wake();
  };
  const onOnline = () => client.networkBack();
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("pageshow", onVisible);
  window.addEventListener("online", onOnline);
  return () => {
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("pageshow", onVisible);
    window.removeEventListener("online", onOnline);
  };
}

/** Heartbeats only while the page is shown: a hidden one is checked when it comes back. */
export const pageVisible = () => document.visibilityState === "visible";

/** The scheme of the page's own origin, for the socket. */
export const pageSocketProtocol = (): "ws" | "wss" => (location.protocol === "https:" ? "wss" : "ws");

const RELOAD_GUARD_KEY = "repere:reloaded-at";
const RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page after `delayMs` (time to read why), at most once a minute: a page an old
 * cache keeps serving would otherwise reload forever. Returns a cancel function.
 */
export function reloadForNewVersion(delayMs: number): () => void {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
  } catch {
    /* storage refused: no guard, the delay still spaces reloads out */
  }
  if (Date.now() - last <= RELOAD_GUARD_MS) return () => {};
  const id = setTimeout(() => {
    try {
      sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
    } catch {
      /* as above */
    }
    location.reload();
  }, delayMs);
  return () => clearTimeout(id);
}
