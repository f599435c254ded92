import { describe, expect, it } from "vitest";
import { boundsCenter, latSpan, lngSpan } from "@common/util/projection";
import { KEY_STEP } from "./crosshair";
import { crosshairOf, initialView, reduceView, TAP_SLOP_PX, type MapView, type MapViewAction, type Rect } from "./offline-map-view";
import type { Bounds } from "./types";

// A 10° × 10° zone in a 400 × 400 px box at the page's corner: a pixel is 1/40 of a degree.
const ZONE: Bounds = { north: 50, south: 40, west: 0, east: 10 };
const rect: Rect = { left: 0, top: 0, width: 400, height: 400 };
const HALF: Bounds = { north: 47.5, south: 42.5, west: 2.5, east: 7.5 };

/** The state after each action in turn, inside the zone. */
const run = (actions: MapViewAction[], from: MapView = initialView(ZONE), limit: Bounds | null = ZONE) =>
  actions.reduce((s, a) => reduceView(s, a, limit), from);
const finger = (type: "down" | "move", id: number, x: number, y: number): MapViewAction => ({ type, id, x, y, rect });
const lift = (id: number, x: number, y: number, tap = true): MapViewAction => ({ type: "up", id, x, y, rect, tap });

describe("the offline map's view, as data", () => {
  it("starts on the bounds, crosshair at their centre, not ready until measured", () => {
    const s = initialView(ZONE);
    expect(s.view).toEqual(ZONE);
    expect(crosshairOf(s)).toEqual(boundsCenter(ZONE));
    expect(s.ready).toBe(false);
    expect(run([{ type: "measured", w: 400, h: 300 }])).toMatchObject({ ready: true, size: { w: 400, h: 300 } });
  });

  it("takes a finger lifted where it went down as a tap: the point under it, the crosshair there", () => {
    const s = run([finger("down", 1, 100, 200), finger("move", 1, 103, 202), lift(1, 103, 202)]);
    expect(s.tapped).toEqual({ lat: 50 - 202 / 40, lng: 103 / 40 });
    expect(crosshairOf(s)).toEqual(s.tapped);
    expect(s.view).toEqual(ZONE);
    // Said once: the next action is not a tap again.
    expect(run([{ type: "measured", w: 400, h: 400 }], s).tapped).toBeNull();
  });

  it("places nothing on a map that takes no answer", () => {
    const s = run([finger("down", 1, 100, 200), lift(1, 100, 200, false)]);
    expect(s.tapped).toBeNull();
    expect(s.target).toBeNull();
  });

  it("pans with a finger that moved further than a tap, the crosshair back to the view's centre", () => {
    const zoomed = run([{ type: "show", view: HALF }]);
    const s = run([finger("down", 1, 200, 200), finger("move", 1, 200 + TAP_SLOP_PX + 32, 200), lift(1, 240, 200)], zoomed);
    expect(s.tapped).toBeNull();
    // 40 px to the right: the view 40/400 of its width to the west.
    expect(s.view.west).toBeCloseTo(2.5 - 0.5, 9);
    expect(s.view.east).toBeCloseTo(7.5 - 0.5, 9);
    expect(s.target).toBeNull();
    expect(s.gesture).toBeNull();
  });

  it("zooms with two fingers around their middle, and no tap when they lift", () => {
    const s = run([finger("down", 1, 100, 200), finger("down", 2, 300, 200), finger("move", 2, 500, 200)]);
    // The fingers twice as far apart: in to half the size, inside the zone.
    expect(lngSpan(s.view)).toBeCloseTo(5, 9);
    expect(latSpan(s.view)).toBeCloseTo(5, 9);
    const lifted = run([lift(2, 500, 200), lift(1, 100, 200)], s);
    expect(lifted.tapped).toBeNull();
    expect(lifted.pointers).toEqual({});
  });

  it("zooms with the wheel towards the pointer, and never out past the zone", () => {
    const s = run([{ type: "wheel", deltaY: -500, deltaMode: 0, x: 0, y: 0, rect }]);
    expect(lngSpan(s.view)).toBeLessThan(10);
    expect(s.view.north).toBeCloseTo(50, 9);
    expect(s.view.west).toBeCloseTo(0, 9);
    expect(run([{ type: "wheel", deltaY: 500, deltaMode: 0, x: 200, y: 200, rect }]).view).toEqual(ZONE);
  });

  it("moves the crosshair with the keys, the view centred on it as far as the zone lets it", () => {
    const zoomed = run([{ type: "show", view: HALF }]);
    const s = run([{ type: "keyMove", dx: KEY_STEP, dy: 0 }], zoomed);
    expect(crosshairOf(s)).toEqual({ lat: 45, lng: 5 + KEY_STEP * 5 });
    expect(boundsCenter(s.view).lng).toBeCloseTo(5.5, 9);
    // At the zone's edge the view stops and the crosshair goes on alone, then no further.
    const edge = run(Array(30).fill({ type: "keyMove", dx: 0, dy: -KEY_STEP }), s);
    expect(crosshairOf(edge).lat).toBe(50);
    expect(edge.view.north).toBeCloseTo(50, 9);
    expect(boundsCenter(edge.view).lat).toBeCloseTo(47.5, 9);
  });

  it("zooms with + and − around the crosshair, which stays", () => {
    const moved = run([{ type: "keyMove", dx: 0.1, dy: 0.1 }]);
    const at = crosshairOf(moved);
    const s = run([{ type: "keyZoom", factor: 0.5 }], moved);
    expect(crosshairOf(s)).toEqual(at);
    expect(lngSpan(s.view)).toBeCloseTo(5, 9);
    expect(boundsCenter(s.view).lat).toBeCloseTo(at.lat, 9);
  });

  it("shows new bounds or a zoom button's view with the crosshair back at the centre", () => {
    const moved = run([{ type: "keyMove", dx: 0.1, dy: 0 }]);
    expect(run([{ type: "show", view: HALF }], moved).target).toBeNull();
    const zoomed = run([{ type: "zoom", factor: 0.5 }], moved);
    expect(zoomed.target).toBeNull();
    expect(zoomed.view).toEqual(HALF);
  });

  it("forgets a finger the browser cancelled", () => {
    const s = run([finger("down", 1, 100, 100), { type: "cancel", id: 1 }, lift(1, 100, 100)]);
    expect(s.gesture).toBeNull();
    expect(s.tapped).toBeNull();
  });
});
