/**
 * Random numbers for what a player must not predict: help squares, seats. They come from the
 * platform's cryptographic generator (`crypto.getRandomValues`, in Workers, browsers and Node
 * alike), never from Math.random, whose generator (xorshift128+ in V8) can be worked out from a
 * few dozen of its outputs and then run forwards and backwards: a player who saw enough of a
 * room's draws (the pseudos it hands out) could compute the offsets that hide the true spots in
 * their help squares.
 *
 * The pure game logic takes its random source as a parameter (a `Random`), so tests pass a fixed
 * sequence and the room passes this one.
 */

/** Numbers in [0, 1), like Math.random. */
export type Random = () => number;

/** A uniform number in [0, 1) with the 53 bits of a double, from two 32-bit draws. */
export const secureRandom: Random = () => {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high! * 2 ** 21 + (low! >>> 11)) / 2 ** 53;
};
