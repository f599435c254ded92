import { useMemo } from "react";
import type { DefiInfo, DefiMe, DefiReveal } from "@common/contracts/defi/types";
import type { LatLng, TargetSetting } from "@common/wire/protocol";
import { DEFI_MSG, SPOT_COLOR } from "@common/rules";
import { GameMap } from "~/features/map/GameMap";
import { ringCircles } from "~/features/map/rings";
import type { MapMarker } from "~/features/map/types";
import type { Words } from "@common/i18n/ids";
import { RichText, useT } from "~/components/I18n";
import { markerUrl } from "~/features/player/Common";
import { useFormats } from "~/features/player/format";
import { QuestionRow } from "~/features/player/QuestionParts";

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
  notice: Words | null;
  onNext: () => void;
}) {
  const t = useT();
  const f = useFormats();
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
    <main className="pl-question df-reveal" aria-label={t("defi.reveal.label", { n: reveal.index + 1 })}>
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
          ariaLabel={t(spot ? "defi.reveal.mapPractice" : "defi.reveal.mapOwn")}
        />
      </div>
      <section className="df-reveal-card" aria-label={t("player.result.yours")}>
        <p className="df-reveal-line">
          <ResultLine reveal={reveal} targets={defi.targets} />
        </p>
        <p className="df-reveal-total">{t("player.total", { points: f.points(reveal.total) })}</p>
        {spot ? (
          <p className="df-legend">
            <span className="df-legend-dot" style={{ background: SPOT_COLOR }} aria-hidden="true" /> {t("defi.reveal.spotLegend")}
          </p>
        ) : (
          <p className="df-legend">{t(DEFI_MSG.spotsAtEnd)}</p>
        )}
        {notice ? (
          <p className="pl-notice" role="alert">
            {t(notice)}
          </p>
        ) : null}
        <button type="button" className="button pl-button" disabled={busy} onClick={onNext}>
          {t(reveal.remaining > 0 ? "defi.play.next" : "defi.reveal.seeResult")}
        </button>
      </section>
    </main>
  );
}

/** « À 150 m en 3,42 s : 7,23 points », or without the distance « Dans le cercle de 200 m en … ». */
function ResultLine({ reveal, targets }: { reveal: DefiReveal; targets: TargetSetting[] }) {
  const t = useT();
  const f = useFormats();
  if (!reveal.answer) return <>{t("defi.reveal.missed")}</>;
  const values = { time: f.seconds(reveal.timeMs ?? 0), points: f.points(reveal.points) };
  const strong = { 0: <strong />, 1: <strong /> };
  return reveal.distanceM !== null ? (
    <RichText id="defi.reveal.distanceLine" values={{ ...values, distance: f.distance(reveal.distanceM) }} components={strong} />
  ) : (
    <RichText id="defi.reveal.ringLine" values={{ ...values, ...ringValues(targets, reveal.ring) }} components={strong} />
  );
}

/**
 * The ring an answer landed in, as the catalogs' `{ring, select, in {…} other {…}}` reads it:
 * « dans le cercle de 50 m », or « hors des cercles ».
 */
export function ringValues(targets: TargetSetting[], ring: number): { ring: "in" | "out"; radius: number } {
  const radius = targets[ring]?.max ?? -1;
  return ring > 0 && radius > 0 ? { ring: "in", radius } : { ring: "out", radius: 0 };
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
