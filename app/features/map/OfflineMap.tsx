import { useId, useMemo } from "react";
import type { Words } from "@common/i18n/ids";
import { formatDistance } from "@common/i18n/format";
import { useLocale, useT } from "~/components/I18n";
import { HELP_TARGET_COLOR, helpTargetLineWidth, helpTargetShapes, helpTargetSvgPath } from "./help-target";
import { casings } from "./casing";
import { useCoordinates } from "./coordinates";
import { HINT_FLIP } from "./crosshair";
import { whereWords } from "./crosshair-words";
import { useMapKeyboard } from "./useMapKeyboard";
import { MapHelp } from "./MapHelp";
import { MapIcon } from "./MapPin";
import { MarkerBody } from "./MarkerBody";
import { LAND_PX, paintLand } from "./land";
import { MarkerCanvas } from "./MarkerCanvas";
import { splitMarkers } from "./marker-layer";
import { crosshairOf, ZOOM_STEP } from "./offline-map-view";
import { useOfflineMapView } from "./useOfflineMapView";
import {
  boundsCenter,
  graticuleDecimals,
  graticuleLines,
  graticuleStep,
  latSpan,
  lngSpan,
  metresToBox,
  project,
  scaleBar,
  viewWidthMetres,
  type BoxPoint,
} from "@common/util/projection";
import type { Bounds, GameMapProps, LatLng } from "./types";
import { StatusNote } from "~/components/StatusNote";

/**
 * The map without Google (docs/architecture.md, The map): no key, or Google failed to load. It
 * projects its view bounds linearly onto its box (projection.ts), takes taps, the keyboard, wheel
 * and pinch, and draws the same things as the Google rendering: markers, rings, rectangles, the
 * help target. What it shows and where its crosshair is are data (offline-map-view.ts), moved by
 * its events through useOfflineMapView; this component draws them.
 */

const VB = 1000; // SVG layers use a 1000 x 1000 viewBox stretched over the box.

/** SVG coordinates to a hundredth of a viewBox unit: shorter markup, same picture. */
const u = (v: number) => Math.round(v * 100) / 100;
const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
const inside = (p: BoxPoint, margin = 0.2) =>
  p.x >= -margin && p.x <= 1 + margin && p.y >= -margin && p.y <= 1 + margin;

