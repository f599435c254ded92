/**
 * A help square (docs/game-rules.md, Help zones) inside the code is a `Bounds`; the wire names its
 * edges lat1, lon1 (south, west) and lat2, lon2 (north, east), and the table of
 * common/wire/server-to-client.ts (`helpSquare`) translates both ways. Squares stored before the
 * code said Bounds (a room's state, a défi's row) are read back here.
 */
import type { Bounds, HelpZone } from "./protocol";
import { helpSquare } from "./server-to-client";

/** A stored square under either name set (rooms and défis stored the wire's names before). */
export function readStoredHelpSquare(stored: Bounds | HelpZone | null): Bounds | null {
  if (stored === null) return null;
  return "lat1" in stored ? helpSquare.toCode(stored) : stored;
}
