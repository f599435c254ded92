import { describe, expect, it } from "vitest";
import { acceptedLanguages, isLocale, pickLocale } from "./locales";

describe("languages", () => {
  it("reads Accept-Language by quality, then order", () => {
    expect(acceptedLanguages("de-CH, en;q=0.8, fr;q=0.9, *;q=0.1")).toEqual(["de-CH", "fr", "en"]);
    expect(acceptedLanguages("en;q=0, fr")).toEqual(["fr"]);
    expect(acceptedLanguages(null)).toEqual([]);
    expect(acceptedLanguages("garbage;;q=x,")).toEqual([]);
  });

  it("picks the first supported language by its primary tag", () => {
    expect(pickLocale(["pt-BR", "de-AT", "en"])).toBe("de");
    expect(pickLocale(["EN_gb"])).toBe("en");
    expect(pickLocale(["ja", "zh"])).toBeNull();
  });

  it("knows its own languages only", () => {
    expect(isLocale("fr")).toBe(true);
    expect(isLocale("toString")).toBe(false);
    expect(isLocale("es")).toBe(false);
  });
});
