/// <reference types="google.maps" />
import { useEffect } from "react";
import { drawMarkers } from "./marker-layer";
import { useSpritesVersion } from "./MarkerCanvas";
import type { MapMarker } from "./types";
import { useMapOverlay } from "./useMapOverlay";

/**
 * The Google map's crowd of markers on one canvas (marker-layer.ts), in a single OverlayView: one
 * draw for the whole crowd when Google moves the camera, where an overlay per marker had Google
 * call each of 2,000 overlays at every step of a zoom. The canvas covers the map's view in the
 * overlay pane (under the markers that stay elements), placed from the projection as Google asks.
 */
type CanvasOverlay = google.maps.OverlayView & { setMarkers(markers: readonly MapMarker[]): void };

let CanvasOverlayClass: (new () => CanvasOverlay) | null = null;

/** Declared once google.maps is loaded, hence lazily, once per page (as HtmlMarker's overlay). */
function canvasOverlayClass() {
  if (CanvasOverlayClass) return CanvasOverlayClass;
  class Overlay extends google.maps.OverlayView {
    private readonly canvas = document.createElement("canvas");
    private markers: readonly MapMarker[] = [];

    constructor() {
      super();
      this.canvas.className = "gm-marker-canvas";
      this.canvas.setAttribute("aria-hidden", "true");
    }

    onAdd() {
      this.getPanes()?.overlayLayer.appendChild(this.canvas);
    }

    onRemove() {
      this.canvas.remove();
    }

    setMarkers(markers: readonly MapMarker[]) {
      this.markers = markers;
      this.canvas.dataset.drawnMarkers = String(markers.length);
      if (this.getProjection()) this.draw();
    }

    draw() {
      const projection = this.getProjection();
      const bounds = this.getMap() instanceof google.maps.Map ? (this.getMap() as google.maps.Map).getBounds() : null;
      if (!projection || !bounds) return;
      const ne = projection.fromLatLngToDivPixel(bounds.getNorthEast());
      const sw = projection.fromLatLngToDivPixel(bounds.getSouthWest());
      if (!ne || !sw) return;
      const left = Math.min(sw.x, ne.x);
      const top = Math.min(ne.y, sw.y);
      const width = Math.abs(ne.x - sw.x);
      const height = Math.abs(sw.y - ne.y);
      this.canvas.style.left = `${left}px`;
      this.canvas.style.top = `${top}px`;
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
      drawMarkers(
        this.canvas,
        this.markers,
        (ll) => {
          const p = projection.fromLatLngToDivPixel(ll);
          return p ? { x: p.x - left, y: p.y - top } : null;
        },
        width,
        height,
      );
    }
  }
  CanvasOverlayClass = Overlay;
  return Overlay;
}

export function GoogleMarkerCanvas({ markers }: { markers: readonly MapMarker[] }) {
  const overlay = useMapOverlay(() => new (canvasOverlayClass())());
  const loaded = useSpritesVersion();
  useEffect(() => {
    overlay?.setMarkers(markers);
  }, [overlay, markers, loaded]);
  return null;
}
