import type { RankedPlayer, RankedTeam, RoomMessageOf } from "@common/wire/room-messages";
import type { Translate } from "@common/i18n/ids";
import { RichText, useT } from "~/components/I18n";
import { EndFooter, pageLabel } from "./EndFooter";
import { colorHex, inkOn, teamWords } from "./players";
import { PlayerMarker } from "./PlayerMarker";
import { PlayerRows, Points, TeamRows } from "./Ranking";
import { columnsOf, END_COLUMN } from "./ranking-pages";
import { useEndPages } from "./useEndPages";
import { useFullRanking } from "./useFullRanking";

type Step = { rank: number; key: string; name: string; points: number; picture: React.ReactNode; detail?: string };

/** Podium places drawn left to right: 2nd, 1st, 3rd. */
const ORDER = [1, 0, 2];

/** The round's podium (teams in team mode), then every rank below it in pages. */
export function PodiumView({
  endGame,
  room,
  error,
  actions,
}: {
  endGame: RoomMessageOf<"pres_endGame">;
  room: string;
  error?: string | null;
  actions: React.ReactNode;
}) {
  const t = useT();
  const teams = endGame.teams;
  const steps: Step[] = teams ? teams.slice(0, 3).map((team) => teamStep(t, team)) : endGame.ranking.slice(0, 3).map(playerStep);
  const full = useFullRanking(room, teams ? null : "end", "over");
  const rest = (full ?? endGame.ranking).slice(3);
  const { pages, shown, rows: restPlayers } = useEndPages(rest);
  const restTeams = teams ? teams.slice(3) : [];
  // Only the socket's top arrived: say how many are not listed.
  const missing = shown === pages.length - 1 ? endGame.playersCount - 3 - rest.length : 0;

  return (
    <div className={`pres-end${(teams ? restTeams.length : restPlayers.length) === 0 ? " is-short" : ""}`}>
      <h1 className="end-title">{endGame.night ? t("presenter.end.roundTitle", { round: endGame.night.round }) : t("presenter.end.title")}</h1>
      <ol className="podium" aria-label={t(teams ? "presenter.end.teamPodium" : "presenter.end.podium")}>
        {ORDER.map((i) => steps[i]).map((s) =>
          s ? (
            <li key={s.key} className={`podium-place podium-${s.rank <= 3 ? s.rank : 3}`}>
              <div className="podium-who">
                {s.picture}
                <span className="podium-name">{s.name}</span>
                {s.detail ? <span className="podium-detail">{s.detail}</span> : null}
                <span className="podium-points">
                  <Points points={s.points} unitClass="podium-unit" />
                </span>
              </div>
              <div className="podium-block">
                <span className="podium-rank">
                  <RichText id="presenter.end.rank" values={{ rank: s.rank }} components={{ 0: <span className="sr-only" /> }} />
                </span>
              </div>
            </li>
          ) : null,
        )}
      </ol>
      {teams ? (
        restTeams.length > 0 ? (
          <section className="end-rest" aria-label={t("presenter.end.teamRest")}>
            <TeamRows teams={restTeams} />
          </section>
        ) : null
      ) : restPlayers.length > 0 ? (
        <section className="end-rest" aria-label={t("presenter.end.rest")} data-page={shown + 1} data-pages={pages.length}>
          <div className={`ranking-columns cols-${rest.length > END_COLUMN ? 3 : 1}`}>
            {columnsOf(restPlayers, END_COLUMN).map((col, i) => (
              <PlayerRows key={i} lines={col} showQuestion={false} markerSize={44} />
            ))}
          </div>
        </section>
      ) : null}
      <div className="end-actions">
        <EndFooter
          pageLabel={!teams && pages.length > 1 ? pageLabel(t, restPlayers, shown, pages.length) : null}
          missing={missing}
          error={error}
          actions={actions}
        />
      </div>
    </div>
  );
}

function playerStep(l: RankedPlayer): Step {
  return {
    rank: l.rank,
    key: l.seatId,
    name: l.pseudo,
    points: l.points,
    picture: <PlayerMarker marker={l.marker} pseudo={l.pseudo} size={l.rank === 1 ? 150 : 120} className={`podium-marker podium-marker-${l.rank}`} />,
  };
}

function teamStep(t: Translate, team: RankedTeam): Step {
  return {
    rank: team.rank,
    key: team.team,
    name: t(teamWords(team.team)),
    points: team.points,
    detail: team.players.length ? team.players.join(", ") : undefined,
    picture: (
      <span className="podium-team" style={{ background: colorHex(team.team), color: inkOn(team.team) }} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="64" height="64" focusable="false">
          <path d="M6 3v18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          <path d="M7 4h11l-3 4 3 4H7z" fill="currentColor" />
        </svg>
      </span>
    ),
  };
}
