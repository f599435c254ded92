import { useEffect, useState } from "react";
import type { PhoneNight, RankedPlayer, RoomMessageOf, TeamStanding } from "@common/wire/room-messages";
import type { Words } from "@common/i18n/ids";
import { pluralForm } from "@common/i18n/format";
import { medalOf, useFormats } from "./format";
import type { Me } from "./play-state";
import { HomeLink, MarkerImage, Medal, PlayerScreen, RankBadge, Spinner } from "./Common";
import { BrandName } from "~/components/BrandName";
import { RichText, useLocale, useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { useTeamName } from "~/components/team-name";

export function LoadingScreen({ pseudo, notice }: { pseudo?: string | null; notice?: Words | null }) {
  const t = useT();
  return (
    <PlayerScreen className="pl-center">
      <h1 className="pl-title">{t("player.loading.title")}</h1>
      {pseudo ? <p className="pl-lead">{pseudo}</p> : null}
      <Spinner label={t("player.loading.connecting")} />
      {notice ? (
        <p className="pl-lead" role="status">
          {t(notice)}
        </p>
      ) : null}
    </PlayerScreen>
  );
}

export function LobbyScreen({ me }: { me: Me }) {
  const t = useT();
  const teamName = useTeamName();
  return (
    <PlayerScreen className="pl-lobby">
      <h1 className="pl-title">{t("player.lobby.title")}</h1>
      <section className="pl-card pl-me" aria-label={t("player.lobby.me")}>
        <p className="pl-me-label">{t("player.lobby.youAre")}</p>
        <MarkerImage marker={me.marker} size={88} />
        <p className="pl-me-pseudo">{me.pseudo}</p>
        {me.team ? <p className="pl-team-name">{teamName(me.team)}</p> : null}
      </section>
      <ol className="pl-steps">
        <li>{t("player.lobby.step1")}</li>
        <li>{t("player.lobby.step2")}</li>
        <li>
          <RichText id="player.lobby.step3" components={{ 0: <strong /> }} />
        </li>
      </ol>
      <Spinner label={t("player.lobby.waiting")} status={false} />
      <LanguageSwitch className="pl-lang" />
    </PlayerScreen>
  );
}

export function StartingScreen({ endsAt }: { endsAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, []);
  const t = useT();
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <PlayerScreen className="pl-center pl-starting">
      <h1 className="pl-title pl-title-huge">{t("player.starting.title")}</h1>
      <p className="pl-count" aria-hidden="true">
        {seconds > 0 ? seconds : t("player.starting.go")}
      </p>
      <p className="pl-lead">{t("player.starting.lead")}</p>
    </PlayerScreen>
  );
}

export function AnsweredScreen({ me, elapsedMs }: { me: Me; elapsedMs: number }) {
  const t = useT();
  const f = useFormats();
  return (
    <PlayerScreen className="pl-center pl-answered">
      <span className="pl-check" aria-hidden="true">
        ✓
      </span>
      <h1 className="pl-title">{t("player.answered.title")}</h1>
      <p className="pl-me-inline">
        <MarkerImage marker={me.marker} size={40} />
        <span>{me.pseudo}</span>
      </p>
      <p className="pl-big-line">{t("player.answered.time", { time: f.seconds(elapsedMs) })}</p>
      <Spinner label={t("player.answered.waiting")} status={false} />
    </PlayerScreen>
  );
}

function OfPlayers({ count }: { count: number }) {
  const t = useT();
  return <span className="pl-of">{t("player.ofPlayers", { n: count })}</span>;
}

function Move({ move }: { move: number }) {
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

function TeamLine({ team }: { team: TeamStanding | null }) {
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

function RankingRow({ line, mine }: { line: RankedPlayer; mine: boolean }) {
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

export function FatalScreen({ message }: { message: Words }) {
  const t = useT();
  return (
    <PlayerScreen className="pl-center">
      <h1 className="brand pl-brand">
        <BrandName />
      </h1>
      <p className="pl-alert" role="alert">
        {t(message)}
      </p>
      <HomeLink />
    </PlayerScreen>
  );
}

export function KickedScreen({ onRejoin }: { onRejoin: () => void }) {
  const t = useT();
  return (
    <PlayerScreen className="pl-center">
      <h1 className="pl-title">{t("player.kicked.title")}</h1>
      <p className="pl-lead">{t("player.kicked.lead")}</p>
      <button type="button" className="button pl-button" onClick={onRejoin}>
        {t("player.kicked.rejoin")}
      </button>
      <HomeLink secondary />
    </PlayerScreen>
  );
}

export function ReloadScreen({ message }: { message: Words }) {
  const t = useT();
  return (
    <PlayerScreen className="pl-center">
      <h1 className="pl-title">{t("player.reload.title")}</h1>
      <p className="pl-lead" role="status">
        {t(message)}
      </p>
    </PlayerScreen>
  );
}
