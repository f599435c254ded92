import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { PresEndGame, RankingLine, TeamResult } from "@common/protocol";
import { formatPoints } from "./format";
import { colorHex, inkOn } from "./players";
import { PlayerMarker } from "./PlayerMarker";
import { PlayerRows, TeamRows } from "./Ranking";
import { afterEndPage, clampPage, columnsOf, END_COLUMN, END_LAYOUT, END_PAGE_MS, pageRanges, rangeLabel } from "./ranking-pages";
import { useFullRanking } from "./useFullRanking";

type Step = { rank: number; key: string; name: string; points: number; picture: React.ReactNode; detail?: string };

/** Podium places drawn left to right: 2nd, 1st, 3rd. */
const ORDER = [1, 0, 2];

/**
 * End of the game (docs/game-rules.md, Presenter steps, endGame): 'Fin de la Partie', a podium of
 * the top three (teams in team mode), the list from rank 4 in pages that go round through every
 * player (the whole ranking comes over HTTP, the socket brings only the top), and 'Nouvelle partie'
 * (closes the room, back to the dashboard).
 */
export function EndGameView({ endGame, room, error }: { endGame: PresEndGame; room: string; error?: string | null }) {
  const teams = endGame.team_results;
  const steps: Step[] = teams ? teams.slice(0, 3).map(teamStep) : endGame.ranking.slice(0, 3).map(playerStep);
  const full = useFullRanking(room, teams ? null : "end", "over");
  const rest = (full ?? endGame.ranking).slice(3);
  const pages = pageRanges(rest.length, END_LAYOUT);
  const [page, setPage] = useState(0);
  const shown = clampPage(page, pages.length);
  useEffect(() => {
    if (pages.length <= 1) return;
    const id = window.setTimeout(() => setPage(afterEndPage(shown, pages.length)), END_PAGE_MS);
    return () => window.clearTimeout(id);
  }, [shown, pages.length]);
  const range = pages[shown] ?? { from: 0, to: 0 };
  const restPlayers = rest.slice(range.from, range.to);
  const restTeams = teams ? teams.slice(3) : [];
  // Only the socket's top arrived: say how many are not listed.
  const missing = shown === pages.length - 1 ? endGame.playersCount - 3 - rest.length : 0;

  return (
    <div className={`pres-end${(teams ? restTeams.length : restPlayers.length) === 0 ? " is-short" : ""}`}>
      <h1 className="end-title">Fin de la Partie</h1>
      <ol className="podium" aria-label={teams ? "Podium des équipes" : "Podium"}>
        {ORDER.map((i) => steps[i]).map((s) =>
          s ? (
            <li key={s.key} className={`podium-place podium-${s.rank <= 3 ? s.rank : 3}`}>
              <div className="podium-who">
                {s.picture}
                <span className="podium-name">{s.name}</span>
                {s.detail ? <span className="podium-detail">{s.detail}</span> : null}
                <span className="podium-points">{formatPoints(s.points)} pts</span>
              </div>
              <div className="podium-block">
                <span className="podium-rank">
                  <span className="sr-only">Rang </span>
                  {s.rank}
                </span>
              </div>
            </li>
          ) : null,
        )}
      </ol>
      {teams ? (
        restTeams.length > 0 ? (
          <section className="end-rest" aria-label="Suite du classement des équipes">
            <TeamRows teams={restTeams} />
          </section>
        ) : null
      ) : restPlayers.length > 0 ? (
        <section className="end-rest" aria-label="Suite du classement" data-page={shown + 1} data-pages={pages.length}>
          <div className={`ranking-columns cols-${rest.length > END_COLUMN ? 3 : 1}`}>
            {columnsOf(restPlayers, END_COLUMN).map((col, i) => (
              <PlayerRows key={i} lines={col} showQuestion={false} markerSize={44} />
            ))}
          </div>
        </section>
      ) : null}
      <Form method="post" className="end-actions">
        {!teams && pages.length > 1 ? (
          <p className="end-page" data-testid="end-page">
            {rangeLabel(restPlayers)} · page {shown + 1}/{pages.length}
          </p>
        ) : null}
        {missing > 0 ? (
          <p className="end-page">
            {missing} autre{missing > 1 ? "s" : ""} joueur{missing > 1 ? "s" : ""}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="room" value={room} />
        {error ? (
          <p className="pres-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="pres-button pres-button-go">
          Nouvelle partie
        </button>
      </Form>
    </div>
  );
}

function playerStep(l: RankingLine): Step {
  return {
    rank: l.rank,
    key: l.playerID,
    name: l.pseudo,
    points: l.points,
    picture: <PlayerMarker marker={l.marker} pseudo={l.pseudo} size={l.rank === 1 ? 150 : 120} className={`podium-marker podium-marker-${l.rank}`} />,
  };
}

function teamStep(t: TeamResult): Step {
  return {
    rank: t.rank,
    key: t.team,
    name: t.name,
    points: t.points,
    detail: t.players.length ? t.players.join(", ") : undefined,
    picture: (
      <span className="podium-team" style={{ background: colorHex(t.team), color: inkOn(t.team) }} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="64" height="64" focusable="false">
          <path d="M6 3v18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          <path d="M7 4h11l-3 4 3 4H7z" fill="currentColor" />
        </svg>
      </span>
    ),
  };
}
