/**
 * Every picture the app stores keeps nothing but what draws it. A photo's GPS position is the
 * answer of its question, and a folder or lobby picture is served to anyone: whatever a camera,
 * a phone or an editor wrote beside the image (EXIF, XMP, IPTC, ICC profiles, comments, text
 * chunks, thumbnails, a second image or anything appended after the end) must not survive.
 *
 * So the files are rebuilt from a whitelist: for each format, only the blocks a decoder needs
 * are copied, byte for byte (the picture is never decoded or re-encoded), and the file ends
 * where the image ends. Anything the parser cannot follow is refused (null) rather than stored
 * as it came. One thing is written back: a JPEG taken sideways gets a minimal EXIF block
 * holding its orientation alone, so portrait phone photos stay upright.
 *
 * Colour profiles (ICC) go too: they can carry free text, and a picture without one is shown
 * as sRGB, at worst slightly less saturated.
 */
import { readExif } from "./exif";
import { detectImage, type ImageType } from "./sniff";

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

// ---------- JPEG ----------

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;
const APP14 = 0xee;

/**
 * Markers a decoder needs: frames (SOF0-15 but DHT, JPG and DAC, which are tables here kept on
 * their own), Huffman and arithmetic tables, quantisation tables, restart interval, number of
 * lines, and Adobe's APP14, whose transform flag tells RGB from YCbCr and CMYK from YCCK.
 */
function jpegKeeps(marker: number, bytes: Uint8Array, dataStart: number): boolean {
  if (marker >= 0xc0 && marker <= 0xcf) return marker !== 0xc8; // SOFn, DHT (C4), DAC (CC)
  if (marker === 0xdb || marker === 0xdd || marker === 0xdc) return true; // DQT, DRI, DNL
  return marker === APP14 && ascii(bytes, dataStart, 5) === "Adobe";
}

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

/** Where the entropy-coded data that starts at `from` ends: the next marker that is not a restart. */
function scanEnd(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff) continue;
    const next = bytes[i + 1]!;
    // FF00 is a stuffed data byte, FFD0-FFD7 restart markers inside the scan, FFFF fill.
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return i;
  }
  return bytes.length;
}

async function cleanJpeg(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer> | null> {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const { orientation } = await readExif(bytes);
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  if (orientation && orientation !== 1) parts.push(orientationSegment(orientation));
  let frame = false;
  let scans = 0;
  let at = 2;
  for (;;) {
    if (at >= bytes.length) break; // cut short: the image ends here
    if (bytes[at] !== 0xff) return null;
    while (bytes[at + 1] === 0xff) at++; // fill bytes before a marker
    const marker = bytes[at + 1];
    if (marker === undefined) return null;
    if (marker === EOI) break;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // a stray parameterless marker: nothing to keep
      continue;
    }
    if (at + 4 > bytes.length) return null;
    const end = at + 2 + u16be(bytes, at + 2);
    if (end > bytes.length || end < at + 4) return null;
    if (marker === SOS) {
      if (!frame) return null;
      const dataEnd = scanEnd(bytes, end);
      parts.push(bytes.subarray(at, dataEnd));
      scans++;
      at = dataEnd;
      continue;
    }
    if (jpegKeeps(marker, bytes, at + 4)) {
      parts.push(bytes.subarray(at, end));
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xcc) frame = true;
    }
    at = end;
  }
  if (!frame || scans === 0) return null;
  parts.push(new Uint8Array([0xff, EOI]));
  return concat(parts);
}

// ---------- PNG ----------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Chunks a decoder needs: header, palette, transparency, image data, the end, animation
 * frames (APNG), and the colour numbers that change how pixels are shown (gamma,
 * chromaticities, sRGB intent, coding-independent code points). No profile, no text, no time,
 * no EXIF, no private chunk.
 */
const PNG_KEEPS = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "acTL", "fcTL", "fdAT", "gAMA", "cHRM", "sRGB", "cICP"]);

function cleanPng(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  let first = true;
  let data = false;
  for (;;) {
    if (at + 12 > bytes.length) return null; // no IEND: not a whole picture
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length) return null;
    const type = ascii(bytes, at + 4, 4);
    if (first && type !== "IHDR") return null;
    first = false;
    if (PNG_KEEPS.has(type)) parts.push(bytes.subarray(at, end));
    if (type === "IDAT") data = true;
    at = end;
    if (type === "IEND") break;
  }
  return data ? concat(parts) : null;
}

// ---------- WebP ----------

/** VP8X flags announcing blocks that are dropped: ICC profile, EXIF, XMP. */
const VP8X_DROPPED_FLAGS = 0x20 | 0x08 | 0x04;

type RiffChunk = { type: string; start: number; end: number; dataStart: number };

/** The chunks between `from` and `to`, each padded to an even size. Null if they overrun. */
function riffChunks(bytes: Uint8Array, from: number, to: number): RiffChunk[] | null {
  const chunks: RiffChunk[] = [];
  let at = from;
  while (at + 8 <= to) {
    const size = u32le(bytes, at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > to) return null;
    chunks.push({ type: ascii(bytes, at, 4), start: at, end: Math.min(end, to), dataStart: at + 8 });
    at = end;
  }
  return chunks;
}

