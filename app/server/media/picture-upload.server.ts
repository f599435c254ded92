import { putMedia } from "./media.server";
import { cleanImage, type CleanImage } from "@common/media/image-clean";
import { detectImage, IMAGE_EXTENSION } from "@common/media/sniff";
import { PICTURE_MAX_BYTES, PICTURE_MAX_PIXELS, PICTURE_TOO_LARGE, PICTURE_TOO_MANY_PIXELS } from "@common/rules";
import { MSG } from "@common/contracts/messages";
import { Refusal } from "../http/refusal.server";
import { m } from "@common/i18n/words";
import type { Words } from "@common/i18n/ids";

const MSG_PICTURE = {
  missing: m("server.picture.missing"),
  tooBig: PICTURE_TOO_LARGE,
  notImage: MSG.notAnImage,
  unreadable: MSG.unreadableImage,
} as const;

/**
 * An uploaded image checked by its content (a name or a declared type can lie) and rebuilt with
 * its image data only (common/media/image-clean.ts): what every stored picture goes through. Refused
 * (413, `tooMany`) when its headers declare more than `maxPixels`, whatever its bytes.
 */
export async function cleanUpload(file: File, pixels: { max: number; tooMany: Words }): Promise<CleanImage> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!detectImage(bytes)) throw Refusal.badRequest(MSG.notAnImage);
  const clean = await cleanImage(bytes);
  if (!clean) throw Refusal.badRequest(MSG.unreadableImage);
  if (clean.width * clean.height > pixels.max) throw Refusal.tooLarge(pixels.tooMany);
  return clean;
}

/**
 * A folder, lobby or MJ picture, stored in R2 under its content hash without any metadata.
 * Returns the key; nothing is stored on refusal.
 */
export async function storePicture(bucket: R2Bucket, file: File | null): Promise<string> {
  if (!file || file.size === 0) throw Refusal.badRequest(MSG_PICTURE.missing);
  if (file.size > PICTURE_MAX_BYTES) throw Refusal.tooLarge(MSG_PICTURE.tooBig);
  const { bytes, type } = await cleanUpload(file, { max: PICTURE_MAX_PIXELS, tooMany: PICTURE_TOO_MANY_PIXELS });
  return putMedia(bucket, "pictures", bytes, type, IMAGE_EXTENSION[type]);
}
