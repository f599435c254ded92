/// <reference types="google.maps" />
import {
  APILoadingStatus,
  APIProvider,
  Circle,
  Map,
  Marker,
  Polyline,
  Rectangle,
  useApiLoadingStatus,
  useMap,
} from "@vis.gl/react-google-maps";
import { useEffect, useMemo, useRef, useState } from "react";
import { HELP_TARGET_COLOR, helpTargetLineWidth, helpTargetShapes } from "./help-target";
import { DEFAULT_MARKER_COLOR, PIN_PATH } from "./MapPin";
import { OfflineMap } from "./OfflineMap";
import { boundsCenter } from "@common/projection";
import type { Bounds, GameMapProps, MapMarker } from "./types";

/**
 * Google rendering of GameMap (spec §2 "Player map behaviour", DESIGN §7). Loaded in the browser
 * only (GameMap lazy-loads this module after hydration). When the script fails, the key is
 * refused, or nothing has loaded after a while, the offline map takes the same box.
 */

const LOAD_TIMEOUT_MS = 12_000;

/**
 * Everything hidden but road labels and administrative areas (spec §2). JSON styles do not
 * combine with a map id: with GOOGLE_MAPS_MAP_ID the cloud style decides instead.
 */
const STYLES: google.maps.MapTypeStyle[] = [
  { stylers: [{ visibility: "off" }] },
  { featureType: "administrative", stylers: [{ visibility: "on" }] },
  { featureType: "road", elementType: "labels", stylers: [{ visibility: "on" }] },
  { featureType: "road", elementType: "labels.icon", stylers: [{ visibility: "off" }] },
];

type Props = GameMapProps & { apiKey: string; mapId: string | null };

export default function GoogleGameMap({ apiKey, ...props }: Props) {
  return (
    <APIProvider apiKey={apiKey} language="fr" region="FR">
      <GoogleOrOffline {...props} />
    </APIProvider>
  );
}

function GoogleOrOffline({ mapId, ...props }: Omit<Props, "apiKey">) {
  const status = useApiLoadingStatus();
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (status === APILoadingStatus.LOADED) return;
    const timer = setTimeout(() => setTimedOut(true), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const failed =
    status === APILoadingStatus.FAILED ||
    status === APILoadingStatus.AUTH_FAILURE ||
    (timedOut && status !== APILoadingStatus.LOADED);
  if (failed) return <OfflineMap {...props} />;
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
  helpZone,
  focus,
  onMapClick,
  onZoomChange,
  className,
  ariaLabel = "Carte",
  mapId,
}: GameMapProps & { mapId: string | null }) {
  const [currentZoom, setCurrentZoom] = useState(zoom ?? 5);
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
        style={{ width: "100%", height: "100%" }}
        {...camera}
        {...(mapId ? { mapId } : { styles: STYLES })}
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
        onZoomChanged={(e) => {
          setCurrentZoom(e.detail.zoom);
          onZoomChange?.(e.detail.zoom);
        }}
      >
        <Camera bounds={bounds} center={center} zoom={zoom} focus={focus ?? null} />
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
        {helpZone ? <HelpTargetLines zone={helpZone} zoom={currentZoom} /> : null}
        {markers.map((m) => (
          <GoogleMarker key={m.id} marker={m} />
        ))}
      </Map>
    </div>
  );
}

function HelpTargetLines({ zone, zoom }: { zone: NonNullable<GameMapProps["helpZone"]>; zoom: number }) {
  const target = useMemo(() => helpTargetShapes(zone), [zone]);
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

function GoogleMarker({ marker }: { marker: MapMarker }) {
  // Only rendered inside <Map>, once the API is loaded: google.maps is defined here.
  const icon = useMemo<google.maps.Icon | google.maps.Symbol>(() => {
    if (marker.iconUrl) {
      return {
        url: marker.iconUrl,
        scaledSize: new google.maps.Size(44, 44),
        anchor: new google.maps.Point(22, 44),
        labelOrigin: new google.maps.Point(22, 56),
      };
    }
    return {
      path: PIN_PATH,
      fillColor: marker.color ?? DEFAULT_MARKER_COLOR,
      fillOpacity: 1,
      strokeColor: "#ffffff",
      strokeWeight: 1.5,
      scale: 1.2,
      anchor: new google.maps.Point(12, 34),
      labelOrigin: new google.maps.Point(12, 44),
    };
  }, [marker.iconUrl, marker.color]);
  return (
    <Marker
      position={marker.position}
      icon={icon}
      title={marker.label}
      label={
        marker.label
          ? {
              text: marker.label,
              color: "#ffffff",
              fontSize: "13px",
              fontWeight: "700",
              className: "gm-marker-label",
            }
          : undefined
      }
      clickable={false}
    />
  );
}

const key = (b: Bounds | null | undefined) => (b ? `${b.north},${b.south},${b.east},${b.west}` : "");

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

  useEffect(() => {
    if (!map) return;
    if (first.current.bounds) {
      first.current.bounds = false;
      return;
    }
    if (!focus) map.fitBounds(bounds, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key(bounds)]);

  useEffect(() => {
    if (!map) return;
    if (first.current.view) {
      first.current.view = false;
      return;
    }
    if (center) map.setCenter(center);
    if (zoom !== undefined) map.setZoom(zoom);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, center?.lat, center?.lng, zoom]);

  useEffect(() => {
    if (!map) return;
    if (first.current.focus) {
      first.current.focus = false;
      if (!focus) return;
    }
    const target = focus ?? bounds;
    // Pan first, then zoom: Google animates a pan, fitBounds alone would jump.
    map.panTo(boundsCenter(target));
    const timer = setTimeout(() => map.fitBounds(target, 0), 450);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key(focus)]);

  return null;
}
