/**
 * A photo as the game master picked it -> the JPEG the wizard uploads. In the browser, before
 * anything is sent: the GPS position is read from the original file (conversion drops it), the
 * picture is decoded (the browser's own decoder, or libheif for HEIC), turned upright, shrunk to
 * PHOTO_LONG_SIDE_MAX on its long side and encoded as JPEG. A 12-megapixel phone photo of 5 MB
 * goes up as about 0.5 MB. The server still checks what it receives.
 */
import { readExifGps } from "@common/media/exif";
import { readableHeif } from "@common/media/heif-iloc";
import type { Words } from "@common/i18n/ids";
import type { LatLng } from "@common/wire/protocol";
import { PHOTO_SOURCE_MAX_BYTES } from "@common/rules";
import { DECODER, detectPhotoFormat, fitWithin, PHOTO_MSG, questionNameOf, type PhotoFormat } from "@common/contracts/wizard/photos";

/** Quality of the uploaded JPEG: no visible loss on a projector, a fraction of the original size. */
const JPEG_QUALITY = 0.85;

export type PreparedPhoto = {
  /** The JPEG to upload, without any metadata. */
  jpeg: Blob;
  name: string;
  gps: LatLng | null;
  format: PhotoFormat;
  width: number;
  height: number;
};

type Preparation = { ok: true; photo: PreparedPhoto } | { ok: false; error: Words };

/** The picture, upright, as the browser can draw it. */
async function decode(file: File, bytes: Uint8Array, format: PhotoFormat): Promise<ImageBitmap> {
  if (DECODER[format] === "heif") {
    const { decodeHeif } = await import("./heif-decoder.client");
    return createImageBitmap(await decodeHeif(bytes));
  }
  // "from-image": the EXIF orientation of a phone photo taken sideways is applied here.
  return createImageBitmap(file, { imageOrientation: "from-image" });
}

function encode(bitmap: ImageBitmap): Promise<{ jpeg: Blob; width: number; height: number }> {
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("no 2d context"));
  // A transparent PNG would turn black in a JPEG: white behind it, like a page.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve({ jpeg: blob, width, height }) : reject(new Error("JPEG encoding failed"))), "image/jpeg", JPEG_QUALITY),
  );
}

export async function preparePhoto(file: File): Promise<Preparation> {
  if (file.size > PHOTO_SOURCE_MAX_BYTES) return { ok: false, error: PHOTO_MSG.sourceTooLarge };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, error: PHOTO_MSG.unreadable };
  }
  const format = detectPhotoFormat(bytes.subarray(0, 64));
  if (!format) return { ok: false, error: PHOTO_MSG.notAPhoto };
  // A HEIC whose boxes or item locations read nothing would send the decoder, or exifr, into a
  // loop or a huge read in this tab (common/media/heif-iloc.ts): refused before either sees it.
  if (DECODER[format] === "heif" && !readableHeif(bytes)) return { ok: false, error: PHOTO_MSG.heifFailed };
  const gps = await readExifGps(bytes);
  let bitmap: ImageBitmap;
  try {
    bitmap = await decode(file, bytes, format);
  } catch {
    return { ok: false, error: DECODER[format] === "heif" ? PHOTO_MSG.heifFailed : PHOTO_MSG.unreadable };
  }
  try {
    const { jpeg, width, height } = await encode(bitmap);
    return { ok: true, photo: { jpeg, name: questionNameOf(file.name), gps, format, width, height } };
  } catch {
    return { ok: false, error: PHOTO_MSG.unreadable };
  } finally {
    bitmap.close();
  }
}

/** The multipart form of a photo question: the converted JPEG, its name, its position. */
export function photoForm(photo: Pick<PreparedPhoto, "jpeg" | "name">, spot: LatLng, name = photo.name): FormData {
  const form = new FormData();
  form.set("uploadFile", photo.jpeg, `${photo.name}.jpg`);
  form.set("name", name);
  form.set("coords", JSON.stringify(spot));
  return form;
}
