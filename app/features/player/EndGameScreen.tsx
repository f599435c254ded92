// The phone's screen at the end of a round: its final rank, the ranking, and in a night of rounds
// the night's ranking under it.
import type { PhoneNight, RoomMessageOf } from "@common/wire/room-messages";
import { useFormats } from "./format";
import type { Me } from "./play-state";
import { MarkerImage, PlayerScreen, RankBadge } from "./Common";
import { OfPlayers, RankingRow, TeamLine } from "./Standing";
import { useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";

export function EndGameScreen({ result, me }: { result: RoomMessageOf<"player_endGame">; me: Me }) {
  const t = useT();
  const f = useFormats();
  const inTop = result.ranking.some((l) => l.seatId === result.me.seatId);
  return (
    <PlayerScreen className={`pl-endgame${result.night ? " has-night" : ""}`}>
      <h1 className="pl-title">{result.night ? t("player.end.round", { round: result.night.round }) : t("player.end.title")}</h1>
      <section className="pl-card pl-final" aria-label={t("player.end.yours")}>
        <p className="pl-me-inline">
          <MarkerImage marker={me.marker} size={40} />
          <span>{me.pseudo}</span>
        </p>
        <p className="pl-position-line">
          <RankBadge rank={result.rank} big />
          <OfPlayers count={result.playersCount} />
        </p>
        <p className="pl-total">{t("player.total", { points: f.points(result.totalPoints) })}</p>
        <TeamLine team={result.team} />
      </section>
      <p className="pl-hint">{t("player.end.scrollHint")}</p>
      <ol className="pl-ranking" aria-label={t("player.end.ranking")} tabIndex={0}>
        {result.ranking.map((line) => (
          <RankingRow key={line.seatId} line={line} mine={line.seatId === result.me.seatId} />
        ))}
        {inTop ? null : (
          <>
            <li className="pl-row-gap" aria-hidden="true">
              …
            </li>
            <RankingRow line={result.me} mine />
          </>
        )}
      </ol>
      {result.night ? <NightSection night={result.night} /> : null}
      <LanguageSwitch className="pl-lang" />
    </PlayerScreen>
  );
}

/** « Classement de la soirée » under the round's result: its own night rank and points, then the top. */
function NightSection({ night }: { night: PhoneNight }) {
  const t = useT();
  const f = useFormats();
  const inTop = night.ranking.some((l) => l.seatId === night.me.seatId);
  return (
    <section className="pl-night" aria-label={t("player.night.title")} data-testid="phone-night">
      <h2 className="pl-title pl-night-title">{t("player.night.title")}</h2>
      <p className="pl-night-sub">{t("player.night.after", { rounds: night.round })}</p>
      <p className="pl-position-line">
        <RankBadge rank={night.me.rank} big />
        <OfPlayers count={night.playersCount} />
      </p>
      <p className="pl-total">{t("player.night.total", { points: f.points(night.me.points) })}</p>
      <ol className="pl-ranking" aria-label={t("player.night.title")} tabIndex={0}>
        {night.ranking.map((line) => (
          <RankingRow key={line.seatId} line={line} mine={line.seatId === night.me.seatId} />
        ))}
        {inTop ? null : (
          <>
            <li className="pl-row-gap" aria-hidden="true">
              …
            </li>
            <RankingRow line={night.me} mine />
          </>
        )}
      </ol>
    </section>
  );
}
