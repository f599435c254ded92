import { describe, expect, it } from "vitest";
import { boundsCenter, latSpan, lngSpan } from "@common/util/projection";
import { clampTarget, enterMeans, KEY_STEP, mapCommand, movedTarget, viewOn, zoomedOn } from "./crosshair";

const zone = { north: 45.77, south: 45.75, west: 4.82, east: 4.84 };

function expectBounds(got: typeof zone, want: typeof zone) {
  for (const side of ["north", "south", "west", "east"] as const) expect(got[side], side).toBeCloseTo(want[side], 9);
}

describe("the keys of the map", () => {
  it("arrows move, Shift further, + and − zoom, Space places, Enter enters; shortcuts stay the browser's", () => {
    expect(mapCommand({ key: "ArrowRight" })).toEqual({ kind: "move", dx: KEY_STEP, dy: 0 });
    expect(mapCommand({ key: "ArrowUp", shiftKey: true })).toEqual({ kind: "move", dx: 0, dy: -1 / 3 });
    expect(mapCommand({ key: "+" })).toEqual({ kind: "zoom", factor: 0.5 });
    expect(mapCommand({ key: "=" })).toEqual({ kind: "zoom", factor: 0.5 });
    expect(mapCommand({ key: "-" })).toEqual({ kind: "zoom", factor: 2 });
    expect(mapCommand({ key: " " })).toEqual({ kind: "place" });
    expect(mapCommand({ key: "Enter" })).toEqual({ kind: "enter" });
    expect(mapCommand({ key: "ArrowLeft", ctrlKey: true })).toBeNull();
    expect(mapCommand({ key: "+", metaKey: true })).toBeNull();
    expect(mapCommand({ key: "Tab" })).toBeNull();
  });
});

describe("the crosshair's point", () => {
  it("moves by a share of the view and the view follows, centred on it", () => {
    const view = { north: 45.765, south: 45.755, west: 4.825, east: 4.835 };
    const next = movedTarget(boundsCenter(view), view, KEY_STEP, KEY_STEP, zone);
    expect(next.lng).toBeCloseTo(4.831, 9);
    expect(next.lat).toBeCloseTo(45.759, 9);
    const shown = viewOn(view, next, zone);
    expect(boundsCenter(shown).lat).toBeCloseTo(next.lat, 9);
    expect(boundsCenter(shown).lng).toBeCloseTo(next.lng, 9);
    expect(latSpan(shown)).toBeCloseTo(latSpan(view), 9);
  });

  it("reaches the zone's edge: the view stops there and the crosshair goes on", () => {
    // The whole zone in view: the view cannot move, the point can.
    let target = boundsCenter(zone);
    for (let i = 0; i < 8; i++) target = movedTarget(target, zone, KEY_STEP, 0, zone);
    expect(target.lng).toBe(zone.east);
    expectBounds(viewOn(zone, target, zone), zone);
    // And never beyond it.
    expect(movedTarget(target, zone, KEY_STEP, 0, zone)).toEqual(target);
  });

  it("wraps around the world without a zone, and stays off the poles", () => {
    expect(clampTarget({ lat: 89, lng: 181 }, null)).toEqual({ lat: 85, lng: -179 });
    expect(clampTarget({ lat: -10, lng: -190 }, null)).toEqual({ lat: -10, lng: 170 });
  });

  it("stays in a zone across the antimeridian", () => {
    const pacific = { north: 10, south: -10, west: 170, east: -170 };
    expect(clampTarget({ lat: 0, lng: 175 }, pacific)).toEqual({ lat: 0, lng: 175 });
    expect(clampTarget({ lat: 0, lng: -175 }, pacific)).toEqual({ lat: 0, lng: -175 });
    expect(clampTarget({ lat: 0, lng: -160 }, pacific)).toEqual({ lat: 0, lng: -170 });
    expect(clampTarget({ lat: 20, lng: 160 }, pacific)).toEqual({ lat: 10, lng: 170 });
  });

  it("zooms around the point, keeping it in view", () => {
    const target = { lat: 45.768, lng: 4.838 };
    const zoomed = zoomedOn(zone, target, 0.5, zone);
    expect(lngSpan(zoomed)).toBeCloseTo(lngSpan(zone) / 2, 9);
    // Near the corner the view stops at the zone's edge, the point still inside it.
    expect(zoomed.east).toBeCloseTo(zone.east, 9);
    expect(zoomed.north).toBeCloseTo(zone.north, 9);
    expect(target.lng).toBeLessThanOrEqual(zoomed.east);
    expect(target.lat).toBeGreaterThanOrEqual(zoomed.south);
    // Zooming out never shows more than the zone.
    expectBounds(zoomedOn(zone, target, 4, zone), zone);
  });
});

describe("Enter", () => {
  const here = { lat: 45.76, lng: 4.83 };
  it("places the marker, then validates once the marker stands at the crosshair", () => {
    expect(enterMeans(null, here, true)).toBe("place");
    expect(enterMeans(here, here, true)).toBe("confirm");
    // The crosshair moved since: the marker comes first.
    expect(enterMeans({ lat: 45.761, lng: 4.83 }, here, true)).toBe("place");
    // A screen without a validation of its own (the wizard, /map): Enter places.
    expect(enterMeans(here, here, false)).toBe("place");
  });
});
