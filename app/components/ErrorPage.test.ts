import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderIn } from "../../tests/support/i18n";
import { ErrorPage } from "./ErrorPage";

/** A refusal as Remix hands it to the boundary: the server's status and its `{ error }`. */
const answered = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });
const page = (error: unknown, locale: "fr" | "en" = "fr") => renderIn(createElement(ErrorPage, { error }), locale);

describe("the root's error page", () => {
  it("says the page had a problem and offers to reload it when the page broke while drawn", () => {
    const html = page(new TypeError("Cannot read properties of undefined (reading 'map')"));
    expect(html).toContain("Cette page a rencontré un problème.");
    expect(html).toContain("Recharger la page");
    expect(html).not.toContain("au niveau du serveur");
    expect(html).not.toContain("reading");
  });

  it("keeps the server's sentence for a refusal with a status, and offers no reload", () => {
    const refused = page(answered(403, { error: "Accès refusé" }));
    expect(refused).toContain("Accès refusé");
    expect(refused).not.toContain("Recharger la page");
    expect(page(answered(500, { error: "Une erreur est survenue au niveau du serveur" }))).toContain(
      "Une erreur est survenue au niveau du serveur",
    );
    expect(page(answered(404, { error: "Ce quiz n'existe pas" }))).toContain("Cette page n&#x27;existe pas.");
    expect(page(answered(502, null))).toContain("Une erreur est survenue au niveau du serveur");
  });

  it("speaks the reader's language", () => {
    const html = page(new TypeError("boom"), "en");
    expect(html).toContain("This page ran into a problem.");
    expect(html).toContain("Reload the page");
    expect(page(answered(404, null), "en")).toContain("This page does not exist.");
  });
});
