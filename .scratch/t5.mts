import { readFileSync } from "node:fs";
import exifr from "exifr";
const h = new Uint8Array(readFileSync(process.argv[2]));
console.log(h.length, String.fromCharCode(...h.subarray(4, 12)), await exifr.gps(h), await exifr.orientation(h));
