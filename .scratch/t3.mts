import exifr from "exifr";
import { readFileSync } from "node:fs";
const b = new Uint8Array(readFileSync("/tmp/t.heic"));
console.log(await exifr.gps(b), await exifr.orientation(b));
console.log(String.fromCharCode(...b.subarray(4, 12)), String.fromCharCode(...b.subarray(16, 32)));
