import { useMemo } from "react";
import type { DefiInfo, DefiMe, DefiReveal } from "@common/defi/types";
import type { LatLng, TargetSetting } from "@common/protocol";
import { DEFI_MSG, SPOT_COLOR } from "@common/rules";
import { GameMap } from "~/features/map/GameMap";
import { ringCircles } from "~/features/map/rings";
import type { MapMarker } from "~/features/map/types";
import { markerUrl } from "~/features/player/Common";
import { formatDistance, formatPoints, formatSeconds } from "~/features/player/format";
import { QuestionRow } from "~/features/player/QuestionScreen";
import { DEFI_TEXT } from "./texts";

/**
 * Right after an answer or a missed question: what it earned, on the map as the player left it.
 * A practice défi adds the true spot in its rings and the distance; otherwise the spot waits for
 * the end of the défi (DEFI_MSG.spotsAtEnd), and the ring says how close the answer was.
 */
export function RevealView({
  defi,
  reveal,
  me,
  busy,
  notice,
  onNext,
}: {
  defi: DefiInfo;
  reveal: DefiReveal;
  me: DefiMe;
  busy: boolean;
  notice: string | null;
  onNext: () => void;
}) {
  const { spot, answer } = reveal;
  const circles = useMemo(() => (spot ? ringCircles(defi.targets, spot) : []), [defi.targets, spot]);
  const markers = useMemo<MapMarker[]>(
    () => [
      ...(spot ? [{ id: "spot", position: spot, color: SPOT_COLOR }] : []),
      ...(answer ? [{ id: "me", position: answer, iconUrl: markerUrl(me.marker) }] : []),
    ],
    [spot, answer, me.marker],
  );
  const focus = useMemo(() => (spot ? around(spot, answer) : null), [spot, answer]);
  return (
    <main className="pl-question df-reveal" aria-label={`Réponse de la question ${reveal.index + 1}`}>
      <header className="pl-qbar">
        <QuestionRow index={reveal.index} count={defi.questionCount} pseudo={me.name} marker={me.marker} />
        {reveal.title ? <p className="df-reveal-title">{reveal.title}</p> : null}
      </header>
      <div className="pl-map">
        <GameMap
          bounds={defi.mapSettings.bounds}
          center={spot ? undefined : defi.mapSettings.center}
          zoom={spot ? undefined : defi.mapSettings.zoom}
          restrict={!spot}
          markers={markers}
          circles={circles}
          focus={focus}
          ariaLabel={spot ? "Carte : la bonne réponse et la vôtre" : DEFI_TEXT.tapMap}
        />
      </div>
      <section className="df-reveal-card" aria-label="Votre résultat">
        <p className="df-reveal-line">{resultLine(reveal, defi.targets)}</p>
        <p className="df-reveal-total">Total : {formatPoints(reveal.total)}</p>
        {spot ? (
          <p className="df-legend">
            <span className="df-legend-dot" style={{ background: SPOT_COLOR }} aria-hidden="true" /> la bonne réponse, au centre des cercles
          </p>
        ) : (
          <p className="df-legend">{DEFI_MSG.spotsAtEnd}</p>
        )}
        {notice ? (
          <p className="pl-notice" role="alert">
            {notice}
          </p>
        ) : null}
        <button type="button" className="button pl-button" disabled={busy} onClick={onNext}>
          {reveal.remaining > 0 ? "Question suivante" : "Voir mon résultat"}
        </button>
      </section>
    </main>
  );
}

/** « À 150 m en 3,42 s : 7,23 points », or without the distance « Dans le cercle de 200 m en … ». */
function resultLine(reveal: DefiReveal, targets: TargetSetting[]) {
  if (!reveal.answer) return "Temps écoulé : pas de réponse, 0 point";
  const where =
    reveal.distanceM !== null ? (
      <>
        À <strong>{formatDistance(reveal.distanceM)}</strong>
      </>
    ) : (
      <strong>{ringText(targets, reveal.ring)}</strong>
    );
  return (
    <>
      {where} {DEFI_TEXT.inTime(formatSeconds(reveal.timeMs ?? 0))} : <strong>{formatPoints(reveal.points)}</strong>
    </>
  );
}

export function ringText(targets: TargetSetting[], ring: number): string {
  const radius = targets[ring]?.max ?? -1;
  return ring > 0 && radius > 0 ? DEFI_TEXT.inRing(radius) : DEFI_TEXT.outsideRings;
}

/** A view around the spot and the answer, at least a kilometre across. */
function around(spot: LatLng, answer: LatLng | null) {
  const pad = 0.005;
  const lats = [spot.lat, answer?.lat ?? spot.lat];
  const lngs = [spot.lng, answer?.lng ?? spot.lng];
  return {
    north: Math.max(...lats) + pad,
    south: Math.min(...lats) - pad,
    east: Math.max(...lngs) + pad,
    west: Math.min(...lngs) - pad,
  };
}
