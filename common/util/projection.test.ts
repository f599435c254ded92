import { describe, expect, it } from "vitest";
import {
  approxZoom,
  boundsAround,
  boxAroundMetres,
  clampView,
  formatLat,
  formatLng,
  graticuleLines,
  graticuleStep,
  interpolateBounds,
  metresToBox,
  METRES_PER_DEGREE,
  panView,
  project,
  scaleBar,
  unproject,
  zoomView,
} from "./projection";
import type { Bounds } from "../wire/protocol";

const FRANCE: Bounds = { north: 51.2, south: 41.3, west: -5.2, east: 9.7 };

describe("linear projection of the offline map", () => {
  it("puts a tap at 30 % / 40 % of the box 30 % of the way east and 40 % of the way south", () => {
    const p = unproject(FRANCE, { x: 0.3, y: 0.4 });
    expect(p.lng).toBeCloseTo(-5.2 + 0.3 * 14.9, 10);
    expect(p.lat).toBeCloseTo(51.2 - 0.4 * 9.9, 10);
  });

  it("maps the corners of the bounds onto the corners of the box", () => {
    expect(project(FRANCE, { lat: 51.2, lng: -5.2 })).toEqual({ x: 0, y: 0 });
    const se = project(FRANCE, { lat: 41.3, lng: 9.7 });
    expect(se.x).toBeCloseTo(1, 12);
    expect(se.y).toBeCloseTo(1, 12);
  });

  it("is undone by unproject", () => {
    for (const pt of [
      { x: 0.1, y: 0.9 },
      { x: 0.5, y: 0.5 },
      { x: 0.77, y: 0.03 },
    ]) {
      const back = project(FRANCE, unproject(FRANCE, pt));
      expect(back.x).toBeCloseTo(pt.x, 10);
      expect(back.y).toBeCloseTo(pt.y, 10);
    }
  });

  it("handles bounds that cross the antimeridian", () => {
    const pacific: Bounds = { north: 10, south: -10, west: 170, east: -170 };
    expect(project(pacific, { lat: 0, lng: 180 }).x).toBeCloseTo(0.5, 10);
    expect(project(pacific, { lat: 0, lng: -175 }).x).toBeCloseTo(0.75, 10);
    expect(project(pacific, { lat: 0, lng: 169 }).x).toBeCloseTo(-0.05, 10);
    expect(unproject(pacific, { x: 0.75, y: 0.5 }).lng).toBeCloseTo(-175, 10);
  });

  it("converts metres to fractions of the box at the given latitude", () => {
    const view: Bounds = { north: 1, south: 0, west: 0, east: 1 };
    const { rx, ry } = metresToBox(view, 60, METRES_PER_DEGREE / 10);
    expect(ry).toBeCloseTo(0.1, 10);
    // A degree of longitude is half as long at 60° N, so the same distance spans twice the degrees.
    expect(rx).toBeCloseTo(0.2, 10);
  });
});

describe("offline map view changes", () => {
  it("zooms around the anchor, keeping the anchored point in place", () => {
    const anchor = { x: 0.3, y: 0.4 };
    const before = unproject(FRANCE, anchor);
    const zoomed = zoomView(FRANCE, 0.5, anchor, FRANCE);
    const after = unproject(zoomed, anchor);
    expect(after.lat).toBeCloseTo(before.lat, 9);
    expect(after.lng).toBeCloseTo(before.lng, 9);
    expect(zoomed.north - zoomed.south).toBeCloseTo(4.95, 9);
  });

  it("never zooms out beyond the restriction and stays inside it", () => {
    const out = zoomView(FRANCE, 4, { x: 0.5, y: 0.5 }, FRANCE);
    expect(out).toEqual(FRANCE);
    const panned = panView(zoomView(FRANCE, 0.5, { x: 0.5, y: 0.5 }, FRANCE), 3, -3, FRANCE);
    expect(panned.east).toBeCloseTo(9.7, 9);
    expect(panned.north).toBeCloseTo(51.2, 9);
  });

  it("pans freely without a restriction but keeps off the poles", () => {
    const v = clampView({ north: 95, south: 75, west: 0, east: 10 }, null);
    expect(v.north).toBe(85);
    expect(v.south).toBe(65);
  });

  it("interpolates views for the focus animation", () => {
    const to: Bounds = { north: 48.9, south: 48.8, west: 2.3, east: 2.4 };
    expect(interpolateBounds(FRANCE, to, 0)).toEqual(FRANCE);
    const end = interpolateBounds(FRANCE, to, 1);
    expect(end.north).toBeCloseTo(48.9, 9);
    expect(end.west).toBeCloseTo(2.3, 9);
  });

  it("gives the Google zoom level that shows the same width", () => {
    expect(approxZoom({ north: 85, south: -85, west: -180, east: 180 }, 256)).toBe(0);
    expect(approxZoom({ north: 1, south: 0, west: 0, east: 360 / 1024 }, 256)).toBe(10);
  });
});

describe("bounds around questions", () => {
  it("adds a margin around the points", () => {
    const b = boundsAround([
      { lat: 48, lng: 2 },
      { lat: 50, lng: 6 },
    ])!;
    expect(b.north).toBeCloseTo(50.3, 9);
    expect(b.south).toBeCloseTo(47.7, 9);
    expect(b.west).toBeCloseTo(1.4, 9);
    expect(b.east).toBeCloseTo(6.6, 9);
  });

  it("gives a single point a minimum span and nothing for no point", () => {
    const b = boundsAround([{ lat: 45, lng: 5 }])!;
    expect(b.north - b.south).toBeCloseTo(0.1, 9);
    expect(b.east - b.west).toBeCloseTo(0.1, 9);
    expect(boundsAround([])).toBeNull();
  });
});

describe("map furniture", () => {
  it("chooses round graticule steps", () => {
    expect(graticuleStep(9.9)).toBe(2);
    expect(graticuleStep(0.1)).toBe(0.02);
    // A narrow phone box gets fewer lines.
    expect(graticuleStep(4, 4)).toBe(1);
    expect(graticuleLines(41.3, 51.2, 2)).toEqual([42, 44, 46, 48, 50]);
  });

  it("formats coordinates the French way", () => {
    expect(formatLat(48.85661, 3)).toBe("48,857° N");
    expect(formatLng(-1.5, 1)).toBe("1,5° O");
  });

  it("picks a round scale bar length", () => {
    expect(scaleBar(730)).toEqual({ metres: 500 });
    expect(scaleBar(27_000)).toEqual({ metres: 20_000 });
  });
});

describe("a view measured in metres", () => {
  it("keeps the map box's aspect so that circles stay round", () => {
    const b = boxAroundMetres({ lat: 60, lng: 10 }, 1000, 2);
    const heightM = (b.north - b.south) * METRES_PER_DEGREE;
    const widthM = (b.east - b.west) * METRES_PER_DEGREE * Math.cos((60 * Math.PI) / 180);
    expect(heightM).toBeCloseTo(2000, 6);
    expect(widthM / heightM).toBeCloseTo(2, 5);
  });
});
