import { useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { GameMap } from "~/features/map/GameMap";
import type { Bounds, LatLng, MapMarker, MapRectangle } from "~/features/map/types";
import { boundsFromCorners, boxAround, contains, extend, formatDegrees, shownPoint } from "@common/util/coords";
import type { MessageId, Words } from "@common/i18n/ids";
import type { MapSettings } from "@common/wire/protocol";
import { saveMapSettings } from "./api";
import { BOUNDS_TEST_MS, INITIAL_ZOOM, WIZARD_MSG, type WizardQuestion } from "@common/contracts/wizard/types";
import { FieldError } from "~/components/FieldError";
import { useLocale, useT } from "~/components/I18n";

const ACCENT = "#d81b60";
const QUESTION_COLOR = "#1565c0";
const CORNER_COLOR = "#ef6c00";
const PROPOSAL_COLOR = "#5b6785";

const BOUNDS_TEST_S = Math.ceil(BOUNDS_TEST_MS / 1000);

/**
 * Step 3, 'Paramètres de la carte' (docs/game-rules.md, Building a quiz): 1 pick the centre, 2 draw
 * the bounds with two clicks (tried on the map for 5 s), 3 set the zoom (12 at first), 4 'Confirmer
 * ces paramètres'. Removing the centre resets bounds and zoom; removing the bounds resets the zoom.
 */
export function MapStep({
  quiz,
  questions,
  initial,
  backTo,
  onBack,
}: {
  quiz: string;
  questions: WizardQuestion[];
  initial: MapSettings | null;
  backTo: string;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const t = useT();
  const locale = useLocale();
  const deg = (n: number) => formatDegrees(locale, n);
  const [center, setCenter] = useState<LatLng | null>(initial?.center ?? null);
  const [bounds, setBounds] = useState<Bounds | null>(initial?.bounds ?? null);
  const [zoom, setZoom] = useState<number>(initial?.zoom ?? INITIAL_ZOOM);
  const [zoomSet, setZoomSet] = useState(initial !== null);
  const [corner, setCorner] = useState<LatLng | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [mapZoom, setMapZoom] = useState<number | null>(null);
  const [error, setError] = useState<Words | null>(null);
  const [saving, setSaving] = useState(false);
  const testTimer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stage: 1 | 2 | 3 | 4 = !center ? 1 : !bounds ? 2 : !zoomSet ? 3 : 4;

  useEffect(() => () => stopTest(), []);

  function stopTest() {
    if (testTimer.current) clearInterval(testTimer.current);
    testTimer.current = null;
    setTesting(null);
  }

  /** The bounds are applied to the map for 5 s, then the editing view comes back. */
  function tryBounds() {
    stopTest();
    const end = Date.now() + BOUNDS_TEST_MS;
    setTesting(BOUNDS_TEST_S);
    testTimer.current = setInterval(() => {
      const left = Math.ceil((end - Date.now()) / 1000);
      if (left <= 0) stopTest();
      else setTesting(left);
    }, 250);
  }

  function applyBounds(next: Bounds) {
    if (center && !contains(next, center)) {
      setError(WIZARD_MSG.centerOutside);
      return;
    }
    setError(null);
    setBounds(next);
    setZoom(INITIAL_ZOOM);
    setZoomSet(false);
    tryBounds();
  }

  function click(position: LatLng) {
    if (testing !== null) return;
    if (stage === 1) {
      setCenter(position);
      setError(null);
    } else if (stage === 2) {
      if (!corner) {
        setCorner(position);
      } else {
        setCorner(null);
        applyBounds(boundsFromCorners(corner, position));
      }
    }
  }

  function removeCenter() {
    stopTest();
    setCenter(null);
    setBounds(null);
    setCorner(null);
    setZoom(INITIAL_ZOOM);
    setZoomSet(false);
    setError(null);
  }

  function removeBounds() {
    stopTest();
    setBounds(null);
    setCorner(null);
    setZoom(INITIAL_ZOOM);
    setZoomSet(false);
    setError(null);
  }

  async function confirm() {
    if (!center || !bounds || !zoomSet) return;
    setSaving(true);
    const result = await saveMapSettings(quiz, { center, bounds, zoom });
    if (!result.ok) {
      setSaving(false);
      setError(result.error);
      return;
    }
    navigate(backTo);
  }

  // What the map shows: around the first question before a centre exists (docs/architecture.md,
  // The map), around the centre then, and the whole drawn area with a margin once bounds exist.
  const firstSpot = questions[0]?.coords ?? null;
  const anchor = center ?? firstSpot ?? { lat: 46.6, lng: 2.4 };
  const { lat: anchorLat, lng: anchorLng } = anchor;
  const view = useMemo(() => {
    const box = boxAround({ lat: anchorLat, lng: anchorLng });
    return bounds ? extend([box, bounds], [], 0.12)! : box;
  }, [anchorLat, anchorLng, bounds]);

  const outside = bounds ? questions.filter((q) => !contains(bounds, q.coords)) : [];

  const markers: MapMarker[] = [
    ...questions.map((q, i) => ({
      id: `q${q.id}`,
      position: q.coords,
      color: outside.includes(q) ? "#d62839" : QUESTION_COLOR,
      label: t("wizard.map.markerQuestion", { n: i + 1, name: q.name }),
    })),
    ...(center ? [{ id: "center", position: center, color: ACCENT, label: t("wizard.map.markerCenter") }] : []),
    ...(corner ? [{ id: "corner", position: corner, color: CORNER_COLOR, label: t("wizard.map.markerCorner") }] : []),
  ];
  const rectangles: MapRectangle[] = bounds
    ? [{ id: "bounds", bounds, color: ACCENT }]
    : center && stage === 2
      ? [{ id: "proposal", bounds: boxAround(center), color: PROPOSAL_COLOR }]
      : [];

  const clickable = testing === null && (stage === 1 || stage === 2);

  return (
    <div className="wz-map-step">
      <section className="wz-card wz-map-panel" aria-labelledby="wz-map-heading">
        <h2 id="wz-map-heading" tabIndex={-1}>
          {t("wizard.map.heading")}
        </h2>
        <ol className="wz-map-stages">
          <Stage n={1} stage={stage} title="wizard.map.stageCenter">
            {center ? (
              <>
                <p className="wz-stage-value" data-testid="center-value">
                  {t("wizard.map.center", { point: t(shownPoint(locale, center)) })}
                </p>
                <button type="button" className="wz-link-button" onClick={removeCenter}>
                  {t("wizard.map.removeCenter")}
                </button>
              </>
            ) : (
              <p>{t("wizard.map.pickCenter")}</p>
            )}
          </Stage>

          <Stage n={2} stage={stage} title="wizard.map.stageBounds">
            {bounds ? (
              <>
                <p className="wz-stage-value" data-testid="bounds-value">
                  {t("wizard.map.boundsNS", { north: deg(bounds.north), south: deg(bounds.south) })}
                  <br />
                  {t("wizard.map.boundsWE", { west: deg(bounds.west), east: deg(bounds.east) })}
                </p>
                <div className="wz-inline-actions">
                  <button type="button" className="wz-link-button" onClick={tryBounds} disabled={testing !== null}>
                    {t("wizard.map.tryBounds", { s: BOUNDS_TEST_S })}
                  </button>
                  <button type="button" className="wz-link-button" onClick={removeBounds}>
                    {t("wizard.map.removeBounds")}
                  </button>
                </div>
              </>
            ) : stage === 2 ? (
              <>
                <p>{t(corner ? "wizard.map.oppositeCorner" : "wizard.map.twoCorners")}</p>
                <button type="button" className="wz-link-button" onClick={() => center && applyBounds(boxAround(center))}>
                  {t("wizard.map.defaultBounds")}
                </button>
              </>
            ) : (
              <p className="wz-muted">{t("wizard.map.afterCenter")}</p>
            )}
          </Stage>

          <Stage n={3} stage={stage} title="wizard.map.stageZoom">
            {stage >= 3 ? (
              <>
                <div className="wz-zoom">
                  <label htmlFor="wz-zoom">{t("wizard.map.zoomLabel")}</label>
                  <input
                    id="wz-zoom"
                    type="range"
                    min={1}
                    max={20}
                    step={1}
                    value={zoom}
                    onChange={(e) => {
                      setZoom(Number(e.currentTarget.value));
                      setZoomSet(false);
                    }}
                  />
                  <output htmlFor="wz-zoom" className="wz-zoom-value">
                    {zoom}
                  </output>
                </div>
                {mapZoom !== null && mapZoom !== zoom ? (
                  <button type="button" className="wz-link-button" onClick={() => setZoom(mapZoom)}>
                    {t("wizard.map.takeMapZoom", { zoom: mapZoom })}
                  </button>
                ) : null}
                {zoomSet ? (
                  <p className="wz-stage-value" data-testid="zoom-value">
                    {t("wizard.map.zoomSet", { zoom })}
                  </p>
                ) : (
                  <button type="button" className="button button-secondary button-small" onClick={() => setZoomSet(true)}>
                    {t("wizard.map.setZoom")}
                  </button>
                )}
              </>
            ) : (
              <p className="wz-muted">{t("wizard.map.afterBounds")}</p>
            )}
          </Stage>

          <Stage n={4} stage={stage} title="wizard.map.stageConfirm">
            {outside.length > 0 ? (
              <p className="wz-warning" role="status">
                {t("wizard.map.outside", {
                  n: outside.length,
                  names: outside.map((q) => t("wizard.quoted", { name: q.name })).join(", "),
                })}
              </p>
            ) : null}
            <FieldError error={error && t(error)} />
            <button type="button" className="button" onClick={confirm} disabled={stage !== 4 || saving}>
              {t(saving ? "common.busy" : "wizard.map.confirm")}
            </button>
          </Stage>
        </ol>
        <button type="button" className="wz-link-button wz-back" onClick={onBack}>
          {t("wizard.map.back")}
        </button>
      </section>

      <section className="wz-map-area" aria-label={t("wizard.map.area")}>
        {/* The trial is said once as it starts; its countdown is a timer, shown but not read every second. */}
        <p className="sr-only" role="status">
          {testing !== null ? t("wizard.map.testingStarted", { s: BOUNDS_TEST_S }) : null}
        </p>
        {testing !== null ? (
          <p className="wz-map-banner" role="timer">
            {t("wizard.map.testing", { s: testing })}
          </p>
        ) : clickable ? (
          <p className="wz-map-banner wz-map-banner-hint">
            {t(stage === 1 ? "wizard.map.hintCenter" : corner ? "wizard.map.hintCorner2" : "wizard.map.hintCorner1")}
          </p>
        ) : null}
        <GameMap
          className="wz-map"
          bounds={testing !== null && bounds ? bounds : view}
          restrict={testing !== null}
          center={testing !== null && bounds ? undefined : (center ?? anchor)}
          zoom={stage >= 3 ? zoom : INITIAL_ZOOM}
          markers={markers}
          rectangles={rectangles}
          onMapClick={clickable ? click : undefined}
          onZoomChange={setMapZoom}
          ariaLabel={t("wizard.map.label")}
          explainFallback
        />
      </section>
    </div>
  );
}

function stageClass(n: number, stage: number): string {
  return n === stage ? "is-current" : n < stage ? "is-done" : "is-todo";
}

/** One numbered stage of the list: done, current (read out as the current step) or to come. */
function Stage({ n, stage, title, children }: { n: number; stage: number; title: MessageId; children: ReactNode }) {
  const t = useT();
  return (
    <li className={stageClass(n, stage)} aria-current={n === stage ? "step" : undefined}>
      <h3>
        <span className="wz-stage-n" aria-hidden="true">
          {n}
        </span>{" "}
        {t(title)}
      </h3>
      {children}
    </li>
  );
}
