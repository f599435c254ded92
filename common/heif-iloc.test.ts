import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { absoluteItemOffsets } from "./heif-iloc";

const onDisk = (name: string) => new Uint8Array(readFileSync(new URL(`../tests/fixtures/${name}`, import.meta.url)));

const box = (type: string, ...content: Uint8Array[]) => {
  const size = 8 + content.reduce((n, c) => n + c.length, 0);
  return new Uint8Array([size >>> 24, (size >>> 16) & 255, (size >>> 8) & 255, size & 255, ...[...type].map((c) => c.charCodeAt(0)), ...content.flatMap((c) => [...c])]);
};
const bytes = (...v: number[]) => new Uint8Array(v);

/** A file with one meta/iloc (version 1, 4-byte offsets and lengths and bases) and the given items. */
function heif(items: { method: number; base: number; extents: [offset: number, length: number][] }[], padding = 64) {
  const u32 = (v: number) => [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
  const rows = items.flatMap((item, i) => [0, i + 1, 0, item.method, 0, 0, ...u32(item.base), 0, item.extents.length, ...item.extents.flatMap(([o, l]) => [...u32(o), ...u32(l)])]);
  const iloc = box("iloc", bytes(1, 0, 0, 0, 0x44, 0x40, 0, items.length, ...rows));
  return new Uint8Array([...box("ftyp", bytes(...[..."heic"].map((c) => c.charCodeAt(0)), 0, 0, 0, 0)), ...box("meta", bytes(0, 0, 0, 0), iloc), ...new Uint8Array(padding)]);
}

describe("HEIF item locations made absolute", () => {
  it("turns libheif's layout of the fixture photo into Apple's, and leaves Apple's as it is", () => {
    const apple = onDisk("photo-gps.heic");
    const libheif = onDisk("photo-gps-libheif.heic");
    expect(libheif).not.toEqual(apple);
    expect(absoluteItemOffsets(libheif)).toEqual(apple);
    expect(absoluteItemOffsets(apple)).toBe(apple);
  });

  it("adds each item's base to every extent and zeroes the base, without touching the input", () => {
    const file = heif([
      { method: 0, base: 1000, extents: [[0, 10], [20, 5]] },
      { method: 0, base: 0, extents: [[300, 7]] },
    ]);
    const before = file.slice();
    const out = absoluteItemOffsets(file);
    expect(file).toEqual(before);
    expect(out).toEqual(
      heif([
        { method: 0, base: 0, extents: [[1000, 10], [1020, 5]] },
        { method: 0, base: 0, extents: [[300, 7]] },
      ])
    );
  });

  it("leaves items inside the idat box or other items alone (their offsets are not the file's)", () => {
    const file = heif([{ method: 1, base: 16, extents: [[4, 4]] }]);
    expect(absoluteItemOffsets(file)).toBe(file);
  });

  it("returns the file as it came when it cannot fold the base in place or read the box", () => {
    const overflow = heif([{ method: 0, base: 0xffff_fff0, extents: [[0x20, 4]] }]);
    expect(absoluteItemOffsets(overflow)).toBe(overflow);
    const cut = heif([{ method: 0, base: 1000, extents: [[0, 10]] }]).slice(0, 60);
    expect(absoluteItemOffsets(cut)).toBe(cut);
    const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
    expect(absoluteItemOffsets(jpeg)).toBe(jpeg);
  });
});
