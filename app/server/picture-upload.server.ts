import { putMedia } from "./media.server";
import { detectImage, IMAGE_EXTENSION } from "@common/sniff";
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "@common/rules";
import { Refusal } from "./refusal.server";

export const MSG_PICTURE = {
  missing: "Choisissez une image",
  tooBig: PICTURE_TOO_LARGE,
  notImage: "Ce fichier n'est pas une image (JPEG, PNG, WebP ou GIF)",
} as const;

/**
 * Reads an uploaded picture, checks it by content (a name or a declared type can lie) and
 * stores it in R2 under its content hash. Returns the key; nothing is stored on refusal.
 */
export async function storePicture(bucket: R2Bucket, file: FormDataEntryValue | null): Promise<string> {
  if (!file || typeof file === "string" || file.size === 0) throw Refusal.badRequest(MSG_PICTURE.missing);
  if (file.size > PICTURE_MAX_BYTES) throw Refusal.tooLarge(MSG_PICTURE.tooBig);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImage(bytes);
  if (!type) throw Refusal.badRequest(MSG_PICTURE.notImage);
  return putMedia(bucket, "pictures", bytes, type, IMAGE_EXTENSION[type]);
}
