import { useEffect } from "react";
import { writeResume } from "./resume";
import type { PresenterState } from "./screen-state";

/**
 * Keeps the resume record (resume.ts) in step with the screen: a reload during the reveal comes
 * back to the same view; a new round in the room forgets the previous round's.
 */
export function useRevealResume(room: string, state: PresenterState) {
  const inLobby = state.step === "lobby";
  useEffect(() => {
    if (inLobby) writeResume(room, null);
  }, [room, inLobby]);

  const resultsIndex = state.results?.questionIndex ?? null;
  const { step, paused, rankingPage } = state;
  useEffect(() => {
    if (resultsIndex === null) return;
    if (step === "ranking") writeResume(room, { questionIndex: resultsIndex, view: "classement", paused, page: rankingPage });
    else if (step === "resultsMap" || step === "revealLoading")
      writeResume(room, { questionIndex: resultsIndex, view: "map", paused: false, page: 0 });
  }, [room, resultsIndex, step, paused, rankingPage]);
}
