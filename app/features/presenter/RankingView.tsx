import type { RankedPlayer, RoomMessageOf } from "@common/wire/room-messages";
import { clampPage, columnsOf, PAGE_COLUMN, type PageRange, QUESTION_COLUMN, rangeLabel } from "./ranking-pages";
import { RichText, useT } from "~/components/I18n";
import { QuestionNumber } from "./QuestionView";
import { PlayerRows, TeamRows } from "./Ranking";
import { useNow } from "./useNow";

/**
 * The ranking after a question (docs/game-rules.md, Presenter steps): rank, marker, pseudo,
 * points with 2 decimals, rank change; teams first in team mode. The first page is the detailed
 * top, later pages go through every other player (ranking-pages.ts), then the next question comes.
 * 'Pause' holds the page; 'Page suivante' turns it (asks for the next question on the last one);
 * 'Question suivante' skips the pages left; 'Retour photo & carte'.
 */
export function RankingView({
  results,
  lines,
  pages,
  page,
  paused,
  advanceRequested,
  pageEndsAt,
  onPause,
  onNextPage,
  onAdvance,
  onPhotoMap,
}: {
  results: RoomMessageOf<"pres_results">;
  /** The whole ranking when it arrived over HTTP, else the top the socket brought. */
  lines: RankedPlayer[];
  pages: PageRange[];
  page: number;
  paused: boolean;
  advanceRequested: boolean;
  /** Local clock when the page turns by itself, null when it does not. */
  pageEndsAt: number | null;
  onPause: () => void;
  onNextPage: () => void;
  onAdvance: () => void;
  onPhotoMap: () => void;
}) {
  const t = useT();
  const now = useNow(250, pageEndsAt !== null);
  const left = pageEndsAt === null ? null : Math.max(0, Math.ceil((pageEndsAt - now) / 1000));
  const shown = clampPage(page, pages.length);
  const range = pages[shown] ?? { from: 0, to: 0 };
  const pageLines = lines.slice(range.from, range.to);
  const isLastPage = shown === pages.length - 1;
  const detailed = shown === 0;
  const teams = detailed ? results.teams : null;
  const columns = columnsOf(pageLines, detailed ? QUESTION_COLUMN : PAGE_COLUMN);
  // Only the socket's top arrived: say how many are not listed rather than hide them silently.
  const missing = isLastPage ? results.playersCount - lines.length : 0;
  const nextLabel = t(results.isLast ? "presenter.ranking.final" : "presenter.ranking.next");
  const status = advanceRequested
    ? t("presenter.ranking.loading")
    : paused
      ? t("presenter.ranking.paused")
      : left === null
        ? ""
        : isLastPage
          ? t(results.isLast ? "presenter.ranking.finalIn" : "presenter.ranking.nextIn", { n: left })
          : t("presenter.ranking.pageIn", { n: left });
  const where = rangeLabel(pageLines);

  return (
    <div className={`pres-ranking${detailed ? "" : " is-dense"}`} data-page={shown + 1} data-pages={pages.length}>
      <header className="ranking-bar">
        <QuestionNumber index={results.questionIndex} count={results.questionCount} />
        <h1 className="ranking-title">{t("presenter.ranking.title")}</h1>
      </header>
      <div className={`ranking-body${teams ? " has-teams" : ""}`}>
        {teams ? (
          <section className="ranking-teams" aria-labelledby="teams-title">
            <h2 id="teams-title">{t("presenter.ranking.teams")}</h2>
            <TeamRows teams={teams} />
          </section>
        ) : null}
        <section className="ranking-players" aria-labelledby="players-title">
          <h2 id="players-title" className={teams ? undefined : "sr-only"}>
            {t("presenter.ranking.players")}
          </h2>
          <div className={`ranking-columns cols-${detailed ? columns.length : 3}`}>
            {columns.map((col, i) => (
              <PlayerRows key={i} lines={col} showQuestion={detailed} markerSize={detailed ? 52 : 40} />
            ))}
          </div>
          {missing > 0 ? <p className="ranking-more">{t("presenter.missingPlayers", { n: missing })}</p> : null}
        </section>
      </div>
      <footer className="pres-actions ranking-actions">
        <div className="ranking-where">
          {pages.length > 1 && where ? (
            <p className="ranking-page" data-testid="ranking-page">
              <RichText
                id="presenter.ranking.where"
                values={{ range: t(where), page: shown + 1, pages: pages.length }}
                components={{ 0: <span className="ranking-page-count" /> }}
              />
            </p>
          ) : null}
          <p className={`ranking-status${paused ? " is-paused" : ""}`} role="status">
            {status}
          </p>
        </div>
        <button type="button" className="pres-button pres-button-ghost" onClick={onPause} disabled={paused || advanceRequested}>
          {t("presenter.ranking.pause")}
        </button>
        <button type="button" className="pres-button pres-button-ghost" onClick={onPhotoMap}>
          {t("presenter.ranking.photoMap")}
        </button>
        {!isLastPage ? (
          <button type="button" className="pres-button pres-button-ghost" onClick={onAdvance} disabled={advanceRequested}>
            {nextLabel}
          </button>
        ) : null}
        <button type="button" className="pres-button pres-button-go" onClick={onNextPage} disabled={advanceRequested}>
          {t("presenter.ranking.nextPage")}
        </button>
      </footer>
    </div>
  );
}
