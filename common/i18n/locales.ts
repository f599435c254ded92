/**
 * The languages Repère speaks, and how a request or a phone picks one. French is the reference:
 * its catalog holds the product's own words, and it is what anyone gets whose preferences name
 * none of the others. Adding a language is its catalog folder (catalogs/{code}/) and one line here.
 */
/* eslint-disable lingui/no-unlocalized-strings -- each language's own name reads the same in every language */
export const LOCALE_NAMES = {
  fr: "Français",
  en: "English",
  de: "Deutsch",
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

export type Locale = keyof typeof LOCALE_NAMES;
export const LOCALES = Object.keys(LOCALE_NAMES) as Locale[];
export const DEFAULT_LOCALE: Locale = "fr";

/** The device's choice of language, sent with every request (the switch sets it). */
export const LOCALE_COOKIE = "lang";
/** A year: the choice sticks on that device. */
export const LOCALE_COOKIE_SECONDS = 365 * 86_400;

export const isLocale = (x: unknown): x is Locale => typeof x === "string" && Object.hasOwn(LOCALE_NAMES, x);

/**
 * The first supported language in a list of preferences, best first ('de-CH' reads as 'de');
 * null when none is supported.
 */
export function pickLocale(preferences: readonly string[]): Locale | null {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** An Accept-Language header's tags, best first (quality, then order); `*` and q=0 left out. */
export function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 32)
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((x) => x.tag && x.tag !== "*" && x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order)
    .map((x) => x.tag);
}
