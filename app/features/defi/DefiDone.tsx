import { type ReactNode, useEffect, useState } from "react";
import type { DefiInfo, DefiLeaderboard, DefiMe } from "@common/contracts/defi/types";
import { DEFI_MSG } from "@common/rules";
import { RichText, useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { MarkerImage, PlayerScreen, Spinner } from "~/features/player/Common";
import { useFormats } from "~/features/player/format";
import { defiApi } from "./api";
import { DefiAnswers } from "./DefiAnswers";
import { AdaptedNote, LeaderboardList } from "./Leaderboard";
import { useDefiDate } from "./time-zone";

export const classementUrl = (code: string) => `/defi/${code}/classement`;

/** The player's card: marker, name and total, and what a screen adds below (the rank at the end). */
export function Me({ me, label, children }: { me: DefiMe; label?: string; children?: ReactNode }) {
  const t = useT();
  const f = useFormats();
  return (
    <section className="pl-card df-me-card" aria-label={label ?? t("defi.me.label")}>
      <p className="pl-me-inline">
        <MarkerImage marker={me.marker} size={40} />
        <span>{me.name}</span>
      </p>
      <p className="pl-big-line">{t("player.total", { points: f.points(me.total) })}</p>
      {children}
    </section>
  );
}

/**
 * The end: the player's total and rank so far (or final), and the top of the leaderboard (unless
 * its MJ hid it until the end); once the défi is over, every question's answers (DefiAnswers).
 */
export function DoneView({ defi, me, onRank }: { defi: DefiInfo; me: DefiMe | null; onRank?: (said: string) => void }) {
  const t = useT();
  const dateText = useDefiDate();
  const [board, setBoard] = useState<DefiLeaderboard | null>(null);
  useEffect(() => {
    defiApi.ranking(defi.code).then(setBoard, () => setBoard(null));
  }, [defi.code]);
  const mine = board?.lines.find((l) => l.me) ?? board?.own ?? null;
  const over = !defi.open || board?.open === false;
  // The rank, said once it is known.
  const rankSaid = mine && board ? t(over ? "defi.announce.rankFinal" : "defi.announce.rankNow", { rank: mine.rank, count: board.playersCount }) : null;
  useEffect(() => {
    if (rankSaid) onRank?.(rankSaid);
  }, [rankSaid, onRank]);
  return (
    <PlayerScreen className="df-screen df-done">
      <LanguageSwitch className="df-lang" />
      <p className="pl-kicker">{defi.quizName}</p>
      <h1 className="pl-title">{t(over ? DEFI_MSG.over : "defi.done.titleMine")}</h1>
      {me ? (
        <Me me={me} label={t("player.result.yours")}>
          {mine ? (
            <p className="df-rank-line">
              <RichText
                id={over ? "defi.done.rankFinal" : "defi.done.rankNow"}
                values={{ rank: mine.rank, count: board?.playersCount ?? 0 }}
                components={{ 0: <strong /> }}
              />
            </p>
          ) : null}
        </Me>
      ) : null}
      {over ? null : <p className="pl-lead">{t("defi.done.stillOpen", { date: dateText(defi.deadline) })}</p>}
      {over || defi.reveal === "each" ? null : <p className="pl-lead">{t(DEFI_MSG.spotsAtEnd)}</p>}
      {board?.hidden ? (
        <p className="df-status">{t(DEFI_MSG.boardHiddenNotice)}</p>
      ) : board ? (
        <LeaderboardList
          lines={board.lines.slice(0, 10)}
          own={mine && mine.rank > 10 ? mine : null}
          questionCount={board.questionCount}
          label={t("player.end.ranking")}
        />
      ) : (
        <Spinner label={t("defi.board.loading")} />
      )}
      {board && !board.hidden ? <AdaptedNote board={board} /> : null}
      <a className="button pl-button" href={classementUrl(defi.code)}>
        {t("defi.done.fullBoard")}
      </a>
      {over ? (
        <DefiAnswers code={defi.code} questionCount={defi.questionCount} targets={defi.targets} mapSettings={defi.mapSettings} marker={me?.marker ?? null} />
      ) : null}
    </PlayerScreen>
  );
}
