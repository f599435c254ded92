import { type CSSProperties, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useActionData } from "@remix-run/react";
import type { RoomMessage, RoomPlayer } from "@common/room-messages";
import { m } from "@common/i18n/words";
import { splitRoomCode } from "@common/presenter/room-code";
import { RichText, useLocale, useT } from "~/components/I18n";
import { roomText } from "@common/room-texts";
import { roomQuestionPath } from "./format";
import { readResume, writeResume } from "./resume";
import {
  REVEAL_LOADING_MIN_MS,
  initialState,
  presenterReducer,
} from "./screen-state";
import { pickQuestionSound, SOUND } from "@common/sounds";
import { EndGameView } from "./EndGameView";
import type { RoundQuiz, RoundRefused } from "@common/presenter/types";
import { LockButton, LockIcon } from "./LockButton";
import { LobbyView } from "./LobbyView";
import { useRosterPictures } from "./PlayerMarker";
import { MessageBatcher } from "./message-batch";
import { QuestionView } from "./QuestionView";
import { afterQuestionPage, clampPage, pageRanges, QUESTION_LAYOUT, QUESTION_TEAM_LAYOUT, questionPageMs } from "./ranking-pages";
import { RankingView } from "./RankingView";
import { ResultsMapView } from "./ResultsMapView";
import { StartingView } from "./StartingView";
import { useElementWidth } from "./useElementWidth";
import { useGameSounds } from "./useGameSounds";
import { useFullRanking } from "./useFullRanking";
import { usePresenterSocket } from "./usePresenterSocket";

interface PresenterGameProps {
  room: string;
  token: string;
  lobbyPicture: string;
  origin: string;
  host: string;
  dashboard: string;
  /** What « Autre quiz » offers at the end of a round. */
  quizzes: RoundQuiz[];
}

const OFFLINE_MESSAGE = m("presenter.offline");
/** The corner's distance from the screen's right edge (presenter.css, .pres-corner). */
const CORNER_RIGHT_PX = 24;

/**
 * The presenter screen of a live room: one socket, the screen reducer (screen-state.ts), the
 * timers only the presenter runs (results map, automatic advance), the sounds, and the
 * 'Reconnexion…' banner whenever the socket is down. Worded in the night's language (the
 * catalog around it), which its box says to assistive technologies.
 */
