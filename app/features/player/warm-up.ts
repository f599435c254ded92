/**
 * The player's screens, fetched and compiled while the room number is typed. Without this the way
 * from « Rejoindre » to the lobby waits for the room's modules, then for their own imports, each a
 * round trip a phone on a slow network feels (docs/phone-join.md). Loading them early changes
 * nothing they do: a module runs its top level once, whoever imports it first.
 */
export function warmUpPlayerScreens(): () => void {
  const load = () => {
    void import("./PlayerGame");
    void import("./PseudoPicker");
  };
  // Once the home page has done its own work, so the number can be typed without waiting.
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(load, 200);
  return () => window.clearTimeout(handle);
}
