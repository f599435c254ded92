/**
 * What a photo's EXIF says about where it was taken and which way up it is, read with exifr
 * (a maintained reader of JPEG, HEIC/HEIF, AVIF, PNG and TIFF). The wizard reads the position in
 * the browser, from the original file, before any conversion drops the metadata; the server and
 * the tests read the orientation and check that nothing stored still has a position.
 *
 * exifr does not open WebP, so the EXIF chunk of a WebP file is handed to it as the bare TIFF
 * block it is; and it ignores the base offsets of a HEIF file's item locations, so a HEIC or AVIF
 * is handed over with them folded into absolute offsets (./heif-iloc.ts), and not at all when its
 * boxes or item locations would send exifr into nothing (a box of size 0 it would read forever).
 * Anything unreadable, truncated or foreign gives "nothing known", never an error.
 */
import exifr from "exifr";
import { absoluteItemOffsets } from "@common/media/heif-iloc";
import type { LatLng } from "@common/wire/protocol";

type ExifInfo = { gps: LatLng | null; orientation: number | null };

type ExifSource = Uint8Array | ArrayBuffer | Blob;

const NOTHING: ExifInfo = { gps: null, orientation: null };

/** Only IFD0's orientation and the GPS block: the rest of a camera's EXIF is never parsed. */
const OPTIONS: Parameters<typeof exifr.parse>[1] = {
  tiff: true,
  ifd0: { pick: ["Orientation"] },
  gps: true,
  exif: false,
  interop: false,
  ifd1: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  translateValues: false,
};

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/** The TIFF block of a WebP's EXIF chunk (some writers keep JPEG's "Exif\0\0" in front). */
function webpExif(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size;
    if (end > bytes.length) return null;
    if (ascii(bytes, at, 4) === "EXIF") {
      const data = bytes.subarray(at + 8, end);
      return ascii(data, 0, 6) === "Exif\0\0" ? data.subarray(6) : data;
    }
    at = end + (size % 2);
  }
  return null;
}

async function bytesOf(input: ExifSource): Promise<Uint8Array> {
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  // The whole file: the wizard reads it anyway to convert it, and exifr takes a Blob only in a
  // browser.
  return new Uint8Array(await input.arrayBuffer());
}

type Parsed = { Orientation?: unknown; latitude?: unknown; longitude?: unknown } | undefined;

function interpret(parsed: Parsed): ExifInfo {
  if (!parsed) return NOTHING;
  const { latitude: lat, longitude: lng, Orientation: o } = parsed;
  let gps: LatLng | null = null;
  if (typeof lat === "number" && typeof lng === "number" && Number.isFinite(lat) && Number.isFinite(lng)) {
    // Cameras without a fix often write zeros: that is "no position", not the Gulf of Guinea.
    const empty = lat === 0 && lng === 0;
    if (!empty && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) gps = { lat, lng };
  }
  const orientation = typeof o === "number" && Number.isInteger(o) && o >= 1 && o <= 8 ? o : null;
  return { gps, orientation };
}

/** The GPS position and the orientation a photo's EXIF holds, each null when absent. */
export async function readExif(input: ExifSource): Promise<ExifInfo> {
  try {
    const bytes = await bytesOf(input);
    if (bytes.length < 12) return NOTHING;
    if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
      const tiff = webpExif(bytes);
      return tiff ? interpret(await exifr.parse(tiff, OPTIONS)) : NOTHING;
    }
    if (ascii(bytes, 4, 4) === "ftyp") {
      const heif = absoluteItemOffsets(bytes);
      return heif ? interpret(await exifr.parse(heif, OPTIONS)) : NOTHING;
    }
    return interpret(await exifr.parse(bytes, OPTIONS));
  } catch {
    return NOTHING;
  }
}

export async function readExifGps(input: ExifSource): Promise<LatLng | null> {
  return (await readExif(input)).gps;
}
