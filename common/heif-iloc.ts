/**
 * A HEIF file (HEIC, AVIF) says where each of its items lies in its item location box (`iloc`):
 * per item an optional base offset, plus an offset per extent. Apple's cameras write absolute
 * extent offsets and no base; libheif's writer (heif-enc, and the apps and phones built on it)
 * puts the position in the base offset. exifr ignores the base when it looks for the EXIF item,
 * so such a photo's GPS would be lost: `absoluteItemOffsets` folds every base into its extents,
 * which is the same file for any reader that honours the base.
 *
 * Only what fits in place is rewritten (the file keeps its size); a file it cannot read, or whose
 * sums do not fit their fields, is returned as it came.
 */

const FILE_OFFSETS = 0; // construction method 0: offsets into the file (1 is the idat box, 2 other items)

class Reader {
  constructor(
    private readonly b: Uint8Array,
    public at: number,
    private readonly end: number
  ) {}
  uint(size: number): number {
    if (this.at + size > this.end) throw new RangeError("iloc box cut short");
    let v = 0;
    for (let i = 0; i < size; i++) v = v * 256 + this.b[this.at + i]!;
    this.at += size;
    return v;
  }
  skip(size: number) {
    if (this.at + size > this.end) throw new RangeError("iloc box cut short");
    this.at += size;
  }
}

const typeAt = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** The box of `type` among the sibling boxes between `from` and `to`: where its content starts and ends. */
function findBox(b: Uint8Array, from: number, to: number, type: string): { start: number; end: number } | null {
  for (let at = from; at + 8 <= to; ) {
    const r = new Reader(b, at, to);
    let size = r.uint(4);
    const kind = typeAt(b, at + 4);
    r.skip(4);
    if (size === 1) size = r.uint(8); // 64-bit size
    else if (size === 0) size = to - at; // to the end
    if (size < r.at - at || at + size > to) return null;
    if (kind === type) return { start: r.at, end: at + size };
    at += size;
  }
  return null;
}

function write(b: Uint8Array, at: number, size: number, value: number) {
  for (let i = size - 1; i >= 0; i--) {
    b[at + i] = value % 256;
    value = Math.floor(value / 256);
  }
}

/** The file with every item's base offset folded into its extents (the input itself if none needs it). */
export function absoluteItemOffsets(file: Uint8Array): Uint8Array {
  try {
    const meta = findBox(file, 0, file.length, "meta");
    // meta is a full box: version and flags before its children.
    const iloc = meta && findBox(file, meta.start + 4, meta.end, "iloc");
    if (!iloc) return file;
    const r = new Reader(file, iloc.start, iloc.end);
    const version = r.uint(1);
    if (version > 2) return file;
    r.skip(3);
    const sizes = r.uint(2);
    const offsetSize = sizes >> 12;
    const lengthSize = (sizes >> 8) & 15;
    const baseSize = (sizes >> 4) & 15;
    const indexSize = version > 0 ? sizes & 15 : 0;
    const count = r.uint(version === 2 ? 4 : 2);
    const writes: [at: number, size: number, value: number][] = [];
    for (let item = 0; item < count; item++) {
      r.skip(version === 2 ? 4 : 2); // item id
      const method = version > 0 ? r.uint(2) & 15 : FILE_OFFSETS;
      r.skip(2); // data reference index
      const baseAt = r.at;
      const base = r.uint(baseSize);
      const extents = r.uint(2);
      const fold = method === FILE_OFFSETS && base > 0;
      if (fold && offsetSize === 0) return file; // no offset field to carry the base
      for (let e = 0; e < extents; e++) {
        r.skip(indexSize);
        const offsetAt = r.at;
        const offset = r.uint(offsetSize);
        r.skip(lengthSize);
        if (!fold) continue;
        const absolute = base + offset;
        if (!Number.isSafeInteger(absolute) || absolute >= 256 ** offsetSize) return file;
        writes.push([offsetAt, offsetSize, absolute]);
      }
      if (fold) writes.push([baseAt, baseSize, 0]);
    }
    if (writes.length === 0) return file;
    const out = new Uint8Array(file); // a copy (a Buffer's slice would be a view)
    for (const [at, size, value] of writes) write(out, at, size, value);
    return out;
  } catch {
    return file;
  }
}
