import type { CSSProperties } from "react";
import { useLocale } from "~/components/I18n";
import { PresenterCorner } from "./PresenterCorner";
import { presenterDeadlines, type PresenterTimedAction } from "./presenter-deadlines";
import { PresenterToasts } from "./PresenterScreens";
import { PresenterStep, type StepPageData } from "./PresenterStep";
import { useDeadlines } from "./useDeadlines";
import { useElementWidth } from "./useElementWidth";
import { useGameSounds } from "./useGameSounds";
import { usePresenterCommands } from "./usePresenterCommands";
import { usePresenterRoom } from "./usePresenterRoom";
import { useQuestionRanking } from "./useQuestionRanking";
import { useRevealResume } from "./useRevealResume";

type PresenterGameProps = StepPageData & { token: string };

/** The corner's distance from the screen's right edge (presenter-base.css, .pres-corner). */
const CORNER_RIGHT_PX = 24;

/**
 * The presenter screen of a live room: the room's state (usePresenterRoom), what its buttons ask
 * of the room, the one clock that paces what the screen does by itself (presenter-deadlines.ts),
 * the sounds, and the 'Reconnexion…' banner whenever the socket is down. Worded in the night's
 * language (the catalog around it), which its box says to assistive technologies.
 */
export function PresenterGame(props: PresenterGameProps) {
  const { room, token } = props;
  const locale = useLocale();
  const [cornerRef, cornerWidth] = useElementWidth<HTMLDivElement>();
  const { state, dispatch, send } = usePresenterRoom(room, token);
  const ranking = useQuestionRanking(room, state);
  const pageCount = ranking.pages.length;
  const commands = usePresenterCommands(room, send, dispatch, {
    connected: state.players.connected,
    locked: state.locked,
    page: ranking.page,
    pageCount,
  });
  useDeadlines(presenterDeadlines(state, pageCount), (action: PresenterTimedAction) => {
    if (action.type === "turnPage") commands.turnPage(action.next, false);
    else dispatch({ type: action.type });
  });
  useRevealResume(room, state);
  const sounds = useGameSounds(state.step, state.question?.index ?? null);

  const screen = state.step;
  return (
    <div
      className={`pres pres-step-${screen}`}
      data-step={screen}
      lang={locale}
      // The top bars keep clear of the corner, whatever it holds (« Activer le son » is wide).
      style={cornerWidth ? ({ "--pres-corner-w": `${cornerWidth + CORNER_RIGHT_PX}px` } as CSSProperties) : undefined}
    >
      <main className="pres-main">
        <PresenterStep {...props} state={state} dispatch={dispatch} commands={commands} ranking={ranking} onWarning={sounds.warning} />
      </main>
      <PresenterCorner ref={cornerRef} state={state} sounds={sounds} onToggleLock={commands.toggleLock} />
      <PresenterToasts state={state} />
    </div>
  );
}
