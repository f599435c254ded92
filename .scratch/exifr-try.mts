import exifr from "exifr";
import { readFileSync } from "node:fs";
import { fixture } from "/work/wt-workshop/tests/fixtures/images.ts";
for (const name of ["gpsJpeg", "plainJpeg", "gpsPng", "gpsWebp"] as const) {
  const b = fixture(name);
  try { console.log(name, await exifr.gps(b), await exifr.orientation(b)); } catch (e) { console.log(name, "ERR", String(e)); }
}
const big = new Uint8Array(readFileSync("/work/wt-workshop/tests/fixtures/photo-gps.jpg"));
console.log("big", await exifr.gps(big));
console.log("junk", await exifr.gps(new Uint8Array([1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16])).catch(e=>"ERR "+e));
