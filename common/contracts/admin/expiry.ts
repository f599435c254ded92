/**
 * MJ expiry dates. The admin picks a day; the account stays valid until the end of that day in
 * Paris (a French product: "jusqu'au 30/06" means the whole 30th, whatever the server's zone).
 */
import type { Locale } from "../../i18n/locales";

// eslint-disable-next-line lingui/no-unlocalized-strings -- a time zone's id
const ZONE = "Europe/Paris";
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function parisParts(ms: number) {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Paris time minus UTC at that instant (1 h in winter, 2 h in summer). */
function parisOffset(ms: number): number {
  const p = parisParts(ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** 'YYYY-MM-DD' -> the last millisecond of that day in Paris, or null if it is no real day. */
export function endOfParisDay(day: string): number | null {
  const m = DAY.exec(day.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const naive = Date.UTC(y, mo - 1, d, 23, 59, 59, 999);
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (y < 2000 || y > 9999) return null;
  return naive - parisOffset(naive);
}

/** The Paris day of an instant, as the value of an <input type="date">. */
export function parisDay(ms: number): string {
  const p = parisParts(ms);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * The Paris day of an instant as the table shows it: 'dd/mm/yyyy' in French (docs/game-rules.md,
 * Display formats), each other language's own short date ('1/15/27', '15.01.27').
 */
export function formatDay(ms: number, locale: Locale = "fr"): string {
  if (locale === "fr") {
    const [y, m, d] = parisDay(ms).split("-");
    return `${d}/${m}/${y}`;
  }
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeZone: ZONE });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(ms));
}
