import { readFileSync } from "node:fs";
import exifr from "exifr";
import { describe, expect, it } from "vitest";
import { fixture, MONT, NANTES, PHARE } from "../../tests/fixtures/images";
import { buildExifTiff, exifSegment, insertSegments } from "../../tests/fixtures/exif-writer.mjs";
import { readExif, readExifGps } from "./exif";

const onDisk = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url)));

/** EXIF stores seconds to 1/10000: a few centimetres. */
const close = (a: { lat: number; lng: number } | null, b: { lat: number; lng: number }) => {
  expect(a).not.toBeNull();
  expect(a!.lat).toBeCloseTo(b.lat, 6);
  expect(a!.lng).toBeCloseTo(b.lng, 6);
};

describe("EXIF reading (exifr)", () => {
  it("reads the position of a JPEG, west longitude negative, from bytes and from a Blob", async () => {
    close(await readExifGps(onDisk("photo-gps.jpg")), MONT);
    close(await readExifGps(new Blob([onDisk("photo-gps.jpg")], { type: "image/jpeg" })), MONT);
    expect(MONT.lng).toBeLessThan(0);
  });

  it("reads little-endian JPEG EXIF with its orientation", async () => {
    const info = await readExif(fixture("gpsJpeg"));
    close(info.gps, MONT);
    expect(info.orientation).toBe(6);
  });

  it("reads a big-endian eXIf chunk of a PNG", async () => {
    close(await readExifGps(onDisk("phare-gps.png")), PHARE);
    close(await readExifGps(fixture("gpsPng")), PHARE);
  });

  it("reads the EXIF chunk of a WebP, from bytes and from a Blob", async () => {
    close(await readExifGps(fixture("gpsWebp")), MONT);
    close(await readExifGps(new Blob([fixture("gpsWebp")])), MONT);
  });

  it("reads the position of an iPhone-style HEIC", async () => {
    close(await readExifGps(onDisk("photo-gps.heic")), NANTES);
  });

  it("reads the position of a HEIC laid out by libheif's writer, which exifr alone misses", async () => {
    const libheif = onDisk("photo-gps-libheif.heic");
    // What the wizard lost before: exifr does not add the items' base offsets.
    expect(await exifr.gps(libheif)).toBeUndefined();
    close(await readExifGps(libheif), NANTES);
    close(await readExifGps(new Blob([libheif])), NANTES);
  });

  it("gives up at once on a HEIC whose boxes would make exifr read forever", async () => {
    const heic = onDisk("photo-gps.heic");
    const ftypEnd = new DataView(heic.buffer, heic.byteOffset).getUint32(0);
    // An empty 'free' box of size 0 ("to the end") between ftyp and meta: exifr's walk to meta
    // adds 0 to its position, again and again, and the tab hangs.
    const hostile = new Uint8Array([...heic.subarray(0, ftypEnd), 0, 0, 0, 0, ...[..."free"].map((c) => c.charCodeAt(0)), ...heic.subarray(ftypEnd)]);
    expect(await readExif(hostile)).toEqual({ gps: null, orientation: null });
  });

  it("signs southern latitudes and western longitudes", async () => {
    const base = fixture("plainJpeg");
    for (const gps of [
      { lat: -33.856784, lng: 151.215297 },
      { lat: -22.951916, lng: -43.210487 },
      { lat: 64.147209, lng: -21.9424 },
    ]) {
      for (const littleEndian of [true, false]) {
        const jpeg = insertSegments(base, [exifSegment(buildExifTiff({ gps, littleEndian }))]);
        close(await readExifGps(jpeg), gps);
      }
    }
  });

  it("gives nothing for pictures without a position", async () => {
    expect(await readExifGps(fixture("plainJpeg"))).toBeNull();
    const noGps = insertSegments(fixture("plainJpeg"), [exifSegment(buildExifTiff({ orientation: 3 }))]);
    expect(await readExif(noGps)).toEqual({ gps: null, orientation: 3 });
    const zeros = insertSegments(fixture("plainJpeg"), [exifSegment(buildExifTiff({ gps: { lat: 0, lng: 0 } }))]);
    expect(await readExifGps(zeros)).toBeNull();
  });

  it("never throws on broken or foreign bytes", async () => {
    const nothing = { gps: null, orientation: null };
    const jpeg = onDisk("photo-gps.jpg");
    for (const cut of [3, 10, 30, 60, 120, 200]) {
      expect(await readExif(jpeg.subarray(0, cut))).toEqual(nothing);
    }
    const corrupt = jpeg.slice();
    corrupt.fill(0xff, 30, 60);
    await expect(readExif(corrupt)).resolves.toBeDefined();
    expect(await readExif(new TextEncoder().encode("GIF89a pas une photo"))).toEqual(nothing);
    expect(await readExif(new Uint8Array())).toEqual(nothing);
    expect(await readExif(new Blob(["RIFF\x10\0\0\0WEBPEXIF\xff\xff\xff\xff"]))).toEqual(nothing);
  });
});
