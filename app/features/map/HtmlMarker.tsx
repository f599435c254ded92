/// <reference types="google.maps" />
import { useEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { MarkerBody } from "./MarkerBody";
import type { LatLng, MapMarker } from "./types";
import { useMapOverlay } from "./useMapOverlay";

/**
 * Markers drawn as our own HTML in an OverlayView (docs/decisions/011): `google.maps.Marker` is
 * deprecated, and `AdvancedMarkerElement` needs a Map ID, which in turn switches off the JSON
 * styles the player map relies on. An OverlayView works with and without a Map ID, and shows the
 * very element the offline map shows.
 */
type HtmlOverlay = google.maps.OverlayView & { readonly el: HTMLDivElement; moveTo(p: LatLng): void };

let OverlayClass: (new (position: LatLng) => HtmlOverlay) | null = null;

/** The class can only be declared once google.maps is loaded, hence lazily, once per page. */
function overlayClass() {
  if (OverlayClass) return OverlayClass;
  class Overlay extends google.maps.OverlayView {
    readonly el = document.createElement("div");
    private position: LatLng;

    constructor(position: LatLng) {
      super();
      this.position = position;
      this.el.className = "gm-html-marker";
    }

    // The marker pane takes no pointer events: a tap on a marker still reaches the map.
    onAdd() {
      this.getPanes()?.markerLayer.appendChild(this.el);
    }

    draw() {
      const p = this.getProjection()?.fromLatLngToDivPixel(this.position);
      if (!p) return;
      this.el.style.left = `${p.x}px`;
      this.el.style.top = `${p.y}px`;
    }

    onRemove() {
      this.el.remove();
    }

    moveTo(position: LatLng) {
      this.position = position;
      if (this.getProjection()) this.draw();
    }
  }
  OverlayClass = Overlay;
  return Overlay;
}

export function HtmlMarker({ marker }: { marker: MapMarker }) {
  return (
    <OverlayAt position={marker.position}>
      <MarkerBody marker={marker} />
    </OverlayAt>
  );
}

/** Our own element on Google's map, its anchor on `position` (a marker, the crosshair). */
export function OverlayAt({ position, children }: { position: LatLng; children: ReactNode }) {
  // Read when a map comes: the position follows in the effect below, without a new overlay.
  const latest = useRef(position);
  latest.current = position;
  const overlay = useMapOverlay(() => new (overlayClass())(latest.current));

  const { lat, lng } = position;
  useEffect(() => {
    overlay?.moveTo({ lat, lng });
  }, [overlay, lat, lng]);

  return overlay ? createPortal(children, overlay.el) : null;
}
