/**
 * Seating: which (colour, fruit, number) a joining player gets, and what the pseudo screen may
 * still offer. Names and capacities are rules (common/rules); this is how the room applies them.
 */
import type { ErrorCode, RankingMode } from "@common/wire/protocol";
import type { PseudoChoices } from "@common/wire/room-messages";
import { COLOR_KEYS, FRUIT_KEYS, MAX_PER_COLOR, type Capacity, type ColorKey, type FruitKey } from "@common/rules";

/** What a seat occupies: its pair and its number (1 = unnumbered). */
export interface Occupant {
  color: ColorKey;
  fruit: FruitKey;
  n: number;
}

const key = (color: ColorKey, fruit: FruitKey, n: number) => `${color}|${fruit}|${n}`;

function countByColor(occupants: readonly Occupant[]): Record<ColorKey, number> {
  const counts = Object.fromEntries(COLOR_KEYS.map((c) => [c, 0])) as Record<ColorKey, number>;
  for (const o of occupants) counts[o.color]++;
  return counts;
}

/** Fruits not yet taken in that colour (defined icons: numbers never occur). */
export function freeFruits(occupants: readonly Occupant[], color: ColorKey): FruitKey[] {
  const used = new Set(occupants.filter((o) => o.color === color && o.n === 1).map((o) => o.fruit));
  return FRUIT_KEYS.filter((f) => !used.has(f));
}

/** The pseudo screen's data (docs/protocol.md, Room → phone). */
export function pseudoRoomInfo(occupants: readonly Occupant[], cap: Capacity): PseudoChoices {
  const fruitsUsed = Object.fromEntries(COLOR_KEYS.map((c) => [c, [] as FruitKey[]])) as Record<ColorKey, FruitKey[]>;
  for (const o of occupants) if (o.n === 1) fruitsUsed[o.color].push(o.fruit);
  return {
    colors: [...cap.colors],
    colorsUsed: countByColor(occupants),
    seatsPerColor: cap.perColor ?? MAX_PER_COLOR,
    fruitsUsed,
    fruits: [...FRUIT_KEYS],
  };
}

/** Can a defined-icon player take this colour (and fruit)? null when yes, else the reason. */
export function checkDefinedChoice(
  occupants: readonly Occupant[],
  cap: Capacity,
  color: ColorKey,
  fruit?: FruitKey
): ErrorCode | null {
  if (occupants.length >= cap.total) return "room_full";
  if (!cap.colors.includes(color)) return "color_unavailable";
  const inColor = occupants.filter((o) => o.color === color);
  if (inColor.length >= (cap.perColor ?? MAX_PER_COLOR)) return "color_full";
  if (fruit !== undefined && inColor.some((o) => o.fruit === fruit)) return "fruit_taken";
  return null;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}

/**
 * Random-icon seating: a free pair, unnumbered while any is left, then '2', '3'...
 * Team mode: on the team with fewest players (first in colour order on a tie), so teams stay
 * even. Returns null when the room is full.
 */
export function pickRandomSeat(
  occupants: readonly Occupant[],
  cap: Capacity,
  mode: RankingMode,
  random: () => number
): Occupant | null {
  if (occupants.length >= cap.total) return null;
  let colors: ColorKey[] = cap.colors;
  if (mode === "team") {
    const counts = countByColor(occupants);
    const open = cap.colors.filter((c) => cap.perColor === null || counts[c] < cap.perColor);
    if (open.length === 0) return null;
    const fewest = Math.min(...open.map((c) => counts[c]));
    colors = [open.find((c) => counts[c] === fewest)!];
  }
  // Lowest number with a free pair among these colours: one counting pass, then only that
  // generation's pairs are looked at (a 2000-player room joins in well under a millisecond).
  const inColors = new Set<ColorKey>(colors);
  const perGeneration = new Map<number, number>();
  for (const o of occupants) if (inColors.has(o.color)) perGeneration.set(o.n, (perGeneration.get(o.n) ?? 0) + 1);
  let n = 1;
  while ((perGeneration.get(n) ?? 0) >= colors.length * FRUIT_KEYS.length) n++;
  const taken = new Set<string>();
  for (const o of occupants) if (o.n === n && inColors.has(o.color)) taken.add(key(o.color, o.fruit, n));
  const free: Occupant[] = [];
  for (const color of colors)
    for (const fruit of FRUIT_KEYS) if (!taken.has(key(color, fruit, n))) free.push({ color, fruit, n });
  return pick(free, random);
}
