// The parts of a phone's standing that the result, the game's end and the night all show: out of
// how many, the move since the last reveal, the team's line, one line of a ranking.
import type { RankedPlayer, TeamStanding } from "@common/wire/room-messages";
import { pluralForm } from "@common/i18n/format";
import { medalOf, useFormats } from "./format";
import { MarkerImage, Medal } from "./Common";
import { useLocale, useT } from "~/components/I18n";
import { useTeamName } from "~/components/team-name";

export function OfPlayers({ count }: { count: number }) {
  const t = useT();
  return <span className="pl-of">{t("player.ofPlayers", { n: count })}</span>;
}

export function Move({ move }: { move: number }) {
  const t = useT();
  if (move === 0) return null;
  const up = move > 0;
  const n = Math.abs(move);
  return (
    <span className={up ? "pl-move pl-move-up" : "pl-move pl-move-down"}>
      <span aria-hidden="true">{up ? "▲" : "▼"}</span> {t(up ? "player.move.up" : "player.move.down", { n })}
    </span>
  );
}

export function TeamLine({ team }: { team: TeamStanding | null }) {
  const f = useFormats();
  const teamName = useTeamName();
  if (!team) return null;
  return (
    <p className="pl-team-line">
      <span>{teamName(team.team)}</span>{" "}
      <span className="pl-nowrap">
        #{team.rank} · {f.points(team.points)}
      </span>
    </p>
  );
}

export function RankingRow({ line, mine }: { line: RankedPlayer; mine: boolean }) {
  const t = useT();
  const locale = useLocale();
  const f = useFormats();
  return (
    <li className={mine ? "pl-row pl-row-me" : "pl-row"} aria-current={mine ? "true" : undefined}>
      <span className="pl-row-rank">{medalOf(line.rank) ? <Medal rank={line.rank} /> : `#${line.rank}`}</span>
      <MarkerImage marker={line.marker} size={32} />
      <span className="pl-row-pseudo">
        {line.pseudo}
        {mine ? <span className="sr-only"> {t("player.ranking.you")}</span> : null}
      </span>
      <span className="pl-row-points">
        {f.decimal(line.points, 2)}
        <span aria-hidden="true"> {t("player.ranking.pts")}</span>
        <span className="sr-only"> {t("player.ranking.pointsWord", { form: pluralForm(locale, line.points, 2) })}</span>
      </span>
    </li>
  );
}
