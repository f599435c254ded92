/// <reference types="google.maps" />
import { useMap } from "@vis.gl/react-google-maps";
import { useEffect, useRef, useState } from "react";
import { boundsCenter } from "@common/util/projection";
import { boundsKey, useLatest } from "./camera";
import { reducedMotion } from "./motion";
import type { Bounds, GameMapProps } from "./types";

/** What the map shows now, followed (null until the map is there). */
export function useShownView(map: google.maps.Map | null): Bounds | null {
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

/** Camera changes after the first render: new bounds, centre or zoom, and the focus animation. */
export function Camera({
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
