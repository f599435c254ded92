/**
 * Numbers, distances, durations and dates in a language's own way, through Intl: '1 234 m' in
 * French, '1,234 m' in English, '1.234 m' in German; kilometres past 1,000 m. Each format is made
 * once per language and shape (building one costs more than using it a thousand times).
 */
import type { Locale } from "./locales";

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A number with exactly `digits` decimals: '6,37' (fr), '6.37' (en). */
export function formatDecimal(locale: Locale, value: number, digits: number): string {
  // -0 would print as '-0,00'.
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(Object.is(value, -0) ? 0 : value);
}

/** A whole number: '1 234' (fr), '1,234' (en). */
export const formatInteger = (locale: Locale, value: number): string => formatDecimal(locale, Math.round(value), 0);

/**
 * Which plural form a number written with `digits` decimals takes: '1,50 point' in French
 * ('one'), '1.50 points' in English ('other'). The catalogs choose their words by it
 * (`{form, select, one {…} other {…}}`).
 */
export function pluralForm(locale: Locale, value: number, digits = 0): Intl.LDMLPluralRule {
  return new Intl.PluralRules(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).select(value);
}

/** A distance: whole metres below a kilometre ('850 m'), then kilometres ('1,2 km', '37 km'). */
export function formatDistance(locale: Locale, metres: number): string {
  if (metres < 999.5) return numberFormat(locale, { style: "unit", unit: "meter", maximumFractionDigits: 0 }).format(Math.round(metres));
  const km = metres / 1000;
  return numberFormat(locale, { style: "unit", unit: "kilometer", maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
}

/** A duration in seconds with `digits` decimals, with the SI symbol every language reads: '3,42 s'. */
export function formatSeconds(locale: Locale, ms: number, digits = 2): string {
  return `${formatDecimal(locale, ms / 1000, digits)}\u00a0s`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time in a language and a time zone: '28/11/2026 19:05' (fr), '11/28/2026, 7:05 PM'
 * (en). The zone is the reader's (a défi's deadline in the player's own time) or the account's.
 */
export function formatDateTime(locale: Locale, ms: number, timeZone?: string): string {
  const key = `${locale}|${timeZone ?? ""}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone });
    dateFormats.set(key, format);
  }
  return format.format(new Date(ms));
}
