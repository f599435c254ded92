/**
 * Messages that several screens or the server share. Each is a message id of the catalogs
 * (common/i18n/catalogs), worded in the reader's language where it is shown.
 */
import { m } from "../i18n/words";

export const MSG = {
  required: m("common.required"),
  roomNotFound: m("common.roomNotFound"),
  roomFull: m("common.roomFull"),
  serverError: m("common.serverError"),
  /** A call the server never answered (no network, server unreachable). */
  network: m("common.network"),
  notAuthenticated: m("common.notAuthenticated"),
  wrongAuthentication: m("common.wrongAuthentication"),
  badCredentials: m("common.badCredentials"),
  methodNotAllowed: m("common.methodNotAllowed"),
  tooManyAttempts: m("common.tooManyAttempts"),
  /** An address past its calls that wake a live room (its ranking, its end, its question page). */
  tooManyRoomCalls: m("common.tooManyRoomCalls"),
  quizNotFound: m("common.quizNotFound"),
  folderNotFound: m("common.folderNotFound"),
  fileNotFound: m("common.fileNotFound"),
  notAnImage: m("common.notAnImage"),
  unreadableImage: m("common.unreadableImage"),
  bodyTooLarge: m("common.bodyTooLarge"),
  jsonExpected: m("common.jsonExpected"),
  /** A quiz whose map was never confirmed in the wizard: its card's badge, and why it cannot be launched. */
  quizToFinish: m("common.quizToFinish"),
  quizUnfinished: m("common.quizUnfinished"),
} as const;
