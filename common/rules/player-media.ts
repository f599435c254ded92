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

const list = (positions: readonly number[]) =>
  positions.length === 1 ? `La question ${positions[0]}` : `Les questions ${positions.slice(0, -1).join(", ")} et ${positions.at(-1)}`;

/** Said to the MJ before a night with « Photo sur les téléphones » is launched. */
export const streetViewNotOnPhones = (positions: readonly number[]): string =>
  `${list(positions)} (Street View) ${positions.length === 1 ? "ne s'affichera" : "ne s'afficheront"} que sur l'écran du présentateur : ` +
  "une vue Street View donne sa position à l'appareil qui l'affiche, donc la réponse aux joueurs.";

/** Said to the MJ creating a défi of a quiz with Street View questions. */
export const streetViewLeftOut = (positions: readonly number[]): string =>
  `${list(positions)} (Street View) ${positions.length === 1 ? "ne fait" : "ne font"} pas partie du défi : ` +
  "une vue Street View donne sa position au téléphone qui l'affiche, donc la réponse.";
