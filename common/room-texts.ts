/**
 * What the phone and the presenter screen say for each code a room sends (docs/protocol.md,
 * Errors): the room speaks codes with their parameters, never sentences, and the pages word them
 * through the `room` catalogs (common/i18n/catalogs/{locale}/room.json), in the reader's language.
 *
 * Browser side only: the room never imports this (eslint.config.js), so no sentence goes back on
 * the wire.
 */
import type { ErrorCode } from "./protocol";
import type { MessageValues, Words } from "./i18n/ids";
import { m } from "./i18n/words";

/** A code the room sends: an error's, or `reload` (the room speaks a newer protocol). */
export type RoomTextCode = ErrorCode | "reload";

/** Every code this build words, each a `room.{code}` message of the catalogs. */
export const ROOM_CODES: readonly RoomTextCode[] = [
  "bad_message",
  "too_large",
  "forbidden",
  "not_identified",
  "room_full",
  "room_closed",
  "room_locked",
  "too_many_seats",
  "flood",
  "no_players",
  "wrong_phase",
  "kick_after_start",
  "unknown_player",
  "unknown_seat",
  "answer_late",
  "answer_twice",
  "answer_wrong_question",
  "color_unavailable",
  "color_full",
  "fruit_taken",
  "invalid_settings",
  "extra_time_answered",
  "extra_time_twice",
  "extra_time_full",
  "reload",
];

/**
 * The words for `code`, with its parameters. A code this build does not know (a newer room's)
 * reads as a bad message rather than as nothing.
 */
export function roomText(code: RoomTextCode, params?: MessageValues): Words {
  const known = (ROOM_CODES as readonly string[]).includes(code) ? code : "bad_message";
  return m(`room.${known}`, params);
}
