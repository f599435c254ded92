import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { accounts, folders, questions, settings } from "@db/schema";
import { MSG } from "@common/contracts/messages";
import { Refusal } from "../http/refusal.server";
import { answerableFromMemory, keepable, notModified, questionPhotos, type KeptPhoto, type PhotoMemory } from "./photo-memory.server";

/**
 * R2 objects are keyed by content hash: the same photo uploaded twice, or a
 * duplicated quiz, shares one object. Writes go R2 first, then D1; deletes D1 first, then R2,
 * and an object goes only when no row refers to it any more.
 */
type MediaPrefix = "photos" | "pictures" | "sounds";

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Stores the bytes once and returns their key, e.g. `photos/3f2a….jpg`. */
export async function putMedia(
  bucket: R2Bucket,
  prefix: MediaPrefix,
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  extension: string,
): Promise<string> {
  const key = `${prefix}/${await sha256Hex(bytes)}.${extension}`;
  if (!(await bucket.head(key))) {
    await bucket.put(key, bytes, { httpMetadata: { contentType } });
  }
  return key;
}

/** True while any row still names the key. Sound keys live as JSON values in settings. */
async function isReferenced(db: Db, key: string): Promise<boolean> {
  const checks = await db.batch([
    db.select({ n: sql<number>`1` }).from(questions).where(eq(questions.fileKey, key)).limit(1),
    db.select({ n: sql<number>`1` }).from(folders).where(eq(folders.imageKey, key)).limit(1),
    db.select({ n: sql<number>`1` }).from(accounts).where(eq(accounts.photoKey, key)).limit(1),
    db.select({ n: sql<number>`1` }).from(accounts).where(eq(accounts.lobbyPictureKey, key)).limit(1),
    db
      .select({ n: sql<number>`1` })
      .from(settings)
      .where(sql`instr(${settings.value}, ${JSON.stringify(key)}) > 0`)
      .limit(1),
  ]);
  return checks.some((rows) => rows.length > 0);
}

/** Call after the rows that named these keys were changed or deleted. */
export async function releaseMedia(db: Db, bucket: R2Bucket, keys: Iterable<string | null | undefined>) {
  for (const key of new Set([...keys].filter((k): k is string => !!k))) {
    if (!(await isReferenced(db, key))) await bucket.delete(key);
  }
}

/** The file name of a stored picture: its content hash and extension. */
export const PICTURE_FILE = /^[a-f0-9]{64}\.(jpg|png|webp|gif)$/;

/** A picture's file name in an address; anything else names no file (404 « Fichier introuvable »). */
export const pictureFile = z.string().regex(PICTURE_FILE);

/**
 * Serves an object with long-lived caching: a key is a content hash, so its bytes never change.
 * `private` keeps it out of shared caches, for what not everyone may get. `conditions` are the
 * request's headers: If-None-Match and the like answer 304 without the bytes.
 */
export async function serveMedia(
  bucket: R2Bucket,
  key: string,
  conditions: Headers,
  cache: "public" | "private" = "public",
  memory?: PhotoMemory,
): Promise<Response> {
  if (memory && answerableFromMemory(conditions)) {
    const kept = memory.get(key) ?? (await readIntoMemory(bucket, key, memory));
    if (kept) {
      const headers = mediaHeaders(kept.headers, cache);
      return notModified(conditions, kept) ? new Response(null, { status: 304, headers }) : new Response(kept.bytes, { headers });
    }
  }
  const object = await bucket.get(key, { onlyIf: conditions });
  if (!object) throw Refusal.notFound(MSG.fileNotFound);
  const headers = mediaHeaders(storedHeaders(object), cache);
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}

/** What R2 stored with an object, as headers: its HTTP metadata and its ETag. */
function storedHeaders(object: R2Object): [string, string][] {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  return [...headers];
}

function mediaHeaders(stored: [string, string][], cache: "public" | "private"): Headers {
  const headers = new Headers(stored);
  headers.set("Cache-Control", `${cache}, max-age=31536000, immutable`);
  headers.set("X-Content-Type-Options", "nosniff");
  return headers;
}

/**
 * Reads an object whole and keeps it, or null when it is too large to keep (then it is streamed
 * from R2 as any other). A missing object is a 404.
 */
async function readIntoMemory(bucket: R2Bucket, key: string, memory: PhotoMemory): Promise<KeptPhoto | null> {
  const head = await bucket.head(key);
  if (!head) throw Refusal.notFound(MSG.fileNotFound);
  if (!keepable(head.size, memory.budget)) return null;
  const object = await bucket.get(key);
  if (!object) throw Refusal.notFound(MSG.fileNotFound);
  const kept: KeptPhoto = { bytes: await object.arrayBuffer(), etag: object.etag, headers: storedHeaders(object) };
  memory.keep(key, kept);
  return kept;
}

/**
 * A picture of R2 `pictures/` (folder pictures, MJ photos, lobby pictures), `file` a PICTURE_FILE.
 * Public: its name is a content hash, and nothing else of the bucket is reachable this way.
 */
export function servePicture(bucket: R2Bucket, file: string, conditions: Headers): Promise<Response> {
  return serveMedia(bucket, `pictures/${file}`, conditions);
}

/**
 * A question's photo (`file` a PICTURE_FILE). Only a file one of the quiz's questions uses is
 * served: knowing a quiz's name does not open the whole bucket. Who may see it depends on the game
 * (played-quiz.server.ts), so no shared cache keeps it.
 */
export async function serveQuestionPhoto(
  db: Db,
  bucket: R2Bucket,
  quizName: string,
  file: string,
  conditions: Headers,
): Promise<Response> {
  const key = `photos/${file}`;
  const [used] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.quizUniqueName, quizName), eq(questions.fileKey, key)))
    .limit(1);
  if (!used) throw Refusal.notFound(MSG.fileNotFound);
  return serveMedia(bucket, key, conditions, "private", questionPhotos);
}
