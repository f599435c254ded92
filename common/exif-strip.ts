/**
 * Stored photos must not carry their GPS position: the spot is the answer (DESIGN §6).
 * Metadata blocks that can hold a position (EXIF, XMP, IPTC, comments, text chunks) are removed
 * whole; the picture data is copied byte for byte. A JPEG that had an orientation gets a tiny
 * EXIF block back holding only that, so portrait phone photos stay upright.
 */
import { readExif } from "./exif";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, sig: number[], offset = 0) =>
  offset + sig.length <= bytes.length && sig.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

export type JpegSegment = { marker: number; start: number; end: number; dataStart: number };

/**
 * The marker segments of a JPEG up to (not including) the start of scan; the compressed data
 * after SOS is never parsed. Null when the bytes are not a well-formed JPEG header.
 */
export function jpegSegments(bytes: Uint8Array): { segments: JpegSegment[]; scanStart: number } | null {
  if (!startsWith(bytes, [0xff, 0xd8])) return null;
  const segments: JpegSegment[] = [];
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return { segments, scanStart: offset };
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      segments.push({ marker, start: offset, end: offset + 2, dataStart: offset + 2 });
      offset += 2;
      continue;
    }
    if (offset + 3 >= bytes.length) return null;
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3];
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    segments.push({ marker, start: offset, end, dataStart: offset + 4 });
    offset = end;
  }
  return null;
}

export type Chunk = { type: string; start: number; end: number; dataStart: number; dataEnd: number };

/** PNG chunks: length, type, data, CRC. Null if the structure is broken. */
export function pngChunks(bytes: Uint8Array): Chunk[] | null {
  if (!startsWith(bytes, PNG_SIGNATURE)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) return null;
    const type = ascii(bytes, offset + 4, 4);
    chunks.push({ type, start: offset, end, dataStart: offset + 8, dataEnd: offset + 8 + length });
    offset = end;
    if (type === "IEND") return chunks;
  }
  return offset === bytes.length ? chunks : null;
}

/** WebP (RIFF) chunks after the 12-byte header; each is padded to an even size. */
export function webpChunks(bytes: Uint8Array): Chunk[] | null {
  if (!startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) || ascii(bytes, 8, 4) !== "WEBP") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Chunk[] = [];
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const size = view.getUint32(offset + 4, true);
    const dataEnd = offset + 8 + size;
    if (dataEnd > bytes.length) return null;
    const end = Math.min(bytes.length, dataEnd + (size % 2));
    chunks.push({ type: ascii(bytes, offset, 4), start: offset, end, dataStart: offset + 8, dataEnd });
    offset = end;
  }
  return chunks;
}


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

async function stripJpeg(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer> | null> {
  const parsed = jpegSegments(bytes);
  if (!parsed) return null;
  const { orientation } = await readExif(bytes);
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
export async function stripLocation(bytes: Uint8Array, type: string): Promise<Uint8Array<ArrayBuffer> | null> {
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
