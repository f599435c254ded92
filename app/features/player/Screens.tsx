import { useEffect, useState } from "react";
import type { TeamStanding } from "@common/protocol";
import type { PhoneNight, RankedPlayer, RoomMessageOf } from "@common/room-messages";
import { teamName } from "@common/rules";
import { formatDecimal, formatDistance, formatPoints, formatSeconds, medalOf, pointsWord } from "./format";
import type { Me } from "./play-state";
import { HomeLink, MarkerImage, Medal, PlayerScreen, RankBadge, Spinner } from "./Common";
import { BrandName } from "~/components/BrandName";

export function LoadingScreen({ pseudo, notice }: { pseudo?: string | null; notice?: string | null }) {
  return (
    <PlayerScreen className="pl-center">
      <h1 className="pl-title">Chargement</h1>
      {pseudo ? <p className="pl-lead">{pseudo}</p> : null}
      <Spinner label="Connexion à la salle…" />
      {notice ? (
        <p className="pl-lead" role="status">
          {notice}
        </p>
      ) : null}
    </PlayerScreen>
  );
}

export function LobbyScreen({ me }: { me: Me }) {
  return (
    <PlayerScreen className="pl-lobby">
      <h1 className="pl-title">Salon d'attente</h1>
      <section className="pl-card pl-me" aria-label="Votre pseudo">
        <p className="pl-me-label">Vous êtes</p>
        <MarkerImage marker={me.marker} size={88} />
        <p className="pl-me-pseudo">{me.pseudo}</p>
        {me.team ? <p className="pl-team-name">{teamName(me.team)}</p> : null}
      </section>
      <ol className="pl-steps">
        <li>Regardez la photo sur l'écran principal.</li>
        <li>Touchez la carte de votre téléphone là où vous pensez qu'elle a été prise. Touchez ailleurs pour déplacer votre repère ; zoomez pour être précis.</li>
        <li>
          Appuyez sur <strong>Répondre</strong>. Plus vous êtes près et rapide, plus vous marquez de points.
        </li>
      </ol>
      <Spinner label="En attente du lancement de la partie" />
    </PlayerScreen>
  );
}

export function StartingScreen({ endsAt }: { endsAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, []);
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <PlayerScreen className="pl-center pl-starting">
      <h1 className="pl-title pl-title-huge">Lancement</h1>
      <p className="pl-count" aria-hidden="true">
        {seconds > 0 ? seconds : "Go !"}
      </p>
      <p className="pl-lead">Préparez-vous : la première question arrive.</p>
    </PlayerScreen>
  );
}

export function AnsweredScreen({ me, elapsedMs }: { me: Me; elapsedMs: number }) {
  return (
    <PlayerScreen className="pl-center pl-answered">
      <span className="pl-check" aria-hidden="true">
        ✓
      </span>
      <h1 className="pl-title">Réponse envoyée !</h1>
      <p className="pl-me-inline">
        <MarkerImage marker={me.marker} size={40} />
        <span>{me.pseudo}</span>
      </p>
      <p className="pl-big-line">Temps de réponse : {formatSeconds(elapsedMs)}</p>
      <Spinner label="En attente des autres joueurs" />
    </PlayerScreen>
  );
}

const ofPlayers = (n: number) => `sur ${n} ${n > 1 ? "joueurs" : "joueur"}`;

function Move({ move }: { move: number }) {
  if (move === 0) return null;
  const up = move > 0;
  const n = Math.abs(move);
  return (
    <span className={up ? "pl-move pl-move-up" : "pl-move pl-move-down"}>
      <span aria-hidden="true">{up ? "▲" : "▼"}</span> {up ? "gagne" : "perd"} {n} {n > 1 ? "places" : "place"}
    </span>
  );
}

function TeamLine({ team }: { team: TeamStanding | null }) {
  if (!team) return null;
  return (
    <p className="pl-team-line">
      <span>{teamName(team.team)}</span>{" "}
      <span className="pl-nowrap">
        #{team.rank} · {formatPoints(team.points)}
      </span>
    </p>
  );
}

