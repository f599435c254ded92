/// <reference types="google.maps" />
import { Circle, Map, Rectangle, useMap } from "@vis.gl/react-google-maps";
import { useEffect, useId, useMemo, useState } from "react";
import { boundsCenter, viewWidthMetres } from "@common/util/projection";
import { useLocale, useT } from "~/components/I18n";
import { useLatest } from "./camera";
import { HINT_FLIP, movedTarget } from "./crosshair";
import { whereWords } from "./crosshair-words";
import { Camera, useShownView } from "./GoogleCamera";
import { GoogleMarkerCanvas } from "./GoogleMarkerCanvas";
import { CasedShape, HelpTargetLines, ZoomReporter } from "./GoogleShapes";
import { HtmlMarker, OverlayAt } from "./HtmlMarker";
import { MapHelp } from "./MapHelp";
import { splitMarkers } from "./marker-layer";
import type { Bounds, GameMapProps, LatLng } from "./types";
import { useMapKeyboard } from "./useMapKeyboard";

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

/**
 * Google's map once its script is there (GoogleGameMap chose it): the quiz's zone, its shapes and
 * markers over Google's hybrid imagery, the crosshair and keys of the map without a pointer.
 */
export function GoogleView({
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

