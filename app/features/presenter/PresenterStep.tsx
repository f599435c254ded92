import type { ReactNode } from "react";
import { useActionData } from "@remix-run/react";
import { useT } from "~/components/I18n";
import type { RoundQuiz, RoundRefused } from "@common/contracts/presenter/types";
import type { RoomQuiz } from "@common/wire/room-messages";
import { EndGameView } from "./EndGameView";
import { LobbyView } from "./LobbyView";
import { GameOver, LoadingScreen } from "./PresenterScreens";
import { rankingPageEndsAt } from "./presenter-deadlines";
import { QuestionView } from "./QuestionView";
import { RankingView } from "./RankingView";
import { ResultsMapView } from "./ResultsMapView";
import type { PresenterAction, PresenterState } from "./screen-state";
import { StartingView } from "./StartingView";
import { usePrepareReveal } from "./useRevealAnswers";
import type { usePresenterCommands } from "./usePresenterCommands";
import type { useQuestionRanking } from "./useQuestionRanking";

/** What the steps need of the room page's data. */
export interface StepPageData {
  room: string;
  lobbyPicture: string;
  origin: string;
  host: string;
  dashboard: string;
  /** What « Autre quiz » offers at the end of a round. */
  quizzes: RoundQuiz[];
}

/** « Chargement des résultats », while which the reveal's answers are read (useRevealAnswers.ts). */
function RevealLoading({ quiz, results, text }: { quiz: RoomQuiz | null; results: PresenterState["results"]; text: string }) {
  usePrepareReveal(quiz, results);
  return <LoadingScreen text={text} />;
}

/** What the screen shows of its step. */
export function PresenterStep({
  state,
  dispatch,
  commands,
  ranking,
  onWarning,
  ...props
}: StepPageData & {
  state: PresenterState;
  dispatch: (action: PresenterAction) => void;
  commands: ReturnType<typeof usePresenterCommands>;
  ranking: ReturnType<typeof useQuestionRanking>;
  onWarning: () => void;
}): ReactNode {
  const t = useT();
  const actionData = useActionData<RoundRefused>();
  const quiz = state.room?.quiz ?? null;
  const screen = state.step;
  if (!state.room || screen === "loading")
    return <LoadingScreen text={t(state.connection === "down" ? "presenter.connecting" : "presenter.loading")} />;
  if (screen === "lobby")
    return (
      <LobbyView
        room={state.room}
        origin={props.origin}
        host={props.host}
        lobbyPicture={props.lobbyPicture}
        players={state.players}
        playersCount={state.playersCount}
        locked={state.locked}
        onToggleLock={commands.toggleLock}
        onKick={commands.kick}
        onStart={commands.start}
        pseudoLine={state.pseudoLine}
        onClearNetwork={commands.clearNetwork}
      />
    );
  if (screen === "starting")
    return <StartingView endsAt={state.startingEndsAt} quizName={quiz!.name} questionCount={quiz!.questions.length} />;
  if (screen === "question" && state.question)
    return (
      <QuestionView
        question={state.question}
        speedPointsMax={quiz!.scoring.speedPointsMax}
        onWarning={onWarning}
        players={state.players}
        onExtraTime={commands.giveExtraTime}
      />
    );
  if (screen === "revealLoading" || (screen === "question" && !state.question))
    return <RevealLoading quiz={quiz} results={state.results} text={t("presenter.loadingResults")} />;
  if (screen === "resultsMap" && state.results)
    return (
      <ResultsMapView
        key={state.results.questionIndex}
        quiz={quiz!}
        results={state.results}
        onDone={() => dispatch({ type: "resultsMapDone", now: performance.now() })}
      />
    );
  if (screen === "ranking" && state.results)
    return (
      <RankingView
        results={state.results}
        lines={ranking.lines}
        pages={ranking.pages}
        page={ranking.page}
        paused={state.paused}
        advanceRequested={state.advanceRequested}
        pageEndsAt={rankingPageEndsAt(state, ranking.pages.length)}
        onPause={commands.pause}
        onNextPage={commands.nextPage}
        onAdvance={commands.advance}
        onPhotoMap={commands.openPhotoMap}
      />
    );
  if (screen === "podium" && state.endGame) {
    const roundError = actionData?.refused ? t(actionData.refused) : (actionData?.error ?? null);
    return <EndGameView endGame={state.endGame} room={props.room} error={roundError} quizzes={props.quizzes} />;
  }
  if (screen === "closed") return <GameOver dashboard={props.dashboard} />;
  return <LoadingScreen text={t("presenter.loading")} />;
}

