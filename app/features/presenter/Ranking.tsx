import type { RankedPlayer, RankedTeam } from "@common/room-messages";
import { formatPoints, rankMove } from "./format";
import { colorHex, inkOn } from "./players";
import { PlayerMarker } from "./PlayerMarker";

/** Rank change arrow (rankMove), with its meaning for screen readers. */
function MoveArrow({ move }: { move: number }) {
  const m = rankMove(move);
  return (
    <span className={`move move-${m.tone}`} title={m.label}>
      <span aria-hidden="true">
        {m.symbol}
        {move !== 0 ? Math.abs(move) : ""}
      </span>
      <span className="sr-only">{m.label}</span>
    </span>
  );
}

/** Ranks 1-3 as gold, silver and bronze medals (drawn in CSS: no emoji font needed). */
function RankBadge({ rank }: { rank: number }) {
  if (rank <= 3) {
    return (
      <span className={`medal medal-${rank}`} title={MEDAL_NAMES[rank - 1]}>
        {rank}
      </span>
    );
  }
  return <span className="rank">{rank}</span>;
}

const MEDAL_NAMES = ["Médaille d'or", "Médaille d'argent", "Médaille de bronze"];

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
  return (
    <table className="ranking-table">
      <thead className="sr-only">
        <tr>
          <th scope="col">Rang</th>
          <th scope="col">Joueur</th>
          {showQuestion ? <th scope="col">Points de la question</th> : null}
          <th scope="col">Total</th>
          <th scope="col">Évolution</th>
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
                {l.questionPoints > 0 ? `+${formatPoints(l.questionPoints)}` : "0"}
              </td>
            ) : null}
            <td className="ranking-points">
              {formatPoints(l.points)} <span className="ranking-unit">pts</span>
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
  return (
    <ol className="team-ranking">
      {teams.map((t) => (
        <li key={t.team} className="team-row">
          <RankBadge rank={t.rank} />
          <span className="team-swatch" style={{ background: colorHex(t.team), color: inkOn(t.team) }}>
            {t.name}
          </span>
          <span className="team-members">
            {t.players.length === 0 ? "aucun joueur" : t.players.join(", ")}
          </span>
          <span className="team-points">
            <span>
              {formatPoints(t.points)} <span className="ranking-unit">pts</span>
            </span>
            <span className="team-points-note">moyenne</span>
          </span>
          <MoveArrow move={t.rankMove} />
        </li>
      ))}
    </ol>
  );
}
