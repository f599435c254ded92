import { describe, expect, it } from "vitest";
import { METRES_PER_DEGREE } from "@common/util/projection";
import type { TargetSetting } from "@common/wire/protocol";
import {
  DONE_AFTER_MS,
  FIRST_ZONE_AT_MS,
  RINGS_AT_MS,
  ZONE_GAP_MS,
  ZOOM_AT_MS,
  frameAt,
  nextEventAt,
  resultsTimeline,
  spotCircleRadiusM,
  zonesFarToNear,
  type TimelineInput,
} from "./results-timeline";

const targets: TargetSetting[] = [
  { max: -1, points: 0, color: "#9e9e9e" },
  { max: 200, points: 2, color: "#1e88e5" },
  { max: 100, points: 3, color: "#43a047" },
  { max: 50, points: 4, color: "#fdd835" },
  { max: 20, points: 5, color: "#e53935" },
];
const spot = { lat: 45.764, lng: 4.8357 };
const bounds = { north: 45.8, south: 45.72, east: 4.9, west: 4.77 };
const answer = (id: string, dLat: number) => ({ seatId: id, coords: { lat: spot.lat + dLat, lng: spot.lng } });
function input(answers: TimelineInput["answers"], zones: string[][]): TimelineInput {
  return { spot, bounds, targets, answers, zones, aspect: 16 / 9 };
}

describe("results map sequence", () => {
  it("shows the spot, zooms in, draws the rings, then the zones from the farthest to the nearest, 2 s apart", () => {
    // far: 5 km away (outside), a: 150 m (200 m ring), b: 10 m (20 m ring), c: 80 m (100 m ring).
    const answers = [answer("far", 0.045), answer("a", 0.00135), answer("b", 0.00009), answer("c", 0.00072)];
    const zones = [["far"], ["a"], ["c"], [], ["b"]];
    const tl = resultsTimeline(input(answers, zones));
    const kinds = tl.map((e) => `${e.at}:${e.kind}${e.kind === "zone" ? e.zone : ""}`);
    expect(kinds).toEqual([
      "0:spot",
      `${ZOOM_AT_MS}:focus`,
      `${RINGS_AT_MS}:rings`,
      `${FIRST_ZONE_AT_MS}:zone0`,
      // the camera closes in on the rings before the first ring's answers
      `${FIRST_ZONE_AT_MS + ZONE_GAP_MS}:focus`,
      `${FIRST_ZONE_AT_MS + ZONE_GAP_MS * 1.5}:zone1`,
      `${FIRST_ZONE_AT_MS + ZONE_GAP_MS * 2.5}:zone2`,
      // the empty 50 m zone is skipped
      `${FIRST_ZONE_AT_MS + ZONE_GAP_MS * 3.5}:zone4`,
      `${FIRST_ZONE_AT_MS + ZONE_GAP_MS * 3.5 + DONE_AFTER_MS}:done`,
    ]);
  });

  it("frames each instant: red circle first, rings replace it, markers accumulate, then completion", () => {
    const answers = [answer("a", 0.00135), answer("b", 0.00009)];
    const zones = [[], ["a"], [], [], ["b"]];
    const tl = resultsTimeline(input(answers, zones));

    const start = frameAt(tl, 0);
    expect(start).toMatchObject({ spotCircle: true, focus: null, rings: false, shown: [], done: false });

    const zoomed = frameAt(tl, ZOOM_AT_MS + 10);
    expect(zoomed.focus).not.toBeNull();
    expect(zoomed.focus!.north).toBeGreaterThan(spot.lat);
    expect(zoomed.focus!.south).toBeLessThan(spot.lat);
    expect(zoomed.spotCircle).toBe(true);

    const ringed = frameAt(tl, RINGS_AT_MS);
    expect(ringed).toMatchObject({ rings: true, spotCircle: false, shown: [] });

    expect(frameAt(tl, FIRST_ZONE_AT_MS)).toMatchObject({ shown: ["a"], zone: 1 });
    expect(frameAt(tl, FIRST_ZONE_AT_MS + ZONE_GAP_MS - 1).shown).toEqual(["a"]);
    expect(frameAt(tl, FIRST_ZONE_AT_MS + ZONE_GAP_MS)).toMatchObject({ shown: ["a", "b"], zone: 4, done: false });
    expect(frameAt(tl, FIRST_ZONE_AT_MS + ZONE_GAP_MS + DONE_AFTER_MS).done).toBe(true);
  });

  it("says when the next event comes, so the screen sleeps between them (a frame changes only there)", () => {
    const answers = [answer("a", 0.00135), answer("b", 0.00009)];
    const tl = resultsTimeline(input(answers, [[], ["a"], [], [], ["b"]]));
    expect(nextEventAt(tl, 0)).toBe(ZOOM_AT_MS);
    expect(nextEventAt(tl, ZOOM_AT_MS)).toBe(RINGS_AT_MS);
    expect(nextEventAt(tl, RINGS_AT_MS + 1)).toBe(FIRST_ZONE_AT_MS);
    const doneAt = tl.at(-1)!.at;
    expect(nextEventAt(tl, doneAt)).toBeNull();
    // Between two events, the frame is the same.
    expect(frameAt(tl, RINGS_AT_MS + 1)).toEqual(frameAt(tl, FIRST_ZONE_AT_MS - 1));
  });

  it("without answers still shows the spot and the rings, then completes", () => {
    const tl = resultsTimeline(input([], [[], [], [], [], []]));
    expect(tl.map((e) => e.kind)).toEqual(["spot", "focus", "rings", "done"]);
    expect(frameAt(tl, 1e9)).toMatchObject({ done: true, shown: [], rings: true });
  });

  it("zooms to a view that holds a far answer, and to the rings otherwise", () => {
    const far = resultsTimeline(input([answer("far", 0.05)], [["far"], [], [], [], []]));
    const focus = far.find((e) => e.kind === "focus");
    expect(focus?.kind === "focus" && focus.bounds.north).toBeGreaterThan(spot.lat + 0.05);

    const near = resultsTimeline(input([answer("a", 0.001)], [[], ["a"], [], [], []]));
    const ring = near.find((e) => e.kind === "focus");
    // 200 m ring x 1.15 = 230 m above and below the spot
    expect(ring?.kind === "focus" && (ring.bounds.north - spot.lat) * METRES_PER_DEGREE).toBeCloseTo(230, 0);
    expect(near.filter((e) => e.kind === "focus")).toHaveLength(1);
  });

  it("ignores zone entries of players it has no answer for", () => {
    const tl = resultsTimeline(input([answer("a", 0.001)], [[], ["a", "ghost"], [], [], []]));
    const zone = tl.find((e) => e.kind === "zone");
    expect(zone?.kind === "zone" && zone.seatIds).toEqual(["a"]);
  });

  it("orders zones outside first, then rings by falling radius, whatever their listed order", () => {
    expect(zonesFarToNear(targets)).toEqual([0, 1, 2, 3, 4]);
    const shuffled = [targets[0]!, targets[3]!, targets[1]!, targets[4]!, targets[2]!];
    expect(zonesFarToNear(shuffled)).toEqual([0, 2, 4, 1, 3]);
  });

  it("sizes the red circle to the quiz map", () => {
    expect(spotCircleRadiusM(bounds)).toBeCloseTo(0.08 * METRES_PER_DEGREE * 0.06, 0);
    expect(spotCircleRadiusM({ north: 45.001, south: 45, east: 4.001, west: 4 })).toBe(150);
  });
});
