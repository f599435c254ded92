/**
 * A défi's dates (its deadline, when a line joined) as its reader reads them: in their language
 * and in their own time zone, since a défi is passed around the world. The browser knows its
 * zone; the server learns it from a cookie the défi's pages set, so that the page it renders and
 * the page the browser hydrates say the same thing. A page rendered before the server knows the
 * zone says the time in UTC, and says so.
 */
import { formatDateTime } from "../../i18n/format";
import type { Locale } from "../../i18n/locales";

/** The reader's time zone (an IANA name such as 'Europe/Berlin'), sent with every request. */
export const TIME_ZONE_COOKIE = "tz";
/** A year, like the language's. */
export const TIME_ZONE_COOKIE_SECONDS = 365 * 86_400;

/** An IANA zone name Intl knows: anything else from a cookie is ignored. */
export function isTimeZone(x: unknown): x is string {
  if (typeof x !== "string" || x.length === 0 || x.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(x)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: x });
    return true;
  } catch {
    return false;
  }
}

const UTC = "UTC";

/**
 * A date and time in `locale`, in `timeZone` (null: not known yet, said in UTC with its name):
 * '28/11/2026 19h05' (fr), '11/28/26, 7:05 PM' (en), '28.11.26, 19:05' (de).
 */
export function defiDateText(locale: Locale, ms: number, timeZone: string | null): string {
  const zone = timeZone ?? UTC;
  // Intl's narrow no-break space before AM/PM is a plain space in older ICU: the server's and the
  // browser's must write the same text. French keeps the product's own form, dd/mm/yyyy HHhMM
  // (docs/game-rules.md, Display formats).
  const text = formatDateTime(locale, ms, zone).replace(/\u202f/g, " ");
  return `${locale === "fr" ? text.replace(":", "h") : text}${timeZone ? "" : ` ${UTC}`}`;
}
