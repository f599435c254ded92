import { readFileSync, writeFileSync } from "node:fs";
import exifr from "exifr";
import { normaliseIloc } from "../tests/fixtures/heic-iloc.mjs";
for (const f of ["/tmp/in.heic", "/tmp/t.heic"]) {
  const n = normaliseIloc(new Uint8Array(readFileSync(f)));
  writeFileSync(f.replace(".heic", "-n.heic"), n);
  console.log(f, await exifr.gps(n), await exifr.orientation(n));
}