export function ResultScreen({ result }: { result: RoomMessageOf<"player_endQuestion"> }) {
  const scored = result.questionPoints > 0;
  return (
    <PlayerScreen className="pl-result">
      <p className="pl-kicker">
        Question {result.questionIndex + 1}/{result.questionCount}
      </p>
      <h1 className="pl-title">Résultats de la question</h1>
      <section className="pl-card pl-score" aria-label="Votre résultat">
        {result.distance !== null ? (
          <p className="pl-distance">
            Vous étiez à <strong>{formatDistance(result.distance)}</strong>
          </p>
        ) : (
          <p className="pl-distance">Pas de réponse à cette question</p>
        )}
        <p className={scored ? "pl-points pl-points-won" : "pl-points"}>
          {scored ? `Vous marquez ${formatPoints(result.questionPoints)}` : "Vous ne marquez pas de points"}
        </p>
      </section>
      <section className="pl-card pl-position" aria-label="Votre classement">
        <p className="pl-position-line">
          <RankBadge rank={result.rank} big />
          <span className="pl-of">{ofPlayers(result.playersCount)}</span>
        </p>
        <Move move={result.rankMove} />
        <p className="pl-total">Total : {formatPoints(result.totalPoints)}</p>
        <TeamLine team={result.team} />
      </section>
      <Spinner label={result.isLast ? "Le classement final arrive" : "La prochaine question arrive"} />
    </PlayerScreen>
  );
}

function RankingRow({ line, mine }: { line: RankedPlayer; mine: boolean }) {
  return (
    <li className={mine ? "pl-row pl-row-me" : "pl-row"} aria-current={mine ? "true" : undefined}>
      <span className="pl-row-rank">{medalOf(line.rank) ? <Medal rank={line.rank} /> : `#${line.rank}`}</span>
      <MarkerImage marker={line.marker} size={32} />
      <span className="pl-row-pseudo">
        {line.pseudo}
        {mine ? <span className="sr-only"> (vous)</span> : null}
      </span>
      <span className="pl-row-points">
        {formatDecimal(line.points, 2)}
        <span aria-hidden="true"> pts</span>
        <span className="sr-only"> {pointsWord(line.points)}</span>
      </span>
    </li>
  );
}

export function EndGameScreen({ result, me }: { result: RoomMessageOf<"player_endGame">; me: Me }) {
  const inTop = result.ranking.some((l) => l.seatId === result.me.seatId);
  return (
    <PlayerScreen className={`pl-endgame${result.night ? " has-night" : ""}`}>
      <h1 className="pl-title">{result.night ? `Fin de la manche ${result.night.round}` : "Fin de la partie"}</h1>
      <section className="pl-card pl-final" aria-label="Votre résultat final">
        <p className="pl-me-inline">
          <MarkerImage marker={me.marker} size={40} />
          <span>{me.pseudo}</span>
        </p>
        <p className="pl-position-line">
          <RankBadge rank={result.rank} big />
          <span className="pl-of">{ofPlayers(result.playersCount)}</span>
        </p>
        <p className="pl-total">Total : {formatPoints(result.totalPoints)}</p>
        <TeamLine team={result.team} />
      </section>
      <p className="pl-hint">Faites défiler le classement pour voir votre position</p>
      <ol className="pl-ranking" aria-label="Classement" tabIndex={0}>
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
    </PlayerScreen>
  );
}

/** « Classement de la soirée » under the round's result: its own night rank and points, then the top. */
function NightSection({ night }: { night: PhoneNight }) {
  const inTop = night.ranking.some((l) => l.seatId === night.me.seatId);
  return (
    <section className="pl-night" aria-label="Classement de la soirée" data-testid="phone-night">
      <h2 className="pl-title pl-night-title">Classement de la soirée</h2>
      <p className="pl-night-sub">Après {night.round} manches</p>
      <p className="pl-position-line">
        <RankBadge rank={night.me.rank} big />
        <span className="pl-of">{ofPlayers(night.playersCount)}</span>
      </p>
      <p className="pl-total">Total de la soirée : {formatPoints(night.me.points)}</p>
      <ol className="pl-ranking" aria-label="Classement de la soirée" tabIndex={0}>
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

export function FatalScreen({ message }: { message: string }) {
  return (
    <PlayerScreen className="pl-center">
      <h1 className="brand pl-brand">
        <BrandName />
      </h1>
      <p className="pl-alert" role="alert">
        {message}
      </p>
      <HomeLink />
    </PlayerScreen>
  );
}

export function KickedScreen({ onRejoin }: { onRejoin: () => void }) {
  return (
    <PlayerScreen className="pl-center">
      <h1 className="pl-title">Vous avez été exclu de la partie</h1>
      <p className="pl-lead">Vous pouvez la rejoindre à nouveau avec un autre pseudo.</p>
      <button type="button" className="button pl-button" onClick={onRejoin}>
        Rejoindre la partie
      </button>
      <HomeLink secondary />
    </PlayerScreen>
  );
}

export function ReloadScreen({ message }: { message: string }) {
  return (
    <PlayerScreen className="pl-center">
      <h1 className="pl-title">Mise à jour</h1>
      <p className="pl-lead" role="status">
        {message}
      </p>
    </PlayerScreen>
  );
}
