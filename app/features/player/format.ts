/**
 * How the phone writes numbers in its language (2 decimals in results, 1 in the progress bar;
 * docs/game-rules.md, Display formats): points agreed with their number, answer times in seconds,
 * distances in metres then kilometres.
 */
import { useMemo } from "react";
import type { Translate } from "@common/i18n/ids";
import type { Locale } from "@common/i18n/locales";
import { formatDecimal, formatDistance, formatSeconds, pluralForm } from "@common/i18n/format";
import { useLocale, useT } from "~/components/I18n";

/** '6,37 points', '1,50 point' (fr); '1.50 points' (en): the number and its word. */
export function pointsText(t: Translate, locale: Locale, value: number, digits = 2): string {
  return t("player.points", { points: formatDecimal(locale, value, digits), form: pluralForm(locale, value, digits) });
}

/** The phone's formats in the page's language. */
export function useFormats() {
  const t = useT();
  const locale = useLocale();
  return useMemo(
    () => ({
      points: (value: number, digits = 2) => pointsText(t, locale, value, digits),
      decimal: (value: number, digits: number) => formatDecimal(locale, value, digits),
      distance: (metres: number) => formatDistance(locale, metres),
      seconds: (ms: number) => formatSeconds(locale, ms),
    }),
    [t, locale],
  );
}

const MEDALS = {
  1: { emoji: "🥇", label: "player.medal.gold" },
  2: { emoji: "🥈", label: "player.medal.silver" },
  3: { emoji: "🥉", label: "player.medal.bronze" },
} as const;

/** Medals for positions 1 to 3 (docs/game-rules.md, Display formats), nothing below. */
export function medalOf(rank: number): (typeof MEDALS)[keyof typeof MEDALS] | null {
  return rank === 1 || rank === 2 || rank === 3 ? MEDALS[rank] : null;
}
