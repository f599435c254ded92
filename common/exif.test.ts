import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixture, MONT, PHARE } from "../tests/fixtures/images";
import { buildExifTiff, exifSegment, insertSegments } from "../tests/fixtures/exif-writer.mjs";
import { readExif, readExifGps } from "./exif";

const onDisk = (name: string) => new Uint8Array(readFileSync(new URL(`../tests/fixtures/${name}`, import.meta.url)));

/** EXIF stores seconds to 1/10000: a few centimetres. */
const close = (a: { lat: number; lng: number } | null, b: { lat: number; lng: number }) => {
  expect(a).not.toBeNull();
  expect(a!.lat).toBeCloseTo(b.lat, 6);
  expect(a!.lng).toBeCloseTo(b.lng, 6);
};

describe("EXIF GPS reader", () => {
  it("reads the position of a JPEG, west longitude negative", () => {
    close(readExifGps(onDisk("photo-gps.jpg")), MONT);
    expect(MONT.lng).toBeLessThan(0);
  });

  it("reads little-endian JPEG EXIF with its orientation", () => {
    const info = readExif(fixture("gpsJpeg"));
    close(info.gps, MONT);
    expect(info.orientation).toBe(6);
  });

  it("reads a big-endian eXIf chunk of a PNG", () => {
    close(readExifGps(onDisk("phare-gps.png")), PHARE);
    close(readExifGps(fixture("gpsPng")), PHARE);
  });

  it("reads the EXIF chunk of a WebP", () => {
    close(readExifGps(fixture("gpsWebp")), MONT);
  });

  it("signs southern latitudes and western longitudes", () => {
    const base = fixture("plainJpeg");
    for (const gps of [
      { lat: -33.856784, lng: 151.215297 },
      { lat: -22.951916, lng: -43.210487 },
      { lat: 64.147209, lng: -21.9424 },
    ]) {
      for (const littleEndian of [true, false]) {
        const jpeg = insertSegments(base, [exifSegment(buildExifTiff({ gps, littleEndian }))]);
        close(readExifGps(jpeg), gps);
      }
    }
  });

  it("gives nothing for pictures without a position", () => {
    expect(readExifGps(fixture("plainJpeg"))).toBeNull();
    const noGps = insertSegments(fixture("plainJpeg"), [exifSegment(buildExifTiff({ orientation: 3 }))]);
    expect(readExif(noGps)).toEqual({ gps: null, orientation: 3 });
    const zeros = insertSegments(fixture("plainJpeg"), [exifSegment(buildExifTiff({ gps: { lat: 0, lng: 0 } }))]);
    expect(readExifGps(zeros)).toBeNull();
  });

  it("never throws on broken or foreign bytes", () => {
    const jpeg = onDisk("photo-gps.jpg");
    for (const cut of [3, 10, 30, 60, 120, 200]) {
      expect(() => readExif(jpeg.subarray(0, cut))).not.toThrow();
    }
    const corrupt = jpeg.slice();
    corrupt.fill(0xff, 30, 60);
    expect(() => readExif(corrupt)).not.toThrow();
    expect(readExif(new TextEncoder().encode("GIF89a pas une photo"))).toEqual({ gps: null, orientation: null });
    expect(readExif(new Uint8Array())).toEqual({ gps: null, orientation: null });
  });
});
