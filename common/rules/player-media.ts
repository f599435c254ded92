/**
 * What a player's own device may show of a question. A photo, yes, once the question opens for
 * them. A Street View view, never: it is Google's embed, whose address carries the camera's
 * position, and that position is the answer. Défis leave such questions out; a live night with
 * « Photo sur les téléphones » shows them on the presenter's screen only.
 */
export const showsOnPlayerDevice = (q: { kind: "photo" | "streetview" }): boolean => q.kind === "photo";

/** The positions (from 1) of the questions a player's device cannot show. */
export const streetViewPositions = (questions: readonly { kind: "photo" | "streetview" }[]): number[] =>
  questions.flatMap((q, i) => (showsOnPlayerDevice(q) ? [] : [i + 1]));
