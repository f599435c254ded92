import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderIn } from "../../../tests/support/i18n";
import type { Locale } from "@common/i18n/locales";
import { OfflineMap } from "./OfflineMap";
import { METRES_PER_DEGREE } from "@common/util/projection";
import type { GameMapProps } from "./types";

// The offline map renders on the server (Remix SSR) and draws what it is given where the linear
// projection puts it.
const bounds = { north: 50, south: 40, west: 0, east: 10 };
const render = (props: Partial<GameMapProps>, locale: Locale = "fr") => renderIn(createElement(OfflineMap, { bounds, ...props }), locale);

describe("offline map, server-rendered", () => {
  it("says it is the offline map and exposes its view", () => {
    const html = render({ ariaLabel: "Carte du quiz" });
    expect(html).toContain("Carte hors ligne");
    expect(html).toContain('aria-label="Carte du quiz"');
    expect(html).toContain('aria-roledescription="carte"');
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
    const world = render({
      bounds: { north: 85, south: -85, west: -180, east: 180 },
      helpZone: { south: 44, west: 4, north: 46, east: 6 },
    });
    // The whole world in 360 px is about zoom 0.5: width 9.5.
    expect(world).toMatch(/class="om-help"[^>]*stroke-width="9.5"/);
  });

  it("draws every coloured line over its casing, a dark band under a white one", () => {
    const html = render({
      circles: [{ id: "c", center: { lat: 45, lng: 5 }, radiusM: 1000, color: "#fdd835" }],
      helpZone: { south: 44, west: 4, north: 46, east: 6 },
    });
    expect(html).toMatch(/<ellipse class="om-casing"[^>]*stroke="#0b1d3a" stroke-width="6.5"><\/ellipse><ellipse class="om-casing"[^>]*stroke="#ffffff" stroke-width="4.5"><\/ellipse><ellipse class="om-circle"[^>]*stroke="#fdd835"/);
    expect(html).toMatch(/class="om-casing om-help-casing"[^>]*stroke="#0b1d3a" stroke-width="9"/);
  });

  it("words itself in the page's language: badge, zoom buttons, keys, crosshair, coordinates", () => {
    const en = render({ onMapClick: () => {}, onConfirm: () => {} }, "en");
    expect(en).toContain("Offline map");
    expect(en).toContain('aria-label="Zoom in"');
    expect(en).toContain("Space: place the marker at the crosshair. Enter: answer.");
    expect(en).toContain("Crosshair: at the centre of the map");
    expect(en).toContain("45.000° N, 5.000° E");
    const de = render({ onMapClick: () => {} }, "de");
    expect(de).toContain("Offline-Karte");
    expect(de).toContain("Leertaste oder Eingabetaste: Markierung am Fadenkreuz setzen.");
    expect(de).toContain("45,000° N, 5,000° O");
    const fr = render({ bounds: { north: 50, south: 40, west: -10, east: -2 } });
    expect(fr).toContain("Flèches : déplacer la carte. + et − : zoomer.");
    expect(fr).toContain("45,000° N, 6,000° O");
  });

  it("draws rectangles over their bounds", () => {
    const html = render({
      rectangles: [{ id: "r", bounds: { north: 48, south: 44, west: 2, east: 4 }, color: "#1e88e5" }],
    });
    expect(html).toMatch(/<rect class="om-rect" x="200" y="200" width="200" height="400"/);
    expect(html).toMatch(/<rect class="om-casing" x="200" y="200" width="200" height="400"/);
  });
});