/** A RIFF chunk with its header, its payload and padding. */
function riffChunk(type: string, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + payload.length + (payload.length % 2));
  for (let i = 0; i < 4; i++) out[i] = type.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, payload.length, true);
  out.set(payload, 8);
  return out;
}

const FRAME_KEEPS = new Set(["ALPH", "VP8 ", "VP8L"]);

function cleanWebp(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  if (ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  // The file ends where its RIFF size says: anything appended after is dropped.
  const riffEnd = 8 + u32le(bytes, 4);
  if (riffEnd > bytes.length || riffEnd < 20) return null;
  const chunks = riffChunks(bytes, 12, riffEnd);
  if (!chunks || chunks.length === 0) return null;
  const kept: Uint8Array[] = [];
  let image = false;
  if (chunks[0]!.type !== "VP8X") {
    // A simple file: one bitstream chunk and nothing else counts.
    const only = chunks[0]!;
    if (only.type !== "VP8 " && only.type !== "VP8L") return null;
    kept.push(bytes.subarray(only.start, only.end));
    image = true;
  } else {
    for (const chunk of chunks) {
      const payload = bytes.subarray(chunk.dataStart, chunk.dataStart + u32le(bytes, chunk.start + 4));
      if (chunk.type === "VP8X") {
        const flags = Uint8Array.from(payload);
        flags[0]! &= ~VP8X_DROPPED_FLAGS;
        kept.push(riffChunk("VP8X", flags));
      } else if (chunk.type === "ANIM" || FRAME_KEEPS.has(chunk.type)) {
        kept.push(bytes.subarray(chunk.start, chunk.end));
        image ||= chunk.type !== "ANIM";
      } else if (chunk.type === "ANMF") {
        // A frame: its 16-byte header, then its own chunks, filtered the same way.
        const inner = riffChunks(payload, 16, payload.length);
        if (!inner) return null;
        const frame = inner.filter((c) => FRAME_KEEPS.has(c.type)).map((c) => payload.subarray(c.start, c.end));
        if (frame.length === 0) return null;
        kept.push(riffChunk("ANMF", concat([payload.subarray(0, 16), ...frame])));
        image = true;
      }
    }
  }
  if (!image) return null;
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

// ---------- GIF ----------

/** Application extensions that only tell an animation how many times to loop. */
const GIF_LOOP_APPS = new Set(["NETSCAPE2.0", "ANIMEXTS1.0"]);

/** Where a run of sub-blocks (size byte, data; a zero size ends it) that starts at `from` ends. */
function subBlocksEnd(bytes: Uint8Array, from: number): number | null {
  let at = from;
  while (at < bytes.length) {
    const size = bytes[at]!;
    at += 1 + size;
    if (size === 0) return at <= bytes.length ? at : null;
  }
  return null;
}

const colourTableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

function cleanGif(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const version = ascii(bytes, 0, 6);
  if (version !== "GIF87a" && version !== "GIF89a") return null;
  const headerEnd = 13 + colourTableSize(bytes[10] ?? 0);
  if (headerEnd > bytes.length) return null;
  const parts: Uint8Array[] = [bytes.subarray(0, headerEnd)];
  let images = 0;
  let at = headerEnd;
  for (;;) {
    const block = bytes[at];
    if (block === undefined || block === 0x3b) break; // trailer (or cut short): the end
    if (block === 0x2c) {
      // Image descriptor, local colour table, LZW code size, then the image data.
      const dataStart = at + 10 + colourTableSize(bytes[at + 9] ?? 0) + 1;
      const end = subBlocksEnd(bytes, dataStart);
      if (end === null || dataStart > bytes.length) return null;
      parts.push(bytes.subarray(at, end));
      images++;
      at = end;
    } else if (block === 0x21) {
      const label = bytes[at + 1];
      const end = subBlocksEnd(bytes, at + 2);
      if (end === null) return null;
      // Kept: graphic control (delays, transparency) and the loop count; dropped: comments,
      // plain text, and every other application's data (XMP, profiles).
      const loop = label === 0xff && bytes[at + 2] === 11 && GIF_LOOP_APPS.has(ascii(bytes, at + 3, 11));
      if (label === 0xf9 || loop) parts.push(bytes.subarray(at, end));
      at = end;
    } else {
      return null;
    }
  }
  if (images === 0) return null;
  parts.push(new Uint8Array([0x3b]));
  return concat(parts);
}

// ----------

export type CleanImage = { bytes: Uint8Array<ArrayBuffer>; type: ImageType };

/**
 * The picture recognised by its content, rebuilt with its image data only; null when it is not
 * a JPEG, PNG, WebP or GIF this parser can follow to its end.
 */
export async function cleanImage(bytes: Uint8Array): Promise<CleanImage | null> {
  const type = detectImage(bytes);
  if (!type) return null;
  const clean = await { "image/jpeg": cleanJpeg, "image/png": cleanPng, "image/webp": cleanWebp, "image/gif": cleanGif }[type](bytes);
  return clean ? { bytes: clean, type } : null;
}
