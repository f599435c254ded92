import { useCallback, useEffect, useMemo, useState } from "react";
import type { DefiInfo, DefiMe, DefiQuestion, DefiReveal } from "@common/defi/types";
import type { Words } from "@common/i18n/ids";
import { MSG } from "@common/messages";
import type { LatLng } from "@common/protocol";
import { DEFI_MSG, DEFI_NAME_FIELD_MAX } from "@common/rules";
import { useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import type { MapMarker } from "~/features/map/types";
import { markerUrl, PlayerScreen, Spinner } from "~/features/player/Common";
import { PhotoThenMap } from "~/features/player/PhotoThenMap";
import { clockFrom, type QuestionClock } from "~/features/player/progress";
import { AnswerControls, ProgressBar, QuestionRow, useTimeUp } from "~/features/player/QuestionScreen";
import { DefiCallError, defiApi } from "./api";
import { classementUrl, DoneView, Me } from "./DefiDone";
import { RevealView } from "./DefiReveal";
import { useDefiDate } from "./time-zone";

type Screen =
  | { kind: "loading" }
  | { kind: "intro" }
  | { kind: "ready" }
  | { kind: "question"; question: DefiQuestion; clock: QuestionClock }
  | { kind: "reveal"; reveal: DefiReveal }
  | { kind: "done" };

/**
 * A défi on a phone (/defi/{code}): the name or pseudo, then each question opened by the server
 * (its photo, the map a tap away, a countdown), the ring and points right after each answer (and
 * the true spot in a practice défi), and at the end the total, the rank so far, the leaderboard
 * and, once the défi is over, every question's answers. The server says where the device
 * is (its cookie): a reload comes back to the same question, still running on the server's clock.
 */
export function DefiPlay({ initial }: { initial: DefiInfo }) {
  const t = useT();
  const code = initial.code;
  const [defi, setDefi] = useState<DefiInfo>(initial);
  const [me, setMe] = useState<DefiMe | null>(null);
  // A défi already over shows its end from the first paint, before any script runs.
  const [screen, setScreen] = useState<Screen>(initial.open ? { kind: "loading" } : { kind: "done" });
  const [notice, setNotice] = useState<Words | null>(null);
  const [busy, setBusy] = useState(false);

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
        setScreen({ kind: "question", question: opened.question, clock: clockFrom(opened.question.remainingMs, defi.answerTimeSec, Date.now()) });
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
  }, [code, defi.answerTimeSec, fail]);

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

  const start = async (name: string | undefined) => {
    setBusy(true);
    setNotice(null);
    try {
      const state = await defiApi.join(code, name);
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
          <p className="pl-lead">{t("defi.play.timeStarts", { seconds: defi.answerTimeSec })}</p>
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
          clock={screen.clock}
          busy={busy}
          notice={notice}
          onAnswer={(at) => void answer(screen.question.index, at)}
          onTimeUp={() => void openNext()}
        />
      );
    case "reveal":
      return <RevealView defi={defi} reveal={screen.reveal} me={me!} busy={busy} notice={notice} onNext={() => (screen.reveal.remaining > 0 ? void openNext() : setScreen({ kind: "done" }))} />;
    case "done":
      return <DoneView defi={defi} me={me} />;
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

function Intro({
  defi,
  busy,
  notice,
  onStart,
}: {
  defi: DefiInfo;
  busy: boolean;
  notice: Words | null;
  onStart: (name: string | undefined) => void | Promise<void>;
}) {
  const t = useT();
  const dateText = useDefiDate();
  const [name, setName] = useState("");
  if (!defi.open) return <DoneView defi={defi} me={null} />;
  const free = defi.nameMode === "free";
  return (
    <PlayerScreen className="df-screen df-intro">
      <LanguageSwitch className="df-lang" />
      <p className="pl-kicker">{t("defi.intro.kicker")}</p>
      <h1 className="pl-title">{defi.quizName}</h1>
      {defi.description ? <p className="pl-lead">{defi.description}</p> : null}
      <ul className="df-facts">
        <li>{t("defi.intro.questions", { n: defi.questionCount, seconds: defi.answerTimeSec })}</li>
        <li>{t("defi.intro.until", { date: dateText(defi.deadline) })}</li>
        <li>{t("defi.intro.oneDevice")}</li>
        <li>{t(defi.reveal === "each" ? DEFI_MSG.practice : DEFI_MSG.spotsAtEnd)}</li>
        {defi.boardHidden ? <li>{t(DEFI_MSG.boardHiddenNotice)}</li> : null}
      </ul>
      <form
        className="df-start"
        onSubmit={(e) => {
          e.preventDefault();
          void onStart(free ? name : undefined);
        }}
      >
        {free ? (
          <label className="df-field">
            <span>{t("defi.intro.name")}</span>
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={DEFI_NAME_FIELD_MAX}
              autoComplete="name"
              required
              aria-invalid={notice ? true : undefined}
              aria-describedby={notice ? "df-error" : undefined}
            />
          </label>
        ) : (
          <p className="pl-lead">{t("defi.intro.pseudo")}</p>
        )}
        {notice ? (
          <p id="df-error" className="pl-notice" role="alert">
            {t(notice)}
          </p>
        ) : null}
        <button type="submit" className="button pl-button" disabled={busy}>
          {t("defi.play.start")}
        </button>
      </form>
      <a className="df-link" href={classementUrl(defi.code)}>
        {t("defi.intro.board")}
      </a>
    </PlayerScreen>
  );
}

function QuestionView({
  defi,
  me,
  question,
  clock,
  busy,
  notice,
  onAnswer,
  onTimeUp,
}: {
  defi: DefiInfo;
  me: DefiMe;
  question: DefiQuestion;
  clock: QuestionClock;
  busy: boolean;
  notice: Words | null;
  onAnswer: (at: LatLng) => void;
  onTimeUp: () => void;
}) {
  const t = useT();
  const [tap, setTap] = useState<LatLng | null>(null);
  const timeUp = useTimeUp(clock);
  useEffect(() => {
    if (!timeUp) return;
    // The server decides: the missed question's reveal, once its clock agrees the time is up.
    const id = setTimeout(onTimeUp, 400);
    return () => clearTimeout(id);
  }, [timeUp, onTimeUp]);
  const markers = useMemo<MapMarker[]>(() => (tap ? [{ id: "me", position: tap, iconUrl: markerUrl(me.marker) }] : []), [tap, me.marker]);
  const label = t("player.question.label", { n: question.index + 1, count: defi.questionCount });
  return (
    <PhotoThenMap
      label={label}
      media={{ photoUrl: question.photoUrl, streetview: null, title: label }}
      map={{
        bounds: defi.mapSettings.bounds,
        center: defi.mapSettings.center,
        zoom: defi.mapSettings.zoom,
        restrict: true,
        markers,
        helpZone: question.help,
        onMapClick: busy || timeUp ? undefined : setTap,
        ariaLabel: t("player.question.mapLabel"),
      }}
      header={
        <>
          <QuestionRow index={question.index} count={defi.questionCount} pseudo={me.name} marker={me.marker} />
          <ProgressBar clock={clock} speedPointsMax={defi.speedPointsMax} />
        </>
      }
      answer={<AnswerControls notice={notice} tapped={tap !== null} timeUp={timeUp} sending={busy} onAnswer={() => tap && onAnswer(tap)} />}
    />
  );
}
