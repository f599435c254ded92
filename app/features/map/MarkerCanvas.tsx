import { useEffect, useRef, useSyncExternalStore } from "react";
import { drawMarkers, spritesVersion, subscribeSprites } from "./marker-layer";
import type { LatLng, MapMarker } from "./types";

/** Redraws whenever a marker picture finishes loading (marker-layer.ts). */
export function useSpritesVersion(): number {
  return useSyncExternalStore(subscribeSprites, spritesVersion, () => 0);
}

/**
 * The offline map's crowd of markers on one canvas over its box (marker-layer.ts), redrawn when
 * the markers, the view or the box change: during the camera's zoom, one pass of copies a frame.
 */
export function MarkerCanvas({
  markers,
  toPixel,
  width,
  height,
}: {
  markers: readonly MapMarker[];
  /** A point's position in the box, in pixels; null off the box. Changes with the view. */
  toPixel: (p: LatLng) => { x: number; y: number } | null;
  width: number;
  height: number;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const loaded = useSpritesVersion();
  useEffect(() => {
    if (ref.current) drawMarkers(ref.current, markers, toPixel, width, height);
  }, [markers, toPixel, width, height, loaded]);
  return <canvas ref={ref} className="om-marker-canvas" aria-hidden="true" data-drawn-markers={markers.length} />;
}
