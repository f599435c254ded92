import {
  COLOR_KEYS,
  FRUIT_KEYS,
  type ColorKey,
  type ErrorCode,
  type FruitKey,
  type IconType,
  type PseudoRoomInfo,
  type RankingMode,
} from "@common/protocol";

export { COLOR_KEYS, FRUIT_KEYS, type ColorKey, type FruitKey };

export const FRUITS: Record<FruitKey, { name: string; feminine: boolean }> = {
  ananas: { name: "Ananas", feminine: false },
  banane: { name: "Banane", feminine: true },
  carotte: { name: "Carotte", feminine: true },
  cerise: { name: "Cerise", feminine: true },
  citron: { name: "Citron", feminine: false },
  fraise: { name: "Fraise", feminine: true },
  kiwi: { name: "Kiwi", feminine: false },
  pasteque: { name: "Pastèque", feminine: true },
  tomate: { name: "Tomate", feminine: true },
};

/** Adjectives agree with the fruit ('Fraise verte', 'Kiwi vert'); hex for buttons and badges. */
export const COLORS: Record<ColorKey, { masculine: string; feminine: string; hex: string }> = {
  bleu: { masculine: "bleu", feminine: "bleue", hex: "#1e6fd9" },
  jaune: { masculine: "jaune", feminine: "jaune", hex: "#f2c200" },
  rose: { masculine: "rose", feminine: "rose", hex: "#f06bb4" },
  rouge: { masculine: "rouge", feminine: "rouge", hex: "#e0262b" },
  turquoise: { masculine: "turquoise", feminine: "turquoise", hex: "#1cc7c1" },
  vert: { masculine: "vert", feminine: "verte", hex: "#2fa84f" },
};

export const MAX_PER_COLOR = FRUIT_KEYS.length; // 9: one seat per fruit
export const PAIR_COUNT = COLOR_KEYS.length * FRUIT_KEYS.length; // 54
/** Hard ceiling of a random-icon room (events of hundreds, DESIGN §4). */
export const MAX_ROOM_PLAYERS = 2000;

export function colorAdjective(color: ColorKey, fruit: FruitKey): string {
  return FRUITS[fruit].feminine ? COLORS[color].feminine : COLORS[color].masculine;
}

/** 'Fraise verte'; from the 55th player of a random-icon room on: 'Fraise verte 2'. */
export function pseudoOf(fruit: FruitKey, color: ColorKey, n = 1): string {
  const base = `${FRUITS[fruit].name} ${colorAdjective(color, fruit)}`;
  return n > 1 ? `${base} ${n}` : base;
}

/**
 * Spec §5: the marker URL uses the pseudo without whitespace. Accents are folded and anything
 * else outside [A-Za-z0-9_-] dropped, so the slug is a safe path segment and file name
 * ('Pastèque verte' -> 'Pastequeverte').
 */
export function markerSlug(pseudo: string): string {
  return pseudo
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, "")
    .replace(/[^A-Za-z0-9_-]/g, "");
}

/** Numbered pseudos share the artwork of their pair: 'Kiwi bleu 2' uses 'Kiwibleu'. */
export function markerOf(fruit: FruitKey, color: ColorKey): string {
  return markerSlug(pseudoOf(fruit, color));
}

/** 'Équipe bleue' ('équipe' is feminine). */
export function teamName(color: ColorKey): string {
  return `Équipe ${COLORS[color].feminine}`;
}

// ---------------------------------------------------------------------------------------------
// Seating

export interface SeatingRules {
  iconType: IconType;
  mode: RankingMode;
  /** Player mode: seats in the room; team mode: seats per team. */
  maxPlayer: number;
  /** Team mode: number of teams (the first maxTeam colours). */
  maxTeam: number;
}

export interface Capacity {
  /** Colours seats may take: the teams in team mode, all six otherwise. */
  colors: ColorKey[];
  /** Seats per colour, null when unlimited (random icons, player mode: colours are cosmetic). */
  perColor: number | null;
  total: number;
}

const clampInt = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.floor(x)));

export function seatingCapacity(rules: SeatingRules): Capacity {
  const team = rules.mode === "team";
  const colors = team ? COLOR_KEYS.slice(0, clampInt(rules.maxTeam, 1, COLOR_KEYS.length)) : [...COLOR_KEYS];
  const maxPlayer = clampInt(rules.maxPlayer, 1, MAX_ROOM_PLAYERS);
  if (rules.iconType === "defined") {
    // Each (colour, fruit) pair is unique: 9 per colour, 54 in all.
    const perColor = team ? Math.min(maxPlayer, MAX_PER_COLOR) : MAX_PER_COLOR;
    const total = team ? colors.length * perColor : Math.min(maxPlayer, PAIR_COUNT);
    return { colors, perColor, total };
  }
  if (team) return { colors, perColor: maxPlayer, total: Math.min(MAX_ROOM_PLAYERS, colors.length * maxPlayer) };
  return { colors, perColor: null, total: maxPlayer };
}

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

/** The pseudo screen's data (spec §3 "Pseudo room info"). */
export function pseudoRoomInfo(occupants: readonly Occupant[], cap: Capacity): PseudoRoomInfo {
  const fruitsUsed = Object.fromEntries(COLOR_KEYS.map((c) => [c, [] as FruitKey[]])) as Record<ColorKey, FruitKey[]>;
  for (const o of occupants) if (o.n === 1) fruitsUsed[o.color].push(o.fruit);
  return {
    colors: [...cap.colors],
    colorsUsed: countByColor(occupants),
    max_players: cap.perColor ?? MAX_PER_COLOR,
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
