/**
 * Paging the whole ranking on the big screen, so that every player finds their name: after a
 * question the first page is the detailed top (as many lines as a 1080p screen shows in large
 * type), then denser pages through the rest, then the next question; after the podium, pages of
 * the list from rank 4, round and round until the presenter leaves. Pure: the screen only asks
 * which lines a page holds, how long it stays and what comes after it.
 */
import type { RankedPlayer } from "@common/wire/room-messages";
import { AUTO_ADVANCE_MS } from "@common/rules";
import type { Words } from "@common/i18n/ids";
import { m } from "@common/i18n/words";

/** Lines of a page and where it starts in the ranking (0-based, `to` excluded). */
export interface PageRange {
  from: number;
  to: number;
}

interface PageLayout {
  /** Lines on the first page (0 when every page has `size` lines). */
  first: number;
  /** Lines on every later page. */
  size: number;
}

/**
 * After a question: the top 16 in two large columns (8 in team mode, beside the teams), then
 * three columns of ten: large enough to read from the back of the room, few enough pages that
 * 2,000 players pass in about as many pages as a long game has questions times three.
 */
export const QUESTION_LAYOUT: PageLayout = { first: 16, size: 30 };
export const QUESTION_TEAM_LAYOUT: PageLayout = { first: 8, size: 30 };
export const QUESTION_COLUMN = 8;
export const PAGE_COLUMN = 10;
/** Under the podium, from rank 4: three columns of five (the podium keeps the top of the screen). */
export const END_LAYOUT: PageLayout = { first: 0, size: 15 };
export const END_COLUMN = 5;

/** How long a later page stays: enough to find one's rank, then one's name. */
export const PAGE_MS = 4_000;
/** Under the podium nothing else waits: each page stays a little longer. */
export const END_PAGE_MS = 6_000;

export function pageRanges(total: number, layout: PageLayout): PageRange[] {
  const pages: PageRange[] = [];
  let from = 0;
  if (layout.first > 0) {
    pages.push({ from: 0, to: Math.min(total, layout.first) });
    from = layout.first;
  }
  for (; from < total; from += layout.size) pages.push({ from, to: Math.min(total, from + layout.size) });
  if (pages.length === 0) pages.push({ from: 0, to: 0 });
  return pages;
}

/** The first page keeps the pause of the ranking before the next question; later ones, PAGE_MS. */
export const questionPageMs = (page: number) => (page === 0 ? AUTO_ADVANCE_MS : PAGE_MS);

/** What the automatic paging does when a question's page `page` of `count` has been shown. */
export function afterQuestionPage(page: number, count: number): { page: number } | "advance" {
  return page + 1 < count ? { page: page + 1 } : "advance";
}

/** Under the podium the pages loop: back to the first after the last. */
export const afterEndPage = (page: number, count: number) => (count > 0 ? (page + 1) % count : 0);

/** A page cut into columns of `perColumn` lines, left to right. */
export function columnsOf<T>(lines: readonly T[], perColumn: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < lines.length; i += perColumn) out.push(lines.slice(i, i + perColumn));
  return out.length ? out : [[]];
}

/**
 * 'Rangs 17 à 46' (ties can repeat a rank: the labels are the ranks shown, not positions); null
 * for no line.
 */
export function rangeLabel(lines: readonly RankedPlayer[]): Words | null {
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (!first || !last) return null;
  return first.rank === last.rank
    ? m("presenter.ranking.rank", { rank: first.rank })
    : m("presenter.ranking.ranks", { from: first.rank, to: last.rank });
}

/** Keeps a page number inside a ranking that may have shrunk (a player left) or grown. */
export const clampPage = (page: number, count: number) => Math.max(0, Math.min(page, count - 1));
