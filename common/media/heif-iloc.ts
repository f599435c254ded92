/**
 * A HEIF file (HEIC, AVIF) says where each of its items lies in its item location box (`iloc`):
 * per item an optional base offset, plus an offset per extent. Apple's cameras write absolute
 * extent offsets and no base; libheif's writer (heif-enc, and the apps and phones built on it)
 * puts the position in the base offset. exifr ignores the base when it looks for the EXIF item,
 * so such a photo's GPS would be lost: `absoluteItemOffsets` folds every base into its extents,
 * which is the same file for any reader that honours the base.
 *
 * It also judges whether the file may be read at all. The wizard reads every photo a game master
 * picks, in their browser, and a hostile or broken file must not hang the tab: exifr walks the
 * top-level boxes until it meets `meta` and never leaves a box of size 0, and an extent of no
 * length (which the format reads as "to the end of the file") or past the end sends a reader
 * into bytes that are not the item. Such a file is refused (null), before exifr or the HEIF
 * decoder sees it: no box of size 0 or past the end before `meta`, no `meta` or `iloc`, no extent
 * whose fields take no bytes (a count of them would loop over nothing), of length 0, or past
 * the end of the file.
 *
 * Only what fits in place is rewritten (the file keeps its size); a base whose sums do not fit
 * their fields is left as it came.
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

/**
 * The box of `type` among the sibling boxes between `from` and `to`: where its content starts
 * and ends. Null when it is not there, or when a box before it has no size (0: "to the end", which
 * only the last box may say), a size smaller than its header, or one past `to`.
 */
function findBox(b: Uint8Array, from: number, to: number, type: string): { start: number; end: number } | null {
  for (let at = from; at + 8 <= to; ) {
    const r = new Reader(b, at, to);
    let size = r.uint(4);
    const kind = typeAt(b, at + 4);
    r.skip(4);
    if (size === 1) size = r.uint(8); // 64-bit size
    else if (size === 0 && kind === type) size = to - at; // the last box, to the end
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

/**
 * Walks every item's extents. Null for a file no reader should be given; else whether some base
 * is to be folded and can be, in which case `out` (a copy of the file, when given) gets the
 * rewrites. Nothing is collected on the way: a box of millions of extents costs no memory.
 */
function walkItems(file: Uint8Array, out: Uint8Array | null): boolean | null {
  const meta = findBox(file, 0, file.length, "meta");
  // meta is a full box: version and flags before its children.
  const iloc = meta && findBox(file, meta.start + 4, meta.end, "iloc");
  if (!iloc) return null;
  const r = new Reader(file, iloc.start, iloc.end);
  const version = r.uint(1);
  if (version > 2) return null;
  r.skip(3);
  const sizes = r.uint(2);
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 15;
  const baseSize = (sizes >> 4) & 15;
  const indexSize = version > 0 ? sizes & 15 : 0;
  const count = r.uint(version === 2 ? 4 : 2);
  let folds = false;
  let foldable = true;
  for (let item = 0; item < count; item++) {
    r.skip(version === 2 ? 4 : 2); // item id
    const method = version > 0 ? r.uint(2) & 15 : FILE_OFFSETS;
    r.skip(2); // data reference index
    const baseAt = r.at;
    const base = r.uint(baseSize);
    const extents = r.uint(2);
    // An extent without a length field reads "the whole source", and takes no bytes to list.
    if (extents > 0 && lengthSize === 0) return null;
    const fold = method === FILE_OFFSETS && base > 0;
    if (fold && offsetSize === 0) foldable = false; // no offset field to carry the base
    for (let e = 0; e < extents; e++) {
      r.skip(indexSize);
      const offsetAt = r.at;
      const offset = r.uint(offsetSize);
      const length = r.uint(lengthSize);
      if (length === 0) return null;
      // Only offsets into the file can be checked against its size here.
      if (method === FILE_OFFSETS && base + offset + length > file.length) return null;
      if (!fold) continue;
      folds = true;
      const absolute = base + offset;
      if (!Number.isSafeInteger(absolute) || absolute >= 256 ** offsetSize) foldable = false;
      else if (out) write(out, offsetAt, offsetSize, absolute);
    }
    if (fold && out) write(out, baseAt, baseSize, 0);
  }
  return folds && foldable;
}

/**
 * The file with every item's base offset folded into its extents (the input itself if none
 * needs it or a sum does not fit), or null when its boxes or item locations would send a reader
 * into nothing (see above): read nothing of it.
 */
export function absoluteItemOffsets(file: Uint8Array): Uint8Array | null {
  try {
    const fold = walkItems(file, null);
    if (fold === null) return null;
    if (!fold) return file;
    const out = new Uint8Array(file); // a copy (a Buffer's slice would be a view)
    walkItems(file, out);
    return out;
  } catch {
    return null; // a box cut short
  }
}

/** Whether a HEIF file may be handed to a reader or a decoder at all (see above); nothing is copied. */
export function readableHeif(file: Uint8Array): boolean {
  try {
    return walkItems(file, null) !== null;
  } catch {
    return false;
  }
}
