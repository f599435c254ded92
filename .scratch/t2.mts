import exifr from "exifr";
import { fixture } from "../tests/fixtures/images.ts";
const opts = { tiff: true, ifd0: ["Orientation"], gps: true, exif: false, interop: false, ifd1: false, xmp: false, icc: false, iptc: false, jfif: false, ihdr: false, translateValues: false, silentErrors: true } as any;
for (const name of ["gpsJpeg", "plainJpeg", "gpsPng"] as const) {
  console.log(name, await exifr.parse(fixture(name), opts));
}
const b = fixture("gpsJpeg");
console.log(await exifr.parse(b.subarray(0, 60), opts).catch((e: any) => "ERR " + e));
console.log(await exifr.parse(new TextEncoder().encode("GIF89a pas une photo"), opts).catch((e: any) => "ERR " + e));
