/**
 * A help square (docs/game-rules.md, Help zones) inside the code is a `Bounds`; on the wire
 * (helpSettings, player_newQuestion.help) the specification names its edges lat1, lon1 (south,
 * west) and lat2, lon2 (north, east). The room writes the wire's names (party/engine/views.ts),
 * fromWire (room-messages.ts) reads them back; squares stored before the code said Bounds (a
 * room's state, a défi's row) are read back here too.
 */
import type { Bounds, HelpZone } from "./protocol";

export function helpSquareToWire(square: Bounds | null): HelpZone | null {
  return square && { lat1: square.south, lon1: square.west, lat2: square.north, lon2: square.east };
}

export function helpSquareFromWire(wire: HelpZone): Bounds {
  return {
    north: Math.max(wire.lat1, wire.lat2),
    south: Math.min(wire.lat1, wire.lat2),
    east: Math.max(wire.lon1, wire.lon2),
    west: Math.min(wire.lon1, wire.lon2),
  };
}

export const helpSquaresToWire = (squares: readonly (Bounds | null)[]): (HelpZone | null)[] => squares.map(helpSquareToWire);

/** A stored square under either name set (rooms and défis stored the wire's names before). */
export function readStoredHelpSquare(stored: Bounds | HelpZone | null): Bounds | null {
  if (stored === null) return null;
  return "lat1" in stored ? helpSquareFromWire(stored) : stored;
}
