import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OfflineMap } from "./OfflineMap";
import { METRES_PER_DEGREE } from "@common/projection";
import type { GameMapProps } from "./types";

// The offline map renders on the server (Remix SSR) and draws what it is given where the linear
// projection puts it.
const bounds = { north: 50, south: 40, west: 0, east: 10 };
const render = (props: Partial<GameMapProps>) =>
  renderToString(createElement(OfflineMap, { bounds, ...props }));

describe("offline map, server-rendered", () => {
  it("says it is the offline map and exposes its view", () => {
    const html = render({ ariaLabel: "Carte du quiz" });
    expect(html).toContain("Carte hors ligne");
    expect(html).toContain('aria-label="Carte du quiz"');
    expect(html).toContain('data-view-north="50"');
    expect(html).toContain('data-view-west="0"');
  });

  it("puts a marker at its projected place, with its label as accessible name", () => {
    const html = render({ markers: [{ id: "m", position: { lat: 46, lng: 3 }, label: "Banane bleue" }] });
    expect(html).toMatch(/style="left:30\.000%;top:40\.000%"[^>]*role="img"[^>]*aria-label="Banane bleue"/);
  });

  it("shows a marker picture when it has one", () => {
    const html = render({
      markers: [{ id: "m", position: { lat: 45, lng: 5 }, iconUrl: "/api/markers/Kiwirouge" }],
    });
    expect(html).toContain('src="/api/markers/Kiwirouge"');
  });

  it("draws circles with their radius in metres at their latitude", () => {
    const radiusM = METRES_PER_DEGREE; // one degree of latitude
    const html = render({ circles: [{ id: "c", center: { lat: 45, lng: 5 }, radiusM, color: "#ff0000" }] });
    // 100 units of the 1000-unit viewBox per degree; a degree of longitude is shorter at 45° N.
    expect(html).toContain(`rx="${Math.round((100 / Math.cos(Math.PI / 4)) * 100) / 100}"`);
    expect(html).toContain('ry="100"');
  });

  it("draws the help target in magenta with lines max(5, 10 - zoom) wide", () => {
    const html = render({
      helpZone: { south: 44, west: 4, north: 46, east: 6 },
    });
    // 10 degrees of longitude in 360 px is about zoom 5: width 5.
    expect(html).toMatch(/class="om-help"[^>]*stroke="#ff00ff"[^>]*stroke-width="5"/);
    const world = renderToString(
      createElement(OfflineMap, {
        bounds: { north: 85, south: -85, west: -180, east: 180 },
        helpZone: { south: 44, west: 4, north: 46, east: 6 },
      })
    );
    // The whole world in 360 px is about zoom 0.5: width 9.5.
    expect(world).toMatch(/class="om-help"[^>]*stroke-width="9.5"/);
  });

  it("draws rectangles over their bounds", () => {
    const html = render({
      rectangles: [{ id: "r", bounds: { north: 48, south: 44, west: 2, east: 4 }, color: "#1e88e5" }],
    });
    expect(html).toMatch(/<rect class="om-rect" x="200" y="200" width="200" height="400"/);
  });
});
