import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fixture, MONT, PHARE, TRAILER, type Fixture } from "../../tests/fixtures/images";
import { jpegSegments, pngChunks, webpChunks } from "../../tests/support/image-blocks";
import { readExif } from "./exif";
import { cleanImage, MAX_KEPT_BLOCKS } from "./image-clean";

const onDisk = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url)));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

/**
 * Every pixel, decoded as stored (colour profile not applied: the original's is gone on
 * purpose), as a digest: a cleaned file must draw exactly the same picture.
 */
async function pixels(bytes: Uint8Array) {
  const { data, info } = await sharp(Buffer.from(bytes), { ignoreIcc: true }).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, sha256: createHash("sha256").update(data).digest("hex") };
}

/** What sharp (libvips) reads of the file's metadata. */
async function metadataOf(bytes: Uint8Array) {
  const meta = await sharp(Buffer.from(bytes)).metadata();
  return { exif: !!meta.exif, icc: !!meta.icc, xmp: !!meta.xmp, iptc: !!meta.iptc, comments: meta.comments ?? [] };
}

/**
 * Traces the loaded fixtures carry: positions, writers' names, comments, the trailer. ("Exif"
 * alone is no trace: a JPEG gets its orientation back in an Exif block, checked below.)
 */
const TRACES = [
  String(MONT.lat),
  String(PHARE.lat),
  "GPS",
  "xmpmeta",
  "Photoshop",
  "Repere",
  "Pris a",
  "Display P3",
  TRAILER,
];

