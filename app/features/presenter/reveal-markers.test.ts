import { describe, expect, it } from "vitest";
import type { RevealAnswer } from "@common/wire/reveal";
import { SPOT_COLOR } from "@common/rules";
import type { MapMarker } from "~/features/map/types";
import { frameMarkers, type FrameMarkersInput } from "./reveal-markers";

const spot = { lat: 45.764, lng: 4.8357 };
const answer = (i: number, zone: number): RevealAnswer => ({
  seatId: `p${i}`,
  pseudo: `Kiwi ${i}`,
  marker: `kiwi-${i}`,
  coords: { lat: spot.lat + i / 1000, lng: spot.lng },
  distance: i * 100,
  zone,
});

/** `outside` answers outside every ring (zone 0), then `inRing` in the 200 m ring (zone 1). */
function reveal(outside: number, inRing: number): Omit<FrameMarkersInput, "frame"> {
  const answers = [...Array.from({ length: outside }, (_, i) => answer(i + 1, 0)), ...Array.from({ length: inRing }, (_, i) => answer(outside + i + 1, 1))];
  const zones = [answers.filter((a) => a.zone === 0).map((a) => a.seatId), answers.filter((a) => a.zone === 1).map((a) => a.seatId)];
  const answerMarkers = answers.map((a): MapMarker => ({ id: a.seatId, position: a.coords, iconUrl: `/m/${a.marker}` }));
  return { zones, answers, answerMarkers, spot, spotLabel: "Réponse" };
}
const labels = (markers: MapMarker[]) => markers.map((m) => `${m.id}:${m.label ?? "-"}`);

describe("the results map's markers", () => {
  it("names the true spot until the rings are drawn, then leaves it a plain pin", () => {
    const r = reveal(1, 1);
    const before = frameMarkers({ ...r, frame: null });
    expect(before.markers).toEqual([{ id: "spot", position: spot, color: SPOT_COLOR, label: "Réponse" }]);
    expect(before.shown.size).toBe(0);
    expect(labels(frameMarkers({ ...r, frame: { shown: [], zone: null, rings: true } }).markers)).toEqual(["spot:-"]);
  });

  it("shows only the answers of the frame, each named while eight or fewer are on the map", () => {
    const r = reveal(3, 5);
    const outside = r.zones[0]!;
    const first = frameMarkers({ ...r, frame: { shown: outside, zone: 0, rings: true } });
    expect(labels(first.markers)).toEqual(["spot:-", "p1:Kiwi 1", "p2:Kiwi 2", "p3:Kiwi 3"]);
    expect([...first.shown]).toEqual(["p1", "p2", "p3"]);
    const all = frameMarkers({ ...r, frame: { shown: [...outside, ...r.zones[1]!], zone: 1, rings: true } });
    expect(all.markers.slice(1).every((m) => m.label !== undefined)).toBe(true);
    expect(all.markers).toHaveLength(9);
  });

  it("past eight on the map, names only the latest zone's, and none when that zone is a crowd", () => {
    const r = reveal(6, 3);
    const nine = frameMarkers({ ...r, frame: { shown: r.answers.map((a) => a.seatId), zone: 1, rings: true } });
    expect(labels(nine.markers).slice(1)).toEqual(["p1:-", "p2:-", "p3:-", "p4:-", "p5:-", "p6:-", "p7:Kiwi 7", "p8:Kiwi 8", "p9:Kiwi 9"]);
    const crowd = reveal(2, 7);
    const shownAll = frameMarkers({ ...crowd, frame: { shown: crowd.answers.map((a) => a.seatId), zone: 1, rings: true } });
    expect(shownAll.markers.slice(1).map((m) => m.label)).toEqual(Array(9).fill(undefined));
  });

  it("hands back the reveal's own marker objects when they carry no name", () => {
    const r = reveal(9, 0);
    const { markers } = frameMarkers({ ...r, frame: { shown: r.answers.map((a) => a.seatId), zone: 0, rings: true } });
    markers.slice(1).forEach((m, i) => expect(m).toBe(r.answerMarkers[i]));
  });
});
