/**
 * The map's coloured lines (the rings, the help target, the wizard's frame) lie on pale offline
 * land, on dark satellite imagery and on everything between. No single colour stands out on all of
 * them, so each line is drawn over a casing: a white band inside a dark one. Whatever lies under
 * it, the white band or the dark one differs from it by 3:1 at least (WCAG 2.2, 1.4.11), and the
 * line's own colour stays in the middle, between the two.
 */

export const CASING_DARK = "#0b1d3a";
export const CASING_LIGHT = "#ffffff";

/** The casing's strokes under a line `width` pixels wide, the lowest first. */
export function casings(width: number): { color: string; width: number }[] {
  return [
    { color: CASING_DARK, width: width + 4 },
    { color: CASING_LIGHT, width: width + 2 },
  ];
}

/** WCAG's relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG's contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
