import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { absoluteItemOffsets } from "./heif-iloc";

const onDisk = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url)));

const box = (type: string, ...content: Uint8Array[]) => {
  const size = 8 + content.reduce((n, c) => n + c.length, 0);
  return new Uint8Array([size >>> 24, (size >>> 16) & 255, (size >>> 8) & 255, size & 255, ...[...type].map((c) => c.charCodeAt(0)), ...content.flatMap((c) => [...c])]);
};
const bytes = (...v: number[]) => new Uint8Array(v);

type Item = { method: number; base: number; extents: [offset: number, length: number][] };

/**
 * A file with one meta/iloc (version 1) and the given items; offsets, lengths and bases take
 * `sizes` bytes each (4 by default), and `padding` bytes follow, where the extents point.
 */
function heif(items: Item[], padding = 2048, sizes = { offset: 4, length: 4, base: 4 }) {
  const uint = (v: number, n: number) => Array.from({ length: n }, (_, i) => Math.floor(v / 256 ** (n - 1 - i)) % 256);
  const rows = items.flatMap((item, i) => [0, i + 1, 0, item.method, 0, 0, ...uint(item.base, sizes.base), 0, item.extents.length, ...item.extents.flatMap(([o, l]) => [...uint(o, sizes.offset), ...uint(l, sizes.length)])]);
  const iloc = box("iloc", bytes(1, 0, 0, 0, (sizes.offset << 4) | sizes.length, sizes.base << 4, 0, items.length, ...rows));
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

  it("returns the file as it came when a folded offset would not fit its field", () => {
    // Two-byte offsets: 70,000 does not fit.
    const overflow = heif([{ method: 0, base: 70_000, extents: [[0x20, 4]] }], 80_000, { offset: 2, length: 4, base: 4 });
    expect(absoluteItemOffsets(overflow)).toBe(overflow);
  });

  it("refuses a file no reader should be given: cut short, without item locations, or not HEIF at all", () => {
    const cut = heif([{ method: 0, base: 100, extents: [[0, 10]] }]).slice(0, 60);
    expect(absoluteItemOffsets(cut)).toBeNull();
    const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
    expect(absoluteItemOffsets(jpeg)).toBeNull();
  });

  it("refuses extents that read nothing: of length 0, without a length field, or past the end of the file", () => {
    expect(absoluteItemOffsets(heif([{ method: 0, base: 0, extents: [[100, 0]] }]))).toBeNull();
    expect(absoluteItemOffsets(heif([{ method: 0, base: 100, extents: [[0, 10], [20, 0]] }]))).toBeNull();
    expect(absoluteItemOffsets(heif([{ method: 0, base: 0, extents: [[100, 4000]] }]))).toBeNull();
    expect(absoluteItemOffsets(heif([{ method: 0, base: 3000, extents: [[100, 10]] }]))).toBeNull();
    // No length field: every extent reads "the whole file", and 65,535 of them take no bytes to list.
    const noLength = heif([{ method: 0, base: 0, extents: Array.from({ length: 3 }, () => [0, 0] as [number, number]) }], 64, { offset: 0, length: 0, base: 0 });
    expect(absoluteItemOffsets(noLength)).toBeNull();
  });

  it("refuses a box of size 0 before meta, which exifr would read again forever", () => {
    const file = heif([{ method: 0, base: 0, extents: [[100, 10]] }]);
    // ftyp, then an empty 'free' box that says "to the end", then meta.
    const hostile = new Uint8Array([...file.subarray(0, 16), 0, 0, 0, 0, ...[..."free"].map((c) => c.charCodeAt(0)), ...file.subarray(16)]);
    expect(absoluteItemOffsets(hostile)).toBeNull();
  });
});
