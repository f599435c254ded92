import type { DefiLeaderboard, LeaderboardLine } from "@common/contracts/defi/types";
import { useT } from "~/components/I18n";
import { MarkerImage, RankBadge } from "~/features/player/Common";
import { useFormats } from "~/features/player/format";

/**
 * A défi's ranking: rank (medals for the first three), marker, name, total and questions played;
 * the reader's own line stands out, and comes last, after a gap, when it is below the list. A
 * line played with adapted time says so in words (AdaptedNote says how it was scored).
 */
export function LeaderboardList({
  lines,
  own,
  questionCount,
  label,
}: {
  lines: LeaderboardLine[];
  own: LeaderboardLine | null;
  questionCount: number;
  label: string;
}) {
  const t = useT();
  const f = useFormats();
  const row = (line: LeaderboardLine, key: string) => (
    <li key={key} className={line.me ? "df-line df-me" : "df-line"} aria-current={line.me ? "true" : undefined}>
      <RankBadge rank={line.rank} />
      <MarkerImage marker={line.marker} size={32} />
      <span className="df-name">
        {line.name}
        {line.adapted ? <span className="df-adapted">{t("defi.adapted.mark")}</span> : null}
      </span>
      <span className="df-played">
        <span aria-hidden="true">{t("defi.board.playedOf", { n: line.played, count: questionCount })}</span>
        <span className="sr-only">{t("defi.board.played", { n: line.played, count: questionCount })}</span>
      </span>
      <span className="df-points">{f.points(line.points)}</span>
    </li>
  );
  if (lines.length === 0) return <p className="df-empty">{t("defi.board.empty")}</p>;
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

/**
 * Under a leaderboard with adapted time: how its lines were scored, when the whole défi has it or
 * a line shown has it (the mark on the line then needs its words).
 */
export function AdaptedNote({ board }: { board: Pick<DefiLeaderboard, "adapted" | "lines" | "own"> }) {
  const t = useT();
  const adapted = board.adapted;
  if (!adapted || (!adapted.all && !board.lines.some((l) => l.adapted) && !board.own?.adapted)) return null;
  return (
    <p className="df-hint df-adapted-note">
      {t(adapted.all ? "defi.adapted.boardAll" : "defi.adapted.boardSome", { kind: adapted.kind, speed: adapted.speed })}
    </p>
  );
}
