import { describe, expect, it } from "vitest";
import { SPOT_COLOR } from "@common/rules";
import { addedBeneath, ELEMENT_MARKERS_MAX, splitMarkers } from "./marker-layer";
import type { MapMarker } from "./types";

const player = (n: number, label?: string): MapMarker => ({
  id: `p${n}`,
  position: { lat: 48.85, lng: 2.29 + n * 1e-4 },
  iconUrl: `/api/markers/Kiwibleu`,
  label,
});
const spot: MapMarker = { id: "spot", position: { lat: 48.85, lng: 2.29 }, color: SPOT_COLOR };

describe("which markers go on the crowd's canvas", () => {
  it("keeps every marker an element on a small map", () => {
    const markers = [spot, ...Array.from({ length: ELEMENT_MARKERS_MAX - 1 }, (_, i) => player(i))];
    expect(splitMarkers(markers)).toEqual({ elements: markers, drawn: [] });
  });

  it("draws a crowd's unlabelled pictures, in their order, and keeps labels and plain pins as elements", () => {
    const crowd = Array.from({ length: 500 }, (_, i) => player(i, i === 7 ? "Kiwi bleu 7" : undefined));
    const { elements, drawn } = splitMarkers([spot, ...crowd]);
    expect(elements.map((m) => m.id)).toEqual(["spot", "p7"]);
    expect(drawn).toHaveLength(499);
    expect(drawn[0]!.id).toBe("p0");
    expect(drawn.at(-1)!.id).toBe("p499");
  });
});

describe("a zone's answers drawn beneath those already on the canvas", () => {
  const far = [player(7), player(8), player(9)];
  const near = [player(1), player(2)];

  it("counts the markers put before all of the last draw's, the same objects in the same order", () => {
    expect(addedBeneath(far, [...near, ...far])).toBe(2);
    expect(addedBeneath([], far)).toBe(3);
  });

  it("asks for the whole drawing again when anything else changed", () => {
    expect(addedBeneath(far, far)).toBeNull(); // nothing added
    expect(addedBeneath(far, [...far, ...near])).toBeNull(); // added over them, not beneath
    expect(addedBeneath(far, [...near, far[0]!, far[2]!, far[1]!])).toBeNull(); // reordered
    expect(addedBeneath(far, [...near, player(7), far[1]!, far[2]!])).toBeNull(); // an equal copy is another marker
    expect(addedBeneath([...near, ...far], far)).toBeNull(); // fewer
  });
});
