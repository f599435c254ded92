// JavaScript a phone downloads for /play/{room} in the production build, gzipped: what a cheap
// phone on a venue's Wi-Fi must fetch before it can join.
// Reads the Remix browser manifest of build/client (what the page's modulepreload links list:
// the client entry, the root route and the play route with their imports), then follows the
// dynamic imports of those chunks (the Google Maps wrapper, fetched when a Maps key is set).
// Google's own script comes from Google and is not counted. Run `npm run build` first.
// Usage: node bench/bundle.mjs [route id, default routes/play.$roomID]
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const CLIENT = path.join(ROOT, "build", "client");
const ASSETS = path.join(CLIENT, "assets");
const ROUTE = process.argv[2] ?? "routes/play.$roomID";
const TARGET_KB = 150;

if (!existsSync(ASSETS)) {
  console.error("build/client/assets is missing: run `npm run build` first.");
  process.exit(1);
}
const manifestFile = readdirSync(ASSETS).find((f) => /^manifest-[\w-]+\.js$/.test(f));
if (!manifestFile) {
  console.error("No Remix manifest (build/client/assets/manifest-*.js) found.");
  process.exit(1);
}
const manifest = JSON.parse(
  readFileSync(path.join(ASSETS, manifestFile), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;\s*$/, ""),
);
const route = manifest.routes[ROUTE];
if (!route) {
  console.error(`Route ${ROUTE} is not in the manifest.`);
  process.exit(1);
}

/** Every route from the root down to the asked one (nested layouts load too). */
const chain = [];
for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : null) chain.unshift(r);

const initial = new Set([manifest.entry.module, ...manifest.entry.imports]);
for (const r of chain) for (const m of [r.module, ...(r.imports ?? [])]) initial.add(m);

const read = (url) => readFileSync(path.join(CLIENT, url.replace(/^\//, "")));
const gz = (url) => gzipSync(read(url), { level: 9 }).length;

/** Chunks a chunk may import later: `import("./x.js")` and Vite's preload lists. */
function dynamicImports(url) {
  const code = read(url).toString("utf8");
  const out = new Set();
  for (const m of code.matchAll(/import\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g)) out.add(`/assets/${m[1]}`);
  const deps = code.match(/m\.f=\[([^\]]*)\]/);
  if (deps) for (const m of deps[1].matchAll(/"(assets\/[\w.-]+\.js)"/g)) out.add(`/${m[1]}`);
  return [...out];
}

function staticImports(url) {
  const code = read(url).toString("utf8");
  const out = new Set();
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([\w.-]+\.js)["']/g))
    out.add(`/assets/${m[1]}`);
  return [...out];
}

// Close the initial set over static imports (the manifest lists them already; this is a check).
const queue = [...initial];
while (queue.length) {
  const url = queue.shift();
  for (const dep of staticImports(url))
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
}

const later = new Set();
const pending = [...initial].flatMap(dynamicImports);
while (pending.length) {
  const url = pending.shift();
  if (initial.has(url) || later.has(url)) continue;
  later.add(url);
  pending.push(...staticImports(url), ...dynamicImports(url));
}

const rows = [];
let initialBytes = 0;
let laterBytes = 0;
for (const url of initial) {
  const size = gz(url);
  initialBytes += size;
  rows.push({ url, size, when: "page" });
}
for (const url of later) {
  const size = gz(url);
  laterBytes += size;
  rows.push({ url, size, when: "with a Maps key" });
}
rows.sort((a, b) => b.size - a.size);
for (const r of rows) console.log(`${(r.size / 1024).toFixed(1).padStart(7)} KB  ${r.when.padEnd(16)} ${r.url}`);

const kb = (n) => Math.round((n / 1024) * 10) / 10;
const total = kb(initialBytes + laterBytes);
console.log(`page load: ${kb(initialBytes)} KB gzip; with the Google Maps wrapper: ${total} KB (target < ${TARGET_KB} KB)`);
console.log(
  JSON.stringify({ play_js_gzip_kb: total, without_maps_key_kb: kb(initialBytes), route: ROUTE, target_kb: TARGET_KB }),
);
