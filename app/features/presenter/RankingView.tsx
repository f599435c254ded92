import type { PresResults } from "@common/protocol";
import { PlayerRows, TeamRows } from "./Ranking";
import { useNow } from "./useNow";

/** Lines that fit a 1080p screen in one or two columns. */
const ONE_COLUMN = 8;
const MAX_LINES = 16;

/**
 * The ranking after a question (docs/game-rules.md, Presenter steps): rank, marker, pseudo,
 * points with 2 decimals, rank change; teams first in team mode. 'Pause', 'Page suivante' and
 * 'Retour photo & carte'; without a pause the next question is asked for after 5 s.
 */
export function RankingView({
  results,
  paused,
  advanceRequested,
  advanceAt,
  onPause,
  onNext,
  onPhotoMap,
}: {
  results: PresResults;
  paused: boolean;
  advanceRequested: boolean;
  /** Local clock of the automatic advance, null when it does not run. */
  advanceAt: number | null;
  onPause: () => void;
  onNext: () => void;
  onPhotoMap: () => void;
}) {
  const now = useNow(250, advanceAt !== null);
  const left = advanceAt === null ? null : Math.max(0, Math.ceil((advanceAt - now) / 1000));
  const teams = results.team_results;
  const lines = results.results.slice(0, teams ? ONE_COLUMN : MAX_LINES);
  const columns = !teams && lines.length > ONE_COLUMN ? [lines.slice(0, ONE_COLUMN), lines.slice(ONE_COLUMN)] : [lines];
  const nextLabel = results.isLast ? "Résultats finaux" : "Question suivante";
  const status = advanceRequested
    ? "Chargement…"
    : paused
      ? "En pause"
      : left !== null
        ? `${nextLabel} dans ${left} s`
        : "";

  return (
    <div className="pres-ranking">
      <header className="ranking-bar">
        <p className="question-number">
          Question <strong>{results.questionIndex + 1}</strong>/{results.questionsNb}
        </p>
        <h1 className="ranking-title">Classement</h1>
        <p className={`ranking-status${paused ? " is-paused" : ""}`} role="status">
          {status}
        </p>
      </header>
      <div className={`ranking-body${teams ? " has-teams" : ""}`}>
        {teams ? (
          <section className="ranking-teams" aria-labelledby="teams-title">
            <h2 id="teams-title">Équipes</h2>
            <TeamRows teams={teams} />
          </section>
        ) : null}
        <section className="ranking-players" aria-labelledby="players-title">
          <h2 id="players-title" className={teams ? undefined : "sr-only"}>
            Joueurs
          </h2>
          <div className={`ranking-columns cols-${columns.length}`}>
            {columns.map((col, i) => (
              <PlayerRows key={i} lines={col} showQuestion />
            ))}
          </div>
          {results.playersCount > lines.length ? (
            <p className="ranking-more">
              {results.playersCount - lines.length} autre{results.playersCount - lines.length > 1 ? "s" : ""} joueur
              {results.playersCount - lines.length > 1 ? "s" : ""}
            </p>
          ) : null}
        </section>
      </div>
      <footer className="pres-actions">
        <button type="button" className="pres-button pres-button-ghost" onClick={onPause} disabled={paused || advanceRequested}>
          Pause
        </button>
        <button type="button" className="pres-button pres-button-ghost" onClick={onPhotoMap}>
          Retour photo &amp; carte
        </button>
        <button type="button" className="pres-button pres-button-go" onClick={onNext} disabled={advanceRequested}>
          Page suivante
        </button>
      </footer>
    </div>
  );
}
