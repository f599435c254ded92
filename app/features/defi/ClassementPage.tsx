import { useEffect, useState } from "react";
import type { DefiLeaderboard } from "@common/defi/types";
import { DEFI_POLL_MS } from "@common/rules";
import { formatPlayedAt } from "@common/dashboard/format";
import { PlayerScreen } from "~/features/player/Common";
import { defiApi } from "./api";
import { LeaderboardList } from "./Leaderboard";

/**
 * /defi/{code}/classement: the top 100 and the reader's own line, refreshed every 15 s while the
 * défi is open; « Défi terminé » and the final ranking after its deadline. Large enough to be
 * shown on a projector.
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
      <LeaderboardList lines={board.lines} own={board.own} questionsNb={board.questionsNb} label={board.open ? "Classement provisoire" : "Classement final"} />
      {board.open ? (
        <a className="button pl-button" href={`/defi/${code}`}>
          Jouer ce défi
        </a>
      ) : null}
    </PlayerScreen>
  );
}
