import { useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { GameMap } from "~/features/map/GameMap";
import { formatLat, formatLng } from "@common/projection";
import type { Bounds, LatLng, MapMarker, MapRectangle } from "~/features/map/types";
import { boundsFromCorners, boxAround, contains, extend } from "@common/coords";
import type { MapSettings } from "@common/protocol";
import { saveMapSettings } from "./api";
import { BOUNDS_TEST_MS, INITIAL_ZOOM, WIZARD_MSG, type WizardQuestion } from "@common/wizard/types";
import { FieldError } from "~/components/FieldError";

const ACCENT = "#d81b60";
const QUESTION_COLOR = "#1565c0";
const CORNER_COLOR = "#ef6c00";
const PROPOSAL_COLOR = "#5b6785";

const fmt = (n: number) => n.toLocaleString("fr-FR", { maximumFractionDigits: 5 });
const fmtPoint = (p: LatLng) => `${formatLat(p.lat, 4)} · ${formatLng(p.lng, 4)}`;

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
  const [center, setCenter] = useState<LatLng | null>(initial?.center ?? null);
  const [bounds, setBounds] = useState<Bounds | null>(initial?.bounds ?? null);
  const [zoom, setZoom] = useState<number>(initial?.zoom ?? INITIAL_ZOOM);
  const [zoomSet, setZoomSet] = useState(initial !== null);
  const [corner, setCorner] = useState<LatLng | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [mapZoom, setMapZoom] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
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
    setTesting(Math.ceil(BOUNDS_TEST_MS / 1000));
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
      label: `${i + 1}. ${q.name}`,
    })),
    ...(center ? [{ id: "center", position: center, color: ACCENT, label: "Centre" }] : []),
    ...(corner ? [{ id: "corner", position: corner, color: CORNER_COLOR, label: "Premier coin" }] : []),
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
        <h2 id="wz-map-heading">Paramètres de la carte</h2>
        <ol className="wz-map-stages">
          <Stage n={1} stage={stage} title="Le centre">
            {center ? (
              <>
                <p className="wz-stage-value" data-testid="center-value">
                  Centre : {fmtPoint(center)}
                </p>
                <button type="button" className="wz-link-button" onClick={removeCenter}>
                  Retirer le centre
                </button>
              </>
            ) : (
              <p>Cliquez sur la carte à l'endroit du centre de la zone de jeu.</p>
            )}
          </Stage>

          <Stage n={2} stage={stage} title="Les limites">
            {bounds ? (
              <>
                <p className="wz-stage-value" data-testid="bounds-value">
                  Nord {fmt(bounds.north)} · Sud {fmt(bounds.south)}
                  <br />
                  Ouest {fmt(bounds.west)} · Est {fmt(bounds.east)}
                </p>
                <div className="wz-inline-actions">
                  <button type="button" className="wz-link-button" onClick={tryBounds} disabled={testing !== null}>
                    Essayer les limites (5 s)
                  </button>
                  <button type="button" className="wz-link-button" onClick={removeBounds}>
                    Retirer les limites
                  </button>
                </div>
              </>
            ) : stage === 2 ? (
              <>
                <p>
                  {corner
                    ? "Cliquez le coin opposé."
                    : "Cliquez deux coins opposés de la zone que les joueurs pourront voir."}
                </p>
                <button type="button" className="wz-link-button" onClick={() => center && applyBounds(boxAround(center))}>
                  Limites par défaut autour du centre
                </button>
              </>
            ) : (
              <p className="wz-muted">Après le centre.</p>
            )}
          </Stage>

          <Stage n={3} stage={stage} title="Le zoom">
            {stage >= 3 ? (
              <>
                <div className="wz-zoom">
                  <label htmlFor="wz-zoom">Zoom de départ</label>
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
                    Prendre le zoom de la carte ({mapZoom})
                  </button>
                ) : null}
                {zoomSet ? (
                  <p className="wz-stage-value" data-testid="zoom-value">
                    Zoom validé : {zoom}
                  </p>
                ) : (
                  <button type="button" className="button button-secondary button-small" onClick={() => setZoomSet(true)}>
                    Valider le zoom
                  </button>
                )}
              </>
            ) : (
              <p className="wz-muted">Après les limites.</p>
            )}
          </Stage>

          <Stage n={4} stage={stage} title="Confirmer">
            {outside.length > 0 ? (
              <p className="wz-warning" role="status">
                Attention : {outside.length === 1 ? "une question est" : `${outside.length} questions sont`} hors des
                limites ({outside.map((q) => `« ${q.name} »`).join(", ")}) : les joueurs ne pourront pas toucher ce point sur leur carte.
              </p>
            ) : null}
            <FieldError error={error} />
            <button type="button" className="button" onClick={confirm} disabled={stage !== 4 || saving}>
              {saving ? "..." : "Confirmer ces paramètres"}
            </button>
          </Stage>
        </ol>
        <button type="button" className="wz-link-button wz-back" onClick={onBack}>
          ← Retour aux questions
        </button>
      </section>

      <section className="wz-map-area" aria-label="Carte de la zone de jeu">
        {testing !== null ? (
          <p className="wz-map-banner" role="status">
            Essai des limites : voici ce que verront les joueurs ({testing} s)
          </p>
        ) : clickable ? (
          <p className="wz-map-banner wz-map-banner-hint">
            {stage === 1 ? "Cliquez pour placer le centre" : corner ? "Cliquez le coin opposé" : "Cliquez le premier coin"}
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
          ariaLabel="Carte des paramètres du quiz"
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
function Stage({ n, stage, title, children }: { n: number; stage: number; title: string; children: ReactNode }) {
  return (
    <li className={stageClass(n, stage)} aria-current={n === stage ? "step" : undefined}>
      <h3>
        <span className="wz-stage-n" aria-hidden="true">
          {n}
        </span>{" "}
        {title}
      </h3>
      {children}
    </li>
  );
}
