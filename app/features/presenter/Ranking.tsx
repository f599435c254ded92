import type { RankedPlayer, RankedTeam } from "@common/wire/room-messages";
import { m } from "@common/i18n/words";
import { RichText, useLocale, useT } from "~/components/I18n";
import { formatPoints, rankMove } from "./format";
import { colorHex, inkOn, teamWords } from "./players";
import { PlayerMarker } from "./PlayerMarker";

/** Rank change arrow (rankMove), with its meaning for screen readers. */
function MoveArrow({ move }: { move: number }) {
  const t = useT();
  const arrow = rankMove(move);
  const label = t(arrow.label);
  return (
    <span className={`move move-${arrow.tone}`} title={label}>
      <span aria-hidden="true">
        {arrow.symbol}
        {move !== 0 ? Math.abs(move) : ""}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Ranks 1-3 as gold, silver and bronze medals (drawn in CSS: no emoji font needed). */
function RankBadge({ rank }: { rank: number }) {
  const t = useT();
  const medal = MEDAL_NAMES[rank - 1];
  if (medal) {
    return (
      <span className={`medal medal-${rank}`} title={t(medal)}>
        {rank}
      </span>
    );
  }
  return <span className="rank">{rank}</span>;
}

const MEDAL_NAMES = [m("presenter.medal.gold"), m("presenter.medal.silver"), m("presenter.medal.bronze")];

/** '12,35 pts': in rankings the unit smaller (`unitClass`), on the podium as large as the figure. */
export function Points({ points, unitClass = "ranking-unit" }: { points: number; unitClass?: string }) {
  const locale = useLocale();
  return (
    <RichText id="presenter.points" values={{ points: formatPoints(points, locale) }} components={{ 0: <span className={unitClass} /> }} />
  );
}

/** Players' ranking rows: rank, marker, pseudo, points of the question, total, rank change. */
export function PlayerRows({
  lines,
  showQuestion,
  markerSize = 52,
}: {
  lines: RankedPlayer[];
  showQuestion: boolean;
  markerSize?: number;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <table className="ranking-table">
      <thead className="sr-only">
        <tr>
          <th scope="col">{t("presenter.ranking.headRank")}</th>
          <th scope="col">{t("presenter.ranking.headPlayer")}</th>
          {showQuestion ? <th scope="col">{t("presenter.ranking.headQuestion")}</th> : null}
          <th scope="col">{t("presenter.ranking.headTotal")}</th>
          <th scope="col">{t("presenter.ranking.headMove")}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.seatId} className={l.rank <= 3 ? `is-top is-top-${l.rank}` : undefined}>
            <td className="ranking-rank">
              <RankBadge rank={l.rank} />
            </td>
            <td className="ranking-player">
              <PlayerMarker marker={l.marker} pseudo={l.pseudo} size={markerSize} />
              <span className="ranking-pseudo">{l.pseudo}</span>
            </td>
            {showQuestion ? (
              <td className={`ranking-gain${l.questionPoints > 0 ? "" : " is-zero"}`}>
                {l.questionPoints > 0 ? `+${formatPoints(l.questionPoints, locale)}` : "0"}
              </td>
            ) : null}
            <td className="ranking-points">
              <Points points={l.points} />
            </td>
            <td className="ranking-move">
              <MoveArrow move={l.rankMove} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Team ranking (team mode): colour, name, members, average points, rank change. */
export function TeamRows({ teams }: { teams: RankedTeam[] }) {
  const t = useT();
  return (
    <ol className="team-ranking">
      {teams.map((team) => (
        <li key={team.team} className="team-row">
          <RankBadge rank={team.rank} />
          <span className="team-swatch" style={{ background: colorHex(team.team), color: inkOn(team.team) }}>
            {t(teamWords(team.team))}
          </span>
          <span className="team-members">
            {team.players.length === 0 ? t("presenter.ranking.noMember") : team.players.join(", ")}
          </span>
          <span className="team-points">
            <span>
              <Points points={team.points} />
            </span>
            <span className="team-points-note">{t("presenter.ranking.average")}</span>
          </span>
          <MoveArrow move={team.rankMove} />
        </li>
      ))}
    </ol>
  );
}
