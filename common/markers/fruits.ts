/**
 * The nine fruits (docs/game-rules.md, Pseudos and teams), drawn as plain SVG in a 40 x 40 box:
 * bold shapes and a dark outline so each stays recognisable at 40 px on a satellite map. Used
 * inside the marker pins (/api/markers/…) and on the fruit buttons of the pseudo screen. No ids, no
 * clip paths: the same drawing may appear many times in one page.
 */
import type { FruitKey } from "@common/wire/protocol";

const r1 = (x: number) => Math.round(x * 10) / 10;

/** Diamond lattice inside an ellipse (pineapple skin), clipped by arithmetic, not by an id. */
function lattice(cx: number, cy: number, rx: number, ry: number, gap: number): string {
  const segments: string[] = [];
  // Lines y = ±x + c; a chord of the ellipse for each c, shortened a little from the rim.
  for (const slope of [1, -1]) {
    for (let c = -40; c <= 40; c += gap) {
      // Points (cx + t, cy + slope * t + c): solve t²/rx² + (slope t + c)²/ry² = 1.
      const a = 1 / (rx * rx) + 1 / (ry * ry);
      const b = (2 * slope * c) / (ry * ry);
      const k = (c * c) / (ry * ry) - 1;
      const disc = b * b - 4 * a * k;
      if (disc <= 0) continue;
      const s = Math.sqrt(disc);
      const t1 = ((-b - s) / (2 * a)) * 0.9;
      const t2 = ((-b + s) / (2 * a)) * 0.9;
      if (Math.abs(t2 - t1) < 3) continue;
      segments.push(`M${r1(cx + t1)} ${r1(cy + slope * t1 + c)}L${r1(cx + t2)} ${r1(cy + slope * t2 + c)}`);
    }
  }
  return segments.join("");
}

function ring(cx: number, cy: number, radius: number, count: number, draw: (x: number, y: number, deg: number) => string) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const deg = (360 / count) * i;
    const a = (deg * Math.PI) / 180;
    out += draw(r1(cx + radius * Math.cos(a)), r1(cy + radius * Math.sin(a)), deg);
  }
  return out;
}

const OUTLINE = 'stroke-linejoin="round" stroke-linecap="round"';

