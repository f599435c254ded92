/**
 * Stored photos must not carry their GPS position: the spot is the answer (DESIGN §6).
 * Metadata blocks that can hold a position (EXIF, XMP, IPTC, comments, text chunks) are removed
 * whole; the picture data is copied byte for byte. A JPEG that had an orientation gets a tiny
 * EXIF block back holding only that, so portrait phone photos stay upright.
 */
import { jpegSegments, pngChunks, readExif, webpChunks } from "./exif";

const APP1 = 0xe1;
const APP13 = 0xed;
const COM = 0xfe;
const APP0 = 0xe0;

/** An APP1 'Exif' segment whose only tag is the orientation (big-endian TIFF, one IFD). */
export function orientationSegment(orientation: number): Uint8Array {
  const tiff = [
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // "MM", 42, IFD0 at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, // Orientation, SHORT, count 1
    0x00, orientation & 0xff, 0x00, 0x00, // value, padded
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ];
  const data = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...tiff];
  const length = data.length + 2;
  return new Uint8Array([0xff, APP1, length >> 8, length & 0xff, ...data]);
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function stripJpeg(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const parsed = jpegSegments(bytes);
  if (!parsed) return null;
  const { orientation } = readExif(bytes);
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientationWritten = !orientation || orientation === 1;
  const writeOrientation = () => {
    if (!orientationWritten) parts.push(orientationSegment(orientation!));
    orientationWritten = true;
  };
  for (const [i, s] of parsed.segments.entries()) {
    // JFIF wants its APP0 first: the orientation block goes right after it.
    if (!(i === 0 && s.marker === APP0)) writeOrientation();
    if (s.marker === APP1 || s.marker === APP13 || s.marker === COM) continue;
    parts.push(bytes.subarray(s.start, s.end));
  }
  writeOrientation();
  parts.push(bytes.subarray(parsed.scanStart));
  return concat(parts);
}

const PNG_DROPPED = new Set(["eXIf", "tEXt", "zTXt", "iTXt"]);

function stripPng(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const chunks = pngChunks(bytes);
  if (!chunks) return null;
  const kept = chunks.filter((c) => !PNG_DROPPED.has(c.type)).map((c) => bytes.subarray(c.start, c.end));
  const tail = bytes.subarray(chunks.length ? chunks[chunks.length - 1].end : 8);
  return concat([bytes.subarray(0, 8), ...kept, tail]);
}

function stripWebp(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const chunks = webpChunks(bytes);
  if (!chunks) return null;
  const kept = chunks.filter((c) => c.type !== "EXIF" && c.type !== "XMP ");
  const out = concat([bytes.subarray(0, 12), ...kept.map((c) => bytes.subarray(c.start, c.end))]);
  const view = new DataView(out.buffer);
  view.setUint32(4, out.length - 8, true);
  // VP8X announces EXIF (bit 3) and XMP (bit 2) in its flags: they are gone now.
  let offset = 12;
  for (const c of kept) {
    if (c.type === "VP8X") out[offset + 8] &= ~0x0c;
    offset += c.end - c.start;
  }
  return out;
}

/**
 * The same picture without location-bearing metadata. Null when the file's structure cannot be
 * followed: such a file is refused rather than stored with its metadata.
 */
export function stripLocation(bytes: Uint8Array, type: string): Uint8Array<ArrayBuffer> | null {
  switch (type) {
    case "image/jpeg":
      return stripJpeg(bytes);
    case "image/png":
      return stripPng(bytes);
    case "image/webp":
      return stripWebp(bytes);
    case "image/gif":
      return concat([bytes]); // GIF has no EXIF or GPS block.
    default:
      return null;
  }
}
