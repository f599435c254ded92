import { useEffect, useState } from "react";
import type { DefiLeaderboard } from "@common/contracts/defi/types";
import { DEFI_MSG, DEFI_POLL_MS } from "@common/rules";
import { useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { PlayerScreen } from "~/features/player/Common";
import { defiApi } from "./api";
import { DefiAnswers } from "./DefiAnswers";
import { AdaptedNote, LeaderboardList } from "./Leaderboard";
import { useDefiDate } from "./time-zone";

/**
 * /defi/{code}/classement: the top 100 and the reader's own line, refreshed every 15 s while the
 * défi is open (no line while its MJ hides it; a practice défi says so); « Défi terminé », the
 * final ranking and every question's answers after its deadline. Large enough to be shown on a
 * projector.
 */
export function ClassementPage({ code, initial }: { code: string; initial: DefiLeaderboard }) {
  const t = useT();
  const dateText = useDefiDate();
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
      <LanguageSwitch className="df-lang" />
      <p className="pl-kicker">{t("defi.board.kicker")}</p>
      <h1 className="pl-title">{board.quizName}</h1>
      <p className="df-status" role="status">
        {board.open
          ? t("defi.board.statusOpen", { date: dateText(board.deadline), n: board.playersCount })
          : t("defi.board.statusOver", { n: board.playersCount })}
      </p>
      {board.practice ? <p className="df-practice">{t(DEFI_MSG.practice)}</p> : null}
      {board.hidden ? (
        <p className="df-status">{t(DEFI_MSG.boardHiddenNotice)}</p>
      ) : (
        <LeaderboardList
          lines={board.lines}
          own={board.own}
          questionCount={board.questionCount}
          label={t(board.open ? "defi.board.provisional" : "defi.board.final")}
        />
      )}
      {board.hidden ? null : <AdaptedNote board={board} />}
      {board.open ? (
        <a className="button pl-button" href={`/defi/${code}`}>
          {t("defi.board.play")}
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
