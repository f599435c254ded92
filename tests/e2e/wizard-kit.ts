/**
 * For the wizard's browser tests: photos drawn by sharp, with a GPS position (and an
 * orientation) written in their EXIF, dropped on the wizard as a file manager drops them; and
 * the area the offline map shows, to know which point a tap on it stands for.
 */
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { buildExifTiff, exifSegment, insertSegments } from "../fixtures/exif-writer.mjs";

export type Spot = { lat: number; lng: number };

/** A scene drawn by sharp, as a JPEG carrying `gps` (and `orientation`) in its EXIF. */
export async function jpeg(width: number, height: number, hue: number, gps: Spot | null, orientation: number | null = null, quality = 85) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},55%,60%)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="hsl(${(hue + 180) % 360},60%,40%)"/></svg>`;
  const bytes = new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer());
  if (!gps && !orientation) return bytes;
  return insertSegments(bytes, [exifSegment(buildExifTiff({ gps, orientation }))]);
}

/** A 12-megapixel phone photo of about 6 MB (grain, so that it compresses like a real one). */
export async function phonePhoto(gps: Spot) {
  const [w, h] = [4032, 3024];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb7e6"/><stop offset="1" stop-color="#c9a36b"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#s)"/><path d="M0 ${h * 0.6} Q${w / 2} ${h * 0.4} ${w} ${h * 0.65} V${h} H0Z" fill="#4d6b3a"/></svg>`;
  const grain = await sharp({ create: { width: w, height: h, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 22 } } }).png().toBuffer();
  const bytes = new Uint8Array(await sharp(Buffer.from(svg)).composite([{ input: grain, blend: "soft-light" }]).jpeg({ quality: 96 }).toBuffer());
  return insertSegments(bytes, [exifSegment(buildExifTiff({ gps }))]);
}

/** Drops files on the wizard's drop zone, as a drag from the file manager does. */
export async function drop(page: Page, files: { name: string; type: string; bytes: Uint8Array }[]) {
  const payload = files.map((f) => ({ name: f.name, type: f.type, data: Buffer.from(f.bytes).toString("base64") }));
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bin = atob(f.data);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, payload);
  await page.dispatchEvent('[data-testid="photo-drop"]', "dragover", { dataTransfer: transfer });
  await page.dispatchEvent('[data-testid="photo-drop"]', "drop", { dataTransfer: transfer });
}

/** The area an offline map shows (it projects linearly: a tap at a fraction of its box is a point). */
export function offlineView(map: Locator) {
  return map.evaluate((el) => ({
    north: Number(el.getAttribute("data-view-north")),
    south: Number(el.getAttribute("data-view-south")),
    west: Number(el.getAttribute("data-view-west")),
    east: Number(el.getAttribute("data-view-east")),
  }));
}
