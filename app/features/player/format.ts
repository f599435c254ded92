/**
 * How the phone writes numbers (2 decimals in results, 1 in the progress bar), the
 * French way: decimal comma, narrow no-break space between thousands.
 */

const formatters = new Map<number, Intl.NumberFormat>();

export function formatDecimal(value: number, digits: number): string {
  let f = formatters.get(digits);
  if (!f) {
    f = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(digits, f);
  }
  // -0 would print as "-0,00".
  return f.format(Object.is(value, -0) ? 0 : value);
}

/** French agreement: 'point' below 2 ('1,50 point'), 'points' from 2 on. */
export function pointsWord(value: number): string {
  return Math.abs(value) < 2 ? "point" : "points";
}

/** '6,37 points', '1,50 point', '0,00 point'. */
export function formatPoints(value: number): string {
  return `${formatDecimal(value, 2)} ${pointsWord(value)}`;
}

/** Answer time from milliseconds: '3,42 s'. */
export function formatSeconds(ms: number): string {
  return `${formatDecimal(ms / 1000, 2)} s`;
}

/** Metres, whole: '1 234 m'. */
export function formatDistance(metres: number): string {
  return `${formatDecimal(Math.round(metres), 0)} m`;
}

const MEDALS: Record<number, { emoji: string; label: string }> = {
  1: { emoji: "🥇", label: "Médaille d'or" },
  2: { emoji: "🥈", label: "Médaille d'argent" },
  3: { emoji: "🥉", label: "Médaille de bronze" },
};

/** Medals for positions 1 to 3 (docs/game-rules.md, Display formats), nothing below. */
export function medalOf(rank: number): { emoji: string; label: string } | null {
  return MEDALS[rank] ?? null;
}