export function PresenterGame(props: PresenterGameProps) {
  const { room, token } = props;
  const t = useT();
  const locale = useLocale();
  const [cornerRef, cornerWidth] = useElementWidth<HTMLDivElement>();
  const [state, dispatch] = useReducer(presenterReducer, initialState);
  const actionData = useActionData<RoundRefused>();
  const roundError = actionData?.refused ? t(actionData.refused) : (actionData?.error ?? null);

  // The room's messages reach the reducer a few at a time (message-batch.ts).
  const [batcher] = useState(
    () =>
      new MessageBatcher((msgs) =>
        dispatch({
          type: "messages",
          msgs,
          now: performance.now(),
          resume: msgs.some((m) => m.type === "pres_results") ? readResume(room) : null,
        }),
      ),
  );
  useEffect(() => () => batcher.dispose(), [batcher]);
  const onMessage = useCallback((msg: RoomMessage) => batcher.push(msg), [batcher]);
  const onStatus = useCallback((status: "open" | "down") => dispatch({ type: "connection", status }), []);
  const send = usePresenterSocket(room, token, onMessage, onStatus, state.step !== "closed");
  useRosterPictures(state.players);

  // ---- sounds: a random music per question, drawn once when the question arrives
  const questionMusic = useRef<{ index: number; id: number } | null>(null);
  const questionIndex = state.question?.index ?? null;
  if (questionIndex !== null && questionMusic.current?.index !== questionIndex) {
    questionMusic.current = { index: questionIndex, id: pickQuestionSound(Math.random, questionMusic.current?.id ?? null) };
  }
  const questionSound = questionMusic.current?.id ?? null;
  const sounds = useGameSounds(state.step, state.step === "question" ? questionSound : null);
  const { effect: playEffect } = sounds;
  const playWarning = useCallback(() => playEffect(SOUND.warning), [playEffect]);

  // ---- a new round in the room: the previous round's reveal position means nothing any more
  const inLobby = state.step === "lobby";
  useEffect(() => {
    if (inLobby) writeResume(room, null);
  }, [room, inLobby]);

  // ---- 'Chargement des résultats' stays up a moment, then the map plays
  useEffect(() => {
    if (state.step !== "revealLoading" || !state.results) return;
    const shown = performance.now() - (state.revealLoadingSince ?? performance.now());
    const id = window.setTimeout(() => dispatch({ type: "showResultsMap" }), Math.max(0, REVEAL_LOADING_MIN_MS - shown));
    return () => window.clearTimeout(id);
  }, [state.step, state.results, state.revealLoadingSince]);

  // ---- a reload during the reveal comes back to the same view
  const resultsIndex = state.results?.questionIndex ?? null;
  useEffect(() => {
    if (resultsIndex === null) return;
    if (state.step === "ranking")
      writeResume(room, { questionIndex: resultsIndex, view: "classement", paused: state.paused, page: state.rankingPage });
    else if (state.step === "resultsMap" || state.step === "revealLoading")
      writeResume(room, { questionIndex: resultsIndex, view: "map", paused: false, page: 0 });
  }, [room, resultsIndex, state.step, state.paused, state.rankingPage]);

  // ---- the whole ranking, fetched while the map plays, paged after it
  const inReveal = state.step === "revealLoading" || state.step === "resultsMap" || state.step === "ranking";
  const fullRanking = useFullRanking(room, inReveal && resultsIndex !== null ? `q${resultsIndex}` : null, "reveal");
  const rankingLines = fullRanking ?? state.results?.ranking ?? [];
  const rankingPages = pageRanges(rankingLines.length, state.results?.teams ? QUESTION_TEAM_LAYOUT : QUESTION_LAYOUT);
  const pageCount = rankingPages.length;
  const page = clampPage(state.rankingPage, pageCount);

  // ---- each page stays a while (the first one 5 s), then the next page, then the next question
  // The clock belongs to one page of one question: a stale one never turns the next page early.
  const onRanking = state.step === "ranking";
  const pageKey = onRanking ? `${resultsIndex}:${page}` : null;
  const [pageClock, setPageClock] = useState<{ key: string; endsAt: number } | null>(null);
  useEffect(() => {
    setPageClock(pageKey === null ? null : { key: pageKey, endsAt: performance.now() + questionPageMs(page) });
  }, [pageKey, page]);
  const pageEndsAt = pageClock !== null && pageClock.key === pageKey ? pageClock.endsAt : null;
  const advance = useCallback(() => {
    if (send({ type: "pres_nextQuestion" })) dispatch({ type: "advance" });
    else dispatch({ type: "error", message: OFFLINE_MESSAGE });
  }, [send]);
  const turnPage = useCallback(
    (resume: boolean) => {
      const next = afterQuestionPage(page, pageCount);
      if (next === "advance") advance();
      else dispatch({ type: "showPage", page: next.page, resume });
    },
    [page, pageCount, advance],
  );
  const canAuto = onRanking && !state.paused && !state.advanceRequested && pageEndsAt !== null;
  useEffect(() => {
    if (!canAuto || state.connection !== "open" || pageEndsAt === null) return;
    const id = window.setTimeout(() => turnPage(false), Math.max(0, pageEndsAt - performance.now()));
    return () => window.clearTimeout(id);
  }, [canAuto, state.connection, pageEndsAt, turnPage]);

  // ---- lobby actions
  const start = useCallback(() => {
    if (state.players.connected === 0) {
      dispatch({ type: "error", message: roomText("no_players") });
      return;
    }
    if (!send({ type: "pres_startGame" })) dispatch({ type: "error", message: OFFLINE_MESSAGE });
  }, [send, state.players]);
  const locked = state.locked;
  const toggleLock = useCallback(() => {
    if (!send({ type: "pres_lockRoom", locked: !locked })) dispatch({ type: "error", message: OFFLINE_MESSAGE });
  }, [send, locked]);
  const clearNetwork = useCallback(
    (network: string) => {
      if (!send({ type: "pres_clearChoosers", network })) dispatch({ type: "error", message: OFFLINE_MESSAGE });
    },
    [send],
  );
  const giveExtraTime = useCallback(
    (p: RoomPlayer) => {
      if (!send({ type: "pres_extraTime", seatId: p.seatId })) dispatch({ type: "error", message: OFFLINE_MESSAGE });
    },
    [send],
  );
  const kick = useCallback(
    (p: RoomPlayer) => {
      if (!send({ type: "pres_kickPlayer", seatId: p.seatId })) dispatch({ type: "error", message: OFFLINE_MESSAGE });
    },
    [send],
  );

  // Messages fade after a while; errors stay until the next one or a few seconds.
  useEffect(() => {
    if (!state.error && !state.notice) return;
    const id = window.setTimeout(() => dispatch({ type: "dismiss" }), 6000);
    return () => window.clearTimeout(id);
  }, [state.error, state.notice]);

  const openPhotoMap = useCallback(() => {
    dispatch({ type: "pause" });
    try {
      window.open(roomQuestionPath(room), "_blank");
    } catch {
      // a blocked pop-up only costs the extra window
    }
  }, [room]);

  const quiz = state.room?.quiz ?? null;
  const screen = state.step;
  let body: React.ReactNode;
  if (!state.room || screen === "loading") {
    body = <LoadingScreen text={t(state.connection === "down" ? "presenter.connecting" : "presenter.loading")} />;
  } else if (screen === "lobby") {
    body = (
      <LobbyView
        room={state.room}
        origin={props.origin}
        host={props.host}
        lobbyPicture={props.lobbyPicture}
        players={state.players}
        playersCount={state.playersCount}
        locked={locked}
        onToggleLock={toggleLock}
        onKick={kick}
        onStart={start}
        pseudoLine={state.pseudoLine}
        onClearNetwork={clearNetwork}
      />
    );
  } else if (screen === "starting") {
    body = <StartingView endsAt={state.startingEndsAt} quizName={quiz!.name} questionCount={quiz!.questions.length} />;
  } else if (screen === "question" && state.question) {
    body = (
      <QuestionView
        question={state.question}
        speedPointsMax={quiz!.scoring.speedPointsMax}
        onWarning={playWarning}
        players={state.players}
        onExtraTime={giveExtraTime}
      />
    );
  } else if (screen === "revealLoading" || (screen === "question" && !state.question)) {
    body = <LoadingScreen text={t("presenter.loadingResults")} />;
  } else if (screen === "resultsMap" && state.results) {
    body = (
      <ResultsMapView
        key={state.results.questionIndex}
        quiz={quiz!}
        results={state.results}
        onDone={() => dispatch({ type: "resultsMapDone" })}
      />
    );
  } else if (screen === "ranking" && state.results) {
    body = (
      <RankingView
        results={state.results}
        lines={rankingLines}
        pages={rankingPages}
        page={page}
        paused={state.paused}
        advanceRequested={state.advanceRequested}
        pageEndsAt={canAuto ? pageEndsAt : null}
        onPause={() => dispatch({ type: "pause" })}
        onNextPage={() => turnPage(true)}
        onAdvance={advance}
        onPhotoMap={openPhotoMap}
      />
    );
  } else if (screen === "podium" && state.endGame) {
    body = (
      <EndGameView
        endGame={state.endGame}
        room={room}
        error={roundError}
        quizzes={props.quizzes}
      />
    );
  } else if (screen === "closed") {
    body = <GameOver dashboard={props.dashboard} />;
  } else {
    body = <LoadingScreen text={t("presenter.loading")} />;
  }

  return (
    <div
      className={`pres pres-step-${screen}`}
      data-step={screen}
      lang={locale}
      // The top bars keep clear of the corner, whatever it holds (« Activer le son » is wide).
      style={cornerWidth ? ({ "--pres-corner-w": `${cornerWidth + CORNER_RIGHT_PX}px` } as CSSProperties) : undefined}
    >
      <main className="pres-main">{body}</main>
      <div className="pres-corner" ref={cornerRef}>
        {state.room && screen !== "lobby" && screen !== "closed" ? (
          <>
            <span className={`pres-room-tag${locked ? " is-locked" : ""}`}>
              {locked ? <LockIcon size={22} /> : null}
              <RichText
                id="presenter.roomTag"
                values={{ code: splitRoomCode(state.room.roomNumber), locked: locked ? "yes" : "no" }}
                components={{ 0: <span className="sr-only" /> }}
              />
            </span>
            {screen !== "podium" ? <LockButton locked={locked} onToggle={toggleLock} compact /> : null}
          </>
        ) : null}
        {sounds.blocked ? (
          <button type="button" className="pres-button pres-sound-on" onClick={sounds.unlock}>
            <SpeakerIcon muted /> {t("presenter.sound.enable")}
          </button>
        ) : (
          <button
            type="button"
            className="pres-icon-button"
            onClick={sounds.toggleMute}
            // A toggle: one name, its state pressed or not; the tooltip says what a click does.
            aria-pressed={sounds.muted}
            aria-label={t("presenter.sound.mute")}
            title={t(sounds.muted ? "presenter.sound.unmute" : "presenter.sound.mute")}
          >
            <SpeakerIcon muted={sounds.muted} />
          </button>
        )}
      </div>
      {state.connection === "down" && state.room && screen !== "closed" ? (
        <div className="pres-reconnect" role="status">
          <span className="pres-spinner" aria-hidden="true" /> {t("presenter.reconnecting")}
        </div>
      ) : null}
      {/* Errors interrupt; the lobby's comings and goings wait their turn. */}
      <div className="pres-toasts">
        <div role="alert">{state.error ? <p className="pres-toast pres-toast-error">{t(state.error)}</p> : null}</div>
        <div role="status">{state.notice ? <p className="pres-toast">{t(state.notice)}</p> : null}</div>
      </div>
    </div>
  );
}

/** A room that is over (closed under the screen, or at an address of before): the way back. */
export function GameOver({ dashboard }: { dashboard: string }) {
  const t = useT();
  return (
    <div className="pres-center">
      <h1 className="pres-big">{t("presenter.ended")}</h1>
      <a className="pres-button pres-button-go" href={dashboard}>
        {t("presenter.backToDashboard")}
      </a>
    </div>
  );
}

export function LoadingScreen({ text }: { text: string }) {
  return (
    <div className="pres-center" aria-busy="true">
      <span className="pres-spinner pres-spinner-big" aria-hidden="true" />
      <h1 className="pres-big">{text}</h1>
    </div>
  );
}

function SpeakerIcon({ muted }: { muted?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
      )}
    </svg>
  );
}
