/**
 * The resume token of a seat lives in localStorage under `repere:token:{room}` (contract), so a
 * phone that sleeps, reloads or loses the network gets its seat back. Private browsing or a full
 * storage must never break the game: failures are swallowed and the phone simply joins anew.
 */
export const tokenKey = (room: string) => `repere:token:${room}`;

export function readToken(room: string): string | undefined {
  try {
    return localStorage.getItem(tokenKey(room)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function saveToken(room: string, token: string): void {
  try {
    localStorage.setItem(tokenKey(room), token);
  } catch {
    /* storage refused: the seat lasts as long as the page */
  }
}

export function clearToken(room: string): void {
  try {
    localStorage.removeItem(tokenKey(room));
  } catch {
    /* nothing to do */
  }
}