export function OfflineMap({
  bounds,
  center,
  restrict,
  markers = [],
  circles = [],
  rectangles = [],
  crowd = false,
  helpZone,
  focus,
  onMapClick,
  onConfirm,
  onZoomChange,
  className,
  ariaLabel,
  helpSlot,
  notice,
}: GameMapProps & {
  /** Why this is the offline map although a Google key is set (presenter and admin screens). */
  notice?: Words;
}) {
  const t = useT();
  const locale = useLocale();
  const coords = useCoordinates();
  const hintId = useId();
  const { state, zoom, box, handlers, keys: moves, zoomBy } = useOfflineMapView({ bounds, focus, restrict, onMapClick, onZoomChange });
  const { view, size, ready } = state;
  const limit = restrict ? bounds : null;
  const crossAt = crosshairOf(state);
  const keys = useMapKeyboard({ ...moves, centre: center ?? boundsCenter(bounds), markers, onMapClick, onConfirm });

  const { grid, toPixel } = useMemo(() => drawing(view, size), [view, size]);
  const viewCenter = boundsCenter(view);
  const widthPx = size.w;
  // At most 120 px of scale bar, drawn in pixels of the box.
  const metresPerPx = viewWidthMetres(view) / Math.max(widthPx, 1);
  const scale = scaleBar(metresPerPx * 120);
  const scaleWidthPx = scale.metres / metresPerPx;
  const cross = project(view, crossAt);
  const help = helpZone ? helpTargetShapes(helpZone) : null;
  // A crowd's unlabelled pictures go on one canvas; the rest stay elements (marker-layer.ts).
  const { elements, drawn } = useMemo(() => splitMarkers(markers), [markers]);
  const canZoomOut = !limit || latSpan(view) < latSpan(limit) - 1e-9 || lngSpan(view) < lngSpan(limit) - 1e-9;
  const helpPath = help ? helpTargetSvgPath(help, view, VB) : null;
  const helpWidth = helpTargetLineWidth(zoom);

  return (
    <div
      ref={box}
      className={["game-map", "offline-map", onMapClick ? "is-clickable" : "", className ?? ""]
        .join(" ")
        .trim()}
      role="application"
      aria-roledescription={t("map.roleDescription")}
      aria-label={ariaLabel ?? t("map.label")}
      aria-describedby={hintId}
      tabIndex={0}
      data-offline-map=""
      data-ready={ready ? "" : undefined}
      data-keyboard={keys.keyboard ? "" : undefined}
      data-view-north={view.north}
      data-view-south={view.south}
      data-view-west={view.west}
      data-view-east={view.east}
      data-crosshair-lat={crossAt.lat}
      data-crosshair-lng={crossAt.lng}
      data-hint-low={cross.y < HINT_FLIP ? "" : undefined}
      {...handlers}
      {...keys.handlers}
    >
      <canvas ref={paintOnce} className="om-layer om-land" width={LAND_PX} height={LAND_PX} aria-hidden="true" />

      <svg className="om-layer" viewBox={`0 0 ${VB} ${VB}`} preserveAspectRatio="none" aria-hidden="true">
        <g className="om-grid-minor">
          {/* Keyed by their degree, as the major lines: a zoom's frame moves the lines it keeps, never makes them again. */}
          {grid.minorLat.map((l) => (
            <line key={`a${l.value}`} x1={0} x2={VB} y1={u(l.pos * VB)} y2={u(l.pos * VB)} />
          ))}
          {grid.minorLng.map((l) => (
            <line key={`o${l.value}`} y1={0} y2={VB} x1={u(l.pos * VB)} x2={u(l.pos * VB)} />
          ))}
        </g>
        <g className="om-grid-major">
          {grid.lat.map((l) => (
            <line key={`A${l.value}`} x1={0} x2={VB} y1={u(l.pos * VB)} y2={u(l.pos * VB)} />
          ))}
          {grid.lng.map((l) => (
            <line key={`O${l.value}`} y1={0} y2={VB} x1={u(l.pos * VB)} x2={u(l.pos * VB)} />
          ))}
        </g>
        {rectangles.map((r) => {
          const nw = project(view, { lat: r.bounds.north, lng: r.bounds.west });
          const se = project(view, { lat: r.bounds.south, lng: r.bounds.east });
          const box = {
            x: u(Math.min(nw.x, se.x) * VB),
            y: u(Math.min(nw.y, se.y) * VB),
            width: u(Math.abs(se.x - nw.x) * VB),
            height: u(Math.abs(se.y - nw.y) * VB),
          };
          return (
            <g key={r.id}>
              {casings(RECT_WIDTH).map((c) => (
                <rect key={c.color} className="om-casing" {...box} stroke={c.color} strokeWidth={c.width} />
              ))}
              <rect className="om-rect" {...box} stroke={r.color} fill={r.color} />
            </g>
          );
        })}
        {circles.map((c) => {
          const p = project(view, c.center);
          const { rx, ry } = metresToBox(view, c.center.lat, c.radiusM);
          const shape = { cx: u(p.x * VB), cy: u(p.y * VB), rx: u(rx * VB), ry: u(ry * VB) };
          return (
            <g key={c.id}>
              {casings(RING_WIDTH).map((k) => (
                <ellipse key={k.color} className="om-casing" {...shape} stroke={k.color} strokeWidth={k.width} />
              ))}
              <ellipse className="om-circle" {...shape} stroke={c.color} fill={c.color} fillOpacity={c.fillOpacity ?? 0} />
            </g>
          );
        })}
        {helpPath ? (
          <g>
            {casings(helpWidth).map((k) => (
              <path key={k.color} className="om-casing om-help-casing" d={helpPath} stroke={k.color} strokeWidth={k.width} />
            ))}
            <path
              className="om-help"
              d={helpPath}
              stroke={HELP_TARGET_COLOR}
              strokeWidth={helpWidth}
              data-line-width={helpWidth}
            />
          </g>
        ) : null}
      </svg>

      <div className="om-labels" aria-hidden="true">
        {grid.lat
          .filter((l) => l.pos * size.h > 52 && l.pos * size.h < size.h - 84)
          .map((l) => (
            <span key={`A${l.value}`} className="om-grid-label om-grid-lat" style={{ top: pct(l.pos) }}>
              {coords.lat(l.value, grid.latDecimals)}
            </span>
          ))}
        {grid.lng
          .filter((l) => l.pos * size.w > 24 && l.pos * size.w < size.w - 24)
          .map((l) => (
            <span key={`O${l.value}`} className="om-grid-label om-grid-lng" style={{ left: pct(l.pos) }}>
              {coords.lng(l.value > 180 ? l.value - 360 : l.value, grid.lngDecimals)}
            </span>
          ))}
        {circles.map((c) => {
          if (!c.label) return null;
          const p = project(view, c.center);
          const { ry } = metresToBox(view, c.center.lat, c.radiusM);
          return (
            <span
              key={c.id}
              className="om-circle-label"
              style={{ left: pct(p.x), top: pct(p.y - ry), borderColor: c.color }}
            >
              {c.label}
            </span>
          );
        })}
      </div>

      {drawn.length > 0 || crowd ? <MarkerCanvas markers={drawn} toPixel={toPixel} width={size.w} height={size.h} /> : null}
      <div className="om-markers">
        {elements.map((m) => {
          const p = project(view, m.position);
          if (!inside(p)) return null;
          return (
            <MarkerBody
              key={m.id}
              marker={m}
              style={{ left: pct(p.x), top: pct(p.y) }}
              labelSide={labelSide(p.x, size.w)}
            />
          );
        })}
      </div>

      <div className="map-crosshair" style={{ left: pct(cross.x), top: pct(cross.y) }} aria-hidden="true" />

      <p className="om-badge">
        <MapIcon />
        {t("map.offline")}
      </p>
      <StatusNote words={notice} className="om-notice" />

      <div className="om-zoom">
        <button type="button" aria-label={t("map.zoomIn")} onClick={() => zoomBy(ZOOM_STEP)}>
          +
        </button>
        <button
          type="button"
          aria-label={t("map.zoomOut")}
          onClick={() => zoomBy(1 / ZOOM_STEP)}
          disabled={!canZoomOut}
        >
          −
        </button>
      </div>

      <div className="om-footer" aria-hidden="true">
        <div className="om-scale">
          <span className="om-scale-bar" style={{ width: `${scaleWidthPx.toFixed(1)}px` }} />
          <span>{formatDistance(locale, scale.metres)}</span>
        </div>
        <span className="om-center">{coords.point(viewCenter, 3)}</span>
      </div>

      <MapHelp
        id={hintId}
        keys={keys}
        canPlace={!!onMapClick}
        canConfirm={!!onConfirm}
        where={whereWords(locale, crossAt, center ?? boundsCenter(bounds))}
        slot={helpSlot}
      />
    </div>
  );
}