export const FRUIT_ART: Record<FruitKey, string> = {
  ananas:
    `<path d="M20 1.5l2.6 8.3 4.6-5.2-1.2 7.4 5.6-1.8-4.3 5.6H13.1L8.8 10.2l5.6 1.8-1.2-7.4 4.6 5.2z" fill="#2f9e44" stroke="#1b5e20" stroke-width="1.2" ${OUTLINE}/>` +
    `<ellipse cx="20" cy="27" rx="10" ry="12" fill="#fcc419" stroke="#8a5a00" stroke-width="1.6"/>` +
    `<path d="${lattice(20, 27, 10, 12, 5.5)}" stroke="#b8860b" stroke-width="1.2" fill="none"/>`,
  banane:
    `<path d="M9 7C6.5 22 16 34.5 34.5 31.5c1.6-.3 1.6-2.6 0-2.9C21.5 27.5 13.5 19.5 13 7z" fill="#ffd43b" stroke="#8a6d00" stroke-width="1.6" ${OUTLINE}/>` +
    `<path d="M11.2 11c.3 8.5 6 15.6 15.5 18.3" stroke="#e0a800" stroke-width="1.4" fill="none" ${OUTLINE}/>` +
    `<path d="M8.4 3.5h5.2L13 7.4H9z" fill="#6d4c1f" stroke="#4e3412" stroke-width="1" ${OUTLINE}/>` +
    `<circle cx="35.2" cy="30" r="1.6" fill="#4e3412"/>`,
  carotte:
    `<path d="M27 11l3-8.5M27.5 11.5L37 5.5M28.5 12.5l8.5 1" stroke="#2f9e44" stroke-width="3.2" fill="none" ${OUTLINE}/>` +
    `<path d="M26.5 10.5c3.6 2.2 4.3 6 1.9 8.6L10.2 36.6c-1.6 1.5-4.2-.6-3-2.4L21.6 12.6c1.4-2 3.3-3.1 4.9-2.1z" fill="#fd7e14" stroke="#a34700" stroke-width="1.6" ${OUTLINE}/>` +
    `<path d="M15.5 23.5l3 1.8M12.2 28.6l2.4 1.4M20.4 17.6l2.8 1.7M24 14.6l2 1.2" stroke="#a34700" stroke-width="1.3" fill="none" ${OUTLINE}/>`,
  cerise:
    `<path d="M12.5 26C14.5 17 20 9.5 27.5 5M27.5 26c-1.3-8.5-.6-15 0-21" stroke="#5d4037" stroke-width="2" fill="none" ${OUTLINE}/>` +
    `<path d="M27.5 5c3.6-2.6 8.4-1.4 9.8 2.4-3.8 1.6-7.6 1-9.8-2.4z" fill="#40c057" stroke="#1b5e20" stroke-width="1.1" ${OUTLINE}/>` +
    `<circle cx="12.5" cy="29.5" r="7.5" fill="#e03131" stroke="#7a0a0a" stroke-width="1.6"/>` +
    `<circle cx="27.5" cy="29.5" r="7.5" fill="#e03131" stroke="#7a0a0a" stroke-width="1.6"/>` +
    `<ellipse cx="9.8" cy="26.8" rx="1.8" ry="2.6" fill="#fff" opacity=".75"/>` +
    `<ellipse cx="24.8" cy="26.8" rx="1.8" ry="2.6" fill="#fff" opacity=".75"/>`,
  citron:
    `<path d="M3.5 22c2.5-2.6 4.8-11 16.5-11s14 8.4 16.5 11c-2.5 2.6-4.8 11-16.5 11S6 24.6 3.5 22z" fill="#ffe066" stroke="#8a7400" stroke-width="1.6" ${OUTLINE}/>` +
    `<path d="M20 11c1.8-4.6 6.5-6.3 10.5-5.2-1.6 3.9-5.8 5.6-10.5 5.2z" fill="#40c057" stroke="#1b5e20" stroke-width="1.1" ${OUTLINE}/>` +
    `<ellipse cx="14" cy="18.5" rx="4.5" ry="2" fill="#fff" opacity=".7" transform="rotate(-12 14 18.5)"/>`,
  fraise:
    `<path d="M20 37.5C10 33.5 4.8 22.5 7 15.5c2-5.4 8.4-5.6 13-3.4 4.6-2.2 11-2 13 3.4 2.2 7-3 18-13 22z" fill="#f03e3e" stroke="#7a0a0a" stroke-width="1.6" ${OUTLINE}/>` +
    [
      [14, 18],
      [20, 17.5],
      [26, 18],
      [11.5, 23.5],
      [17, 23],
      [23, 23],
      [28.5, 23.5],
      [14.5, 28.5],
      [20, 28.5],
      [25.5, 28.5],
      [20, 33.5],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx=".9" ry="1.4" fill="#ffe066"/>`)
      .join("") +
    `<path d="M9.5 13l6.2-1.3-2.4-5.3 6.7 3.7 6.7-3.7-2.4 5.3 6.2 1.3-7 2.1L20 18l-3.5-2.9z" fill="#2f9e44" stroke="#1b5e20" stroke-width="1.1" ${OUTLINE}/>` +
    `<path d="M20 9.5V3.5" stroke="#2f9e44" stroke-width="2.2" ${OUTLINE}/>`,
  kiwi:
    `<circle cx="20" cy="20.5" r="17" fill="#8d6e3f" stroke="#4e3412" stroke-width="1.6"/>` +
    `<circle cx="20" cy="20.5" r="14.2" fill="#82c91e"/>` +
    ring(20, 20.5, 10.5, 16, (x, y) => `<path d="M20 20.5L${x} ${y}" stroke="#c0eb75" stroke-width="1"/>`) +
    `<circle cx="20" cy="20.5" r="4.6" fill="#f4f1d0"/>` +
    ring(
      20,
      20.5,
      7.2,
      12,
      (x, y, deg) => `<ellipse cx="${x}" cy="${y}" rx="1.5" ry=".8" fill="#1d1d1d" transform="rotate(${deg} ${x} ${y})"/>`,
    ),
  pasteque:
    `<path d="M2.5 12.5a17.5 17.5 0 0 0 35 0z" fill="#2b8a3e" stroke="#14532d" stroke-width="1.6" ${OUTLINE}/>` +
    `<path d="M5.3 12.5a14.7 14.7 0 0 0 29.4 0z" fill="#ebfbee"/>` +
    `<path d="M7.3 12.5a12.7 12.7 0 0 0 25.4 0z" fill="#fa5252"/>` +
    [
      [13, 16.5, -30],
      [20, 17, 0],
      [27, 16.5, 30],
      [16.5, 22, -15],
      [23.5, 22, 15],
    ]
      .map(
        ([x, y, a]) =>
          `<ellipse cx="${x}" cy="${y}" rx="1.2" ry="2" fill="#1d1d1d" transform="rotate(${a} ${x} ${y})"/>`,
      )
      .join(""),
  tomate:
    `<ellipse cx="20" cy="23.5" rx="16" ry="13.5" fill="#f03e3e" stroke="#7a0a0a" stroke-width="1.6"/>` +
    `<path d="M20 10.5l2.3 3.3 5.2-1.6-3.1 3.6 4.4 1.8-5.5.3L20 20.5l-3.3-2.9-5.5-.3 4.4-1.8-3.1-3.6 5.2 1.6z" fill="#2f9e44" stroke="#1b5e20" stroke-width="1.1" ${OUTLINE}/>` +
    `<path d="M20 12V6.5" stroke="#2f9e44" stroke-width="2.4" ${OUTLINE}/>` +
    `<ellipse cx="11.5" cy="21" rx="2.4" ry="4" fill="#fff" opacity=".55" transform="rotate(25 11.5 21)"/>`,
};

/** A fruit alone, for the pseudo screen's buttons. */
export function fruitSvg(fruit: FruitKey, size = 48): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="${size}" height="${size}" aria-hidden="true" focusable="false">${FRUIT_ART[fruit]}</svg>`;
}
