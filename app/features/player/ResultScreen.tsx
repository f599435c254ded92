// The phone's screen after each question: its distance, its points, its rank and move.
import type { RoomMessageOf } from "@common/wire/room-messages";
import { useFormats } from "./format";
import { PlayerScreen, RankBadge, Spinner } from "./Common";
import { Move, OfPlayers, TeamLine } from "./Standing";
import { RichText, useT } from "~/components/I18n";

export function ResultScreen({ result }: { result: RoomMessageOf<"player_endQuestion"> }) {
  const t = useT();
  const f = useFormats();
  const scored = result.questionPoints > 0;
  return (
    <PlayerScreen className="pl-result">
      <p className="pl-kicker">{t("player.questionNumber", { n: result.questionIndex + 1, count: result.questionCount })}</p>
      <h1 className="pl-title">{t("player.result.title")}</h1>
      <section className="pl-card pl-score" aria-label={t("player.result.yours")}>
        {result.distance !== null ? (
          <p className="pl-distance">
            <RichText
              id="player.result.distance"
              values={{ distance: f.distance(result.distance) }}
              components={{ 0: <strong /> }}
            />
          </p>
        ) : (
          <p className="pl-distance">{t("player.result.noAnswer")}</p>
        )}
        <p className={scored ? "pl-points pl-points-won" : "pl-points"}>
          {scored ? t("player.result.scored", { points: f.points(result.questionPoints) }) : t("player.result.noPoints")}
        </p>
      </section>
      <section className="pl-card pl-position" aria-label={t("player.result.ranking")}>
        <p className="pl-position-line">
          <RankBadge rank={result.rank} big />
          <OfPlayers count={result.playersCount} />
        </p>
        <Move move={result.rankMove} />
        <p className="pl-total">{t("player.total", { points: f.points(result.totalPoints) })}</p>
        <TeamLine team={result.team} />
      </section>
      <Spinner label={t(result.isLast ? "player.result.finalComing" : "player.result.nextComing")} status={false} />
    </PlayerScreen>
  );
}
