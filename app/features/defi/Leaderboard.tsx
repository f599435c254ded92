import type { LeaderboardLine } from "@common/defi/types";
import { MarkerImage, RankBadge } from "~/features/player/Common";
import { formatPoints } from "~/features/player/format";

/**
 * A défi's ranking: rank (medals for the first three), marker, name, total and questions played;
 * the reader's own line stands out, and comes last, after a gap, when it is below the list.
 */
export function LeaderboardList({
  lines,
  own,
  questionsNb,
  label,
}: {
  lines: LeaderboardLine[];
  own: LeaderboardLine | null;
  questionsNb: number;
  label: string;
}) {
  const row = (line: LeaderboardLine, key: string) => (
    <li key={key} className={line.me ? "df-line df-me" : "df-line"} aria-current={line.me ? "true" : undefined}>
      <RankBadge rank={line.rank} />
      <MarkerImage marker={line.marker} size={32} />
      <span className="df-name">{line.name}</span>
      <span className="df-played" title="Questions jouées">
        {line.played}/{questionsNb}
      </span>
      <span className="df-points">{formatPoints(line.points)}</span>
    </li>
  );
  if (lines.length === 0) return <p className="df-empty">Personne n'a encore joué ce défi.</p>;
  return (
    <ol className="df-board" aria-label={label}>
      {lines.map((l, i) => row(l, `l${i}`))}
      {own ? (
        <>
          <li className="df-gap" aria-hidden="true">
            …
          </li>
          {row(own, "own")}
        </>
      ) : null}
    </ol>
  );
}
