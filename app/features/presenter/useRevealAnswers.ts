// One reveal's answers as the results map and its side panel read them: the message's compact rows
// read once, by zone and by seat, one marker each for the whole reveal, and a crowd's pictures
// loading early. Read while « Chargement des résultats » shows, in a task of its own: the map's
// first frame then only draws.
import { useEffect, useMemo } from "react";
import type { RoomMessageOf, RoomQuiz } from "@common/wire/room-messages";
import { markerUrl } from "@common/media/urls";
import { revealAnswers, type RevealAnswer, zonesOf } from "@common/wire/reveal";
import { ELEMENT_MARKERS_MAX, preloadPictures } from "~/features/map/marker-layer";
import type { MapMarker } from "~/features/map/types";

type Results = RoomMessageOf<"pres_results">;

function readAnswers(quiz: RoomQuiz, results: Results) {
  // The message's compact rows: who, where, how far, in which zone.
  const answers = revealAnswers(results);
  const zones = zonesOf(answers, quiz.target.length);
  const byId = new Map<string, RevealAnswer>(answers.map((a) => [a.seatId, a]));
  // One marker object per answer for the whole reveal: a frame only picks which are shown, and
  // 2,000 new objects (and their addresses) at each zone were garbage the screen paused to collect.
  const answerMarkers = answers.map((a): MapMarker => ({ id: a.seatId, position: a.coords, iconUrl: markerUrl(a.marker) }));
  // A crowd's pictures load while the spot and the rings play, not under the first zone's markers.
  if (answers.length > ELEMENT_MARKERS_MAX && typeof window !== "undefined") preloadPictures(new Set(answerMarkers.map((m) => m.iconUrl!)));
  return { quiz, answers, zones, byId, answerMarkers };
}

/** Each reveal message's answers, read once (while the loading screen shows, or by the map). */
const read = new WeakMap<Results, ReturnType<typeof readAnswers>>();

function answersOf(quiz: RoomQuiz, results: Results) {
  const known = read.get(results);
  if (known && known.quiz === quiz) return known;
  const fresh = readAnswers(quiz, results);
  read.set(results, fresh);
  return fresh;
}

export function useRevealAnswers(quiz: RoomQuiz, results: Results) {
  const { answers, zones, byId, answerMarkers } = useMemo(() => answersOf(quiz, results), [quiz, results]);
  return { answers, zones, byId, answerMarkers };
}

/**
 * While « Chargement des résultats » shows: the reveal's answers read and their pictures asked
 * for, in a task after the message's, so that the results map's first frame (a long task of
 * 2,000 answers read, on top of the map's first drawing) only draws.
 */
export function usePrepareReveal(quiz: RoomQuiz | null, results: Results | null) {
  useEffect(() => {
    if (!quiz || !results) return;
    const timer = window.setTimeout(() => void answersOf(quiz, results), 0);
    return () => window.clearTimeout(timer);
  }, [quiz, results]);
}
