import { boundsCenter, panView, unproject, zoomView, type BoxPoint } from "@common/util/projection";
import { movedTarget, viewOn, zoomedOn } from "./crosshair";
import type { Bounds, LatLng } from "./types";

/**
 * What the offline map shows and where its crosshair is, as data: the view, the crosshair's
 * point, the box's size and the gesture under way, changed by one action at a time (a finger
 * down, moved or lifted, the wheel, a zoom button, a key, new bounds from the screen). Pure, so
 * that a drag, a pinch, a tap or the keys are tested without a browser; `useOfflineMapView`
 * feeds it the events and the component draws the result.
 */

/** A finger that moves less than this is a tap, not a drag. */
export const TAP_SLOP_PX = 8;
/** The zoom buttons halve and double the view's size. */
export const ZOOM_STEP = 0.5;

/** The map's box on the page, as getBoundingClientRect gives it. */
export type Rect = { left: number; top: number; width: number; height: number };

type Point = { x: number; y: number };

type Gesture = {
  start: Point;
  startView: Bounds;
  moved: boolean;
  pinch?: { dist: number; view: Bounds; anchor: BoxPoint };
};

export type MapView = {
  view: Bounds;
  /** The crosshair's point once the keys or a tap chose one; null: the view's centre. */
  target: LatLng | null;
  /** The box in CSS pixels (the scale bar, the grid, the markers' canvas). */
  size: { w: number; h: number };
  /** Measured once hydrated: before that, taps go nowhere (tests wait for it). */
  ready: boolean;
  /** The fingers (or the mouse) down on the map, by pointer id. */
  pointers: Readonly<Record<number, Point>>;
  gesture: Gesture | null;
  /** Where the last action's tap landed (for the screen's onMapClick); null for any other action. */
  tapped: LatLng | null;
};

export type MapViewAction =
  | { type: "measured"; w: number; h: number }
  /** Bounds from the screen, a focus, an animation's frame: shown as they are, the crosshair back to the centre. */
  | { type: "show"; view: Bounds }
  /** A zoom button: around the view's centre. */
  | { type: "zoom"; factor: number }
  | { type: "wheel"; deltaY: number; deltaMode: number; x: number; y: number; rect: Rect }
  | { type: "down"; id: number; x: number; y: number; rect: Rect }
  | { type: "move"; id: number; x: number; y: number; rect: Rect }
  /** `tap`: a finger lifted where it went down places the marker (a map that takes answers). */
  | { type: "up"; id: number; x: number; y: number; rect: Rect; tap: boolean }
  | { type: "cancel"; id: number }
  /** An arrow: the crosshair's point moves by fractions of the view, and the view follows it. */
  | { type: "keyMove"; dx: number; dy: number }
  /** + or −: the view's size times `factor`, around the crosshair. */
  | { type: "keyZoom"; factor: number };

export function initialView(view: Bounds): MapView {
  return { view, target: null, size: { w: 360, h: 560 }, ready: false, pointers: {}, gesture: null, tapped: null };
}

/** Where the crosshair is: its chosen point, or the view's centre. */
export const crosshairOf = (s: MapView): LatLng => s.target ?? boundsCenter(s.view);

const boxPoint = (rect: Rect, x: number, y: number): BoxPoint => ({ x: (x - rect.left) / rect.width, y: (y - rect.top) / rect.height });

const without = (pointers: Readonly<Record<number, Point>>, id: number) => {
  const rest = { ...pointers };
  delete rest[id];
  return rest;
};

/** The next state after `action`, the view kept inside `limit` (the zone) when there is one. */
export function reduceView(state: MapView, action: MapViewAction, limit: Bounds | null): MapView {
  const s = state.tapped ? { ...state, tapped: null } : state;
  // A view the map moved to by itself or by a gesture: the crosshair goes back to its centre.
  const shown = (view: Bounds): MapView => ({ ...s, view, target: null });
  switch (action.type) {
    case "measured":
      return { ...s, size: { w: action.w, h: action.h }, ready: true };
    case "show":
      return shown(action.view);
    case "zoom":
      return shown(zoomView(s.view, action.factor, { x: 0.5, y: 0.5 }, limit));
    case "wheel": {
      const delta = action.deltaMode === 1 ? action.deltaY * 16 : action.deltaY;
      const factor = Math.exp(Math.max(-1, Math.min(1, delta * 0.002)));
      return shown(zoomView(s.view, factor, boxPoint(action.rect, action.x, action.y), limit));
    }
    case "keyMove": {
      const next = movedTarget(crosshairOf(s), s.view, action.dx, action.dy, limit);
      return { ...s, view: viewOn(s.view, next, limit), target: next };
    }
    case "keyZoom": {
      const at = crosshairOf(s);
      return { ...s, view: zoomedOn(s.view, at, action.factor, limit), target: at };
    }
    case "down": {
      const pointers = { ...s.pointers, [action.id]: { x: action.x, y: action.y } };
      const fingers = Object.values(pointers);
      if (fingers.length === 1) return { ...s, pointers, gesture: { start: { x: action.x, y: action.y }, startView: s.view, moved: false } };
      if (fingers.length === 2 && s.gesture) {
        const [a, b] = fingers as [Point, Point];
        const pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, view: s.view, anchor: boxPoint(action.rect, (a.x + b.x) / 2, (a.y + b.y) / 2) };
        return { ...s, pointers, gesture: { ...s.gesture, moved: true, pinch } };
      }
      return { ...s, pointers };
    }
    case "move": {
      const g = s.gesture;
      if (!(action.id in s.pointers) || !g) return s;
      const pointers = { ...s.pointers, [action.id]: { x: action.x, y: action.y } };
      const fingers = Object.values(pointers);
      if (g.pinch && fingers.length >= 2) {
        const [a, b] = fingers as [Point, Point];
        const dist = Math.hypot(a.x - b.x, a.y - b.y) || 1;
        return { ...shown(zoomView(g.pinch.view, g.pinch.dist / dist, g.pinch.anchor, limit)), pointers };
      }
      const dx = action.x - g.start.x;
      const dy = action.y - g.start.y;
      const moved = g.moved || Math.hypot(dx, dy) > TAP_SLOP_PX;
      if (!moved || g.pinch) return { ...s, pointers, gesture: { ...g, moved } };
      return { ...shown(panView(g.startView, -dx / action.rect.width, -dy / action.rect.height, limit)), pointers, gesture: { ...g, moved } };
    }
    case "up": {
      if (!(action.id in s.pointers)) return s;
      const pointers = without(s.pointers, action.id);
      if (Object.keys(pointers).length > 0) return { ...s, pointers };
      if (!s.gesture || s.gesture.moved || !action.tap) return { ...s, pointers, gesture: null };
      // A tap: the marker where the finger went, and the crosshair with it.
      const at = unproject(s.view, boxPoint(action.rect, action.x, action.y));
      return { ...s, pointers, gesture: null, target: at, tapped: at };
    }
    case "cancel": {
      const pointers = without(s.pointers, action.id);
      return { ...s, pointers, gesture: Object.keys(pointers).length ? s.gesture : null };
    }
  }
}
