/// <reference types="google.maps" />
import {
  APILoadingStatus,
  APIProvider,
  Circle,
  Map,
  Polyline,
  Rectangle,
  useApiLoadingStatus,
  useMap,
} from "@vis.gl/react-google-maps";
import { Fragment, useEffect, useId, useMemo, useRef, useState } from "react";
import { boundsCenter, viewWidthMetres } from "@common/projection";
import { useLocale, useT } from "~/components/I18n";
import { listenForAuthFailure, reportGoogleTrouble } from "./google-status";
import { HELP_TARGET_COLOR, helpTargetLineWidth, helpTargetShapes } from "./help-target";
import { boundsKey, useLatest } from "./camera";
import { casings } from "./casing";
import { HINT_FLIP, movedTarget } from "./crosshair";
import { whereWords } from "./crosshair-words";
import { GoogleMarkerCanvas } from "./GoogleMarkerCanvas";
import { HtmlMarker, OverlayAt } from "./HtmlMarker";
import { splitMarkers } from "./marker-layer";
import { MAP_MSG } from "./messages";
import { reducedMotion } from "./motion";
import { OfflineMap } from "./OfflineMap";
import type { Bounds, GameMapProps, LatLng } from "./types";
import { useMapKeyboard } from "./useMapKeyboard";
import { MapHelp } from "./MapHelp";

/**
 * Google rendering of GameMap, loaded in the browser only (GameMap lazy-loads this module after
 * hydration). Google bills every `google.maps.Map` built, so the map is built once per page and
 * kept: `reuseMaps` parks the instance when a screen unmounts it and hands it to the next
 * screen (next question, results), which only changes its options, overlays and camera.
 */

// Before the script is ever requested: Google reports a refused key through this hook.
listenForAuthFailure();

/** Past this, the offline map stands in while Google keeps loading (it takes over if it does). */
const LOAD_TIMEOUT_MS = 12_000;

/**
 * Everything hidden but road labels and administrative areas. JSON styles do not combine with
 * a Map ID: with GOOGLE_MAPS_MAP_ID the map's cloud style decides instead.
 */
const PLAYER_MAP_STYLES: google.maps.MapTypeStyle[] = [
  { stylers: [{ visibility: "off" }] },
  { featureType: "administrative", stylers: [{ visibility: "on" }] },
  { featureType: "road", elementType: "labels", stylers: [{ visibility: "on" }] },
  { featureType: "road", elementType: "labels.icon", stylers: [{ visibility: "off" }] },
];

type Props = GameMapProps & { apiKey: string; mapId: string | null; explainFallback: boolean };

export default function GoogleGameMap({ apiKey, ...props }: Props) {
  // The page's language, as loaded: Google's script is loaded once per page, so a language
  // switched later words our screens at once and Google's labels at the next page.
  const locale = useLocale();
  return (
    <APIProvider apiKey={apiKey} language={locale} region="FR">
      <GoogleOrOffline {...props} />
    </APIProvider>
  );
}

function GoogleOrOffline({ mapId, explainFallback, ...props }: Omit<Props, "apiKey">) {
  const status = useApiLoadingStatus();
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    // The script did not load: the rest of the page goes offline without asking again.
    if (status === APILoadingStatus.FAILED) reportGoogleTrouble("unreachable");
    if (status === APILoadingStatus.LOADED) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [status]);

  if (slow && status !== APILoadingStatus.LOADED) {
    return <OfflineMap {...props} notice={explainFallback ? MAP_MSG.unreachable : undefined} />;
  }
  return <GoogleView {...props} mapId={mapId} />;
}

