import { useCallback, useEffect, useMemo, useState } from "react";
import type { DefiInfo, DefiMe, DefiQuestion, DefiReveal } from "@common/contracts/defi/types";
import type { Words } from "@common/i18n/ids";
import { MSG } from "@common/contracts/messages";
import type { LatLng } from "@common/wire/protocol";
import { playerTiming } from "@common/rules";
import { Announcer, PageVoice, useAnnouncer } from "~/components/Announcer";
import { useT } from "~/components/I18n";
import { PlayerScreen, Spinner } from "~/features/player/Common";
import { useFormats } from "~/features/player/format";
import { clockFrom } from "~/features/player/progress";
import { DefiCallError, defiApi } from "./api";
import { DoneView, Me } from "./DefiDone";
import { Intro } from "./DefiIntro";
import { QuestionView } from "./DefiQuestion";
import { RevealView, ringValues } from "./DefiReveal";

type Screen =
  | { kind: "loading" }
  | { kind: "intro" }
  | { kind: "ready" }
  | { kind: "question"; question: DefiQuestion; receivedAt: number }
  | { kind: "reveal"; reveal: DefiReveal }
  | { kind: "done" };

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
  const f = useFormats();
  const code = initial.code;
  const [defi, setDefi] = useState<DefiInfo>(initial);
  const [me, setMe] = useState<DefiMe | null>(null);
  // A défi already over shows its end from the first paint, before any script runs.
  const [screen, setScreen] = useState<Screen>(initial.open ? { kind: "loading" } : { kind: "done" });
  const [notice, setNotice] = useState<Words | null>(null);
  const [busy, setBusy] = useState(false);
  const { text: announcement, announce } = useAnnouncer();
  // The first screen is where the reader arrives: the focus stays where the browser put it.
  const [arrived, setArrived] = useState(false);
  // The player's clock and speed points: the défi's, or its adapted time's (adapted-time.ts).
  const timing = playerTiming(defi.answerTimeSec * 1000, defi.speedPointsMax, defi.adapted, me?.adapted ?? false);

  const fail = useCallback((error: unknown) => {
    setNotice(error instanceof DefiCallError ? error.words : MSG.network);
    setBusy(false);
  }, []);

  const openNext = useCallback(async () => {
    setBusy(true);
    setNotice(null);
    try {
      const opened = await defiApi.open(code);
      if (opened.kind === "question") {
        setScreen({ kind: "question", question: opened.question, receivedAt: Date.now() });
      } else if (opened.kind === "missed") {
        setMe((m) => (m ? { ...m, question: opened.reveal.index + 1, total: opened.reveal.total } : m));
        setScreen({ kind: "reveal", reveal: opened.reveal });
      } else setScreen({ kind: "done" });
      setBusy(false);
    } catch (error) {
      if (error instanceof DefiCallError && error.status === 409) {
        setDefi((d) => ({ ...d, open: false }));
        setScreen({ kind: "done" });
        setBusy(false);
      } else fail(error);
    }
  }, [code, fail]);

  const load = useCallback(async () => {
    try {
      const state = await defiApi.state(code);
      setDefi(state.defi);
      setMe(state.me);
      if (!state.me) setScreen({ kind: "intro" });
      else if (state.me.question >= state.defi.questionCount || !state.defi.open) setScreen({ kind: "done" });
      else if (state.me.questionOpen) await openNext();
      else setScreen({ kind: "ready" });
    } catch (error) {
      fail(error);
    }
  }, [code, fail, openNext]);

  useEffect(() => {
    void load();
    // Once, on arrival: everything after follows the player's taps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const start = async ({ name, adapted }: { name: string | undefined; adapted: boolean }) => {
    setBusy(true);
    setNotice(null);
    try {
      const state = await defiApi.join(code, { name, adapted });
      setDefi(state.defi);
      setMe(state.me);
      if (state.me && state.me.question >= state.defi.questionCount) setScreen({ kind: "done" });
      else await openNext();
    } catch (error) {
      fail(error);
    }
  };

  const answer = async (question: number, at: LatLng) => {
    setBusy(true);
    setNotice(null);
    try {
      const reveal = await defiApi.answer(code, { question, lat: at.lat, lng: at.lng });
      setMe((m) => (m ? { ...m, question: question + 1, total: reveal.total } : m));
      setScreen({ kind: "reveal", reveal });
      setBusy(false);
    } catch (error) {
      // Too late, already answered elsewhere, or the défi just ended: the server says what stands.
      if (error instanceof DefiCallError && error.status === 409) await openNext();
      else fail(error);
    }
  };

  // The question's clock on this phone, anchored when the server's answer arrived; none without a limit.
  const question = screen.kind === "question" ? screen : null;
  const clock = useMemo(
    () =>
      question && question.question.remainingMs !== null && timing.limitMs !== null
        ? clockFrom(question.question.remainingMs, timing.limitMs / 1000, question.receivedAt)
        : null,
    [question, timing.limitMs],
  );

  // Each step, said once as it appears (docs/game-rules.md, Défis).
  const step = screen.kind === "question" ? `q${screen.question.index}` : screen.kind === "reveal" ? `r${screen.reveal.index}` : screen.kind;
  useEffect(() => {
    if (screen.kind === "question") {
      const n = screen.question.index + 1;
      const left = screen.question.remainingMs;
      announce(
        left === null
          ? t("defi.announce.questionNoLimit", { n, count: defi.questionCount })
          : t("defi.announce.question", { n, count: defi.questionCount, seconds: Math.round(left / 1000) }),
      );
    } else if (screen.kind === "reveal") announce(revealSaid(screen.reveal));
    if (screen.kind === "loading") return;
    if (arrived) focusScreen();
    else setArrived(true);
    // Said when the step changes, not when the page's words do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  function revealSaid(reveal: DefiReveal): string {
    const total = f.points(reveal.total);
    if (!reveal.answer) return t("defi.announce.missed", { total });
    const points = f.points(reveal.points);
    if (reveal.distanceM !== null) return t("defi.announce.distance", { distance: f.distance(reveal.distanceM), points, total });
    return t("defi.announce.ring", { ...ringValues(defi.targets, reveal.ring), points, total });
  }

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

/**
 * The new screen's main region takes the focus, so that the keyboard and a screen reader go on
 * from the top of what just appeared rather than from a button that is gone.
 */
function focusScreen() {
  const main = document.querySelector<HTMLElement>("main");
  if (!main || main.contains(document.activeElement)) return;
  main.tabIndex = -1;
  main.focus({ preventScroll: true });
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
