/**
 * The one map API every screen uses (wizard, player, presenter results, public pages).
 * GameMap renders Google Maps when a key is configured and loads, and the offline map
 * otherwise (docs/architecture.md, The map); both take the same props and look alike in what they
 * show.
 */
export type { Bounds, LatLng } from "@common/wire/protocol";
import type { Bounds, LatLng } from "@common/wire/protocol";

export type MapMarker = {
  id: string;
  position: LatLng;
  /** Player marker picture (/api/markers/{pseudo}); a plain pin in `color` otherwise. */
  iconUrl?: string;
  color?: string;
  /** Shown beside the marker and used as its accessible name. */
  label?: string;
};

export type MapCircle = {
  id: string;
  center: LatLng;
  radiusM: number;
  color: string;
  /** Filled rings (results) or outlines only. */
  fillOpacity?: number;
  label?: string;
};

export type MapRectangle = { id: string; bounds: Bounds; color: string };

export type GameMapProps = {
  /** The area shown and, with `restrict`, the only area the map may show. */
  bounds: Bounds;
  center?: LatLng;
  zoom?: number;
  restrict?: boolean;
  markers?: MapMarker[];
  circles?: MapCircle[];
  rectangles?: MapRectangle[];
  helpZone?: Bounds | null;
  /**
   * A crowd of markers is coming (the results of a big room): the map makes the crowd's canvas
   * now, not in the frame the crowd first shows.
   */
  crowd?: boolean;
  /** Animate the view to these bounds (results sequence: zoom in on the true spot). */
  focus?: Bounds | null;
  /**
   * A tap, or the keyboard's Space or Enter at the crosshair: the point chosen. Without it the map
   * only shows.
   */
  onMapClick?: (position: LatLng) => void;
  /**
   * The screen's own validation (the phone's « Répondre »), run by Enter once the marker stands
   * at the crosshair (a marker of `markers` at that point); before that, Enter places it. Given
   * while an answer can be sent.
   */
  onConfirm?: () => void;
  /** Zoom changes (the help target redraws its line width from it). */
  onZoomChange?: (zoom: number) => void;
  className?: string;
  /** The map's accessible name, worded by its screen (« Carte » by default). */
  ariaLabel?: string;
  /**
   * Where the keyboard's help line goes: an element of the screen below the map (the phone's
   * question, where the map is too small at 200 % zoom for a line over it); over the map without.
   */
  helpSlot?: HTMLElement | null;
};
