/**
 * Public URLs of stored media (docs/architecture.md, R2). Keys are `prefix/hash.ext`
 * (media.server.ts).
 */
const basename = (key: string) => key.slice(key.lastIndexOf("/") + 1);

export function questionImageUrl(quizUniqueName: string, fileKey: string): string {
  return `/api/quizz/images/src/${encodeURIComponent(quizUniqueName)}/${basename(fileKey)}`;
}

/**
 * A question's photo as the presenter's screen loads it: at the room's address, which names the room,
 * not the quiz, and answers only the room's owner and the admin. `imageUrl` is the photo's public
 * URL (questionImageUrl), whose last segment is the stored file.
 */
export function roomPhotoUrl(roomNumber: string, imageUrl: string): string {
  return `/api/salle/${encodeURIComponent(roomNumber)}/photos/${photoFileOf(imageUrl)}`;
}

/** The stored file a photo URL names (its last segment: content hash and extension). */
export const photoFileOf = (imageUrl: string) => basename(imageUrl);

/** Folder pictures, MJ photos and lobby pictures share the `pictures/` prefix. */
export function pictureUrl(key: string): string {
  return `/api/quizz/images/src/pictures/${basename(key)}`;
}

/** Marker picture of a pseudo: whitespace removed, so the name is a clean URL segment. */
export function markerUrl(pseudo: string): string {
  return `/api/markers/${encodeURIComponent(pseudo.replace(/\s+/g, ""))}`;
}

export const DEFAULT_LOBBY_PICTURE = "/lobby-default.jpg";
