import { useEffect, useMemo, useState } from "react";
import type { DefiQuestionResults } from "@common/defi/types";
import type { MapSettings, TargetSetting } from "@common/protocol";
import { boxAroundMetres } from "@common/projection";
import { SPOT_COLOR } from "@common/rules";
import { GameMap } from "~/features/map/GameMap";
import { ringCircles } from "~/features/map/rings";
import type { MapMarker } from "~/features/map/types";
import { markerUrl, Spinner } from "~/features/player/Common";
import { formatDistance, formatPoints, formatSeconds } from "~/features/player/format";
import { defiApi } from "./api";
import { ringText } from "./DefiReveal";
import { DEFI_TEXT } from "./texts";

/** Half the height of the view around the spot, in metres: the 200 m ring and the answers near it. */
const CLOSE_HALF_M = 600;

/**
 * Once a défi is over, its full reveal, question by question: the photo, the true spot in its
 * rings, everyone's answers on the map (coloured by their ring) and the reader's own with its
 * marker and result. One map for every question (Google bills each map built).
 */
export function DefiAnswers({
  code,
  questionCount,
  targets,
  mapSettings,
  marker,
}: {
  code: string;
  questionCount: number;
  targets: TargetSetting[];
  mapSettings: Pick<MapSettings, "bounds">;
  /** The reader's marker, when this device played the défi. */
  marker: string | null;
}) {
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState<DefiQuestionResults | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [close, setClose] = useState(true);
  useEffect(() => {
    let current = true;
    setFailed(null);
    defiApi.answers(code, index).then(
      (r) => current && setShown(r),
      (e: Error) => current && setFailed(e.message),
    );
    return () => {
      current = false;
    };
  }, [code, index]);
  const q = shown?.index === index ? shown : null;
  const circles = useMemo(() => (q ? ringCircles(targets, q.spot) : []), [q, targets]);
  const markers = useMemo<MapMarker[]>(() => {
    if (!q) return [];
    const mine = q.mine?.answer;
    // The reader's own answer is drawn with their marker; another on the very same point would lie under it anyway.
    const others = q.answers.filter((a) => !(mine && a.lat === mine.lat && a.lng === mine.lng));
    return [
      ...others.map((a, i) => ({ id: `a${i}`, position: { lat: a.lat, lng: a.lng }, color: targets[a.ring]?.color ?? targets[0]?.color })),
      { id: "spot", position: q.spot, color: SPOT_COLOR },
      ...(mine && marker ? [{ id: "me", position: mine, iconUrl: markerUrl(marker) }] : []),
    ];
  }, [q, targets, marker]);
  const focus = useMemo(() => (q && close ? boxAroundMetres(q.spot, CLOSE_HALF_M, 1) : mapSettings.bounds), [q, close, mapSettings.bounds]);
  const n = index + 1;
  return (
    <section className="df-answers" aria-labelledby="df-answers-title">
      <h2 id="df-answers-title" className="df-answers-title">
        {DEFI_TEXT.answersTitle}
      </h2>
      <nav className="df-answers-nav" aria-label={DEFI_TEXT.answersTitle}>
        <button type="button" className="button button-small df-answers-step" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          <span aria-hidden="true">‹</span>
          <span className="sr-only">{DEFI_TEXT.previous}</span>
        </button>
        <p className="df-answers-q" aria-live="polite">
          {DEFI_TEXT.questionOf(n, questionCount)}
          {q ? <span className="df-answers-qtitle"> — {q.title}</span> : null}
        </p>
        <button
          type="button"
          className="button button-small df-answers-step"
          disabled={index + 1 >= questionCount}
          onClick={() => setIndex(index + 1)}
        >
          <span aria-hidden="true">›</span>
          <span className="sr-only">{DEFI_TEXT.next}</span>
        </button>
      </nav>
      {failed ? (
        <p className="pl-notice" role="alert">
          {failed}
        </p>
      ) : null}
      {q?.photoUrl ? <img className="df-answers-photo" src={q.photoUrl} alt={DEFI_TEXT.photoOf(n)} /> : null}
      <div className="df-answers-tools">
        <button type="button" className="button button-small df-answers-zoom" aria-pressed={close} onClick={() => setClose(true)}>
          {DEFI_TEXT.aroundSpot}
        </button>
        <button type="button" className="button button-small df-answers-zoom" aria-pressed={!close} onClick={() => setClose(false)}>
          {DEFI_TEXT.wholeMap}
        </button>
      </div>
      <div className="df-answers-map">
        <GameMap
          bounds={mapSettings.bounds}
          focus={focus}
          markers={markers}
          circles={circles}
          crowd={(q?.answers.length ?? 0) > 50}
          ariaLabel={DEFI_TEXT.answersMap(n)}
        />
      </div>
      {q ? (
        <div className="df-answers-card">
          {q.mine ? <p className="df-reveal-line">{mineLine(q, targets)}</p> : <p className="df-reveal-line">{DEFI_TEXT.notPlayed}</p>}
          <p className="df-legend">
            <span className="df-legend-dot" style={{ background: SPOT_COLOR }} aria-hidden="true" /> {DEFI_TEXT.spotLegend}
            {q.mine?.answer ? `, ${DEFI_TEXT.mineLegend}` : ""} ; {DEFI_TEXT.answersCount(q.answers.length)} : {DEFI_TEXT.othersLegend}
          </p>
        </div>
      ) : failed ? null : (
        <Spinner label={DEFI_TEXT.answersLoading} />
      )}
    </section>
  );
}

function mineLine(q: DefiQuestionResults, targets: TargetSetting[]) {
  const m = q.mine!;
  if (!m.answer) return DEFI_TEXT.noAnswer;
  return (
    <>
      {DEFI_TEXT.yourAnswer} : <strong>{formatDistance(m.distanceM ?? 0)}</strong> ({ringText(targets, m.ring).toLowerCase()}){" "}
      {DEFI_TEXT.inTime(formatSeconds(m.timeMs ?? 0))}, <strong>{formatPoints(m.points)}</strong>
    </>
  );
}
