import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { PointerEvent as ReactPointerEvent } from "react";
import { approxZoom, viewWidthMetres } from "@common/util/projection";
import { boundsKey, useLatest } from "./camera";
import { crosshairOf, initialView, reduceView, type MapView, type MapViewAction } from "./offline-map-view";
import type { MapKeyboard } from "./useMapKeyboard";
import { useViewAnimation } from "./useViewAnimation";
import type { Bounds, GameMapProps, LatLng } from "./types";

/**
 * The offline map's view driven by its events (offline-map-view.ts holds the rules): the box's
 * size, the fingers, the wheel, the zoom buttons, the keys, new bounds or a focus from the
 * screen (the focus flown to over about a second). Events between two renders each see the
 * state the one before left, so the view lives in a small store rather than in React's state.
 */
function viewStore(first: MapView, seen: { bounds: string; focus: string }) {
  let state = first;
  const listeners = new Set<() => void>();
  const store = {
    limit: null as Bounds | null,
    /** The screen's bounds and focus as last shown (their keys): a change moves the view. */
    seen,
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispatch(action: MapViewAction): MapView {
      state = reduceView(state, action, store.limit);
      listeners.forEach((l) => l());
      return state;
    },
    getView: () => state.view,
    show: (view: Bounds) => void store.dispatch({ type: "show", view }),
  };
  return store;
}

type ViewProps = Pick<GameMapProps, "bounds" | "focus" | "restrict" | "onMapClick" | "onZoomChange">;

export function useOfflineMapView(props: ViewProps) {
  const { bounds, focus, restrict } = props;
  const [store] = useState(() => viewStore(initialView(focus ?? bounds), { bounds: boundsKey(bounds), focus: boundsKey(focus) }));
  store.limit = restrict ? bounds : null;
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const latest = useLatest(props);
  const box = useRef<HTMLDivElement>(null);
  const { animateTo, cancel } = useViewAnimation(store.getView, store.show);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => void store.dispatch({ type: "measured", w: el.clientWidth || 360, h: el.clientHeight || 560 });
    measure();
    const ro = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    ro?.observe(el);
    // Wheel zoom needs a non-passive listener, or the page scrolls along.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      cancel();
      store.dispatch({ type: "wheel", deltaY: e.deltaY, deltaMode: e.deltaMode, x: e.clientX, y: e.clientY, rect: el.getBoundingClientRect() });
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      ro?.disconnect();
      el.removeEventListener("wheel", onWheel);
    };
  }, [store, cancel]);

  // New bounds from the screen (wizard, next question): shown, unless a focus holds the view. A
  // focus (results: the true spot) is flown to, and the bounds again when it goes.
  const boundsChange = boundsKey(bounds);
  const focusChange = boundsKey(focus);
  useEffect(() => {
    const { bounds, focus } = latest.current;
    if (focusChange !== store.seen.focus) animateTo(focus ?? bounds, 1000);
    else if (boundsChange !== store.seen.bounds && !focus) {
      cancel();
      store.show(bounds);
    }
    store.seen = { bounds: boundsChange, focus: focusChange };
  }, [boundsChange, focusChange, store, latest, animateTo, cancel]);

  const zoom = approxZoom(state.view, state.size.w);
  const roundZoom = Math.round(zoom);
  useEffect(() => {
    latest.current.onZoomChange?.(roundZoom);
  }, [roundZoom, latest]);

  const send = (action: MapViewAction) => {
    cancel();
    return store.dispatch(action);
  };
  const at = (e: ReactPointerEvent<HTMLDivElement>) => ({ id: e.pointerId, x: e.clientX, y: e.clientY, rect: box.current!.getBoundingClientRect() });
  const handlers = {
    onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      if ((e.target as HTMLElement).closest("button, a")) return;
      e.currentTarget.setPointerCapture?.(e.pointerId);
      send({ type: "down", ...at(e) });
    },
    onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
      if (e.pointerId in store.get().pointers) store.dispatch({ type: "move", ...at(e) });
    },
    onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
      const { onMapClick } = latest.current;
      const next = store.dispatch({ type: "up", ...at(e), tap: !!onMapClick });
      if (next.tapped) onMapClick?.(next.tapped);
    },
    onPointerCancel(e: ReactPointerEvent<HTMLDivElement>) {
      store.dispatch({ type: "cancel", id: e.pointerId });
    },
  };
  /** What the keyboard moves (useMapKeyboard): the crosshair, the view following it. */
  const keys: Pick<MapKeyboard, "target" | "widthMetres" | "move" | "zoom"> = {
    target: () => crosshairOf(store.get()),
    widthMetres: () => viewWidthMetres(store.get().view),
    move: (dx, dy): LatLng => crosshairOf(send({ type: "keyMove", dx, dy })),
    zoom: (factor) => void send({ type: "keyZoom", factor }),
  };
  const zoomBy = (factor: number) => void send({ type: "zoom", factor });

  return { state, zoom, box, handlers, keys, zoomBy };
}
