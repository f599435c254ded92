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
import { useEffect, useMemo, useRef, useState } from "react";
import { boundsCenter } from "@common/projection";
import { listenForAuthFailure, reportGoogleTrouble } from "./google-status";
import { HELP_TARGET_COLOR, helpTargetLineWidth, helpTargetShapes } from "./help-target";
import { boundsKey, useLatest } from "./camera";
import { GoogleMarkerCanvas } from "./GoogleMarkerCanvas";
import { HtmlMarker } from "./HtmlMarker";
import { splitMarkers } from "./marker-layer";
import { MAP_MSG } from "./messages";
import { OfflineMap } from "./OfflineMap";
import { prefersReducedMotion } from "./useViewAnimation";
import type { Bounds, GameMapProps } from "./types";

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
  return (
    <APIProvider apiKey={apiKey} language="fr" region="FR">
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
  onZoomChange,
  className,
  ariaLabel = "Carte",
  mapId,
}: GameMapProps & { mapId: string | null }) {
  // A crowd's unlabelled pictures go on one canvas; the rest stay elements (marker-layer.ts).
  const { elements, drawn } = useMemo(() => splitMarkers(markers), [markers]);
  const camera =
    center && zoom !== undefined
      ? { defaultCenter: center, defaultZoom: zoom }
      : { defaultBounds: { ...bounds, padding: 0 } };

  return (
    <div
      className={["game-map", "google-map", className ?? ""].join(" ").trim()}
      role="region"
      aria-label={ariaLabel}
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
        keyboardShortcuts
        onClick={(e) => {
          const ll = e.detail.latLng;
          if (ll && onMapClick) onMapClick({ lat: ll.lat, lng: ll.lng });
        }}
      >
        <Camera bounds={bounds} center={center} zoom={zoom} focus={focus ?? null} />
        {onZoomChange ? <ZoomReporter onZoomChange={onZoomChange} /> : null}
        {rectangles.map((r) => (
          <Rectangle
            key={r.id}
            bounds={r.bounds}
            strokeColor={r.color}
            strokeWeight={2}
            fillColor={r.color}
            fillOpacity={0.08}
            clickable={false}
          />
        ))}
        {circles.map((c) => (
          <Circle
            key={c.id}
            center={c.center}
            radius={c.radiusM}
            strokeColor={c.color}
            strokeWeight={2}
            fillColor={c.color}
            fillOpacity={c.fillOpacity ?? 0}
            clickable={false}
          />
        ))}
        {helpZone ? <HelpTargetLines zone={helpZone} /> : null}
        {drawn.length > 0 || crowd ? <GoogleMarkerCanvas markers={drawn} /> : null}
        {elements.map((m) => (
          <HtmlMarker key={m.id} marker={m} />
        ))}
      </Map>
    </div>
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
  return (
    <>
      {target.rings.map((path, i) => (
        <Polyline key={`r${i}`} path={path} {...options} />
      ))}
      {target.spokes.map((path, i) => (
        <Polyline key={`s${i}`} path={path} {...options} />
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
    // Under reduced motion the view jumps there.
    if (prefersReducedMotion()) {
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
