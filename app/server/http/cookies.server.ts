/**
 * Reading a request's cookies and the flag every cookie the app sets carries: the sessions
 * (auth/), the language (i18n/) and a défi's device (defi/) share them.
 */
import { isLocalHost } from "./security-headers.server";

/**
 * Cookies are Secure everywhere but on the developer's own machine, reached over plain http. A
 * deployment behind a proxy that speaks http to the Worker still gets them: the host decides,
 * not the scheme the Worker happens to see.
 */
export function secureFlag(request: Request): string {
  return isLocalHost(new URL(request.url)) ? "" : "; Secure";
}

/** A cookie's value, or null when the request does not carry it (or carries it empty). */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}
