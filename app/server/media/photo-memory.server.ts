/**
 * Question photos kept in the Worker's memory once read from R2. A défi's players, or a night's
 * phones with « Photo sur les téléphones », ask for the same few photos hundreds of times a
 * minute; each ask was an R2 read (a call, a cost per operation, and the CPU to stream it).
 * A photo's key is its content hash, so a kept copy is never stale; the callers check who may see
 * a photo in D1 before asking, and a photo no row names any more is no longer reachable through
 * them. Bounded by bytes, least recently used out first; a file larger than an eighth of the
 * budget is served from R2 each time and never kept.
 */
export const PHOTO_MEMORY_BYTES = 24 * 1024 * 1024;

/** A photo's bytes and the headers R2 gave it (its stored HTTP metadata and ETag). */
export type KeptPhoto = { bytes: ArrayBuffer; etag: string; headers: [string, string][] };

/** Photos by R2 key, in least- to most-recently-used order (a Map's insertion order). */
export class PhotoMemory {
  private readonly photos = new Map<string, KeptPhoto>();
  private held = 0;

  constructor(readonly budget = PHOTO_MEMORY_BYTES) {}

  get bytesHeld(): number {
    return this.held;
  }

  get(key: string): KeptPhoto | undefined {
    const photo = this.photos.get(key);
    if (photo) {
      this.photos.delete(key);
      this.photos.set(key, photo);
    }
    return photo;
  }

  /** Keeps the photo unless it is too large; forgets the least recently used ones past the budget. */
  keep(key: string, photo: KeptPhoto): void {
    if (!keepable(photo.bytes.byteLength, this.budget)) return;
    const before = this.photos.get(key);
    if (before) {
      this.held -= before.bytes.byteLength;
      this.photos.delete(key);
    }
    this.photos.set(key, photo);
    this.held += photo.bytes.byteLength;
    for (const [oldest, old] of this.photos) {
      if (this.held <= this.budget) break;
      this.photos.delete(oldest);
      this.held -= old.bytes.byteLength;
    }
  }
}

/**
 * True when a request's `If-None-Match` names this photo (or is `*`): it answers 304. Only that
 * condition is answered from memory; a request with another one goes to R2, which answers them all.
 */
export function notModified(conditions: Headers, photo: Pick<KeptPhoto, "etag">): boolean {
  const asked = conditions.get("If-None-Match");
  if (!asked) return false;
  return asked.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "");
    return t === "*" || t === `"${photo.etag}"`;
  });
}

/** Whether the memory can answer this request: no condition but If-None-Match. */
export function answerableFromMemory(conditions: Headers): boolean {
  return !conditions.has("If-Match") && !conditions.has("If-Modified-Since") && !conditions.has("If-Unmodified-Since");
}

/** Whether a photo of this many bytes may be kept at all. */
export const keepable = (size: number, budget = PHOTO_MEMORY_BYTES) => size <= budget / 8;

/** The memory of this Worker's isolate, shared by its requests. */
export const questionPhotos = new PhotoMemory();
