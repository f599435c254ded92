// `npm run bench:image-clean`: what the picture cleaner (common/media/image-clean.ts) costs on the
// largest upload the server takes (not part of npm test).
//
// Hostile files of QUESTION_PHOTO_MAX_BYTES made of the smallest blocks each format allows, beside
// an ordinary photo of the same size. Each case runs in a process of its own, so its peak memory
// is its own: the figure is how far the process's peak resident memory (maxRSS) rose during the
// clean, above what it held with the file already read. Prints one line per case and one JSON
// line.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { cleanImage } from "../common/media/image-clean";
import { QUESTION_PHOTO_MAX_BYTES } from "../common/rules";

const SIZE = QUESTION_PHOTO_MAX_BYTES;

/** `count` copies of `block` between `head` and `tail`, as many as fit in SIZE. */
function filled(head: number[], block: number[], tail: number[]): Uint8Array {
  const count = Math.floor((SIZE - head.length - tail.length) / block.length);
  const out = new Uint8Array(head.length + count * block.length + tail.length);
  out.set(head);
  for (let i = 0, at = head.length; i < count; i++, at += block.length) out.set(block, at);
  out.set(tail, out.length - tail.length);
  return out;
}

const u32be = (v: number) => [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const JPEG_FRAME = [0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0];
const JPEG_SCAN = [0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0xff, 0xd9];
const PNG_HEAD = [0x89, ...ascii("PNG\r\n\x1a\n"), ...u32be(13), ...ascii("IHDR"), ...u32be(1), ...u32be(1), 8, 0, 0, 0, 0, 0, 0, 0, 0];
const PNG_END = [0, 0, 0, 0, ...ascii("IEND"), 0, 0, 0, 0];

const CASES: Record<string, () => Uint8Array> = {
  // SOI, then 4-byte quantisation tables (empty, each one a block the cleaner keeps), a frame, a scan.
  "JPEG, tiny tables kept": () => filled([0xff, 0xd8], [0xff, 0xdb, 0, 2], [...JPEG_FRAME, ...JPEG_SCAN]),
  // The same with 4-byte comments, which the cleaner drops: the cost of walking them.
  "JPEG, tiny comments dropped": () => filled([0xff, 0xd8], [0xff, 0xfe, 0, 2], [...JPEG_FRAME, ...JPEG_SCAN]),
  // An image header, then empty 12-byte image data chunks.
  "PNG, tiny data chunks": () => filled(PNG_HEAD, [0, 0, 0, 0, ...ascii("IDAT"), 0, 0, 0, 0], PNG_END),
  // A screen descriptor, then 12-byte images of one pixel with no data.
  "GIF, tiny images": () => filled([...ascii("GIF89a"), 1, 0, 1, 0, 0, 0, 0], [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 0], [0x3b]),
  // An extended header, then empty 8-byte alpha chunks; the RIFF size is patched below.
  "WebP, tiny chunks": () => {
    const file = filled([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBPVP8X"), 10, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0], [...ascii("ALPH"), 0, 0, 0, 0], []);
    new DataView(file.buffer).setUint32(4, file.length - 8, true);
    return file;
  },
  // An ordinary picture of the same size: a frame, then one scan of entropy-coded data.
  "JPEG, one big scan (reference)": () => filled([0xff, 0xd8, ...JPEG_FRAME, 0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0], [0x12, 0x34, 0x56, 0x78], [0xff, 0xd9]),
};

type Figures = { name: string; ms: number; peakMb: number; kept: string };

const mb = (kb: number) => Math.round(kb / 102.4) / 10;

async function runCase(name: string): Promise<Figures> {
  const file = CASES[name]!();
  globalThis.gc?.();
  const before = process.resourceUsage().maxRSS;
  const started = performance.now();
  const clean = await cleanImage(file);
  const ms = performance.now() - started;
  const peakMb = mb(process.resourceUsage().maxRSS - before);
  return { name, ms: Math.round(ms), peakMb, kept: clean ? `${clean.bytes.length} bytes kept` : "refused" };
}

const child = process.argv.indexOf("--case");
if (child !== -1) {
  console.log(JSON.stringify(await runCase(process.argv[child + 1]!)));
} else {
  console.log(`Picture cleaner on ${SIZE / 1024 / 1024} MB files, one process per case:`);
  const results: Figures[] = [];
  for (const name of Object.keys(CASES)) {
    const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--case", name], { encoding: "utf8" });
    const line = run.stdout.trim().split("\n").pop() ?? "";
    if (run.status !== 0 || !line.startsWith("{")) {
      console.log(`  ${name}: failed (${run.signal ?? `exit ${run.status}`}) ${run.stderr.trim().split("\n").pop() ?? ""}`);
      continue;
    }
    const figures = JSON.parse(line) as Figures;
    results.push(figures);
    console.log(`  ${name.padEnd(32)} ${String(figures.ms).padStart(6)} ms  peak +${String(figures.peakMb).padStart(6)} MB  ${figures.kept}`);
  }
  console.log(JSON.stringify({ bench: "image-clean", sizeBytes: SIZE, results }));
}
