/**
 * Public URLs of stored media (docs/architecture.md, R2). Keys are `prefix/hash.ext`
 * (media.server.ts).
 */
const basename = (key: string) => key.slice(key.lastIndexOf("/") + 1);

export function questionImageUrl(quizUniqueName: string, fileKey: string): string {
  return `/api/quizz/images/src/${encodeURIComponent(quizUniqueName)}/${basename(fileKey)}`;
}

/** Folder pictures, MJ photos and lobby pictures share the `pictures/` prefix. */
export function pictureUrl(key: string): string {
  return `/api/quizz/images/src/pictures/${basename(key)}`;
}

/** Marker picture of a pseudo: whitespace removed, so the name is a clean URL segment. */
export function markerUrl(pseudo: string): string {
  return `/api/markers/${encodeURIComponent(pseudo.replace(/\s+/g, ""))}`;
}

export const DEFAULT_LOBBY_PICTURE = "/lobby-default.jpg";
