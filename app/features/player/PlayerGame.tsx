import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { LatLng } from "@common/wire/protocol";
import { reloadForNewVersion } from "@common/client/room-client-page";
import { roomText } from "@common/client/room-texts";
import { Announcer, PageVoice, useAnnouncer } from "~/components/Announcer";
import { useLocale, useT } from "~/components/I18n";
import { movesFocus, saidOnChange, type Moment } from "./announcements";
import { dropConnection, useRoomConnection } from "./connection";
import {
  answerToSend,
  goesHome,
  initialPlayState,
  playReducer,
  showReconnecting,
} from "./play-state";
import { clockMark, nextClockMarkAt, type ClockMark, type QuestionClock } from "./progress";
import { clearToken, readToken, saveToken } from "./token";
import { QuestionScreen } from "./QuestionScreen";
import { ReconnectOverlay } from "./ReconnectOverlay";
import {
  AnsweredScreen,
  EndGameScreen,
  FatalScreen,
  KickedScreen,
  LoadingScreen,
  LobbyScreen,
  ReloadScreen,
  ResultScreen,
  StartingScreen,
} from "./Screens";

/** Time to read why the page reloads. */
const RELOAD_DELAY_MS = 1_500;

type Props = {
  room: string;
  /** Random icons (from the room registry): no pseudo screen. */
  random: boolean;
  pseudoHint: string | null;
  onRejoin: () => void;
};

/**
 * The whole player side of /play/{room}: socket, screens, what a screen reader is told of each
 * step (one live region, announcements.ts), and what happens on leaving.
 */
