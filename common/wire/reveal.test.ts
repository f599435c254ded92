import { describe, expect, it } from "vitest";
import { markerOf, pseudoOf } from "../rules";
import { revealAnswers, revealRow, zonesOf } from "./reveal";

describe("reveal rows", () => {
  const seat = { no: 1234, color: "turquoise" as const, fruit: "pasteque" as const, n: 2 };

  it("writes a compact row and reads back who, where (about a metre), how far, which zone", () => {
    const row = revealRow(seat, { lat: 45.7640123456, lng: -4.8357049, d: 123.6, ring: 2 });
    expect(row).toEqual([1234, 4, expect.any(Number), 2, 45.76401, -4.8357, 124, 2]);
    expect(JSON.stringify(row).length).toBeLessThan(40);
    const [a] = revealAnswers({ answers: [row] });
    expect(a).toEqual({
      seatId: "p1234",
      pseudo: pseudoOf("pasteque", "turquoise", 2),
      marker: markerOf("pasteque", "turquoise"),
      coords: { lat: 45.76401, lng: -4.8357 },
      distance: 124,
      zone: 2,
    });
  });

  it("skips a row naming a colour or fruit this build does not know", () => {
    const row = revealRow(seat, { lat: 1, lng: 2, d: 3, ring: 0 });
    const unknown: typeof row = [...row];
    unknown[1] = 99;
    expect(revealAnswers({ answers: [unknown, row] }).map((a) => a.seatId)).toEqual(["p1234"]);
  });

  it("groups player ids by zone, keeping the rows' order (nearest first)", () => {
    const rows = [
      revealRow({ ...seat, no: 1 }, { lat: 0, lng: 0, d: 10, ring: 4 }),
      revealRow({ ...seat, no: 2 }, { lat: 0, lng: 0, d: 120, ring: 1 }),
      revealRow({ ...seat, no: 3 }, { lat: 0, lng: 0, d: 150, ring: 1 }),
      revealRow({ ...seat, no: 4 }, { lat: 0, lng: 0, d: 9000, ring: 0 }),
    ];
    expect(zonesOf(revealAnswers({ answers: rows }), 5)).toEqual([["p4"], ["p2", "p3"], [], [], ["p1"]]);
  });
});
