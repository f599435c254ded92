import { boundsAround } from "../../util/projection";
import type { Bounds, LatLng, MapSettings, QuizQuestion } from "@common/wire/protocol";
import { questionImageUrl } from "../../media/urls";
import type { StreetView } from "../../media/streetview";
import { m } from "../../i18n/words";
import type { Words } from "../../i18n/ids";

/**
 * Pure parts of the public pages /watch and /question (docs/architecture.md, Pages and HTTP API):
 * what a question shows, which description applies and which area the map covers. Loaders feed them
 * D1 rows, or while the quiz is played the questions its rooms have revealed.
 */

export const QUIZ_NOT_FOUND = m("public.quizNotFound");
export const QUESTION_NOT_FOUND = m("public.questionNotFound");

/** Metropolitan France: the map of a quiz with neither map settings nor questions. */
export const DEFAULT_BOUNDS: Bounds = { north: 51.3, south: 41.2, west: -5.3, east: 9.8 };

export type PublicMedia =
  | { kind: "photo"; url: string }
  | { kind: "streetview"; streetView: StreetView }
  | { kind: "none" };

export type PublicQuestion = {
  /** Index in the quiz's order, 0-based: the questionNumber of /question. */
  index: number;
  name: string;
  position: LatLng;
  media: PublicMedia;
};

/** What these functions read of a stored question (a `questions` row of db/schema.ts fits). */
export interface StoredQuestion {
  kind: "photo" | "streetview";
  name: string;
  title: string | null;
  description: string | null;
  lat: number;
  lng: number;
  fileKey: string | null;
  svPano: string | null;
  svLat: number | null;
  svLng: number | null;
  svHeading: number | null;
  svPitch: number | null;
  svFov: number | null;
}

export type MapView = { bounds: Bounds; center?: LatLng; zoom?: number };

/** What the one-question page shows, whoever serves it (/question, or the room's own page). */
export interface QuestionPageData {
  quizName: string;
  /** « Question 2 sur 5 », or without the count where it would tell what is still to come. */
  subtitle: Words;
  question: PublicQuestion;
  /** The question's own description, else the quiz's; null: neither (the page says there is none). */
  description: string | null;
  /** A game of this quiz is being played: what the public sees of it is said. */
  notice: Words | null;
  map: MapView;
}

function questionMedia(quizUniqueName: string, q: StoredQuestion): PublicMedia {
  if (q.kind === "photo" && q.fileKey)
    return { kind: "photo", url: questionImageUrl(quizUniqueName, q.fileKey) };
  if (q.kind === "streetview" && q.svHeading !== null && q.svPitch !== null) {
    return {
      kind: "streetview",
      streetView: {
        pano: q.svPano,
        lat: q.svLat ?? q.lat,
        lng: q.svLng ?? q.lng,
        heading: q.svHeading,
        pitch: q.svPitch,
        fov: q.svFov,
      },
    };
  }
  return { kind: "none" };
}

export function publicQuestion(quizUniqueName: string, q: StoredQuestion, index: number): PublicQuestion {
  return {
    index,
    name: q.title?.trim() || q.name,
    position: { lat: q.lat, lng: q.lng },
    media: questionMedia(quizUniqueName, q),
  };
}

/** A question as a room played it (the quiz as launched), shown like one read from D1. */
export function playedQuestion(q: QuizQuestion, index: number): PublicQuestion {
  const sv = q.streetview;
  let media: PublicMedia = { kind: "none" };
  if (q.kind === "photo" && q.imageUrl) media = { kind: "photo", url: q.imageUrl };
  else if (q.kind === "streetview" && sv) {
    media = { kind: "streetview", streetView: { pano: sv.panoId, lat: sv.lat, lng: sv.lng, heading: sv.heading, pitch: sv.pitch, fov: sv.fov } };
  }
  return { index, name: q.title.trim() || q.name, position: { lat: q.lat, lng: q.lng }, media };
}

/**
 * The questions every room playing a quiz has revealed, in play order: the least advanced room's,
 * less any another room has not revealed (two rooms launched on either side of an edit of the quiz
 * may play its questions in different orders). No room, nothing.
 */
export function revealedEverywhere(rooms: readonly (readonly QuizQuestion[])[]): QuizQuestion[] {
  if (rooms.length === 0) return [];
  const key = (q: QuizQuestion) => JSON.stringify(q);
  const shown = rooms.map((questions) => new Set(questions.map(key)));
  const least = rooms.reduce((a, b) => (b.length < a.length ? b : a));
  return least.filter((q) => shown.every((set) => set.has(key(q))));
}

/**
 * A spot as the public pages write it (five decimals, about a metre): two questions with the
 * same key give the same answer away.
 */
export const spotKey = (p: LatLng) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;

/**
 * The spots of a quiz that another game's quiz of the same owner shares (a copy of it, a copy of
 * a copy, the original of a copy) and that game has not revealed yet: while it is played, the
 * public sees none of them in this quiz either. `games`: each such game's questions' spots and
 * the spots of the questions it has revealed so far.
 */
export function spotsStillSecret(quiz: readonly LatLng[], games: readonly { spots: readonly LatLng[]; revealed: readonly LatLng[] }[]): Set<string> {
  const mine = new Set(quiz.map(spotKey));
  const secret = new Set<string>();
  for (const game of games) {
    const out = new Set(game.revealed.map(spotKey));
    for (const spot of game.spots) {
      const key = spotKey(spot);
      if (mine.has(key) && !out.has(key)) secret.add(key);
    }
  }
  return secret;
}

/** The question's own description, else the quiz's, else null (the page words « none »). */
export function questionDescription(
  q: { description: string | null },
  quiz: { description: string | null }
): string | null {
  return q.description?.trim() || quiz.description?.trim() || null;
}

function validBounds(b: Bounds | undefined | null): b is Bounds {
  return (
    !!b &&
    [b.north, b.south, b.east, b.west].every((v) => typeof v === "number" && Number.isFinite(v)) &&
    b.north > b.south &&
    Math.abs(b.north) <= 90 &&
    Math.abs(b.south) <= 90 &&
    Math.abs(b.east) <= 180 &&
    Math.abs(b.west) <= 180 &&
    b.east !== b.west
  );
}

/** The quiz's own map settings when it has them, else an area around its questions. */
export function quizMapView(settings: MapSettings | null | undefined, points: LatLng[]): MapView {
  if (settings && validBounds(settings.bounds)) {
    const { center, zoom } = settings;
    const hasCamera =
      center && Number.isFinite(center.lat) && Number.isFinite(center.lng) && Number.isFinite(zoom);
    return hasCamera ? { bounds: settings.bounds, center, zoom } : { bounds: settings.bounds };
  }
  return { bounds: boundsAround(points) ?? DEFAULT_BOUNDS };
}

