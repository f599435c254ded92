import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { RoomMessageOf, RoomQuiz } from "@common/room-messages";
import { GameMap } from "~/features/map/GameMap";
import { ELEMENT_MARKERS_MAX, preloadPictures } from "~/features/map/marker-layer";
import type { MapCircle, MapMarker } from "~/features/map/types";
import { markerUrl } from "@common/media-urls";
import { revealAnswers, zonesOf } from "@common/reveal";
import { SPOT_COLOR } from "@common/rules";
import type { Words } from "@common/i18n/ids";
import { formatDistance as distanceIn } from "@common/i18n/format";
import type { Locale } from "@common/i18n/locales";
import { m } from "@common/i18n/words";
import { useLocale, useT } from "~/components/I18n";
import { shortPoints } from "./format";
import { Answered, QuestionNumber } from "./QuestionView";
import { frameAt, halfHeightM, nextEventAt, resultsTimeline, spotCircleRadiusM, type TimelineEvent } from "./results-timeline";

/** Every marker keeps its pseudo up to this many on the map; beyond, only the latest zone's. */
const LABELS_ALL = 8;
const LABELS_ZONE = 6;
const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** 'Hors cible · 0 pt' or 'Cercle de 100 m · 3 pts'. */
function zoneTitle(locale: Locale, quiz: RoomQuiz, zone: number): Words {
  const t = quiz.target[zone];
  if (zone === 0 || !t || t.max < 0) return m("presenter.results.outsideTitle");
  return m("presenter.results.ringTitle", { radius: distanceIn(locale, t.max), points: shortPoints(t.points, locale) });
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
  const boxRef = useRef<HTMLDivElement>(null);
  const [aspect, setAspect] = useState<number | null>(null);
  useIsoLayoutEffect(() => {
    const el = boxRef.current;
    setAspect(el && el.clientHeight > 0 ? el.clientWidth / el.clientHeight : 16 / 9);
  }, []);

  // The message's compact rows, read once per reveal: who, where, how far, in which zone.
  const answers = useMemo(() => revealAnswers(results), [results]);
  const zones = useMemo(() => zonesOf(answers, quiz.target.length), [answers, quiz]);
  // A crowd's pictures load while the spot and the rings play, not under the first zone's markers.
  useEffect(() => {
    if (answers.length > ELEMENT_MARKERS_MAX) preloadPictures(new Set(answers.map((a) => markerUrl(a.marker))));
  }, [answers]);
  const timeline = useMemo(
    () =>
      aspect === null
        ? null
        : resultsTimeline({
            spot: results.spot,
            bounds: quiz.mapSettings.bounds,
            targets: quiz.target,
            answers,
            zones,
            aspect,
          }),
    [aspect, quiz, results, answers, zones],
  );

  const frame = useTimelineFrame(timeline);
  const spotLabel = t("presenter.results.spot");

  const done = frame?.done ?? false;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    if (done) doneRef.current();
  }, [done]);

  const byId = useMemo(() => new Map(answers.map((a) => [a.seatId, a])), [answers]);
  // One marker object per answer for the whole reveal: a frame only picks which are shown, and
  // 2,000 new objects (and their addresses) at each zone were garbage the screen paused to collect.
  const answerMarkers = useMemo(
    () => answers.map((a): MapMarker => ({ id: a.seatId, position: a.coords, iconUrl: markerUrl(a.marker) })),
    [answers],
  );
  // The frame changes a few times in the whole sequence: what it puts on the map is worked out
  // then, not at every render (2,000 markers).
  const { shown, markers } = useMemo(() => {
    const shown = new Set(frame?.shown ?? []);
    // Once the rings are drawn the pin alone marks the spot: its label would hide the small rings.
    // Pseudos beside the markers while they stay readable; a crowd keeps its names in the side panel.
    const latest = new Set(frame?.zone === null || frame?.zone === undefined ? [] : (zones[frame.zone] ?? []));
    const labelled = (id: string) => shown.size <= LABELS_ALL || (latest.size <= LABELS_ZONE && latest.has(id));
    const markers: MapMarker[] = [
      { id: "spot", position: results.spot, color: SPOT_COLOR, label: frame?.rings ? undefined : spotLabel },
    ];
    answers.forEach((a, i) => {
      if (!shown.has(a.seatId)) return;
      const m = answerMarkers[i]!;
      markers.push(labelled(a.seatId) ? { ...m, label: a.pseudo } : m);
    });
    return { shown, markers };
  }, [frame, zones, answers, answerMarkers, results.spot, spotLabel]);
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
      </div>
    </div>
  );
}

/**
 * The timeline's frame now: set when the sequence starts and again at each of its events, a
 * timer sleeping until the next one (a dozen renders for the whole sequence).
 */
function useTimelineFrame(timeline: TimelineEvent[] | null) {
  const [clock, setClock] = useState<{ timeline: TimelineEvent[]; startedAt: number; elapsed: number } | null>(null);
  useEffect(() => {
    if (timeline) setClock({ timeline, startedAt: performance.now(), elapsed: 0 });
  }, [timeline]);
  const current = clock && clock.timeline === timeline ? clock : null;
  useEffect(() => {
    if (!current) return;
    const next = nextEventAt(current.timeline, current.elapsed);
    if (next === null) return;
    const id = window.setTimeout(
      () => setClock({ ...current, elapsed: Math.max(next, performance.now() - current.startedAt) }),
      Math.max(0, next - (performance.now() - current.startedAt)),
    );
    return () => window.clearTimeout(id);
  }, [current]);
  return useMemo(() => (current ? frameAt(current.timeline, current.elapsed) : null), [current]);
}

