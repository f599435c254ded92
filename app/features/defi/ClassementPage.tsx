import { useEffect, useState } from "react";
import type { DefiLeaderboard } from "@common/defi/types";
import { DEFI_MSG, DEFI_POLL_MS } from "@common/rules";
import { formatPlayedAt } from "@common/dashboard/format";
import { PlayerScreen } from "~/features/player/Common";
import { defiApi } from "./api";
import { DefiAnswers } from "./DefiAnswers";
import { LeaderboardList } from "./Leaderboard";

/**
 * /defi/{code}/classement: the top 100 and the reader's own line, refreshed every 15 s while the
 * défi is open (no line while its MJ hides it; a practice défi says so); « Défi terminé », the
 * final ranking and every question's answers after its deadline. Large enough to be shown on a
 * projector.
 */
export function ClassementPage({ code, initial }: { code: string; initial: DefiLeaderboard }) {
  const [board, setBoard] = useState(initial);
  useEffect(() => {
    let stopped = false;
    const refresh = () =>
      defiApi.ranking(code).then(
        (next) => {
          if (!stopped) setBoard(next);
        },
        // A failed refresh keeps the last ranking on screen; the next one tries again.
        () => undefined,
      );
    // The device's own line comes with its cookie, which only the API receives.
    void refresh();
    if (!board.open) return;
    const id = setInterval(() => void refresh(), DEFI_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(id);
    };
  }, [code, board.open]);
  return (
    <PlayerScreen className="df-screen df-classement">
      <p className="pl-kicker">Classement du défi</p>
      <h1 className="pl-title">{board.quizName}</h1>
      <p className="df-status" role="status">
        {board.open
          ? `Ouvert jusqu'au ${formatPlayedAt(board.deadline)} · ${board.playersCount} ${board.playersCount > 1 ? "joueurs" : "joueur"}`
          : `Défi terminé · ${board.playersCount} ${board.playersCount > 1 ? "joueurs" : "joueur"}`}
      </p>
      {board.practice ? <p className="df-practice">{DEFI_MSG.practice}</p> : null}
      {board.hidden ? (
        <p className="df-status">{DEFI_MSG.boardHiddenNotice}</p>
      ) : (
        <LeaderboardList lines={board.lines} own={board.own} questionCount={board.questionCount} label={board.open ? "Classement provisoire" : "Classement final"} />
      )}
      {board.open ? (
        <a className="button pl-button" href={`/defi/${code}`}>
          Jouer ce défi
        </a>
      ) : null}
      {board.answersMap ? (
        <DefiAnswers
          code={code}
          questionCount={board.questionCount}
          targets={board.answersMap.targets}
          mapSettings={board.answersMap}
          marker={(board.lines.find((l) => l.me) ?? board.own)?.marker ?? null}
        />
      ) : null}
    </PlayerScreen>
  );
}
