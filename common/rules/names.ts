/**
 * What players are called: a fruit and a colour ('Fraise verte'), teams by their colour
 * ('Équipe bleue'). The keys travel on the wire and in marker URLs, so they are plain ASCII and
 * never change; what a person reads is built here and nowhere else.
 */

/** The six colours, in the order teams take them (a 3-team game plays bleu, jaune, rose). */
export const COLOR_KEYS = ["bleu", "jaune", "rose", "rouge", "turquoise", "vert"] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];

export const FRUIT_KEYS = [
  "ananas",
  "banane",
  "carotte",
  "cerise",
  "citron",
  "fraise",
  "kiwi",
  "pasteque",
  "tomate",
] as const;
export type FruitKey = (typeof FRUIT_KEYS)[number];

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

/** Adjectives agree with the fruit ('Fraise verte', 'Kiwi vert'); hex for pins, buttons and badges. */
export const COLORS: Record<ColorKey, { masculine: string; feminine: string; hex: string }> = {
  bleu: { masculine: "bleu", feminine: "bleue", hex: "#1e6fd9" },
  jaune: { masculine: "jaune", feminine: "jaune", hex: "#f2c200" },
  rose: { masculine: "rose", feminine: "rose", hex: "#f06bb4" },
  rouge: { masculine: "rouge", feminine: "rouge", hex: "#e0262b" },
  turquoise: { masculine: "turquoise", feminine: "turquoise", hex: "#1cc7c1" },
  vert: { masculine: "vert", feminine: "verte", hex: "#2fa84f" },
};

function colorAdjective(color: ColorKey, fruit: FruitKey): string {
  return FRUITS[fruit].feminine ? COLORS[color].feminine : COLORS[color].masculine;
}

/** 'Fraise verte'; once every pair is taken in a large room: 'Fraise verte 2', 'Fraise verte 3'... */
export function pseudoOf(fruit: FruitKey, color: ColorKey, n = 1): string {
  const base = `${FRUITS[fruit].name} ${colorAdjective(color, fruit)}`;
  return n > 1 ? `${base} ${n}` : base;
}

/**
 * 'Équipe bleue' ('équipe' is feminine): the name a played game keeps in its history (the
 * winner of a team game). Screens word a team from its colour, in the reader's language.
 */
export function teamName(color: ColorKey): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- stored data, in the reference language
  return `Équipe ${COLORS[color].feminine}`;
}

/** 'Pastèque' -> 'Pasteque': names compared or put in a URL ignore accents. */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * A marker's name is the pseudo without whitespace. Accents are folded and anything else outside
 * [A-Za-z0-9_-] dropped, so it is a safe path segment and file name
 * ('Pastèque verte' -> 'Pastequeverte').
 */
export function markerSlug(pseudo: string): string {
  return foldAccents(pseudo)
    .replace(/\s+/g, "")
    .replace(/[^A-Za-z0-9_-]/g, "");
}

/** Numbered pseudos share the artwork of their pair: 'Kiwi bleu 2' uses 'Kiwibleu'. */
export function markerOf(fruit: FruitKey, color: ColorKey): string {
  return markerSlug(pseudoOf(fruit, color));
}
