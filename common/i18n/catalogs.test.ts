/**
 * The catalogs are complete and agree: every language has every message of the French (reference)
 * catalog and no other, each message compiles, and each language uses the same placeholders as
 * French, so no sentence shows a raw id or a `{name}` no one fills.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { AREAS } from "./areas";
import { LOCALES } from "./locales";

const DIR = path.join(import.meta.dirname, "catalogs");

const read = (locale: string, area: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(DIR, locale, `${area}.json`), "utf8")) as Record<string, string>;

/**
 * The names a compiled message fills: `{name}`, `{n, plural, …}`, `{x, number}`, nested ones too.
 * A compiled message is a list of parts: text, or a token [name, format?, branches?] whose
 * branches are lists of parts again.
 */
function placeholders(parts: unknown, into = new Set<string>()): Set<string> {
  if (typeof parts === "string" || !Array.isArray(parts)) return into;
  for (const part of parts) {
    if (!Array.isArray(part)) continue;
    into.add(String(part[0]));
    const branches: unknown = part[2];
    if (branches && typeof branches === "object") for (const branch of Object.values(branches)) placeholders(branch, into);
  }
  return into;
}

describe("message catalogs", () => {
  it("has one file per area in every language, and nothing else", () => {
    for (const locale of LOCALES) {
      expect(readdirSync(path.join(DIR, locale)).sort(), locale).toEqual([...AREAS.map((a) => `${a}.json`), "index.ts"].sort());
    }
    expect(readdirSync(DIR).sort()).toEqual([...LOCALES].sort());
  });

  for (const area of AREAS) {
    it(`${area}: same messages in every language, each compiling with the same placeholders`, () => {
      const fr = read("fr", area);
      for (const id of Object.keys(fr)) expect(id.startsWith(`${area}.`), `${id} in ${area}.json`).toBe(true);
      for (const locale of LOCALES) {
        const other = read(locale, area);
        expect(Object.keys(other).sort(), `${locale}/${area}.json`).toEqual(Object.keys(fr).sort());
        for (const [id, text] of Object.entries(other)) {
          expect(text.trim() || id === "common.copySuffix" ? text : null, `${locale} ${id} is empty`).not.toBeNull();
          const names = [...placeholders(compileMessage(text))].sort();
          expect(names, `${locale} ${id}`).toEqual([...placeholders(compileMessage(fr[id]!))].sort());
        }
      }
    });
  }
});
