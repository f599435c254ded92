/// <reference types="google.maps" />
import { useMap } from "@vis.gl/react-google-maps";
import { useEffect, useState } from "react";
import { useLatest } from "./camera";

/**
 * An overlay of ours (HtmlMarker, GoogleMarkerCanvas) on the page's Google map: made when the map
 * is there, taken off with the component. `make` is read when a map comes.
 */
export function useMapOverlay<T extends google.maps.OverlayView>(make: () => T): T | null {
  const map = useMap();
  const [overlay, setOverlay] = useState<T | null>(null);
  const latestMake = useLatest(make);
  useEffect(() => {
    if (!map) return;
    const created = latestMake.current();
    created.setMap(map);
    setOverlay(created);
    return () => {
      created.setMap(null);
      setOverlay(null);
    };
  }, [map, latestMake]);
  return overlay;
}
