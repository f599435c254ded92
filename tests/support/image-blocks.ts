/**
 * The structure of a stored picture (JPEG segments, PNG and WebP chunks), read by tests to check
 * what a cleaned file kept. The app itself never needs it: common/media/image-clean.ts rebuilds files
 * from a whitelist as it walks them.
 */
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


