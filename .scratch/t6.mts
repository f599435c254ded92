import { readFileSync } from "node:fs";
import exifr from "exifr";
const h = new Uint8Array(readFileSync(process.argv[2]));
console.log(await exifr.parse(h, true).catch((e:any)=>"ERR "+e));
console.log(await exifr.parse(h, {gps:true, tiff:true}).catch((e:any)=>"ERR "+e));
