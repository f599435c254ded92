import { useEffect, useMemo, useState } from "react";
import type { DefiQuestionResults } from "@common/contracts/defi/types";
import { MSG } from "@common/contracts/messages";
import type { MapSettings, TargetSetting } from "@common/wire/protocol";
import { boxAroundMetres } from "@common/util/projection";
import { SPOT_COLOR } from "@common/rules";
import { GameMap } from "~/features/map/GameMap";
import { ringCircles } from "~/features/map/rings";
import type { MapMarker } from "~/features/map/types";
import type { Words } from "@common/i18n/ids";
import { RichText, useT } from "~/components/I18n";
import { markerUrl, Spinner } from "~/features/player/Common";
import { useFormats } from "~/features/player/format";
import { DefiCallError, defiApi } from "./api";
import { ringValues } from "./DefiReveal";

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
  const t = useT();
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState<DefiQuestionResults | null>(null);
  const [failed, setFailed] = useState<Words | null>(null);
  const [close, setClose] = useState(true);
  useEffect(() => {
    let current = true;
    setFailed(null);
    defiApi.answers(code, index).then(
      (r) => current && setShown(r),
      (e: unknown) => current && setFailed(e instanceof DefiCallError ? e.words : MSG.network),
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
        {t("defi.answers.title")}
      </h2>
      <nav className="df-answers-nav" aria-label={t("defi.answers.title")}>
        <button type="button" className="button button-small df-answers-step" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          <span aria-hidden="true">‹</span>
          <span className="sr-only">{t("defi.answers.previous")}</span>
        </button>
        <p className="df-answers-q" aria-live="polite">
          {t("player.questionNumber", { n, count: questionCount })}
          {q ? <span className="df-answers-qtitle"> — {q.title}</span> : null}
        </p>
        <button
          type="button"
          className="button button-small df-answers-step"
          disabled={index + 1 >= questionCount}
          onClick={() => setIndex(index + 1)}
        >
          <span aria-hidden="true">›</span>
          <span className="sr-only">{t("defi.play.next")}</span>
        </button>
      </nav>
      {failed ? (
        <p className="pl-notice" role="alert">
          {t(failed)}
        </p>
      ) : null}
      {q?.photoUrl ? <img className="df-answers-photo" src={q.photoUrl} alt={t("defi.answers.photo", { n })} /> : null}
      <div className="df-answers-tools">
        <button type="button" className="button button-small df-answers-zoom" aria-pressed={close} onClick={() => setClose(true)}>
          {t("defi.answers.aroundSpot")}
        </button>
        <button type="button" className="button button-small df-answers-zoom" aria-pressed={!close} onClick={() => setClose(false)}>
          {t("defi.answers.wholeMap")}
        </button>
      </div>
      <div className="df-answers-map">
        <GameMap
          bounds={mapSettings.bounds}
          focus={focus}
          markers={markers}
          circles={circles}
          crowd={(q?.answers.length ?? 0) > 50}
          ariaLabel={t("defi.answers.map", { n })}
        />
      </div>
      {q ? (
        <div className="df-answers-card">
          <p className="df-reveal-line">{q.mine ? <MineLine q={q} targets={targets} /> : t("defi.answers.notPlayed")}</p>
          <p className="df-legend">
            <span className="df-legend-dot" style={{ background: SPOT_COLOR }} aria-hidden="true" />{" "}
            {t("defi.answers.legend", { mine: q.mine?.answer ? "yes" : "no", n: q.answers.length })}
          </p>
        </div>
      ) : failed ? null : (
        <Spinner label={t("defi.answers.loading")} />
      )}
    </section>
  );
}

/** « Votre réponse : 34 m (dans le cercle de 50 m) en 3,42 s, 7,23 points ». */
function MineLine({ q, targets }: { q: DefiQuestionResults; targets: TargetSetting[] }) {
  const t = useT();
  const f = useFormats();
  const m = q.mine!;
  if (!m.answer) return <>{t("player.result.noAnswer")}</>;
  return (
    <RichText
      id="defi.answers.mine"
      values={{ distance: f.distance(m.distanceM ?? 0), ...ringValues(targets, m.ring), time: f.seconds(m.timeMs ?? 0), points: f.points(m.points) }}
      components={{ 0: <strong />, 1: <strong /> }}
    />
  );
}
