/**
 * What the phone and the presenter screen say for each code a room sends (docs/protocol.md,
 * Errors): the room speaks codes with their parameters, never sentences, and the pages word
 * them here, in one table. French for now; a page's language will pick its own table, keyed the
 * same way, each text with the same {param} placeholders.
 *
 * Browser side only: the room never imports this (eslint.config.js), so no sentence goes back on
 * the wire.
 */
import type { ErrorCode } from "./protocol";

/** A code the room sends: an error's, or `reload` (the room speaks a newer protocol). */
export type RoomTextCode = ErrorCode | "reload";

export const ROOM_TEXTS: Readonly<Record<RoomTextCode, string>> = {
  bad_message: "Message invalide",
  too_large: "Message trop volumineux",
  forbidden: "Accès refusé",
  not_identified: "Connexion non identifiée : rechargez la page",
  room_full: "Cette salle est complète",
  room_closed: "Cette partie est terminée",
  room_locked: "La salle est verrouillée",
  too_many_seats: "Beaucoup de joueurs arrivent en même temps : encore un instant…",
  flood: "Trop de messages envoyés : rechargez la page",
  no_players: "Impossible de lancer la partie sans joueur",
  wrong_phase: "Action impossible à ce moment de la partie",
  kick_after_start: "Un joueur ne peut être exclu que dans le salon d'attente",
  unknown_player: "Ce joueur n'est plus dans la salle",
  unknown_seat: "Votre place dans cette partie n'existe plus",
  answer_late: "Temps écoulé : votre réponse n'a pas été prise en compte",
  answer_twice: "Vous avez déjà répondu à cette question",
  answer_wrong_question: "Cette question n'est plus en cours",
  color_unavailable: "Cette couleur n'est pas disponible",
  color_full: "Cette couleur est complète",
  fruit_taken: "Ce fruit est déjà pris pour cette couleur",
  invalid_settings: "Paramètres de partie invalides",
  reload: "Une nouvelle version du jeu est disponible : la page va se recharger.",
};

type Params = Readonly<Record<string, string | number>>;

/** `text` with each {name} replaced by its parameter; one it was not given stays as it is. */
export function withParams(text: string, params: Params): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole));
}

/**
 * The words for `code`, with its parameters. A code this build does not know (a newer room's)
 * reads as a bad message rather than as nothing.
 */
export function roomText(code: RoomTextCode, params: Params = {}): string {
  return withParams(Object.prototype.hasOwnProperty.call(ROOM_TEXTS, code) ? ROOM_TEXTS[code] : ROOM_TEXTS.bad_message, params);
}
