import { useEffect, useMemo } from "react";
import type { RoomMessageOf, RoomQuiz } from "@common/wire/room-messages";
import { ELEMENT_MARKERS_MAX, preloadPictures } from "~/features/map/marker-layer";
import type { MapMarker } from "~/features/map/types";
import { markerUrl } from "@common/media/urls";
import { revealAnswers, type RevealAnswer, zonesOf } from "@common/wire/reveal";
import { SPOT_COLOR } from "@common/rules";
import { resultsTimeline } from "./results-timeline";
import { useTimelineFrame } from "./useTimelineFrame";

/** Every marker keeps its pseudo up to this many on the map; beyond, only the latest zone's. */
const LABELS_ALL = 8;
const LABELS_ZONE = 6;

export type RevealMap = ReturnType<typeof useRevealMap>;

/**
 * One question's reveal as the results map plays it: the answers read once from the message, the
 * sequence (results-timeline.ts) timed from when the map's box is measured (`aspect`), and what
 * its current frame puts on the map. Calls `onDone` when the sequence is over.
 */
export function useRevealMap(
  quiz: RoomQuiz,
  results: RoomMessageOf<"pres_results">,
  aspect: number | null,
  spotLabel: string,
  onDone: () => void,
) {
  // The message's compact rows, read once per reveal: who, where, how far, in which zone.
  const answers = useMemo(() => revealAnswers(results), [results]);
  const zones = useMemo(() => zonesOf(answers, quiz.target.length), [answers, quiz]);
  // A crowd's pictures load while the spot and the rings play, not under the first zone's markers.
  useEffect(() => {
    if (answers.length > ELEMENT_MARKERS_MAX) preloadPictures(new Set(answers.map((a) => markerUrl(a.marker))));
  }, [answers]);
  const timeline = useMemo(
    () =>
      aspect === null
        ? null
        : resultsTimeline({ spot: results.spot, bounds: quiz.mapSettings.bounds, targets: quiz.target, answers, zones, aspect }),
    [aspect, quiz, results, answers, zones],
  );
  const frame = useTimelineFrame(timeline, onDone);

  const byId = useMemo(() => new Map<string, RevealAnswer>(answers.map((a) => [a.seatId, a])), [answers]);
  // One marker object per answer for the whole reveal: a frame only picks which are shown, and
  // 2,000 new objects (and their addresses) at each zone were garbage the screen paused to collect.
  const answerMarkers = useMemo(
    () => answers.map((a): MapMarker => ({ id: a.seatId, position: a.coords, iconUrl: markerUrl(a.marker) })),
    [answers],
  );
  // The frame changes a few times in the whole sequence: what it puts on the map is worked out
  // then, not at every render (2,000 markers).
  const { shown, markers } = useMemo(() => {
    const shown = new Set(frame?.shown ?? []);
    // Once the rings are drawn the pin alone marks the spot: its label would hide the small rings.
    // Pseudos beside the markers while they stay readable; a crowd keeps its names in the side panel.
    const latest = new Set(frame?.zone === null || frame?.zone === undefined ? [] : (zones[frame.zone] ?? []));
    const labelled = (id: string) => shown.size <= LABELS_ALL || (latest.size <= LABELS_ZONE && latest.has(id));
    const markers: MapMarker[] = [
      { id: "spot", position: results.spot, color: SPOT_COLOR, label: frame?.rings ? undefined : spotLabel },
    ];
    answers.forEach((a, i) => {
      if (!shown.has(a.seatId)) return;
      const m = answerMarkers[i]!;
      markers.push(labelled(a.seatId) ? { ...m, label: a.pseudo } : m);
    });
    return { shown, markers };
  }, [frame, zones, answers, answerMarkers, results.spot, spotLabel]);
  return { answers, zones, frame, byId, shown, markers };
}
