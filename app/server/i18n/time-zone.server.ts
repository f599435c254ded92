import { isTimeZone, TIME_ZONE_COOKIE } from "@common/contracts/defi/dates";
import { readCookie } from "../http/cookies.server";

/**
 * The reader's time zone, as their browser told it in the cookie the défi's pages set
 * (common/contracts/defi/dates.ts); null before it did, or for anything Intl does not know.
 */
export function timeZoneOf(request: Request): string | null {
  const raw = readCookie(request, TIME_ZONE_COOKIE);
  if (!raw) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isTimeZone(zone) ? zone : null;
}
