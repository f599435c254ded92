/**
 * What the wizard decides about the photos a game master picks, before anything is decoded or
 * sent: which files it takes, which decoder each needs, how large the picture it sends may be,
 * and the question name a file gives. Pure, so that the browser and the tests share it.
 */
import { PHOTO_BATCH_MAX, PHOTO_LONG_SIDE_MAX, PHOTO_SOURCE_MAX_BYTES, QUESTION_NAME_MAX, QUIZ_FULL, QUIZ_QUESTIONS_MAX, megabytes } from "@common/rules";
import { m } from "../../i18n/words";
import type { Words } from "@common/i18n/ids";

/**
 * How a file is decoded: "native" by the browser's own image decoder (JPEG, PNG, WebP, GIF,
 * AVIF), "heif" by the HEIF decoder the wizard loads on demand (HEIC/HEIF from phones).
 */
export type PhotoFormat = "jpeg" | "png" | "webp" | "gif" | "avif" | "heic";
type Decoder = "native" | "heif";

export const DECODER: Record<PhotoFormat, Decoder> = {
  jpeg: "native",
  png: "native",
  webp: "native",
  gif: "native",
  avif: "native",
  heic: "heif",
};

export const PHOTO_MSG = {
  notAPhoto: m("wizard.photo.notAPhoto"),
  sourceTooLarge: m("wizard.photo.sourceTooLarge", { mb: megabytes(PHOTO_SOURCE_MAX_BYTES) }),
  unreadable: m("wizard.photo.unreadable"),
  heifFailed: m("wizard.photo.heifFailed"),
  empty: m("wizard.photo.empty"),
  tooMany: (n: number) => m("wizard.photo.tooMany", { max: PHOTO_BATCH_MAX, n }),
  /** Only the first `room` of `n` photos fit in the quiz. */
  onlyFirst: (room: number, n: number) => m("wizard.photo.onlyFirst", { room, n, max: QUIZ_QUESTIONS_MAX }),
  noPosition: m("wizard.photo.noPosition"),
} as const;

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, Math.min(bytes.length, at + length)));

/** ISO-BMFF brands (ftyp) of HEIF photos. AVIF is checked first: it also names mif1. */
const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/** The format of a file from its first bytes (at least 32 for HEIF/AVIF), or null. */
export function detectPhotoFormat(head: Uint8Array): PhotoFormat | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP") return "webp";
  if (ascii(head, 0, 4) === "GIF8") return "gif";
  if (ascii(head, 4, 4) === "ftyp") {
    const size = Math.min(head.length, (head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]);
    // The major brand, then the compatible brands after the minor version.
    const brands = [ascii(head, 8, 4)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(head, at, 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return "avif";
    if (brands.some((b) => HEIF_BRANDS.has(b))) return "heic";
  }
  return null;
}

/** Width and height once the long side is at most `max` (never enlarged), whole pixels. */
export function fitWithin(width: number, height: number, max = PHOTO_LONG_SIDE_MAX): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 'Mont Saint-Michel.HEIC' -> 'Mont Saint-Michel': the file name without its extension. */
export function questionNameOf(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]*$/, "").trim() || fileName.trim();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a name stored with the question (data the game master renames), not a text of the screen
  return base.slice(0, QUESTION_NAME_MAX) || "Photo";
}

type BatchCheck = { ok: true; take: number; notice: Words | null } | { ok: false; error: Words };

/**
 * A selection or drop the wizard takes (1 to 100 files), given the questions the quiz can still
 * receive (`room`): the first `take` files, and what to tell when some are left out; or why none.
 */
export function checkBatch(count: number, room: number = QUIZ_QUESTIONS_MAX): BatchCheck {
  if (count === 0) return { ok: false, error: PHOTO_MSG.empty };
  if (count > PHOTO_BATCH_MAX) return { ok: false, error: PHOTO_MSG.tooMany(count) };
  if (room <= 0) return { ok: false, error: QUIZ_FULL };
  if (count > room) return { ok: true, take: room, notice: PHOTO_MSG.onlyFirst(room, count) };
  return { ok: true, take: count, notice: null };
}

/** Runs `task` over `items` with at most `limit` at a time, in order of start. */
export async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
