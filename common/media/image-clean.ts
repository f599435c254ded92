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
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u32le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

/**
 * Blocks one cleaned file may keep. A real picture keeps a few dozen (a progressive JPEG's
 * tables and scans), a few thousand at most (a 15 MB PNG cut in 8 kB chunks, a long animation);
 * a file made of millions of tiny blocks is an attack on the Worker's memory and time: refused.
 */
export const MAX_KEPT_BLOCKS = 10_000;

/** Room beyond the input for what the cleaner adds: a JPEG's orientation block and end marker, padding. */
const ADDED_BYTES_MAX = 64;

/** The file cannot be followed, or keeps too much: the picture is refused. */
class Refused extends Error {}

/**
 * The cleaned file, written block by block into one buffer allocated once: the blocks kept are
 * never held as a list of pieces to join at the end.
 */
class Output {
  private readonly buffer: Uint8Array<ArrayBuffer>;
  private blocks = 0;
  length = 0;
  /** The picture's size in pixels as its headers declare it (the largest, if they say several). */
  width = 0;
  height = 0;

  constructor(inputLength: number) {
    this.buffer = new Uint8Array(inputLength + ADDED_BYTES_MAX);
  }

  /** Appends one block (copied), or refuses the file past MAX_KEPT_BLOCKS. */
  write(block: ArrayLike<number>): void {
    if (++this.blocks > MAX_KEPT_BLOCKS || this.length + block.length > this.buffer.length) throw new Refused();
    this.buffer.set(block, this.length);
    this.length += block.length;
  }

  /** Patches bytes already written (a size, a flag). */
  at(offset: number): DataView {
    return new DataView(this.buffer.buffer, offset);
  }

  /** A size the headers declare: the picture is at least that large. */
  size(width: number, height: number): void {
    this.width = Math.max(this.width, width);
    this.height = Math.max(this.height, height);
  }

  /** What was written: a view of the buffer, no second copy. */
  result(): Uint8Array<ArrayBuffer> {
    return this.buffer.subarray(0, this.length);
  }
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
function orientationSegment(orientation: number): Uint8Array {
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

async function cleanJpeg(bytes: Uint8Array): Promise<Output | null> {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const { orientation } = await readExif(bytes);
  const out = new Output(bytes.length);
  out.write(bytes.subarray(0, 2));
  if (orientation && orientation !== 1) out.write(orientationSegment(orientation));
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
      out.write(bytes.subarray(at, dataEnd));
      scans++;
      at = dataEnd;
      continue;
    }
    if (jpegKeeps(marker, bytes, at + 4)) {
      out.write(bytes.subarray(at, end));
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xcc) {
        if (end < at + 9) return null;
        frame = true;
        // A height of 0 is given later (DNL), up to the largest a JPEG can have.
        out.size(u16be(bytes, at + 7), u16be(bytes, at + 5) || 0xffff);
      }
    }
    at = end;
  }
  if (!frame || scans === 0) return null;
  out.write([0xff, EOI]);
  return out;
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

function cleanPng(bytes: Uint8Array): Output | null {
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Output(bytes.length);
  out.write(bytes.subarray(0, 8));
  let at = 8;
  let first = true;
  let data = false;
  for (;;) {
    if (at + 12 > bytes.length) return null; // no IEND: not a whole picture
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length) return null;
    const type = ascii(bytes, at + 4, 4);
    if (first && type !== "IHDR") return null;
    if (first) {
      if (end < at + 20) return null;
      out.size(u32be(bytes, at + 8), u32be(bytes, at + 12));
    }
    first = false;
    if (PNG_KEEPS.has(type)) out.write(bytes.subarray(at, end));
    if (type === "IDAT") data = true;
    at = end;
    if (type === "IEND") break;
  }
  return data ? out : null;
}

// ---------- WebP ----------

/** VP8X flags announcing blocks that are dropped: ICC profile, EXIF, XMP. */
const VP8X_DROPPED_FLAGS = 0x20 | 0x08 | 0x04;

type RiffChunk = { type: string; start: number; end: number; dataStart: number; size: number };

/** The chunks between `from` and `to`, each padded to an even size, one at a time; refused if they overrun. */
function* riffChunks(bytes: Uint8Array, from: number, to: number): Generator<RiffChunk> {
  let at = from;
  while (at + 8 <= to) {
    const size = u32le(bytes, at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > to) throw new Refused();
    yield { type: ascii(bytes, at, 4), start: at, end: Math.min(end, to), dataStart: at + 8, size };
    at = end;
  }
}

/** Writes a RIFF chunk header whose size is patched by the returned function once its payload is written. */
function openChunk(out: Output, type: string): () => void {
  const start = out.length;
  out.write([...type].map((c) => c.charCodeAt(0)).concat([0, 0, 0, 0]));
  return () => {
    const size = out.length - start - 8;
    out.at(start + 4).setUint32(0, size, true);
    if (size % 2) out.write([0]);
  };
}

const FRAME_KEEPS = new Set(["ALPH", "VP8 ", "VP8L"]);