export function PlayerGame({ room, random, pseudoHint, onRejoin }: Props) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(playReducer, initialPlayState);
  // Defined icons and no seat on this phone (QR code, new phone): choose a pseudo first.
  const hasSeat = useCallback(() => random || readToken(room) !== undefined, [random, room]);
  useEffect(() => {
    if (!hasSeat()) navigate(`/join/${room}`, { replace: true });
  }, [hasSeat, room, navigate]);
  const connRef = useRoomConnection(
    room,
    (event, conn) => {
      if (event.kind === "status") return dispatch({ type: "socket", status: event.status });
      const msg = event.msg;
      if (msg.type === "player_joinRoom_callback") saveToken(room, msg.token);
      // The room lost track of this socket (it slept, or hibernated oddly): say hello again.
      if (msg.type === "error" && msg.code === "not_identified") conn.resync(true);
      dispatch({ type: "server", msg, now: Date.now() });
    },
    hasSeat,
  );

  // The answer goes out as soon as the room can hear it (again, after a reconnection).
  const outgoing = answerToSend(state);
  const answerIndex = outgoing?.questionIndex;
  const answerLat = outgoing?.coords.lat;
  const answerLng = outgoing?.coords.lng;
  useEffect(() => {
    if (answerIndex === undefined || answerLat === undefined || answerLng === undefined) return;
    const answer = { questionIndex: answerIndex, coords: { lat: answerLat, lng: answerLng } };
    if (connRef.current?.send({ type: "player_answer", ...answer })) dispatch({ type: "answerSent" });
  }, [connRef, answerIndex, answerLat, answerLng]);

  const screen = state.screen;
  useEffect(() => {
    const conn = connRef.current;
    switch (screen.name) {
      case "choosePseudo":
        // The room no longer knows our token (or never did): a pseudo must be chosen again.
        if (conn) dropConnection(conn);
        clearToken(room);
        navigate(`/join/${room}`, { replace: true });
        break;
      case "kicked":
        if (conn) dropConnection(conn);
        clearToken(room);
        if (goesHome(screen.reason)) navigate("/", { replace: true });
        else if (!random) navigate(`/join/${room}?exclu=1`, { replace: true });
        break;
      case "fatal":
        if (conn) dropConnection(conn);
        break;
      case "reload":
        if (conn) dropConnection(conn);
        return reloadForNewVersion(RELOAD_DELAY_MS);
    }
  }, [connRef, screen, room, random, navigate]);

  // Each step said once through the one live region, and the focus taken to the new screen's heading.
  const t = useT();
  const locale = useLocale();
  const { text: announcement, announce } = useAnnouncer();
  const mark = useClockMark(screen.name === "question" ? screen.clock : null);
  const me = state.me;
  const said = useRef<Moment | null>(null);
  useEffect(() => {
    const next: Moment = { screen, mark };
    const words = saidOnChange(locale, me, said.current, next, Date.now());
    if (words.length) announce(words.map((w) => t(w)).join(" "));
    if (movesFocus(said.current, next)) focusHeading();
    said.current = next;
  }, [screen, mark, me, locale, t, announce]);

  const onTap = useCallback((coords: LatLng) => dispatch({ type: "tap", coords }), []);
  const onAnswer = useCallback(() => dispatch({ type: "submit" }), []);

  const notice = state.notice && roomText(state.notice);
  let body: JSX.Element;
  switch (screen.name) {
    case "fatal":
      body = <FatalScreen message={roomText(screen.code)} />;
      break;
    case "reload":
      body = <ReloadScreen message={roomText("reload")} />;
      break;
    case "kicked":
      body = screen.reason === "kick" && random ? <KickedScreen onRejoin={onRejoin} /> : <LoadingScreen />;
      break;
    case "lobby":
      body = me ? <LobbyScreen me={me} /> : <LoadingScreen />;
      break;
    case "starting":
      body = <StartingScreen endsAt={screen.endsAt} />;
      break;
    case "question":
      body = me ? (
        <QuestionScreen
          me={me}
          questionIndex={screen.questionIndex}
          questionCount={screen.questionCount}
          clock={screen.clock}
          help={screen.help}
          media={screen.media}
          tap={state.tap?.questionIndex === screen.questionIndex ? state.tap.coords : null}
          sending={state.answer !== null}
          notice={notice}
          onTap={onTap}
          onAnswer={onAnswer}
        />
      ) : (
        <LoadingScreen />
      );
      break;
    case "answered":
      body = me ? <AnsweredScreen me={me} elapsedMs={screen.elapsedMs} /> : <LoadingScreen />;
      break;
    case "endQuestion":
      body = <ResultScreen result={screen.result} />;
      break;
    case "endGame":
      body = me ? <EndGameScreen result={screen.result} me={me} /> : <LoadingScreen />;
      break;
    default:
      body = <LoadingScreen pseudo={pseudoHint} notice={notice} />;
  }

  return (
    <PageVoice.Provider value={announce}>
      {body}
      {showReconnecting(state) ? <ReconnectOverlay /> : null}
      <Announcer text={announcement} testId="phone-announcer" />
    </PageVoice.Provider>
  );
}

/** The question's clock as a screen reader is told it (10 s, 5 s, time up): wakes at each mark only. */
function useClockMark(clock: QuestionClock | null): ClockMark {
  const [woke, wake] = useState(0);
  const mark = clock ? clockMark(clock, Date.now()) : null;
  useEffect(() => {
    if (!clock) return;
    const at = nextClockMarkAt(clock, Date.now());
    if (at === null) return;
    const id = setTimeout(() => wake((n) => n + 1), at - Date.now() + 20);
    return () => clearTimeout(id);
  }, [clock, mark, woke]);
  return mark;
}

/**
 * The new screen's heading takes the focus (its main region when it has none, as a question's
 * map screen), so that the keyboard and a screen reader go on from the top of what appeared
 * rather than from a button that is gone.
 */
function focusHeading() {
  const main = document.querySelector<HTMLElement>("main");
  if (!main || main.contains(document.activeElement)) return;
  const target = main.querySelector<HTMLElement>("h1") ?? main;
  target.tabIndex = -1;
  target.focus({ preventScroll: true });
}
