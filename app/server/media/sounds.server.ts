import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { settings } from "@db/schema";
import { SOUND_CATEGORIES, type SoundCategory, type SoundCategoryKey } from "@common/contracts/admin/types";
import { putMedia, releaseMedia, serveMedia } from "./media.server";
import { DEFAULT_SOUND_IDS } from "@common/media/sounds";
import { isMp3 } from "@common/media/sniff";
import { SOUND_MAX_BYTES, SOUND_TOO_LARGE } from "@common/rules";
import { Refusal } from "../http/refusal.server";
import { m } from "@common/i18n/words";
import { wordsText } from "@common/i18n/words";

/**
 * The game's sounds: 1 lobby, 2 ranking, 3 end, 4 warning,
 * 5-7 played at random during questions. The defaults ship in public/sounds/{id}.mp3; the
 * admin's replacements live in R2, their keys in settings 'sounds' as a JSON map id -> key.
 * The photo category holds every sound not in the first four (5, 6, 7: the presenter plays
 * one of them at random per question).
 */
const SETTINGS_KEY = "sounds";
const SOUND_IDS = DEFAULT_SOUND_IDS;

export const MSG_SOUND = {
  missing: m("server.sound.missing"),
  notMp3Name: m("server.sound.notMp3Name"),
  notMp3: m("server.sound.notMp3"),
  tooBig: SOUND_TOO_LARGE,
  notFound: m("server.sound.notFound"),
} as const;

/**
 * The sounds of each category of the management screen (SOUND_CATEGORIES, in its order; the
 * screen words their titles); the last one holds all the other sounds.
 */
const CATEGORY_SOUNDS: Record<SoundCategoryKey, number[] | "rest"> = { lobby: [1], ranking: [2], end: [3], warning: [4], photos: "rest" };
const CATEGORIES = SOUND_CATEGORIES.map((key) => ({ key, ids: CATEGORY_SOUNDS[key] }));
const PHOTO_CATEGORY = CATEGORIES.length - 1;
const isSoundId = (id: number) => (SOUND_IDS as readonly number[]).includes(id);

/** A sound's number in an address (/api/sound/{id}, resetSound/{id}): digits, one of SOUND_IDS. */
export const soundId = z
  .string()
  .regex(/^[1-9][0-9]?$/)
  .transform(Number)
  .refine(isSoundId);

function categoryOf(id: number): number {
  const index = CATEGORIES.findIndex((c) => c.ids !== "rest" && c.ids.includes(id));
  return index === -1 ? PHOTO_CATEGORY : index;
}

type SoundKeys = Record<string, string>;

function validKeys(value: unknown): SoundKeys {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: SoundKeys = {};
  for (const [id, key] of Object.entries(value)) {
    if (/^\d+$/.test(id) && typeof key === "string" && key.startsWith("sounds/")) out[id] = key;
  }
  return out;
}

async function readSoundKeys(db: Db): Promise<SoundKeys> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTINGS_KEY)).limit(1);
  return validKeys(row?.value);
}

/** The admin's replacement of a sound, if any (for GET /api/sound/{id}). */
async function soundOverride(db: Db, id: number): Promise<string | null> {
  return isSoundId(id) ? ((await readSoundKeys(db))[String(id)] ?? null) : null;
}

/**
 * GET /api/sound/{id}: the admin's replacement when there is one, else the default shipped in
 * public/sounds, by a redirect so that the static file keeps its caching and ranges.
 */
export async function serveSound(db: Db, bucket: R2Bucket, id: number, conditions: Headers): Promise<Response> {
  const key = await soundOverride(db, id);
  if (key) {
    const media = await serveMedia(bucket, key, conditions);
    // The URL stays while the sound may change: revalidate each time (the ETag makes it cheap).
    const headers = new Headers(media.headers);
    headers.set("Cache-Control", "no-cache");
    return new Response(media.body, { status: media.status, headers });
  }
  // Not cached: once an admin replaces a sound, the next game must hear the new one.
  return new Response(null, {
    status: 302,
    headers: { Location: `/sounds/${id}.mp3`, "Cache-Control": "no-store" },
  });
}

/** The version changes with the sound, so a browser never plays a replaced one from its cache. */
function soundUrl(id: number, key: string | undefined): string {
  const version = key ? key.slice(key.indexOf("/") + 1, key.indexOf("/") + 13) : "0";
  return `/api/sound/${id}?v=${version}`;
}

/** GET /api/pres/admin/soundList: the ordered array of sound URLs. */
export async function soundList(db: Db): Promise<string[]> {
  const keys = await readSoundKeys(db);
  return SOUND_IDS.map((id) => soundUrl(id, keys[String(id)]));
}

export async function soundCategories(db: Db): Promise<SoundCategory[]> {
  const keys = await readSoundKeys(db);
  return CATEGORIES.map((c, index) => ({
    index,
    key: c.key,
    sounds: SOUND_IDS
      .filter((id) => categoryOf(id) === index)
      .map((id) => ({ id, url: soundUrl(id, keys[String(id)]), custom: String(id) in keys })),
  }));
}

/**
 * The sound a replaceSound call names, `{categoryIndex}/{fileName}` with `{id}.mp3` (or `{id}`) as
 * the file name, of that category; anything else names no sound.
 */
export const ReplacedSound = z
  .object({ categoryIndex: z.string(), fileName: z.string().regex(/^\d{1,2}(\.mp3)?$/i) })
  .transform(({ categoryIndex, fileName }) => ({ category: Number(categoryIndex), id: parseInt(fileName, 10) }))
  .refine(({ category, id }) => isSoundId(id) && categoryOf(id) === category)
  .transform(({ id }) => id);

/** The upload of a replaceSound call: a file that is not empty. */
export const SoundUpload = z.object({
  file: z.instanceof(File, { message: wordsText(MSG_SOUND.missing) }).refine((f) => f.size > 0, wordsText(MSG_SOUND.missing)),
});

/** Checks the upload (name .mp3, content mp3, 5 MB) before anything is stored. */
export async function readMp3(file: File): Promise<Uint8Array<ArrayBuffer>> {
  if (!file.name.toLowerCase().endsWith(".mp3")) throw Refusal.badRequest(MSG_SOUND.notMp3Name);
  if (file.size > SOUND_MAX_BYTES) throw Refusal.tooLarge(MSG_SOUND.tooBig);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isMp3(bytes)) throw Refusal.badRequest(MSG_SOUND.notMp3);
  return bytes;
}

/** R2 first, then the settings map (one atomic statement), then the old object if unused. */
export async function replaceSound(db: Db, bucket: R2Bucket, id: number, bytes: Uint8Array<ArrayBuffer>) {
  const previous = await soundOverride(db, id);
  const key = await putMedia(bucket, "sounds", bytes, "audio/mpeg", "mp3");
  const path = `$."${id}"`;
  await db.run(sql`
    INSERT INTO ${settings} ("key", "value") VALUES (${SETTINGS_KEY}, json_object(${String(id)}, ${key}))
    ON CONFLICT ("key") DO UPDATE SET "value" = json_set("value", ${path}, ${key})`);
  if (previous && previous !== key) await releaseMedia(db, bucket, [previous]);
  return key;
}

/** Back to the shipped sound. */
export async function resetSound(db: Db, bucket: R2Bucket, id: number) {
  const previous = await soundOverride(db, id);
  if (!previous) return;
  const path = `$."${id}"`;
  await db.run(sql`UPDATE ${settings} SET "value" = json_remove("value", ${path}) WHERE "key" = ${SETTINGS_KEY}`);
  await releaseMedia(db, bucket, [previous]);
}
