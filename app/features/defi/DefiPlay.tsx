import { useEffect, useMemo } from "react";
import type { DefiInfo } from "@common/contracts/defi/types";
import type { Words } from "@common/i18n/ids";
import { playerTiming } from "@common/rules";
import { Announcer, PageVoice } from "~/components/Announcer";
import { useT } from "~/components/I18n";
import { PlayerScreen, Spinner } from "~/features/player/Common";
import { clockFrom } from "~/features/player/progress";
import { DoneView, Me } from "./DefiDone";
import { Intro } from "./DefiIntro";
import { QuestionView } from "./DefiQuestion";
import { RevealView } from "./DefiReveal";
import { useDefiRun } from "./useDefiRun";
import { useDefiStepVoice } from "./useDefiStepVoice";

/**
 * A défi on a phone (/defi/{code}): the name or pseudo, then each question opened by the server
 * (its photo, the map a tap away, a countdown), the ring and points right after each answer (and
 * the true spot in a practice défi), and at the end the total, the rank so far, the leaderboard
 * and, once the défi is over, every question's answers. The server says where the device
 * is (its cookie): a reload comes back to the same question, still running on the server's clock.
 * Each step is said through one live region, and the focus moves to each new screen.
 */
export function DefiPlay({ initial }: { initial: DefiInfo }) {
  const t = useT();
  const { defi, me, screen, setScreen, notice, busy, load, openNext, start, answer } = useDefiRun(initial);
  // The player's clock and speed points: the défi's, or its adapted time's (adapted-time.ts).
  const timing = playerTiming(defi.answerTimeSec * 1000, defi.speedPointsMax, defi.adapted, me?.adapted ?? false);

  useEffect(() => {
    void load();
    // Once, on arrival: everything after follows the player's taps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The question's clock on this phone, anchored when the server's answer arrived; none without a limit.
  const question = screen.kind === "question" ? screen : null;
  const clock = useMemo(
    () =>
      question && question.question.remainingMs !== null && timing.limitMs !== null
        ? clockFrom(question.question.remainingMs, timing.limitMs / 1000, question.receivedAt)
        : null,
    [question, timing.limitMs],
  );

  const { announcement, announce } = useDefiStepVoice(screen, defi);

  return (
    <PageVoice.Provider value={announce}>
      {shown()}
      <Announcer text={announcement} testId="defi-announcer" />
    </PageVoice.Provider>
  );

  function shown() {
    switch (screen.kind) {
      case "loading":
        return (
          <PlayerScreen className="pl-center df-screen">
            <h1 className="pl-title">{defi.quizName}</h1>
            {notice ? <Retry notice={notice} onRetry={() => void load()} /> : <Spinner label={t("defi.play.loading")} />}
          </PlayerScreen>
        );
      case "intro":
        return <Intro defi={defi} busy={busy} notice={notice} onStart={start} />;
      case "ready":
        return (
          <PlayerScreen className="pl-center df-screen">
            <p className="pl-kicker">{defi.quizName}</p>
            <h1 className="pl-title">{t("player.questionNumber", { n: (me?.question ?? 0) + 1, count: defi.questionCount })}</h1>
            {me ? <Me me={me} /> : null}
            {me?.adapted && defi.adapted ? <p className="df-adapted-note">{t("defi.adapted.yours", { kind: defi.adapted.kind, speed: defi.adapted.speed })}</p> : null}
            <p className="pl-lead">
              {timing.limitMs === null ? t("defi.play.noLimit") : t("defi.play.timeStarts", { seconds: timing.limitMs / 1000 })}
            </p>
            <button type="button" className="button pl-button" disabled={busy} onClick={() => void openNext()}>
              {me?.question ? t("defi.play.next") : t("defi.play.start")}
            </button>
            {notice ? (
              <p className="pl-notice" role="alert">
                {t(notice)}
              </p>
            ) : null}
          </PlayerScreen>
        );
      case "question":
        return (
          <QuestionView
            key={screen.question.index}
            defi={defi}
            me={me!}
            question={screen.question}
            clock={clock}
            timing={timing}
            busy={busy}
            notice={notice}
            onAnswer={(at) => void answer(screen.question.index, at)}
            onTimeUp={() => void openNext()}
          />
        );
      case "reveal":
        return (
          <RevealView
            defi={defi}
            reveal={screen.reveal}
            me={me!}
            busy={busy}
            notice={notice}
            onNext={() => (screen.reveal.remaining > 0 ? void openNext() : setScreen({ kind: "done" }))}
          />
        );
      case "done":
        return <DoneView defi={defi} me={me} onRank={announce} />;
    }
  }
}

function Retry({ notice, onRetry }: { notice: Words; onRetry: () => void }) {
  const t = useT();
  return (
    <>
      <p className="pl-notice" role="alert">
        {t(notice)}
      </p>
      <button type="button" className="button pl-button" onClick={onRetry}>
        {t("defi.play.retry")}
      </button>
    </>
  );
}
