/**
 * What the presenter's screen does by itself, and when (docs/game-rules.md, Presenter steps): a
 * pure function of its state, so every timing is read and tested here and one clock
 * (useDeadline.ts) sleeps until the nearest. The room moves the game (question, results, end);
 * the screen only paces what it shows between the room's messages:
 *
 *  revealLoading   'Chargement des résultats' stays up REVEAL_LOADING_MIN_MS, then the map plays
 *                  (once the results are there);
 *  resultsMap      the map's own sequence (results-timeline.ts) says when it is done;
 *  ranking         each page stays questionPageMs (the first one longer), then the next page, and
 *                  after the last the next question is asked for; not while paused, while the
 *                  room has not answered that request, or while the socket is down;
 *  any step        an error or a notice fades TOAST_MS after the last one came.
 *
 * Times are on the local monotonic clock (performance.now()), as the state's are.
 */
import { afterQuestionPage, clampPage, questionPageMs } from "./ranking-pages";
import { REVEAL_LOADING_MIN_MS, type PresenterState } from "./screen-state";

/** How long an error or a notice stays up. */
export const TOAST_MS = 6000;

export type PresenterTimedAction =
  /** 'Chargement des résultats' has been up long enough. */
  | { type: "showResultsMap" }
  /** The ranking's page has been up long enough: the next page, or the next question. */
  | { type: "turnPage"; next: { page: number } | "advance" }
  /** The error and the notice have been read. */
  | { type: "dismiss" };

export interface Deadline<A> {
  /** Local clock (performance.now()) when `action` is due. */
  at: number;
  action: A;
}

/**
 * When the ranking's page turns by itself (the countdown the screen shows), or null when it does
 * not: not paused, the next question not already asked for. `pageCount` is the ranking's pages as
 * shown (the whole ranking once it came over HTTP, else the socket's top).
 */
export function rankingPageEndsAt(state: PresenterState, pageCount: number): number | null {
  if (state.step !== "ranking" || state.paused || state.advanceRequested || state.pageSince === null) return null;
  return state.pageSince + questionPageMs(clampPage(state.rankingPage, pageCount));
}

/** Everything the screen will do by itself from `state`, soonest first. */
export function presenterDeadlines(state: PresenterState, pageCount: number): Deadline<PresenterTimedAction>[] {
  const due: Deadline<PresenterTimedAction>[] = [];
  if (state.step === "revealLoading" && state.results && state.revealLoadingSince !== null)
    due.push({ at: state.revealLoadingSince + REVEAL_LOADING_MIN_MS, action: { type: "showResultsMap" } });
  const pageEndsAt = rankingPageEndsAt(state, pageCount);
  // A page turned while the room cannot hear would ask for a question nobody sends: it waits.
  if (pageEndsAt !== null && state.connection === "open")
    due.push({
      at: pageEndsAt,
      action: { type: "turnPage", next: afterQuestionPage(clampPage(state.rankingPage, pageCount), pageCount) },
    });
  if ((state.error || state.notice) && state.toastSince !== null)
    due.push({ at: state.toastSince + TOAST_MS, action: { type: "dismiss" } });
  return due.sort((a, b) => a.at - b.at);
}
