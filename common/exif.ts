/**
 * A small EXIF reader: the GPS position (to prefill a question's coordinates in the browser,
 * before the upload) and the orientation (which survives the server's GPS stripping).
 * It finds the TIFF block of a JPEG (APP1 'Exif'), a PNG (eXIf chunk) or a WebP (EXIF chunk),
 * walks IFD0 and the GPS IFD, and gives up quietly (null) on anything malformed.
 */
import type { LatLng } from "@common/protocol";

export type ExifInfo = { gps: LatLng | null; orientation: number | null };

const TAG = {
  orientation: 0x0112,
  gpsIfd: 0x8825,
  latRef: 0x0001,
  lat: 0x0002,
  lngRef: 0x0003,
  lng: 0x0004,
} as const;

/** Bytes per component of each TIFF field type. */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
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

/** The TIFF block holding the EXIF of a JPEG, PNG or WebP file, if there is one. */
export function findExifTiff(bytes: Uint8Array): Uint8Array | null {
  const jpeg = jpegSegments(bytes);
  if (jpeg) {
    for (const s of jpeg.segments) {
      if (s.marker === 0xe1 && startsWith(bytes, EXIF_HEADER, s.dataStart)) {
        return bytes.subarray(s.dataStart + EXIF_HEADER.length, s.end);
      }
    }
    return null;
  }
  if (startsWith(bytes, PNG_SIGNATURE)) {
    for (const chunk of pngChunks(bytes) ?? []) {
      if (chunk.type === "eXIf") return bytes.subarray(chunk.dataStart, chunk.dataEnd);
    }
    return null;
  }
  for (const chunk of webpChunks(bytes) ?? []) {
    if (chunk.type === "EXIF") {
      const data = bytes.subarray(chunk.dataStart, chunk.dataEnd);
      // Some writers keep the JPEG-style "Exif\0\0" prefix inside the chunk.
      return startsWith(data, EXIF_HEADER) ? data.subarray(EXIF_HEADER.length) : data;
    }
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

type Entry = { tag: number; type: number; count: number; valueOffset: number };

/** Reads IFD0 and the GPS IFD of a TIFF block. Throws RangeError on truncated data. */
function readTiff(tiff: Uint8Array): ExifInfo {
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = ascii(tiff, 0, 2);
  if (order !== "II" && order !== "MM") return { gps: null, orientation: null };
  const le = order === "II";
  if (view.getUint16(2, le) !== 42) return { gps: null, orientation: null };

  const entries = (ifdOffset: number): Map<number, Entry> => {
    const map = new Map<number, Entry>();
    const count = view.getUint16(ifdOffset, le);
    for (let i = 0; i < count; i++) {
      const at = ifdOffset + 2 + i * 12;
      const tag = view.getUint16(at, le);
      const type = view.getUint16(at + 2, le);
      const n = view.getUint32(at + 4, le);
      const size = (TYPE_SIZE[type] ?? 0) * n;
      // Values of four bytes or less sit in the entry itself; larger ones elsewhere.
      const valueOffset = size <= 4 ? at + 8 : view.getUint32(at + 8, le);
      if (valueOffset + size > tiff.length) continue;
      map.set(tag, { tag, type, count: n, valueOffset });
    }
    return map;
  };

  const ifd0 = entries(view.getUint32(4, le));
  const orientationEntry = ifd0.get(TAG.orientation);
  const orientation =
    orientationEntry && orientationEntry.type === 3 ? view.getUint16(orientationEntry.valueOffset, le) : null;

  let gps: LatLng | null = null;
  const pointer = ifd0.get(TAG.gpsIfd);
  if (pointer && (pointer.type === 4 || pointer.type === 13)) {
    const gpsIfd = entries(view.getUint32(pointer.valueOffset, le));
    const degrees = (entry: Entry | undefined): number | null => {
      if (!entry || entry.type !== 5 || entry.count < 1) return null;
      let value = 0;
      for (let i = 0; i < Math.min(3, entry.count); i++) {
        const num = view.getUint32(entry.valueOffset + i * 8, le);
        const den = view.getUint32(entry.valueOffset + i * 8 + 4, le);
        if (den === 0) return null;
        value += num / den / 60 ** i;
      }
      return value;
    };
    const ref = (entry: Entry | undefined) => (entry && entry.type === 2 ? ascii(tiff, entry.valueOffset, 1) : "");
    const lat = degrees(gpsIfd.get(TAG.lat));
    const lng = degrees(gpsIfd.get(TAG.lng));
    const latRef = ref(gpsIfd.get(TAG.latRef)).toUpperCase();
    const lngRef = ref(gpsIfd.get(TAG.lngRef)).toUpperCase();
    if (lat !== null && lng !== null) {
      const signed = { lat: latRef === "S" ? -lat : lat, lng: lngRef === "W" ? -lng : lng };
      // Cameras without a fix often write zeros: that is "no position", not the Gulf of Guinea.
      const empty = lat === 0 && lng === 0;
      if (!empty && Math.abs(signed.lat) <= 90 && Math.abs(signed.lng) <= 180) gps = signed;
    }
  }
  return { gps, orientation: orientation !== null && orientation >= 1 && orientation <= 8 ? orientation : null };
}

export function readExif(bytes: Uint8Array): ExifInfo {
  try {
    const tiff = findExifTiff(bytes);
    return tiff ? readTiff(tiff) : { gps: null, orientation: null };
  } catch {
    return { gps: null, orientation: null };
  }
}

export function readExifGps(bytes: Uint8Array): LatLng | null {
  return readExif(bytes).gps;
}
