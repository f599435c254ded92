/**
 * A défi's secrets: random tokens (its code, a device's token, the photo address of a question's
 * opening) and the device's cookie, of which the database keeps only the hash.
 */
import { readCookie, secureFlag } from "../http/cookies.server";

/** `bytes` random bytes, URL-safe base64 without padding. */
export function randomToken(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const DEVICE_COOKIE = "repere_defi";
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A question's photo address, minted by the opening (openToken). */
export const OPEN_TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** A new opening's photo token: 24 random bytes, the 32 characters OPEN_TOKEN takes. */
export const openToken = () => randomToken(24);
/** The device cookie outlives the deadline by a month: the player comes back to see the ranking. */
const DEVICE_COOKIE_EXTRA_S = 31 * 86_400;

/**
 * The device's token, from its cookie: HttpOnly and scoped to this défi's API, so a page's
 * script never reads it and no other défi receives it. The database keeps only its hash.
 */
export function deviceOf(request: Request): string | null {
  const token = readCookie(request, DEVICE_COOKIE);
  return token && DEVICE_TOKEN.test(token) ? token : null;
}

export function deviceCookie(request: Request, code: string, token: string, deadline: number): string {
  const maxAge = Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) + DEVICE_COOKIE_EXTRA_S;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a Set-Cookie header
  return `${DEVICE_COOKIE}=${token}; Path=/api/defi/${code}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureFlag(request)}`;
}
