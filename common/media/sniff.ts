/**
 * What a file really is, from its first bytes: a browser's declared type or a file name can lie
 * (images must really be images, mp3 must be mp3: a renamed file is refused, see
 * docs/architecture.md, Inputs).
 */
export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

const startsWith = (bytes: Uint8Array, sig: number[], offset = 0) =>
  sig.every((b, i) => bytes[offset + i] === b);

export function detectImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return "image/webp";
  }
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "image/gif";
  return null;
}

/** An ID3v2 tag, or an MPEG audio frame sync of layer III at the start. */
export function isMp3(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0x49, 0x44, 0x33])) return true;
  return bytes.length > 1 && bytes[0] === 0xff && (bytes[1] & 0xe6) === 0xe2;
}

export const IMAGE_EXTENSION: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};
