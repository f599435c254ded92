import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fixture } from "../tests/fixtures/images";
import { readExif } from "./exif";
import { jpegSegments, pngChunks, stripLocation, webpChunks } from "./exif-strip";

const onDisk = (name: string) => new Uint8Array(readFileSync(new URL(`../tests/fixtures/${name}`, import.meta.url)));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

/** Decodes every pixel: a stripped file must still be a picture, of the same size. */
async function decode(bytes: Uint8Array) {
  const { info } = await sharp(Buffer.from(bytes)).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

describe("GPS stripping of stored photos", () => {
  it("removes EXIF GPS, XMP and comments from a JPEG that still decodes", async () => {
    const original = onDisk("photo-gps.jpg");
    expect((await readExif(original)).gps).not.toBeNull();
    expect(text(original)).toContain("GPSLatitude");
    const stripped = (await stripLocation(original, "image/jpeg"))!;
    expect((await readExif(stripped)).gps).toBeNull();
    expect(text(stripped)).not.toContain("GPSLatitude");
    expect(text(stripped)).not.toContain("Pris a");
    expect(text(stripped)).not.toContain("Exif");
    expect([...stripped.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...stripped.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(jpegSegments(stripped)!.segments.some((s) => s.marker === 0xe1)).toBe(false);
    expect(await decode(stripped)).toEqual(await decode(original));
    // The compressed picture is untouched: only metadata went.
    expect(original.length - stripped.length).toBeGreaterThan(300);
  });

  it("keeps the orientation alone so portrait photos stay upright", async () => {
    const original = fixture("gpsJpeg");
    const stripped = (await stripLocation(original, "image/jpeg"))!;
    expect(await readExif(stripped)).toEqual({ gps: null, orientation: 6 });
    const app1 = jpegSegments(stripped)!.segments.filter((s) => s.marker === 0xe1);
    expect(app1).toHaveLength(1);
    expect(app1[0].end - app1[0].start).toBeLessThan(40);
    expect(stripped[3]).toBe(0xe1); // no JFIF here: the orientation comes right after SOI
    const meta = await sharp(Buffer.from(stripped)).metadata();
    expect(meta.orientation).toBe(6);
    expect(await decode(stripped)).toEqual(await decode(original));
  });

  it("keeps a JFIF header first, the orientation right after it", async () => {
    const jfif = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
    const original = fixture("gpsJpeg");
    const withJfif = Uint8Array.from([0xff, 0xd8, ...jfif, ...original.subarray(2)]);
    const stripped = (await stripLocation(withJfif, "image/jpeg"))!;
    expect(jpegSegments(stripped)!.segments.slice(0, 2).map((s) => s.marker)).toEqual([0xe0, 0xe1]);
    expect(await readExif(stripped)).toEqual({ gps: null, orientation: 6 });
  });

  it("leaves a clean JPEG as it was", async () => {
    const plain = fixture("plainJpeg");
    expect(await stripLocation(plain, "image/jpeg")).toEqual(plain);
  });

  it("removes the eXIf chunk of a PNG", async () => {
    const original = onDisk("phare-gps.png");
    const stripped = (await stripLocation(original, "image/png"))!;
    expect((await readExif(stripped)).gps).toBeNull();
    expect(pngChunks(stripped)!.map((c) => c.type)).not.toContain("eXIf");
    expect(await decode(stripped)).toEqual({ width: 960, height: 640 });
  });

  it("removes the EXIF chunk of a WebP and fixes its header", async () => {
    const original = fixture("gpsWebp");
    expect((await readExif(original)).gps).not.toBeNull();
    const stripped = (await stripLocation(original, "image/webp"))!;
    expect((await readExif(stripped)).gps).toBeNull();
    expect(webpChunks(stripped)!.map((c) => c.type)).not.toContain("EXIF");
    expect(new DataView(stripped.buffer).getUint32(4, true)).toBe(stripped.length - 8);
    expect(await decode(stripped)).toEqual(await decode(original));
  });

  it("refuses what it cannot follow rather than storing metadata", async () => {
    const broken = onDisk("photo-gps.jpg").slice(0, 40);
    expect(await stripLocation(broken, "image/jpeg")).toBeNull();
    expect(await stripLocation(new Uint8Array([1, 2, 3]), "image/png")).toBeNull();
    expect(await stripLocation(new Uint8Array([1, 2, 3]), "text/plain")).toBeNull();
  });
});
