/**
 * What the audience may ask of a room. The room number is on the projector: anyone can script
 * its socket, so every figure below bounds what one socket, or one network address, can cost
 * the room, while staying far above what the app's own phones and presenter send.
 *
 * Measured (tests/e2e/flaky-wifi.test.ts and a whole game in Chromium): a phone sends about
 * one message per question (its answer) plus a hello per (re)connection and a ping every
 * 25 s while shown; the busiest honest minute is the pseudo screen, a few taps a second. The
 * presenter sends one message per click.
 */

/** A socket's message budget (token bucket): `burst` at once, then `perSecond` for ever. */
export interface Budget {
  burst: number;
  perSecond: number;
}

/** Phones, and sockets that have not said who they are yet. */
export const PLAYER_BUDGET: Budget = { burst: 20, perSecond: 1 };
/** The presenter proved itself with its token: clearing a room of trolls is many clicks. */
export const PRESENTER_BUDGET: Budget = { burst: 200, perSecond: 20 };
/**
 * Messages dropped over budget, since the budget was last full, after which the socket is
 * closed (CLOSE_CODES.flood): an honest phone never comes near, a script does within a second.
 */
export const FLOOD_DROPS = 40;
/** A frame costs one message per started block of this many characters (2 KB: any real message). */
export const FRAME_COST_CHARS = 2048;

/**
 * Per network address (CF-Connecting-IP), per room: new sockets that never proved a seat (a
 * socket that resumes its seat with its token, takes a new seat or is the presenter is given
 * its opening back), new seats, and sockets open at once without a seat. A bar's 200 phones
 * behind one public address all join within a minute (100 at once, the others as their phones
 * try again, SEAT_RETRY_MS); a script gets a burst and then a trickle.
 */
export const IP_SOCKETS: Budget = { burst: 240, perSecond: 4 };
export const IP_SEATS: Budget = { burst: 100, perSecond: 3 };
export const IP_UNSEATED_MAX = 100;
/** At most this many live sockets on one seat (two tabs of one phone stay); an older one gives way. */
export const SOCKETS_PER_SEAT = 3;
/** A phone told too_many_seats asks again after this long, plus up to as much again at random. */
export const SEAT_RETRY_MS = 3_000;