function GoogleView({
  bounds,
  center,
  zoom,
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
  mapId,
}: GameMapProps & { mapId: string | null }) {
  const t = useT();
  const locale = useLocale();
  // A crowd's unlabelled pictures go on one canvas; the rest stay elements (marker-layer.ts).
  const { elements, drawn } = useMemo(() => splitMarkers(markers), [markers]);
  const camera =
    center && zoom !== undefined
      ? { defaultCenter: center, defaultZoom: zoom }
      : { defaultBounds: { ...bounds, padding: 0 } };
  const map = useMap();
  // The crosshair's point once the keyboard or a tap chose one; null: the map's centre.
  const [target, setTarget] = useState<LatLng | null>(null);
  const targetRef = useLatest(target);
  const hintId = useId();
  const limit = restrict ? bounds : null;
  const centre = center ?? boundsCenter(bounds);
  const shownNow = (): Bounds | null => map?.getBounds()?.toJSON() ?? null;
  const crossNow = (): LatLng => targetRef.current ?? map?.getCenter()?.toJSON() ?? centre;

  const keys = useMapKeyboard({
    target: crossNow,
    centre,
    widthMetres: () => {
      const view = shownNow();
      return view ? viewWidthMetres(view) : 0;
    },
    markers,
    move: (dx, dy) => {
      const from = crossNow();
      const view = shownNow();
      if (!map || !view) return from;
      const next = movedTarget(from, view, dx, dy, limit);
      // Google keeps the view in the zone: near its edge the crosshair leaves the centre.
      map.panTo(next);
      targetRef.current = next;
      setTarget(next);
      return next;
    },
    zoom: (factor) => {
      const z = map?.getZoom();
      if (!map || z === undefined) return;
      const at = crossNow();
      map.setCenter(at);
      map.setZoom(z + (factor < 1 ? 1 : -1));
      targetRef.current = at;
      setTarget(at);
    },
    onMapClick,
    onConfirm,
  });

  // Followed only while the crosshair shows: a results map on the big screen does not render
  // again at every frame of its camera for a crosshair nobody sees.
  const shown = useShownView(keys.keyboard ? map : null);
  const crossAt = target ?? (shown ? boundsCenter(shown) : (map?.getCenter()?.toJSON() ?? centre));

  // A drag, or a view that lost the point: the crosshair goes back to the centre.
  useEffect(() => {
    if (!map) return;
    const listener = google.maps.event.addListener(map, "dragstart", () => setTarget(null));
    return () => listener.remove();
  }, [map]);
  useEffect(() => {
    if (target && shown && !inView(shown, target)) setTarget(null);
  }, [target, shown]);

  return (
    <div
      className={["game-map", "google-map", className ?? ""].join(" ").trim()}
      role="application"
      aria-roledescription={t("map.roleDescription")}
      aria-label={ariaLabel ?? t("map.label")}
      aria-describedby={hintId}
      tabIndex={0}
      data-keyboard={keys.keyboard ? "" : undefined}
      data-crosshair-lat={crossAt.lat}
      data-crosshair-lng={crossAt.lng}
      data-hint-low={shown && (shown.north - crossAt.lat) / (shown.north - shown.south) < HINT_FLIP ? "" : undefined}
      {...keys.handlers}
    >
      <Map
        reuseMaps
        style={{ width: "100%", height: "100%" }}
        {...camera}
        {...(mapId ? { mapId } : { styles: PLAYER_MAP_STYLES })}
        mapTypeId="hybrid"
        defaultTilt={0}
        tiltInteractionEnabled={false}
        headingInteractionEnabled={false}
        gestureHandling="greedy"
        restriction={restrict ? { latLngBounds: bounds, strictBounds: false } : null}
        mapTypeControl={false}
        fullscreenControl={false}
        streetViewControl={false}
        rotateControl={false}
        cameraControl={false}
        zoomControl
        clickableIcons={false}
        keyboardShortcuts={false}
        onClick={(e) => {
          const ll = e.detail.latLng;
          if (!ll || !onMapClick) return;
          // A tap: the marker where the finger went, and the crosshair with it.
          setTarget({ lat: ll.lat, lng: ll.lng });
          onMapClick({ lat: ll.lat, lng: ll.lng });
        }}
      >
        <Camera bounds={bounds} center={center} zoom={zoom} focus={focus ?? null} />
        {onZoomChange ? <ZoomReporter onZoomChange={onZoomChange} /> : null}
        {rectangles.map((r) => (
          <CasedShape key={r.id} width={2}>
            {(stroke) => (
              <Rectangle
                bounds={r.bounds}
                {...stroke}
                strokeColor={stroke.strokeColor ?? r.color}
                fillColor={r.color}
                fillOpacity={stroke.strokeColor ? 0 : 0.08}
                clickable={false}
              />
            )}
          </CasedShape>
        ))}
        {circles.map((c) => (
          <CasedShape key={c.id} width={2}>
            {(stroke) => (
              <Circle
                center={c.center}
                radius={c.radiusM}
                {...stroke}
                strokeColor={stroke.strokeColor ?? c.color}
                fillColor={c.color}
                fillOpacity={stroke.strokeColor ? 0 : (c.fillOpacity ?? 0)}
                clickable={false}
              />
            )}
          </CasedShape>
        ))}
        {helpZone ? <HelpTargetLines zone={helpZone} /> : null}
        {drawn.length > 0 || crowd ? <GoogleMarkerCanvas markers={drawn} /> : null}
        {elements.map((m) => (
          <HtmlMarker key={m.id} marker={m} />
        ))}
        <OverlayAt position={crossAt}>
          <div className="map-crosshair" aria-hidden="true" />
        </OverlayAt>
      </Map>
      <MapHelp
        id={hintId}
        keys={keys}
        canPlace={!!onMapClick}
        canConfirm={!!onConfirm}
        where={whereWords(locale, crossAt, centre)}
        slot={helpSlot}
      />
    </div>
  );
}

