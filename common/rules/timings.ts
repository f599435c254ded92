/** Timings the room, the presenter screen and the phones must agree on. */

/** 'Lancement': from the start of the game to its first question. */
export const STARTING_MS = 5_000;
/** The ranking between two questions moves on by itself after this long, unless paused. */
export const AUTO_ADVANCE_MS = 5_000;
/** The countdown bar and the speed points still to win are redrawn this often during a question. */
export const QUESTION_TICK_MS = 100;
/** The warning sound plays when this much answer time is left. */
export const WARNING_BEFORE_MS = 10_000;