describe("pictures keep their image data only", () => {
  const loaded: [Fixture, string][] = [
    ["loadedJpeg", "image/jpeg"],
    ["loadedPng", "image/png"],
    ["loadedWebp", "image/webp"],
    ["loadedGif", "image/gif"],
  ];

  it.each(loaded)("%s: no metadata, nothing after the end, the same pixels", async (name, type) => {
    const original = fixture(name);
    // The fixture really carries what must go.
    expect(text(original).endsWith(TRAILER)).toBe(true);
    expect(TRACES.filter((t) => text(original).includes(t)).length).toBeGreaterThanOrEqual(4);

    const clean = (await cleanImage(original))!;
    expect(clean.type).toBe(type);
    for (const trace of TRACES) expect(text(clean.bytes), trace).not.toContain(trace);
    expect((await readExif(clean.bytes)).gps).toBeNull();
    const meta = await metadataOf(clean.bytes);
    expect(meta).toMatchObject({ icc: false, xmp: false, iptc: false, comments: [] });
    expect(await pixels(clean.bytes)).toEqual(await pixels(original));
  });

  it("JPEG: only SOI, frame, tables, scans and EOI; the orientation written back alone", async () => {
    const clean = (await cleanImage(fixture("loadedJpeg")))!.bytes;
    const { segments } = jpegSegments(clean)!;
    // Tables and frame (C0-CF, DB, DD) plus one tiny APP1 holding the orientation.
    for (const s of segments) expect(s.marker === 0xe1 || (s.marker >= 0xc0 && s.marker <= 0xdd), s.marker.toString(16)).toBe(true);
    const app1 = segments.filter((s) => s.marker === 0xe1);
    expect(app1).toHaveLength(1);
    expect(app1[0]!.end - app1[0]!.start).toBeLessThan(40);
    expect(await readExif(clean)).toEqual({ gps: null, orientation: 6 });
    expect((await sharp(Buffer.from(clean)).metadata()).orientation).toBe(6);
    expect([...clean.subarray(-2)]).toEqual([0xff, 0xd9]);
    // A progressive file: every scan survives (several SOS).
    expect(text(clean).split("\xff\xda").length - 1).toBeGreaterThan(3);
  });

  it("JPEG in CMYK keeps Adobe's block, which says how to read its colours", async () => {
    const cmyk = new Uint8Array(
      await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 40, b: 90 } } })
        .toColourspace("cmyk")
        .jpeg()
        .toBuffer(),
    );
    expect(jpegSegments(cmyk)!.segments.some((s) => s.marker === 0xee)).toBe(true);
    const clean = (await cleanImage(cmyk))!.bytes;
    expect(jpegSegments(clean)!.segments.filter((s) => s.marker >= 0xe0 && s.marker <= 0xef).map((s) => s.marker)).toEqual([0xee]);
    expect(await pixels(clean)).toEqual(await pixels(cmyk));
  });

  it("JPEG from disk: the large test photo loses its EXIF, XMP and comment", async () => {
    const original = onDisk("photo-gps.jpg");
    const clean = (await cleanImage(original))!.bytes;
    expect((await readExif(clean)).gps).toBeNull();
    expect(text(clean)).not.toContain("GPSLatitude");
    expect(await pixels(clean)).toEqual(await pixels(original));
  });

  it("PNG: only the chunks that draw it, ending at IEND", async () => {
    const clean = (await cleanImage(fixture("loadedPng")))!.bytes;
    const types = pngChunks(clean)!.map((c) => c.type);
    expect(types[0]).toBe("IHDR");
    expect(types.at(-1)).toBe("IEND");
    for (const type of types) expect(["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "gAMA", "cHRM", "sRGB"]).toContain(type);
    expect((await cleanImage(onDisk("phare-gps.png")))!.bytes.length).toBeLessThan(onDisk("phare-gps.png").length);
  });

  it("WebP: the bitstream and its frame header only, RIFF size and flags fixed", async () => {
    const clean = (await cleanImage(fixture("loadedWebp")))!.bytes;
    const types = webpChunks(clean)!.map((c) => c.type);
    expect(types.every((t) => ["VP8X", "VP8 ", "VP8L", "ALPH"].includes(t))).toBe(true);
    expect(new DataView(clean.buffer).getUint32(4, true)).toBe(clean.length - 8);
    // VP8X no longer announces an ICC profile, EXIF or XMP.
    expect(clean[20]! & 0x2c).toBe(0);
  });

  it("GIF: descriptors, image data and the loop count; no comment or application data", async () => {
    const clean = (await cleanImage(fixture("loadedGif")))!.bytes;
    expect(text(clean)).toContain("NETSCAPE2.0");
    expect(text(clean)).not.toContain("XMP DataXMP");
    expect(clean.at(-1)).toBe(0x3b);
  });

  it("a clean file stays a valid picture of the same pixels, cleaning twice changes nothing", async () => {
    for (const name of ["plainJpeg", "gpsJpeg", "gpsPng", "gpsWebp"] as const) {
      const once = (await cleanImage(fixture(name)))!.bytes;
      expect((await cleanImage(once))!.bytes, name).toEqual(once);
      expect(await pixels(once), name).toEqual(await pixels(fixture(name)));
    }
  });

  it("refuses what it cannot follow rather than storing it as it came", async () => {
    const jpeg = onDisk("photo-gps.jpg");
    expect(await cleanImage(jpeg.slice(0, 40))).toBeNull(); // headers cut before any scan
    expect(await cleanImage(fixture("gpsPng").slice(0, 60))).toBeNull(); // no IEND
    expect(await cleanImage(new Uint8Array([1, 2, 3]))).toBeNull();
    expect(await cleanImage(new TextEncoder().encode("GIF89a not really"))).toBeNull();
    // A JPEG whose segment lengths point past the end.
    const broken = Uint8Array.from(jpeg.subarray(0, 200));
    broken[4] = 0xff;
    broken[5] = 0xff;
    expect(await cleanImage(broken)).toBeNull();
  });

  it("refuses a file made of more tiny blocks than a picture keeps, in every format, and keeps one just within", async () => {
    const u32be = (v: number) => [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
    const ascii = (t: string) => [...t].map((c) => c.charCodeAt(0));
    const repeat = (block: number[], n: number) => Array.from({ length: n }, () => block).flat();
    // Each: the smallest block the cleaner keeps, n times, in a file it can follow to its end.
    const files = {
      jpeg: (n: number) => [0xff, 0xd8, ...repeat([0xff, 0xdb, 0, 2], n), 0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0, 0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, 0x12, 0xff, 0xd9],
      png: (n: number) => [0x89, ...ascii("PNG\r\n\x1a\n"), ...u32be(13), ...ascii("IHDR"), ...u32be(1), ...u32be(1), 8, 0, 0, 0, 0, 0, 0, 0, 0, ...repeat([0, 0, 0, 0, ...ascii("IDAT"), 0, 0, 0, 0], n), 0, 0, 0, 0, ...ascii("IEND"), 0, 0, 0, 0],
      gif: (n: number) => [...ascii("GIF89a"), 1, 0, 1, 0, 0, 0, 0, ...repeat([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 0], n), 0x3b],
      webp: (n: number) => {
        const body = [...ascii("WEBPVP8X"), 10, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...repeat([...ascii("ALPH"), 0, 0, 0, 0], n)];
        return [...ascii("RIFF"), body.length & 255, (body.length >> 8) & 255, (body.length >> 16) & 255, 0, ...body];
      },
    };
    for (const [format, make] of Object.entries(files)) {
      // Within the limit: still a picture (a few blocks of header and end count too).
      expect(await cleanImage(Uint8Array.from(make(MAX_KEPT_BLOCKS - 8))), format).not.toBeNull();
      // Beyond it (these cost hundreds of MB at 15 MB: npm run bench:image-clean): refused.
      expect(await cleanImage(Uint8Array.from(make(MAX_KEPT_BLOCKS + 1))), format).toBeNull();
    }
  });
});

describe("the size a cleaned picture declares", () => {
  /** A flat picture of that size in `format`, as an encoder writes it. */
  const made = async (format: "jpeg" | "png" | "gif" | "webp", width: number, height: number, options: object = {}) =>
    new Uint8Array(await sharp({ create: { width, height, channels: 3, background: "#3a7" } })[format](options).toBuffer());

  it.each([
    ["JPEG", () => made("jpeg", 1234, 567)],
    ["PNG", () => made("png", 1234, 567)],
    ["GIF", () => made("gif", 1234, 567)],
    ["lossy WebP", () => made("webp", 1234, 567)],
    ["lossless WebP", () => made("webp", 1234, 567, { lossless: true })],
  ])("is read from a %s's headers, as a decoder reads it", async (_, make) => {
    const bytes = await make();
    const clean = (await cleanImage(bytes))!;
    expect({ width: clean.width, height: clean.height }).toEqual({ width: 1234, height: 567 });
    const meta = await sharp(Buffer.from(clean.bytes)).metadata();
    expect({ width: clean.width, height: clean.height }).toEqual({ width: meta.width, height: meta.height });
  });

  it("is what the headers say, however few bytes follow: a PNG of a hundred bytes may declare a billion pixels", async () => {
    const small = (await cleanImage(await made("png", 2, 2)))!.bytes;
    const bomb = Uint8Array.from(small);
    new DataView(bomb.buffer).setUint32(16, 40_000);
    new DataView(bomb.buffer).setUint32(20, 30_000);
    const clean = await cleanImage(bomb);
    expect(clean && clean.width * clean.height).toBe(1_200_000_000);
  });
});