/** The size a lossy (VP8, its key frame's header) or lossless (VP8L) bitstream declares. */
function bitstreamSize(data: Uint8Array, type: string): { width: number; height: number } | null {
  if (type === "VP8 ") {
    if (data.length < 10 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) return null;
    return { width: u16le(data, 6) & 0x3fff, height: u16le(data, 8) & 0x3fff };
  }
  if (data.length < 5 || data[0] !== 0x2f) return null;
  const bits = (data[1]! | (data[2]! << 8) | (data[3]! << 16) | (data[4]! << 24)) >>> 0;
  return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
}

function cleanWebp(bytes: Uint8Array): Output | null {
  if (ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  // The file ends where its RIFF size says: anything appended after is dropped.
  const riffEnd = 8 + u32le(bytes, 4);
  if (riffEnd > bytes.length || riffEnd < 20) return null;
  const out = new Output(bytes.length);
  out.write(bytes.subarray(0, 12));
  const chunks = riffChunks(bytes, 12, riffEnd);
  const head = chunks.next();
  if (head.done) return null;
  let image = false;
  if (head.value.type !== "VP8X") {
    // A simple file: one bitstream chunk and nothing else counts.
    const only = head.value;
    if (only.type !== "VP8 " && only.type !== "VP8L") return null;
    const size = bitstreamSize(bytes.subarray(only.dataStart, only.dataStart + only.size), only.type);
    if (!size) return null;
    out.size(size.width, size.height);
    out.write(bytes.subarray(only.start, only.end));
    image = true;
  } else {
    for (let next: IteratorResult<RiffChunk> = head; !next.done; next = chunks.next()) {
      const chunk = next.value;
      const payload = bytes.subarray(chunk.dataStart, chunk.dataStart + chunk.size);
      if (chunk.type === "VP8X") {
        if (payload.length < 10) return null;
        out.size(1 + u24le(payload, 4), 1 + u24le(payload, 7));
        const close = openChunk(out, "VP8X");
        const flagsAt = out.length;
        out.write(payload);
        if (payload.length > 0) out.at(flagsAt).setUint8(0, payload[0]! & ~VP8X_DROPPED_FLAGS);
        close();
      } else if (chunk.type === "ANIM" || FRAME_KEEPS.has(chunk.type)) {
        out.write(bytes.subarray(chunk.start, chunk.end));
        image ||= chunk.type !== "ANIM";
      } else if (chunk.type === "ANMF") {
        // A frame: its 16-byte header, then its own chunks, filtered the same way.
        const close = openChunk(out, "ANMF");
        out.write(payload.subarray(0, 16));
        let frame = false;
        for (const inner of riffChunks(payload, 16, payload.length)) {
          if (!FRAME_KEEPS.has(inner.type)) continue;
          out.write(payload.subarray(inner.start, inner.end));
          frame = true;
        }
        if (!frame) return null;
        close();
        image = true;
      }
    }
  }
  if (!image) return null;
  out.at(4).setUint32(0, out.length - 8, true);
  return out;
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

function cleanGif(bytes: Uint8Array): Output | null {
  const version = ascii(bytes, 0, 6);
  if (version !== "GIF87a" && version !== "GIF89a") return null;
  const headerEnd = 13 + colourTableSize(bytes[10] ?? 0);
  if (headerEnd > bytes.length) return null;
  const out = new Output(bytes.length);
  out.size(u16le(bytes, 6), u16le(bytes, 8));
  out.write(bytes.subarray(0, headerEnd));
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
      // A frame may reach past the screen it declares: the picture is as large as its frames.
      out.size(u16le(bytes, at + 1) + u16le(bytes, at + 5), u16le(bytes, at + 3) + u16le(bytes, at + 7));
      out.write(bytes.subarray(at, end));
      images++;
      at = end;
    } else if (block === 0x21) {
      const label = bytes[at + 1];
      const end = subBlocksEnd(bytes, at + 2);
      if (end === null) return null;
      // Kept: graphic control (delays, transparency) and the loop count; dropped: comments,
      // plain text, and every other application's data (XMP, profiles).
      const loop = label === 0xff && bytes[at + 2] === 11 && GIF_LOOP_APPS.has(ascii(bytes, at + 3, 11));
      if (label === 0xf9 || loop) out.write(bytes.subarray(at, end));
      at = end;
    } else {
      return null;
    }
  }
  if (images === 0) return null;
  out.write([0x3b]);
  return out;
}

// ----------

export type CleanImage = {
  bytes: Uint8Array<ArrayBuffer>;
  type: ImageType;
  /** Its size in pixels as its headers declare it: what a browser will allocate to draw it. */
  width: number;
  height: number;
};

/**
 * The picture recognised by its content, rebuilt with its image data only; null when it is not
 * a JPEG, PNG, WebP or GIF this parser can follow to its end, or when it is made of more blocks
 * than a picture keeps (MAX_KEPT_BLOCKS). Its size in pixels comes with it: a file of a few
 * kilobytes can declare a billion pixels, which every browser showing it would try to allocate.
 */
export async function cleanImage(bytes: Uint8Array): Promise<CleanImage | null> {
  const type = detectImage(bytes);
  if (!type) return null;
  try {
    const clean = await { "image/jpeg": cleanJpeg, "image/png": cleanPng, "image/webp": cleanWebp, "image/gif": cleanGif }[type](bytes);
    if (!clean || clean.width === 0 || clean.height === 0) return null;
    return { bytes: clean.result(), type, width: clean.width, height: clean.height };
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  }
}
