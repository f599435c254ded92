import { useRef, useState } from "react";
import type { RoomMessageOf, RoomQuiz } from "@common/wire/room-messages";
import { GameMap } from "~/features/map/GameMap";
import { ELEMENT_MARKERS_MAX } from "~/features/map/marker-layer";
import type { MapCircle } from "~/features/map/types";
import { SPOT_COLOR } from "@common/rules";
import type { Words } from "@common/i18n/ids";
import { formatDistance as distanceIn } from "@common/i18n/format";
import type { Locale } from "@common/i18n/locales";
import { m } from "@common/i18n/words";
import { useLocale, useT } from "~/components/I18n";
import { useIsoLayoutEffect } from "~/components/layout-effect";
import { shortPoints } from "./format";
import { Answered, QuestionNumber } from "./QuestionView";
import { halfHeightM, spotCircleRadiusM } from "./results-timeline";
import { type RevealMap, useRevealMap } from "./useRevealMap";

/** 'Hors cible · 0 pt' or 'Cercle de 100 m · 3 pts'. */
function zoneTitle(locale: Locale, quiz: RoomQuiz, zone: number): Words {
  const t = quiz.target[zone];
  if (zone === 0 || !t || t.max < 0) return m("presenter.results.outsideTitle");
  return m("presenter.results.ringTitle", { radius: distanceIn(locale, t.max), points: shortPoints(t.points, locale) });
}

/** A ref for the map's box and its width / height, measured once before the first paint. */
function useBoxAspect() {
  const boxRef = useRef<HTMLDivElement>(null);
  const [aspect, setAspect] = useState<number | null>(null);
  useIsoLayoutEffect(() => {
    const el = boxRef.current;
    setAspect(el && el.clientHeight > 0 ? el.clientWidth / el.clientHeight : 16 / 9);
  }, []);
  return [boxRef, aspect] as const;
}

/**
 * The results map (docs/game-rules.md, The reveal): the sequence of results-timeline.ts played on
 * the map, with a legend of the rings and, beside it, who has just appeared. Calls `onDone` at
 * completion.
 */
export function ResultsMapView({
  quiz,
  results,
  onDone,
}: {
  quiz: RoomQuiz;
  results: RoomMessageOf<"pres_results">;
  onDone: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [boxRef, aspect] = useBoxAspect();
  const reveal = useRevealMap(quiz, results, aspect, t("presenter.results.spot"), onDone);
  const { frame, answers, markers } = reveal;
  const circles: MapCircle[] = [];
  if (frame?.spotCircle)
    circles.push({
      id: "spot-circle",
      center: results.spot,
      radiusM: spotCircleRadiusM(quiz.mapSettings.bounds),
      color: SPOT_COLOR,
      fillOpacity: 0.12,
    });
  if (frame?.rings) {
    // A ring's label sits on its top edge: only rings large enough in the view get one.
    const viewHalf = halfHeightM(frame.focus ?? quiz.mapSettings.bounds);
    const rings = quiz.target
      .map((t, i) => ({ t, i }))
      .filter(({ i, t }) => i > 0 && t.max > 0)
      .sort((a, b) => b.t.max - a.t.max);
    for (const { t: ring, i } of rings)
      circles.push({
        id: `ring-${i}`,
        center: results.spot,
        radiusM: ring.max,
        color: ring.color,
        fillOpacity: 0.22,
        label: ring.max / viewHalf >= 0.2 ? t("presenter.results.ringPoints", { points: shortPoints(ring.points, locale) }) : undefined,
      });
  }

  return (
    <div className="pres-results">
      <header className="results-bar">
        <QuestionNumber index={results.questionIndex} count={results.questionCount} />
        <h1 className="results-title">{t("presenter.results.title")}</h1>
        <Answered answered={results.answersCount} expected={results.playersCount} live={false} />
      </header>
      <div className="results-body">
        <div className="results-map" ref={boxRef}>
          <GameMap
            bounds={quiz.mapSettings.bounds}
            focus={frame?.focus ?? null}
            markers={markers}
            circles={circles}
            crowd={answers.length > ELEMENT_MARKERS_MAX}
            ariaLabel={t("presenter.results.map")}
            className="pres-map"
            explainFallback
          />
        </div>
        <ResultsSide quiz={quiz} results={results} reveal={reveal} />
      </div>
    </div>
  );
}

/** Beside the map: the rings' legend with the players counted as they appear, the latest zone's names. */
function ResultsSide({ quiz, results, reveal }: { quiz: RoomQuiz; results: RoomMessageOf<"pres_results">; reveal: RevealMap }) {
  const t = useT();
  const locale = useLocale();
  const { frame, zones, shown, byId } = reveal;
  const zone = frame?.zone ?? null;
  const zoneEntries = zone === null ? [] : (zones[zone] ?? []);
  // Counts grow as the markers appear: the legend never tells the end of the story first.
  const revealed = (i: number) => (zones[i] ?? []).filter((id) => shown.has(id)).length;
  const outside = revealed(0);
  const legend = quiz.target
    .map((t, i) => ({ t, i, count: revealed(i) }))
    .filter(({ i }) => i > 0)
    .sort((a, b) => b.t.max - a.t.max);

  return (
    <aside className="results-side" aria-live="polite">
      {frame?.rings ? (
        <ul className="results-legend" aria-label={t("presenter.results.legend")}>
          <li className={zone === 0 ? "is-current" : undefined}>
            <span className="legend-swatch legend-swatch-out" aria-hidden="true" />
            <span className="legend-radius legend-out">{t("presenter.results.outside")}</span>
            <span className="legend-points">{t("presenter.results.outsidePoints")}</span>
            <span className="legend-count">{t("presenter.results.players", { n: outside })}</span>
          </li>
          {legend.map(({ t: ring, i, count }) => (
            <li key={i} className={zone === i ? "is-current" : undefined}>
              <span className="legend-swatch" style={{ background: ring.color }} aria-hidden="true" />
              <span className="legend-radius">{distanceIn(locale, ring.max)}</span>
              <span className="legend-points">{t("presenter.results.ringPoints", { points: shortPoints(ring.points, locale) })}</span>
              <span className="legend-count">{t("presenter.results.players", { n: count })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="results-caption">{t("presenter.results.caption")}</p>
      )}
      {zone !== null ? (
        <div className="results-zone">
          <h2>{t(zoneTitle(locale, quiz, zone))}</h2>
          <ul>
            {zoneEntries.slice(0, 8).map((id) => {
              const a = byId.get(id);
              if (!a) return null;
              return (
                <li key={id}>
                  <span className="results-zone-name">{a.pseudo}</span>
                  <span className="results-zone-dist">{distanceIn(locale, a.distance)}</span>
                </li>
              );
            })}
            {zoneEntries.length > 8 ? (
              <li className="results-zone-more">{t("presenter.results.more", { n: zoneEntries.length - 8 })}</li>
            ) : null}
          </ul>
        </div>
      ) : frame?.rings && results.answersCount === 0 ? (
        <p className="results-caption">{t("presenter.results.nobody")}</p>
      ) : null}
    </aside>
  );
}

