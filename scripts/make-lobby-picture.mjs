// Draws the default lobby picture (public/lobby-default.jpg): a calm night map with contour
// lines, a graticule and a few pins, dark enough for the join code and QR code drawn over it.
// An SVG scene rendered by Debian's Chromium, no network. Run by hand when the scene changes;
// the JPEG is committed.
import path from "node:path";
import { chromium } from "playwright-core";
import { ROOT } from "./lib/server.mjs";

const W = 1920;
const H = 1080;

// Deterministic pseudo-random numbers, so that a re-run draws the same picture.
let seed = 20240611;
const rand = () => ((seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296);

/** One closed wobbly contour around (cx, cy). */
function contour(cx, cy, r, wobble, phase) {
  const points = [];
  for (let i = 0; i < 72; i++) {
    const a = (i / 72) * Math.PI * 2;
    const k = 1 + wobble * (Math.sin(3 * a + phase) * 0.5 + Math.sin(5 * a - phase * 1.7) * 0.3 + Math.sin(2 * a + phase * 0.6) * 0.4);
    points.push([cx + Math.cos(a) * r * k * 1.25, cy + Math.sin(a) * r * k * 0.85]);
  }
  const d = points.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`).join(" ");
  return `${d} Z`;
}

const hills = [
  [420, 300, 9],
  [1500, 240, 8],
  [1180, 760, 11],
  [260, 860, 7],
  [880, 480, 6],
];
let lines = "";
for (const [cx, cy, n] of hills) {
  const phase = rand() * 6;
  for (let i = 1; i <= n; i++) {
    const opacity = 0.05 + (i / n) * 0.12;
    lines += `<path d="${contour(cx, cy, i * 38, 0.12 + rand() * 0.05, phase + i * 0.15)}" fill="none" stroke="#7fd1ff" stroke-opacity="${opacity.toFixed(3)}" stroke-width="2"/>`;
  }
}

let grid = "";
for (let x = 0; x <= W; x += 160) grid += `<line x1="${x}" y1="0" x2="${x}" y2="${H}"/>`;
for (let y = 0; y <= H; y += 160) grid += `<line x1="0" y1="${y}" x2="${W}" y2="${y}"/>`;

const pin = (x, y, s, color) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <ellipse cx="0" cy="2" rx="16" ry="5" fill="#000" opacity="0.35"/>
    <path d="M0 0 C-6 -14 -22 -26 -22 -44 A22 22 0 1 1 22 -44 C22 -26 6 -14 0 0 Z" fill="${color}"/>
    <circle cx="0" cy="-44" r="8.5" fill="#fff"/>
  </g>`;

const pins = [
  pin(560, 420, 1.6, "#d81b60"),
  pin(1380, 330, 1.2, "#ffb400"),
  pin(1240, 840, 1.4, "#d81b60"),
  pin(330, 760, 1.0, "#ffb400"),
  pin(1700, 720, 0.9, "#d81b60"),
].join("");

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b1d3a"/>
      <stop offset="0.55" stop-color="#123a66"/>
      <stop offset="1" stop-color="#0d4f5c"/>
    </linearGradient>
    <radialGradient id="glowA" cx="0.2" cy="0.15" r="0.45">
      <stop offset="0" stop-color="#ffb400" stop-opacity="0.22"/>
      <stop offset="1" stop-color="#ffb400" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="glowB" cx="0.85" cy="0.85" r="0.5">
      <stop offset="0" stop-color="#d81b60" stop-opacity="0.25"/>
      <stop offset="1" stop-color="#d81b60" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <g stroke="#ffffff" stroke-opacity="0.05" stroke-width="1.5">${grid}</g>
  ${lines}
  <path d="M560 420 C 800 520, 1000 300, 1380 330 S 1500 760, 1240 840" fill="none" stroke="#ffffff" stroke-opacity="0.28" stroke-width="3" stroke-dasharray="4 14" stroke-linecap="round"/>
  ${pins}
  <rect width="${W}" height="${H}" fill="url(#glowA)"/>
  <rect width="${W}" height="${H}" fill="url(#glowB)"/>
  <rect width="${W}" height="${H}" fill="url(#vignette)"/>
</svg>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: W, height: H } });
await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
const out = path.join(ROOT, "public", "lobby-default.jpg");
await page.screenshot({ path: out, type: "jpeg", quality: 84 });
await browser.close();
console.log("écrit", path.relative(ROOT, out));
