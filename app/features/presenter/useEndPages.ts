import { useState } from "react";
import { afterEndPage, clampPage, END_LAYOUT, END_PAGE_MS, pageRanges } from "./ranking-pages";
import { useDeadlines } from "./useDeadlines";

/**
 * The end screens' lines in pages of END_LAYOUT that turn by themselves and go round: each page
 * stays END_PAGE_MS from when it came up, on the screen's one clock (useDeadlines.ts).
 */
export function useEndPages<T>(lines: readonly T[]) {
  const pages = pageRanges(lines.length, END_LAYOUT);
  const [clock, setClock] = useState(() => ({ page: 0, since: performance.now() }));
  const shown = clampPage(clock.page, pages.length);
  useDeadlines(
    pages.length > 1 ? [{ at: clock.since + END_PAGE_MS, action: afterEndPage(shown, pages.length) }] : [],
    (page) => setClock({ page, since: performance.now() }),
  );
  const range = pages[shown] ?? { from: 0, to: 0 };
  return { pages, shown, rows: lines.slice(range.from, range.to) };
}
