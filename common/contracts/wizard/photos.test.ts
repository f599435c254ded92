import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixture } from "../../../tests/fixtures/images";
import { checkBatch, detectPhotoFormat, eachLimited, fitWithin, questionNameOf } from "./photos";
import { tIn } from "../../../tests/support/i18n";

/** A batch's verdict as a reader sees it, in a language. */
function worded(check: ReturnType<typeof checkBatch>, locale: "fr" | "en" | "de" = "fr") {
  const t = tIn(locale);
  return check.ok ? { ...check, notice: check.notice && t(check.notice) } : { ok: false, error: t(check.error) };
}

const onDisk = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url)));

/** An ISO-BMFF ftyp box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, compatible: string[]) {
  const text = `ftyp${major}\0\0\0\0${compatible.join("")}`;
  const size = 4 + text.length;
  return Uint8Array.from([0, 0, 0, size, ...[...text].map((c) => c.charCodeAt(0)), 0, 0, 0, 0]);
}

describe("the format of a picked file", () => {
  it("knows the formats browsers decode and HEIC by their first bytes, not their names", () => {
    expect(detectPhotoFormat(fixture("plainJpeg"))).toBe("jpeg");
    expect(detectPhotoFormat(fixture("gpsPng"))).toBe("png");
    expect(detectPhotoFormat(fixture("gpsWebp"))).toBe("webp");
    expect(detectPhotoFormat(new TextEncoder().encode("GIF89a...."))).toBe("gif");
    expect(detectPhotoFormat(onDisk("photo-gps.heic"))).toBe("heic");
  });

  it("tells AVIF from HEIC by their brands, both being HEIF files", () => {
    expect(detectPhotoFormat(ftyp("heic", ["mif1", "heic"]))).toBe("heic");
    expect(detectPhotoFormat(ftyp("mif1", ["mif1", "heic"]))).toBe("heic");
    expect(detectPhotoFormat(ftyp("heix", ["mif1"]))).toBe("heic");
    expect(detectPhotoFormat(ftyp("avif", ["avif", "mif1", "miaf"]))).toBe("avif");
    expect(detectPhotoFormat(ftyp("mif1", ["avif", "miaf"]))).toBe("avif");
  });

  it("refuses anything else", () => {
    expect(detectPhotoFormat(ftyp("isom", ["mp41"]))).toBeNull(); // a video
    expect(detectPhotoFormat(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(detectPhotoFormat(new Uint8Array())).toBeNull();
  });
});

describe("the size of the uploaded picture", () => {
  it("brings the long side down to 2560 px, keeping the proportions", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1920, height: 2560 });
    expect(fitWithin(12000, 1000)).toEqual({ width: 2560, height: 213 });
  });

  it("never enlarges a small picture", () => {
    expect(fitWithin(1280, 853)).toEqual({ width: 1280, height: 853 });
    expect(fitWithin(2560, 2560)).toEqual({ width: 2560, height: 2560 });
  });
});

describe("names and batches", () => {
  it("names a question after its file, without the extension", () => {
    expect(questionNameOf("Mont Saint-Michel.HEIC")).toBe("Mont Saint-Michel");
    expect(questionNameOf("IMG_2041.jpeg")).toBe("IMG_2041");
    expect(questionNameOf("archive.tar.gz")).toBe("archive.tar");
    expect(questionNameOf(".jpg")).toBe(".jpg");
    expect(questionNameOf(`${"x".repeat(200)}.jpg`)).toHaveLength(120);
  });

  it("takes 1 to 100 files at once", () => {
    expect(checkBatch(1)).toEqual({ ok: true, take: 1, notice: null });
    expect(checkBatch(100)).toEqual({ ok: true, take: 100, notice: null });
    expect(worded(checkBatch(0))).toEqual({ ok: false, error: "Aucune photo choisie" });
    expect(worded(checkBatch(101))).toEqual({ ok: false, error: "100 photos au plus à la fois (vous en avez choisi 101)" });
    expect(worded(checkBatch(101), "de")).toEqual({ ok: false, error: "Höchstens 100 Fotos auf einmal (du hast 101 ausgewählt)" });
  });

  it("takes only the photos the quiz has room for (200 questions at most), and says so", () => {
    expect(worded(checkBatch(12, 5))).toEqual({ ok: true, take: 5, notice: "Seules les 5 premières des 12 photos sont prises : un quiz compte 200 questions au plus" });
    expect(worded(checkBatch(3, 1))).toEqual({ ok: true, take: 1, notice: "Seule la première des 3 photos est prise : un quiz compte 200 questions au plus" });
    expect(worded(checkBatch(3, 1), "en")).toEqual({ ok: true, take: 1, notice: "Only the first of the 3 photos is taken: a quiz has at most 200 questions" });
    expect(worded(checkBatch(5, 5))).toEqual({ ok: true, take: 5, notice: null });
    expect(worded(checkBatch(2, 0))).toEqual({ ok: false, error: "Un quiz compte 200 questions au plus : supprimez-en une pour en ajouter une autre" });
  });

  it("runs tasks with a limit, each item once", async () => {
    let now = 0;
    let most = 0;
    const seen: number[] = [];
    await eachLimited([1, 2, 3, 4, 5], 2, async (n) => {
      now++;
      most = Math.max(most, now);
      await new Promise((r) => setTimeout(r, 2));
      seen.push(n);
      now--;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });
});
