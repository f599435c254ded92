import { useMemo, useState } from "react";
import type { Bounds, LatLng, PhoneMedia } from "@common/wire/protocol";
import { GameMap } from "~/features/map/GameMap";
import type { GameMapProps, MapMarker } from "~/features/map/types";
import type { Words } from "@common/i18n/ids";
import { useT } from "~/components/I18n";
import type { Me } from "./play-state";
import type { QuestionClock } from "./progress";
import { markerUrl } from "./Common";
import { PhotoThenMap, type QuestionMedia } from "./PhotoThenMap";
import { ProgressBar } from "./ProgressBar";
import { AnswerControls, QuestionRow } from "./QuestionParts";
import { useTimeUp } from "./useTimeUp";

type Props = {
  me: Me;
  questionIndex: number;
  questionCount: number;
  clock: QuestionClock;
  help: Bounds | null;
  /** The question's photo or view, when the game shows it on the phones; null: the map alone. */
  media: PhoneMedia | null;
  tap: LatLng | null;
  sending: boolean;
  notice: Words | null;
  onTap: (coords: LatLng) => void;
  onAnswer: () => void;
};

/**
 * The question screen (docs/game-rules.md, Phone screens): the full-screen map, points still to win
 * on top, 'Répondre' after a tap. A game that shows the photos on the phones puts the question's
 * photo (or Street View view) first, with the same map one tap away.
 */
export function QuestionScreen({
  me,
  questionIndex,
  questionCount,
  clock,
  help,
  media,
  tap,
  sending,
  notice,
  onTap,
  onAnswer,
}: Props) {
  const t = useT();
  const timeUp = useTimeUp(clock);
  // Below the map: the map's keyboard help (never over its crosshair, however small the map).
  const [helpSlot, setHelpSlot] = useState<HTMLElement | null>(null);
  // The map only re-renders when the marker moves, not at every tick of the bar.
  const markers = useMemo<MapMarker[]>(
    () => (tap ? [{ id: "me", position: tap, iconUrl: markerUrl(me.marker) }] : []),
    [tap, me.marker]
  );
  const label = t("player.question.label", { n: questionIndex + 1, count: questionCount });
  const map: GameMapProps = {
    bounds: me.mapSettings.bounds,
    center: me.mapSettings.center,
    zoom: me.mapSettings.zoom,
    restrict: true,
    markers,
    helpZone: help,
    onMapClick: sending ? undefined : onTap,
    // Enter on the map, once the marker stands at its crosshair: the same « Répondre » as a tap.
    onConfirm: sending || timeUp ? undefined : onAnswer,
    ariaLabel: t("player.question.mapLabel"),
  };
  const header = (
    <>
      <QuestionRow index={questionIndex} count={questionCount} pseudo={me.pseudo} marker={me.marker} />
      {/* The time left is said by the page's one live region (PlayerGame). */}
      <ProgressBar clock={clock} speedPointsMax={me.scoring.speedPointsMax} speaksTime={false} />
    </>
  );
  const answer = <AnswerControls notice={notice} tapped={tap !== null} timeUp={timeUp} sending={sending} onAnswer={onAnswer} />;

  if (media) {
    // Keyed by question: each one opens on its photo.
    return (
      <PhotoThenMap
        key={questionIndex}
        label={label}
        media={shownMedia(media, label)}
        map={map}
        header={header}
        answer={answer}
      />
    );
  }
  return (
    <main className="pl-question" aria-label={label}>
      <header className="pl-qbar">{header}</header>
      <div className="pl-map">
        {/* Not keyed by question: one map for the whole game (Google bills each one built). */}
        <GameMap {...map} helpSlot={helpSlot} />
        <div className="pl-answer-zone">{answer}</div>
      </div>
      <div className="pl-map-help" ref={setHelpSlot} />
    </main>
  );
}

/** The room's media as PhotoThenMap shows it; `title` names the question, never its answer. */
function shownMedia(media: PhoneMedia, title: string): QuestionMedia {
  if (media.kind === "photo") return { photoUrl: media.url, streetview: null, title };
  const sv = media.streetview;
  return {
    photoUrl: null,
    streetview: { pano: sv.panoId, lat: sv.lat, lng: sv.lng, heading: sv.heading, pitch: sv.pitch, fov: sv.fov },
    title,
  };
}
