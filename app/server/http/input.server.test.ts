import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, parseJson, parseParams, parseQuery } from "./input.server";
import { m, wordsText } from "@common/i18n/words";
import { tIn } from "../../../tests/support/i18n";
import { Refusal } from "./refusal.server";

const t = tIn("fr");

function refusalOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return { status: error.status, message: t(error.words) };
    throw error;
  }
  throw new Error("not refused");
}

async function asyncRefusalOf(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("not refused");
    },
    (error: unknown) => {
      if (error instanceof Refusal) return { status: error.status, message: t(error.words) };
      throw error;
    },
  );
}

const json = (body: unknown) =>
  new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("an address's parameters and query", () => {
  const Params = z.object({ id: z.coerce.number().int().positive() });
  const notFound = Refusal.notFound(m("common.fileNotFound"));

  it("gives the typed values when they fit", () => {
    expect(parseParams({ id: "12" }, Params, notFound)).toEqual({ id: 12 });
    expect(parseQuery(new Request("http://localhost/x?id=3&id=4"), Params, notFound)).toEqual({ id: 3 });
  });

  it("answers with the route's own refusal when they do not", () => {
    expect(refusalOf(() => parseParams({ id: "abc" }, Params, notFound))).toEqual({ status: 404, message: "Fichier introuvable" });
    expect(refusalOf(() => parseQuery(new Request("http://localhost/x"), Params, notFound))).toEqual({ status: 404, message: "Fichier introuvable" });
  });
});

describe("a body", () => {
  const Body = z.object({
    order: z.array(z.number(), { required_error: wordsText(m("wizard.badOrder")) }),
    name: z.string().min(2, wordsText(m("wizard.nameTooLong", { max: 2 }))),
  });

  it("keeps the schema's own messages, with their values", async () => {
    expect(await asyncRefusalOf(parseJson(json({ name: "ab" }), Body, m("common.required")))).toEqual({ status: 400, message: "Cet ordre ne reprend pas exactement les questions du quiz" });
    expect(await asyncRefusalOf(parseJson(json({ order: [], name: "a" }), Body, m("common.required")))).toEqual({ status: 400, message: "Le nom ne doit pas dépasser 2 caractères" });
  });

  it("never lets zod's English reach anyone: the route's sentence instead", async () => {
    expect(await asyncRefusalOf(parseJson(json({ order: ["x"], name: "abc" }), Body, m("common.required")))).toEqual({
      status: 400,
      message: "Tous les champs sont obligatoires",
    });
  });

  it("reads JSON that does not parse as no fields at all, and refuses any other type of body", async () => {
    const broken = new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{ord" });
    expect(await asyncRefusalOf(parseJson(broken, Body, m("common.required")))).toEqual({ status: 400, message: "Cet ordre ne reprend pas exactement les questions du quiz" });
    const text = new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "{}" });
    expect((await asyncRefusalOf(parseJson(text, Body, m("common.required")))).status).toBe(415);
  });

  it("reads a form's fields, each name's first value", async () => {
    const form = new FormData();
    form.append("name", "Lyon");
    form.append("name", "Paris");
    const request = new Request("http://localhost/x", { method: "POST", body: form });
    expect(await parseForm(request, z.object({ name: z.string() }))).toEqual({ name: "Lyon" });
  });
});
