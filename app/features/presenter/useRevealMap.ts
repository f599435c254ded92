import { useMemo } from "react";
import type { RoomMessageOf, RoomQuiz } from "@common/wire/room-messages";
import { resultsTimeline } from "./results-timeline";
import { frameMarkers } from "./reveal-markers";
import { useRevealAnswers } from "./useRevealAnswers";
import { useTimelineFrame } from "./useTimelineFrame";

export type RevealMap = ReturnType<typeof useRevealMap>;

/**
 * One question's reveal as the results map plays it: the answers read once from the message, the
 * sequence (results-timeline.ts) timed from when the map's box is measured (`aspect`), and what
 * its current frame puts on the map (reveal-markers.ts). Calls `onDone` when the sequence is over.
 */
export function useRevealMap(
  quiz: RoomQuiz,
  results: RoomMessageOf<"pres_results">,
  aspect: number | null,
  spotLabel: string,
  onDone: () => void,
) {
  const { answers, zones, byId, answerMarkers } = useRevealAnswers(quiz, results);
  const timeline = useMemo(
    () =>
      aspect === null
        ? null
        : resultsTimeline({ spot: results.spot, bounds: quiz.mapSettings.bounds, targets: quiz.target, answers, zones, aspect }),
    [aspect, quiz, results, answers, zones],
  );
  const frame = useTimelineFrame(timeline, onDone);
  // The frame changes a few times in the whole sequence: what it puts on the map is worked out
  // then, not at every render (2,000 markers).
  const { shown, markers } = useMemo(
    () => frameMarkers({ frame, zones, answers, answerMarkers, spot: results.spot, spotLabel }),
    [frame, zones, answers, answerMarkers, results.spot, spotLabel],
  );
  return { answers, zones, frame, byId, shown, markers };
}
