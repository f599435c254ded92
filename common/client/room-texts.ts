/**
 * What the phone and the presenter screen say for each code a room sends (docs/protocol.md,
 * Errors): the room speaks codes with their parameters, never sentences, and the pages word them
 * through the `room` catalogs (common/i18n/catalogs/{locale}/room.json), in the reader's language.
 *
 * Browser side only: the room never imports this (eslint.config.js), so no sentence goes back on
 * the wire.
 */
import type { ErrorCode } from "../wire/protocol";
import type { MessageValues, Words } from "../i18n/ids";
import { m } from "../i18n/words";

/** A code the room sends: an error's, or `reload` (the room speaks a newer protocol). */
export type RoomTextCode = ErrorCode | "reload";

/**
 * Every code this build words, each a `room.{code}` message of the catalogs. A record rather than
 * a list, so that a code added to ErrorCode without its words fails the type-check.
 */
const WORDED: Readonly<Record<RoomTextCode, true>> = {
  bad_message: true,
  too_large: true,
  forbidden: true,
  not_identified: true,
  room_full: true,
  room_closed: true,
  room_locked: true,
  too_many_seats: true,
  flood: true,
  no_players: true,
  wrong_phase: true,
  kick_after_start: true,
  unknown_player: true,
  unknown_seat: true,
  answer_late: true,
  answer_twice: true,
  answer_wrong_question: true,
  color_unavailable: true,
  color_full: true,
  fruit_taken: true,
  invalid_settings: true,
  extra_time_answered: true,
  extra_time_twice: true,
  extra_time_full: true,
  reload: true,
};

export const ROOM_CODES = Object.keys(WORDED) as readonly RoomTextCode[];

/**
 * The words for `code`, with its parameters. A code this build does not know (a newer room's)
 * reads as a bad message rather than as nothing.
 */
export function roomText(code: RoomTextCode, params?: MessageValues): Words {
  const known = Object.hasOwn(WORDED, code) ? code : "bad_message";
  return m(`room.${known}`, params);
}
