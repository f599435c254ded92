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
  const sized = useRef(false);
  const loaded = useSpritesVersion();
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const draw = () => {
      sized.current = true;
      drawMarkers(canvas, markers, toPixel, width, height);
    };
    if (markers.length > 0 || sized.current) return draw();
    // Still empty (a reveal's first seconds): its bitmap, as large as the map, is made in a task
    // of its own rather than in the map's first frame, already the page's longest.
    const timer = window.setTimeout(draw, 0);
    return () => window.clearTimeout(timer);
  }, [markers, toPixel, width, height, loaded]);
  return <canvas ref={ref} className="om-marker-canvas" aria-hidden="true" data-drawn-markers={markers.length} />;
}
