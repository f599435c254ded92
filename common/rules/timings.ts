/** Timings the room, the presenter screen and the phones must agree on. */

/** 'Lancement': from the start of the game to its first question. */
export const STARTING_MS = 5_000;
/** The ranking between two questions moves on by itself after this long, unless paused. */
export const AUTO_ADVANCE_MS = 5_000;
/** The countdown bar and the speed points still to win are redrawn this often during a question. */
export const QUESTION_TICK_MS = 100;
/** The warning sound plays when this much answer time is left. */
export const WARNING_BEFORE_MS = 10_000;
/**
 * A phone that dropped mid-question is waited for this long before "everyone answered" ends the
 * question early: a Wi-Fi hiccup, a phone put to sleep a moment, must not cost its answer.
 */
export const RECONNECT_GRACE_MS = 15_000;
/**
 * A seat that has never answered and whose phone has been gone this long is freed, whatever the
 * phase: a pseudo left behind by a phone that went away (or by a troll's sockets) must not hold
 * a place. A seat with an answer stays for the whole game, for its resume token.
 */
export const IDLE_SEAT_TTL_MS = 60_000;
