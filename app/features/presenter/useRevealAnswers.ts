// One reveal's answers as the results map and its side panel read them: the message's compact rows
// read once, by zone and by seat, one marker each for the whole reveal, and a crowd's pictures
// loading early.
import { useEffect, useMemo } from "react";
import type { RoomMessageOf, RoomQuiz } from "@common/wire/room-messages";
import { markerUrl } from "@common/media/urls";
import { revealAnswers, type RevealAnswer, zonesOf } from "@common/wire/reveal";
import { ELEMENT_MARKERS_MAX, preloadPictures } from "~/features/map/marker-layer";
import type { MapMarker } from "~/features/map/types";

export function useRevealAnswers(quiz: RoomQuiz, results: RoomMessageOf<"pres_results">) {
  // The message's compact rows, read once per reveal: who, where, how far, in which zone.
  const answers = useMemo(() => revealAnswers(results), [results]);
  const zones = useMemo(() => zonesOf(answers, quiz.target.length), [answers, quiz]);
  // A crowd's pictures load while the spot and the rings play, not under the first zone's markers.
  useEffect(() => {
    if (answers.length > ELEMENT_MARKERS_MAX) preloadPictures(new Set(answers.map((a) => markerUrl(a.marker))));
  }, [answers]);
  const byId = useMemo(() => new Map<string, RevealAnswer>(answers.map((a) => [a.seatId, a])), [answers]);
  // One marker object per answer for the whole reveal: a frame only picks which are shown, and
  // 2,000 new objects (and their addresses) at each zone were garbage the screen paused to collect.
  const answerMarkers = useMemo(
    () => answers.map((a): MapMarker => ({ id: a.seatId, position: a.coords, iconUrl: markerUrl(a.marker) })),
    [answers],
  );
  return { answers, zones, byId, answerMarkers };
}
