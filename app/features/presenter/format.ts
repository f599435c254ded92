/**
 * Display helpers of the presenter screen, in the night's language: 2 decimals in results, 1 in
 * progress (docs/game-rules.md, Display formats).
 */
import { formatDecimal } from "@common/i18n/format";
import type { Words } from "@common/i18n/ids";
import { DEFAULT_LOCALE, type Locale } from "@common/i18n/locales";
import { m } from "@common/i18n/words";

/** A plain space for Intl's no-break ones: the figures of a ranking read the same in every row. */
const plainSpaces = (text: string) => text.replace(/\u202f|\u00a0/g, " ");
const finite = (x: number) => (Number.isFinite(x) ? x : 0);

/**
 * Points in results and rankings: '12,35' (fr), '12.35' (en). French unless told: the défi and
 * history pages call it as they did before languages.
 */
export function formatPoints(points: number, locale: Locale = DEFAULT_LOCALE): string {
  return plainSpaces(formatDecimal(locale, finite(points), 2));
}

/** Points still to win while a question runs: '4,3' (fr), '4.3' (en). */
export function formatPoints1(points: number, locale: Locale): string {
  return plainSpaces(formatDecimal(locale, finite(points), 1));
}

/** '3' rather than '3,00' for the rings' whole points. */
export function shortPoints(points: number, locale: Locale): string {
  const p = finite(points);
  return Number.isInteger(p) ? plainSpaces(formatDecimal(locale, p, 0)) : formatPoints(p, locale);
}

/**
 * Capacity as players/(max_team x max_player or max_player). The room's own capacity
 * is the truth (defined icons cap a room at 54), the factors say where it comes from.
 */
export function capacityLabel(
  playersCount: number,
  settings: { mode: "player" | "team"; capacity: number; maxTeam: number },
  locale: Locale,
): { count: string; detail: Words | null } {
  const count = `${formatDecimal(locale, playersCount, 0)}/${formatDecimal(locale, settings.capacity, 0)}`;
  if (settings.mode !== "team") return { count, detail: null };
  const perTeam = Math.floor(settings.capacity / Math.max(1, settings.maxTeam));
  return { count, detail: m("presenter.lobby.capacityTeams", { teams: settings.maxTeam, perTeam }) };
}

type RankMove = { symbol: "▲" | "▼" | "="; label: Words; tone: "up" | "down" | "same" };

/** rankMove: previous rank minus new rank, positive = went up. */
export function rankMove(move: number): RankMove {
  if (move > 0) return { symbol: "▲", label: m("presenter.move.up", { n: move }), tone: "up" };
  if (move < 0) return { symbol: "▼", label: m("presenter.move.down", { n: -move }), tone: "down" };
  return { symbol: "=", label: m("presenter.move.same"), tone: "same" };
}

/**
 * 'Retour photo & carte': the room's page of the question just revealed. It names the room, not the
 * quiz, and answers only the room's owner and the admin.
 */
export function roomQuestionPath(room: string): string {
  return `/salle/${encodeURIComponent(room)}/question`;
}