/** Line widths in pixels: a ring's, a rectangle's (the casing adds to them). */
const RING_WIDTH = 2.5;
const RECT_WIDTH = 2.5;

/** Labels near an edge run inwards (about 90 px: half of a long pseudo). */
function labelSide(x: number, widthPx: number): string {
  if (x * widthPx < 90) return " is-start";
  if ((1 - x) * widthPx < 90) return " is-end";
  return "";
}

/** The land, painted once when its canvas is mounted (a stable ref: not again at each render). */
const paintOnce = (canvas: HTMLCanvasElement | null) => {
  if (canvas) paintLand(canvas);
};

/** What the view's drawing needs for a view and a box: the grid, and a point's pixel in the box. */
function drawing(view: Bounds, size: { w: number; h: number }) {
  const toPixel = (ll: LatLng) => {
    const p = project(view, ll);
    return inside(p) ? { x: p.x * size.w, y: p.y * size.h } : null;
  };
  return { grid: graticule(view, size), toPixel };
}

type GridLine = { value: number; pos: number };

function graticule(view: Bounds, size: { w: number; h: number }) {
  // As many lines as their labels have room for, on each axis.
  const latStep = graticuleStep(latSpan(view), Math.floor(size.h / 70));
  const lngStep = graticuleStep(lngSpan(view), Math.floor(size.w / 80));
  const west = view.west;
  const east = view.west + lngSpan(view);
  const lat: GridLine[] = graticuleLines(view.south, view.north, latStep).map((v) => ({
    value: v,
    pos: (view.north - v) / latSpan(view),
  }));
  const lng: GridLine[] = graticuleLines(west, east, lngStep).map((v) => ({
    value: v,
    pos: (v - west) / lngSpan(view),
  }));
  const minorLat: GridLine[] = graticuleLines(view.south, view.north, latStep / 5).map((v) => ({
    value: v,
    pos: (view.north - v) / latSpan(view),
  }));
  const minorLng: GridLine[] = graticuleLines(west, east, lngStep / 5).map((v) => ({ value: v, pos: (v - west) / lngSpan(view) }));
  return { lat, lng, minorLat, minorLng, latDecimals: graticuleDecimals(latStep), lngDecimals: graticuleDecimals(lngStep) };
}
