// The report's figures as every part of it writes them: points, seconds, the share that scored.
import type { Locale } from "@common/i18n/locales";
import { formatDecimal, formatSeconds } from "@common/i18n/format";
import { RichText } from "~/components/I18n";

/** Points in the report: 2 decimals (docs/game-rules.md, Display formats). */
export const points = (locale: Locale, value: number) => formatDecimal(locale, Number.isFinite(value) ? value : 0, 2);
export const seconds = (locale: Locale, ms: number) => formatSeconds(locale, ms, 1);

/** '67 % (2)': the share of all the game's players whose answer scored, and how many. */
export function ScoredShare({ share, scored, muted }: { share: number; scored: number; muted?: boolean }) {
  return (
    <RichText
      id="history.report.scoredShare"
      values={{ pct: Math.round(share * 100), n: scored }}
      components={{ 0: muted ? <span className="report-muted" /> : <span /> }}
    />
  );
}
