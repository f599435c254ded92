/**
 * An address no route takes: the « page not found » page, worded in the reader's language like
 * every page (the root's loader runs for it), with the 404 status.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Locale } from "@common/i18n/locales";
import { tIn } from "../support/i18n";
import { ORIGIN } from "../support/workers";

const visit = (path: string, language: string) =>
  SELF.fetch(`${ORIGIN}${path}`, { headers: { Host: "localhost", "Accept-Language": language } });

describe("a page that does not exist", () => {
  it.each([
    ["fr", "fr-FR,fr;q=0.9"],
    ["en", "en-GB,en;q=0.9"],
    ["de", "de-DE,de;q=0.9"],
  ] as [Locale, string][])("says so in %s, with a way home", async (locale, language) => {
    const res = await visit("/nulle/part", language);
    expect(res.status).toBe(404);
    const html = await res.text();
    const t = tIn(locale);
    expect(html).toContain(`<html lang="${locale}"`);
    expect(html).toContain(t("common.error.pageNotFound").replace("'", "&#x27;"));
    expect(html).toContain(t("common.error.home"));
    expect(html).not.toMatch(/>common\.error\./);
  });
});
