import { useLocale, useT } from "./I18n";

/**
 * What the MJ is told of a quiz's Street View questions (common/rules/player-media.ts): before a
 * night with « Photo sur les téléphones », that they stay on the presenter's screen; before a défi
 * is created, that it leaves them out. Null when the quiz has none. The positions are listed as
 * the reader's language lists them (« 1, 2 et 5 », « 1, 2, and 5 »).
 */
export function useStreetViewNote(where: "notOnPhones" | "leftOut", positions: readonly number[] | undefined): string | null {
  const t = useT();
  const locale = useLocale();
  if (!positions || positions.length === 0) return null;
  const list = new Intl.ListFormat(locale, { type: "conjunction" }).format(positions.map(String));
  return t(where === "notOnPhones" ? "defi.streetView.notOnPhones" : "defi.streetView.leftOut", { count: positions.length, list });
}
