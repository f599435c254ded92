import { useCallback } from "react";
import type { LatLng } from "@common/wire/protocol";
import { roomText } from "@common/client/room-texts";
import { Announcer, PageVoice } from "~/components/Announcer";
import { showReconnecting } from "./play-state";
import { QuestionScreen } from "./QuestionScreen";
import { ReconnectOverlay } from "./ReconnectOverlay";
import { EndGameScreen } from "./EndGameScreen";
import { ResultScreen } from "./ResultScreen";
import { FatalScreen, KickedScreen, LoadingScreen, ReloadScreen } from "./StatusScreens";
import { usePlayerRoom } from "./usePlayerRoom";
import { useStepVoice } from "./useStepVoice";
import { AnsweredScreen, LobbyScreen, StartingScreen } from "./WaitingScreens";

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
  const { state, dispatch } = usePlayerRoom(room, random);
  const screen = state.screen;
  const me = state.me;
  const { announcement, announce } = useStepVoice(screen, me);

  const onTap = useCallback((coords: LatLng) => dispatch({ type: "tap", coords }), [dispatch]);
  const onAnswer = useCallback(() => dispatch({ type: "submit" }), [dispatch]);

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
