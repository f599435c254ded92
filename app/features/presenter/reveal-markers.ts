/**
 * What one frame of the results map puts on it, as a pure function: the true spot's pin (named
 * until the rings are drawn), then the answers the frame shows, each named beside its marker
 * while the names stay readable. The screen works it out when the frame changes, a few times in
 * a whole reveal, never at each render of 2,000 markers.
 */
import type { LatLng } from "@common/wire/protocol";
import type { RevealAnswer } from "@common/wire/reveal";
import { SPOT_COLOR } from "@common/rules";
import type { MapMarker } from "~/features/map/types";

/** Every marker keeps its pseudo up to this many on the map; beyond, only the latest zone's. */
const LABELS_ALL = 8;
const LABELS_ZONE = 6;

/** The part of a results frame (results-timeline.ts) that decides the markers; null before the first. */
export type MarkersFrame = { shown: readonly string[]; zone: number | null; rings: boolean } | null;

export interface FrameMarkersInput {
  frame: MarkersFrame;
  /** Seat ids by zone (zonesOf). */
  zones: readonly (readonly string[])[];
  answers: readonly RevealAnswer[];
  /** One marker per answer, in the answers' order, kept for the whole reveal: reused when unnamed. */
  answerMarkers: readonly MapMarker[];
  spot: LatLng;
  spotLabel: string;
}

export function frameMarkers({ frame, zones, answers, answerMarkers, spot, spotLabel }: FrameMarkersInput): {
  shown: Set<string>;
  markers: MapMarker[];
} {
  const shown = new Set(frame?.shown ?? []);
  // Once the rings are drawn the pin alone marks the spot: its label would hide the small rings.
  // Pseudos beside the markers while they stay readable; a crowd keeps its names in the side panel.
  const latest = new Set(frame?.zone === null || frame?.zone === undefined ? [] : (zones[frame.zone] ?? []));
  const labelled = (id: string) => shown.size <= LABELS_ALL || (latest.size <= LABELS_ZONE && latest.has(id));
  const markers: MapMarker[] = [{ id: "spot", position: spot, color: SPOT_COLOR, label: frame?.rings ? undefined : spotLabel }];
  // Nothing shown yet (the map's first frame, the spot alone): no round of 2,000 answers.
  if (shown.size > 0)
    answers.forEach((a, i) => {
      if (!shown.has(a.seatId)) return;
      const m = answerMarkers[i]!;
      markers.push(labelled(a.seatId) ? { ...m, label: a.pseudo } : m);
    });
  return { shown, markers };
}
