/**
 * Player marker pictures (GET /api/markers/{pseudo without spaces}): a pin in the
 * colour of the pseudo with its fruit on a white disc. Square box with the tip at the bottom
 * middle, as the map draws icons (anchor bottom centre).
 */
import { COLOR_KEYS, COLORS, FRUIT_KEYS, foldAccents, markerOf, type ColorKey, type FruitKey } from "@common/rules";
import { FRUIT_ART } from "./fruits";

const PIN = "M42 82C36 70 14 52 14 31a28 28 0 1 1 56 0c0 21-22 39-28 51z";

export function markerSvg(color: ColorKey, fruit: FruitKey): string {
  const hex = COLORS[color].hex;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 84 84" width="84" height="84">` +
    // A dark halo first, so a yellow or white-ish pin still stands out on a bright satellite tile.
    `<path d="${PIN}" fill="none" stroke="#0b1d3a" stroke-opacity=".55" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="${PIN}" fill="${hex}" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>` +
    `<circle cx="42" cy="31" r="21.5" fill="#fff"/>` +
    `<g transform="translate(22 11)">${FRUIT_ART[fruit]}</g>` +
    `</svg>`
  );
}

const BY_SLUG = new Map<string, { color: ColorKey; fruit: FruitKey }>();
for (const color of COLOR_KEYS)
  for (const fruit of FRUIT_KEYS) BY_SLUG.set(markerOf(fruit, color).toLowerCase(), { color, fruit });

/**
 * The pair behind a marker name: 'Kiwibleu', 'Pastèqueverte' or 'Pastequeverte', and numbered
 * pseudos of large rooms ('Kiwibleu2', which shares the Kiwi bleu pin). Null for anything else.
 */
export function markerPair(name: string): { color: ColorKey; fruit: FruitKey } | null {
  if (name.length > 64) return null;
  const slug = foldAccents(name)
    .replace(/\s+/g, "")
    .toLowerCase()
    .replace(/\.svg$/, "")
    .replace(/\d+$/, "");
  return BY_SLUG.get(slug) ?? null;
}
