import { clampPage, pageRanges, QUESTION_LAYOUT, QUESTION_TEAM_LAYOUT } from "./ranking-pages";
import type { PresenterState } from "./screen-state";
import { useFullRanking } from "./useFullRanking";

/**
 * The ranking after a question as the screen pages it: the whole ranking, fetched over HTTP while
 * the map plays, else the top the socket brought; its pages and the one shown.
 */
export function useQuestionRanking(room: string, state: PresenterState) {
  const resultsIndex = state.results?.questionIndex ?? null;
  const inReveal = state.step === "revealLoading" || state.step === "resultsMap" || state.step === "ranking";
  const fullRanking = useFullRanking(room, inReveal && resultsIndex !== null ? `q${resultsIndex}` : null, "reveal");
  const lines = fullRanking ?? state.results?.ranking ?? [];
  const pages = pageRanges(lines.length, state.results?.teams ? QUESTION_TEAM_LAYOUT : QUESTION_LAYOUT);
  return { lines, pages, page: clampPage(state.rankingPage, pages.length) };
}