const inView = (view: Bounds, p: LatLng) =>
  p.lat <= view.north && p.lat >= view.south && (view.west <= view.east ? p.lng >= view.west && p.lng <= view.east : p.lng >= view.west || p.lng <= view.east);

/** What the map shows now, followed (null until the map is there). */
function useShownView(map: google.maps.Map | null): Bounds | null {
  const [view, setView] = useState<Bounds | null>(null);
  useEffect(() => {
    if (!map) return;
    const read = () => {
      const b = map.getBounds();
      if (b) setView(b.toJSON());
    };
    read();
    const listener = google.maps.event.addListener(map, "bounds_changed", read);
    return () => listener.remove();
  }, [map]);
  return view;
}

type Stroke = { strokeColor?: string; strokeWeight: number; strokeOpacity?: number };

/**
 * A shape over its casing (casing.ts): drawn three times, the casing's dark and white bands
 * first, then the shape itself in its own colour.
 */
function CasedShape({ width, children }: { width: number; children: (stroke: Stroke) => JSX.Element }) {
  return (
    <>
      {casings(width).map((c) => (
        <Fragment key={c.color}>{children({ strokeColor: c.color, strokeWeight: c.width, strokeOpacity: 1 })}</Fragment>
      ))}
      {children({ strokeWeight: width })}
    </>
  );
}

/** The map's zoom, followed: a reused map keeps the zoom it had, so it is read, not assumed. */
function useMapZoom(): number | null {
  const map = useMap();
  const [zoom, setZoom] = useState<number | null>(null);
  useEffect(() => {
    if (!map) return;
    const read = () => {
      const z = map.getZoom();
      if (z !== undefined) setZoom(z);
    };
    read();
    const listener = google.maps.event.addListener(map, "zoom_changed", read);
    return () => listener.remove();
  }, [map]);
  return zoom;
}

function ZoomReporter({ onZoomChange }: { onZoomChange: (zoom: number) => void }) {
  const zoom = useMapZoom();
  const report = useLatest(onZoomChange);
  useEffect(() => {
    if (zoom !== null) report.current(Math.round(zoom));
  }, [zoom, report]);
  return null;
}

/** The help target, its line width following the zoom (thicker when zoomed out). */
function HelpTargetLines({ zone }: { zone: NonNullable<GameMapProps["helpZone"]> }) {
  const zoom = useMapZoom();
  const target = useMemo(() => helpTargetShapes(zone), [zone]);
  if (zoom === null) return null;
  const options = {
    strokeColor: HELP_TARGET_COLOR,
    strokeOpacity: 0.9,
    strokeWeight: helpTargetLineWidth(zoom),
    clickable: false,
  };
  const paths = [...target.rings, ...target.spokes];
  return (
    <>
      {casings(options.strokeWeight).map((c) =>
        paths.map((path, i) => (
          <Polyline key={`${c.color}${i}`} path={path} {...options} strokeColor={c.color} strokeOpacity={1} strokeWeight={c.width} />
        )),
      )}
      {paths.map((path, i) => (
        <Polyline key={`l${i}`} path={path} {...options} />
      ))}
    </>
  );
}

/** Camera changes after the first render: new bounds, centre or zoom, and the focus animation. */
function Camera({
  bounds,
  center,
  zoom,
  focus,
}: {
  bounds: Bounds;
  center?: GameMapProps["center"];
  zoom?: number;
  focus: Bounds | null;
}) {
  const map = useMap();
  const first = useRef({ bounds: true, view: true, focus: true });
  const latest = useLatest({ bounds, focus });
  const boundsChange = boundsKey(bounds);
  const focusChange = boundsKey(focus);
  const centerLat = center?.lat;
  const centerLng = center?.lng;

  useEffect(() => {
    if (!map) return;
    if (first.current.bounds) {
      first.current.bounds = false;
      return;
    }
    const { bounds, focus } = latest.current;
    if (!focus) map.fitBounds(bounds, 0);
  }, [map, boundsChange, latest]);

  useEffect(() => {
    if (!map) return;
    if (first.current.view) {
      first.current.view = false;
      return;
    }
    if (centerLat !== undefined && centerLng !== undefined) map.setCenter({ lat: centerLat, lng: centerLng });
    if (zoom !== undefined) map.setZoom(zoom);
  }, [map, centerLat, centerLng, zoom]);

  useEffect(() => {
    if (!map) return;
    const { bounds, focus } = latest.current;
    if (first.current.focus) {
      first.current.focus = false;
      if (!focus) return;
    }
    const target = focus ?? bounds;
    if (reducedMotion()) {
      map.fitBounds(target, 0);
      return;
    }
    // Pan first, then zoom: Google animates a pan, fitBounds alone would jump.
    map.panTo(boundsCenter(target));
    const timer = setTimeout(() => map.fitBounds(target, 0), 450);
    return () => clearTimeout(timer);
  }, [map, focusChange, latest]);

  return null;
}
