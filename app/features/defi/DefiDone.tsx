import { type ReactNode, useEffect, useState } from "react";
import type { DefiInfo, DefiLeaderboard, DefiMe } from "@common/defi/types";
import { formatPlayedAt } from "@common/dashboard/format";
import { MarkerImage, PlayerScreen, Spinner } from "~/features/player/Common";
import { formatPoints } from "~/features/player/format";
import { DEFI_MSG } from "@common/rules";
import { defiApi } from "./api";
import { DefiAnswers } from "./DefiAnswers";
import { LeaderboardList } from "./Leaderboard";

export const classementUrl = (code: string) => `/defi/${code}/classement`;
export const deadlineText = (ms: number) => formatPlayedAt(ms);

/** The player's card: marker, name and total, and what a screen adds below (the rank at the end). */
export function Me({ me, label = "Vous", children }: { me: DefiMe; label?: string; children?: ReactNode }) {
  return (
    <section className="pl-card df-me-card" aria-label={label}>
      <p className="pl-me-inline">
        <MarkerImage marker={me.marker} size={40} />
        <span>{me.name}</span>
      </p>
      <p className="pl-big-line">Total : {formatPoints(me.total)}</p>
      {children}
    </section>
  );
}

/** '1er', '2e', '3e'. */
const rankText = (rank: number) => (rank === 1 ? "1er" : `${rank}e`);

/**
 * The end: the player's total and rank so far (or final), and the top of the leaderboard (unless
 * its MJ hid it until the end); once the défi is over, every question's answers (DefiAnswers).
 */
export function DoneView({ defi, me }: { defi: DefiInfo; me: DefiMe | null }) {
  const [board, setBoard] = useState<DefiLeaderboard | null>(null);
  useEffect(() => {
    defiApi.ranking(defi.code).then(setBoard, () => setBoard(null));
  }, [defi.code]);
  const mine = board?.lines.find((l) => l.me) ?? board?.own ?? null;
  const over = !defi.open || board?.open === false;
  return (
    <PlayerScreen className="df-screen df-done">
      <p className="pl-kicker">{defi.quizName}</p>
      <h1 className="pl-title">{over ? "Défi terminé" : "Défi terminé pour vous"}</h1>
      {me ? (
        <Me me={me} label="Votre résultat">
          {mine ? (
            <p className="df-rank-line">
              {over ? "Classement final" : "Classement pour l'instant"} : <strong>{rankText(mine.rank)}</strong> sur {board?.playersCount}
            </p>
          ) : null}
        </Me>
      ) : null}
      {over ? null : <p className="pl-lead">Le défi reste ouvert jusqu'au {deadlineText(defi.deadline)} : le classement peut encore bouger.</p>}
      {over || defi.reveal === "each" ? null : <p className="pl-lead">{DEFI_MSG.spotsAtEnd}</p>}
      {board?.hidden ? (
        <p className="df-status">{DEFI_MSG.boardHiddenNotice}</p>
      ) : board ? (
        <LeaderboardList lines={board.lines.slice(0, 10)} own={mine && mine.rank > 10 ? mine : null} questionCount={board.questionCount} label="Classement" />
      ) : (
        <Spinner label="Chargement du classement…" />
      )}
      <a className="button pl-button" href={classementUrl(defi.code)}>
        Classement complet
      </a>
      {over ? (
        <DefiAnswers code={defi.code} questionCount={defi.questionCount} targets={defi.targets} mapSettings={defi.mapSettings} marker={me?.marker ?? null} />
      ) : null}
    </PlayerScreen>
  );
}
