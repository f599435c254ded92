/**
 * What the audience may ask of a room. The room number is on the projector: anyone can script
 * its socket, so every figure below bounds what one socket, or one network address, can cost
 * the room, while staying far above what the app's own phones and presenter send.
 *
 * What the app's own clients send (the phone's and presenter's code, a whole game in Chromium): about
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
 * Per network address (CF-Connecting-IP, an IPv6 address by its /64: common/util/address.ts), per
 * room: new sockets that never proved a seat (a socket that resumes its seat with its token,
 * takes a new seat or is the presenter is given its opening back), new seats, sockets open at
 * once without a seat, and, among those, sockets on the pseudo screen.
 */
export interface AddressLimits {
  sockets: Budget;
  seats: Budget;
  unseatedMax: number;
  choosersMax: number;
}

/**
 * How many phones one address may bring at once, by default. A bar's 200 phones behind one
 * public address all join within a minute (100 at once, the others as their phones try again,
 * SEAT_RETRY_MS, at 3 seats a second); a script gets a burst and then a trickle. A bigger venue
 * behind one NAT, or a benchmark on one machine, raises it with the Worker variable
 * ROOM_PHONES_PER_ADDRESS (wrangler.toml [vars], or the shell of `npm start`).
 */
export const PHONES_PER_ADDRESS = 100;
/** Bounds of ROOM_PHONES_PER_ADDRESS: below, a venue could not fill a room; above, no cap is left. */
const PHONES_PER_ADDRESS_RANGE = { min: 10, max: 100_000 } as const;

/** Every per-address figure follows from how many phones an address may bring at once. */
export function addressLimits(phones: number): AddressLimits {
  return {
    // Room for each phone's opening plus a reconnection or two while it has no seat yet.
    sockets: { burst: Math.round(phones * 2.4), perSecond: phones / 25 },
    // The whole burst at once, then the rest of a crowd as large again within about 35 s.
    seats: { burst: phones, perSecond: (phones * 3) / 100 },
    unseatedMax: phones,
    // Half of those. Honest phones of one address on the pseudo screen at once: a crowd of that
    // address's size arriving within a minute, each choosing for 10 to 30 s, is a third of it at
    // the peak (arrivals a second times time on the screen), so half leaves a margin and no
    // honest phone waits. Sockets a script parks there can then hold only half of the address's
    // places without a seat: the other half stays for sockets between their opening and their
    // hello, and those of a script give way after SILENT_SOCKET_MS, so a newcomer's socket
    // always opens within seconds, and its hello gets a place on the pseudo screen as soon as
    // a chooser there has had its PSEUDO_SCREEN_MS.
    choosersMax: Math.ceil(phones / 2),
  };
}

/** The limits for the variable's raw value (unset, empty or out of range: the default). */
export function addressLimitsFrom(raw: string | undefined): AddressLimits {
  const n = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  const ok = Number.isInteger(n) && n >= PHONES_PER_ADDRESS_RANGE.min && n <= PHONES_PER_ADDRESS_RANGE.max;
  return addressLimits(ok ? n : PHONES_PER_ADDRESS);
}

export const ADDRESS_LIMITS = addressLimits(PHONES_PER_ADDRESS);

/**
 * Sockets open at once without a seat in one room of `seats` seats, whatever their addresses:
 * the per-address caps bound one network, not a script spread over many (thousands of IPv4
 * addresses, or IPv6 /64s). A whole room reconnecting at once after a Wi-Fi cut is as many
 * sockets between their opening and their hello as it has seats, the phones still to come at
 * most as many again; a few more for pages with a second tab.
 */
export function roomUnseatedMax(seats: number): number {
  return 2 * seats + 20;
}
/**
 * A socket that has said nothing useful (no hello) for this long may be closed to make room when
 * its address is at its cap of sockets without a seat: a page says hello as soon as its socket
 * opens, so only a script's parked sockets are that quiet, and they must not lock out the phones
 * that share its address (a venue's Wi-Fi).
 */
export const SILENT_SOCKET_MS = 10_000;
/**
 * A socket on the pseudo screen (colour, then fruit) that has not taken a seat within this long
 * gives way as a silent socket does, when its address is at its cap of sockets without a seat or
 * of sockets on the pseudo screen: a minute is several times what a phone takes to choose, and a
 * phone that hesitates longer keeps its place as long as nobody of its address needs it.
 */
export const PSEUDO_SCREEN_MS = 60_000;
/** At most this many live sockets on one seat (two tabs of one phone stay); an older one gives way. */
export const SOCKETS_PER_SEAT = 3;
/** A phone told too_many_seats asks again after this long, plus up to as much again at random. */
export const SEAT_RETRY_MS = 3_000;
