import { useMemo } from "react";
import type { DefiInfo, DefiMe, DefiReveal } from "@common/defi/types";
import type { LatLng } from "@common/protocol";
import { SPOT_COLOR } from "@common/rules";
import { GameMap } from "~/features/map/GameMap";
import { ringCircles } from "~/features/map/rings";
import type { MapMarker } from "~/features/map/types";
import { markerUrl } from "~/features/player/Common";
import { formatDistance, formatPoints, formatSeconds } from "~/features/player/format";
import { QuestionRow } from "~/features/player/QuestionScreen";

/** Right after an answer or a missed question: the true spot in its rings beside the player's tap, and what it earned. */
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
  const circles = useMemo(() => ringCircles(defi.targets, reveal.spot), [defi.targets, reveal.spot]);
  const markers = useMemo<MapMarker[]>(
    () => [
      { id: "spot", position: reveal.spot, color: SPOT_COLOR },
      ...(reveal.answer ? [{ id: "me", position: reveal.answer, iconUrl: markerUrl(me.marker) }] : []),
    ],
    [reveal.spot, reveal.answer, me.marker],
  );
  const focus = useMemo(() => around(reveal.spot, reveal.answer), [reveal.spot, reveal.answer]);
  return (
    <main className="pl-question df-reveal" aria-label={`Réponse de la question ${reveal.index + 1}`}>
      <header className="pl-qbar">
        <QuestionRow index={reveal.index} count={defi.questionCount} pseudo={me.name} marker={me.marker} />
        <p className="df-reveal-title">{reveal.title}</p>
      </header>
      <div className="pl-map">
        <GameMap bounds={defi.mapSettings.bounds} markers={markers} circles={circles} focus={focus} ariaLabel="Carte : la bonne réponse et la vôtre" />
      </div>
      <section className="df-reveal-card" aria-label="Votre résultat">
        {reveal.answer ? (
          <p className="df-reveal-line">
            À <strong>{formatDistance(reveal.distanceM ?? 0)}</strong> en {formatSeconds(reveal.timeMs ?? 0)} :{" "}
            <strong>{formatPoints(reveal.points)}</strong>
          </p>
        ) : (
          <p className="df-reveal-line">Temps écoulé : pas de réponse, 0 point</p>
        )}
        <p className="df-reveal-total">Total : {formatPoints(reveal.total)}</p>
        <p className="df-legend">
          <span className="df-legend-dot" style={{ background: SPOT_COLOR }} aria-hidden="true" /> la bonne réponse, au centre des cercles
        </p>
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
