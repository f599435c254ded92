// Draws the demo quiz's pictures (SVG scenes rendered by Debian's Chromium) into
// db/seed/pictures/. Run once by hand when the scenes change; the JPEGs are committed.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { ROOT } from "./lib/server.mjs";

const W = 1280;
const H = 853;
const sky = (a, b) => `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>`;
const ground = (color, y = 700) => `<rect y="${y}" width="${W}" height="${H - y}" fill="${color}"/>`;
const trees = (y, color) =>
  Array.from({ length: 14 }, (_, i) => `<ellipse cx="${i * 95 + 30}" cy="${y}" rx="60" ry="38" fill="${color}"/>`).join("");

const SCENES = {
  "tour.jpg": `${sky("#ff9a5a", "#ffd9a0")}
    <circle cx="980" cy="260" r="90" fill="#fff3c4" opacity="0.8"/>
    ${trees(700, "#3b5a40")}${ground("#4a6b45", 710)}
    <g fill="#3a2b2b">
      <polygon points="640,60 652,60 700,420 588,420"/>
      <polygon points="588,420 700,420 800,700 760,700 690,520 602,520 532,700 492,700"/>
      <rect x="575" y="410" width="138" height="18"/><rect x="520" y="560" width="250" height="20"/>
      <rect x="641" y="30" width="8" height="40"/>
    </g>`,
  "arc.jpg": `${sky("#6fb1e8", "#dbeeff")}${ground("#b9b2a3", 680)}
    <g fill="#e8dcc0" stroke="#a8987a" stroke-width="4">
      <path d="M380 180 H900 V680 H750 V430 A110 110 0 0 0 530 430 V680 H380 Z"/>
      <rect x="360" y="150" width="560" height="50"/>
    </g>
    <rect x="330" y="700" width="620" height="10" fill="#8f8879"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${120 + i * 140}" y="600" width="18" height="80" fill="#333"/>`).join("")}`,
  "pyramide.jpg": `${sky("#2b4a7a", "#9cc3e8")}${ground("#c9c2b2", 640)}
    <rect y="300" width="${W}" height="340" fill="#d9c9a3"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="${20 + i * 106}" y="360" width="50" height="90" fill="#a8946b"/>`).join("")}
    <polygon points="640,250 900,640 380,640" fill="#a9d3ee" opacity="0.92" stroke="#5d7f95" stroke-width="5"/>
    ${Array.from({ length: 9 }, (_, i) => `<line x1="${380 + i * 65}" y1="640" x2="${640 + (i - 4) * 8}" y2="255" stroke="#5d7f95" stroke-width="2"/>`).join("")}
    <rect x="0" y="650" width="${W}" height="60" fill="#7fb3d5" opacity="0.7"/>`,
  "coupoles.jpg": `${sky("#8ec5f0", "#eef7ff")}
    <path d="M0 853 L0 620 Q640 430 1280 620 L1280 853 Z" fill="#5f8a4f"/>
    <g fill="#f6f2e8" stroke="#cfc6b0" stroke-width="3">
      <rect x="470" y="360" width="340" height="190"/>
      <path d="M560 360 Q640 180 720 360 Z"/><rect x="632" y="150" width="16" height="50"/>
      <path d="M470 380 Q510 290 550 380 Z"/><path d="M730 380 Q770 290 810 380 Z"/>
      <rect x="840" y="260" width="60" height="290"/><path d="M840 260 Q870 200 900 260 Z"/>
    </g>
    ${Array.from({ length: 6 }, (_, i) => `<rect x="${560 + i * 28}" y="560" width="16" height="90" fill="#ddd6c4"/>`).join("")}`,
  "cathedrale.jpg": `${sky("#49608f", "#c2cde6")}${ground("#5b6e8a", 700)}
    <g fill="#cbbf9f" stroke="#8c7f62" stroke-width="3">
      <rect x="360" y="180" width="170" height="520"/><rect x="750" y="180" width="170" height="520"/>
      <rect x="530" y="300" width="220" height="400"/>
    </g>
    <circle cx="640" cy="420" r="70" fill="#6d4c7d" stroke="#8c7f62" stroke-width="6"/>
    ${Array.from({ length: 8 }, (_, i) => `<line x1="640" y1="420" x2="${640 + 70 * Math.cos((i * Math.PI) / 4)}" y2="${420 + 70 * Math.sin((i * Math.PI) / 4)}" stroke="#cbbf9f" stroke-width="4"/>`).join("")}
    <path d="M570 700 V600 Q640 530 710 600 V700 Z" fill="#5a4b3a"/>
    <rect x="0" y="720" width="${W}" height="30" fill="#8fa7c9" opacity="0.6"/>`,
};

const out = path.join(ROOT, "db", "seed", "pictures");
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: W, height: H } });
for (const [file, body] of Object.entries(SCENES)) {
  await page.setContent(
    `<html><body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg></body></html>`,
  );
  await page.screenshot({ path: path.join(out, file), type: "jpeg", quality: 82 });
  console.log("écrit", file);
}
await browser.close();
