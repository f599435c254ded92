import { afterEach, describe, expect, it, vi } from "vitest";
import { errorAnswer, errorResponse, Refusal } from "./refusal.server";

afterEach(() => vi.restoreAllMocks());

describe("Refusal", () => {
  it("carries the status and the French sentence of each kind of refusal", () => {
    const cases: [Refusal, number, string][] = [
      [Refusal.badRequest(), 400, "Tous les champs sont obligatoires"],
      [Refusal.badRequest("Adresse mail invalide"), 400, "Adresse mail invalide"],
      [Refusal.notAuthenticated(), 401, "Non authentifié"],
      [Refusal.forbidden(), 403, "Authentification incorrecte"],
      [Refusal.forbidden("Vous n'avez pas le droit de modifier ce quiz"), 403, "Vous n'avez pas le droit de modifier ce quiz"],
      [Refusal.notFound("Quiz introuvable"), 404, "Quiz introuvable"],
      [Refusal.methodNotAllowed(["POST"]), 405, "Méthode non autorisée"],
      [Refusal.conflict("Ce quiz n'a aucune question"), 409, "Ce quiz n'a aucune question"],
      [Refusal.tooLarge("La photo dépasse 15 Mo"), 413, "La photo dépasse 15 Mo"],
      [Refusal.tooManyRequests(), 429, "Trop de tentatives, réessayez dans quelques minutes"],
    ];
    for (const [refusal, status, message] of cases) {
      expect(refusal).toBeInstanceOf(Error);
      expect({ status: refusal.status, message: refusal.message }).toEqual({ status, message });
    }
  });

  it("says which methods a route takes, and when to try again", () => {
    expect(Refusal.methodNotAllowed(["POST", "PATCH"]).headers.get("Allow")).toBe("POST, PATCH");
    expect(Refusal.tooManyRequests(59.2).headers.get("Retry-After")).toBe("60");
    expect(Refusal.tooManyRequests().headers.has("Retry-After")).toBe(false);
  });
});

describe("errorAnswer", () => {
  it("answers a refusal with its own status, message and headers", () => {
    const refusal = Refusal.notAuthenticated({ "Set-Cookie": "auth_mj=; Max-Age=0" });
    const answer = errorAnswer(refusal);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: "Non authentifié" });
    expect(answer.headers.get("Set-Cookie")).toBe("auth_mj=; Max-Age=0");
    // The answer's headers are a copy: adding to them leaves the refusal as it was.
    answer.headers.set("X-Extra", "1");
    expect(refusal.headers.has("X-Extra")).toBe(false);
  });

  it("logs anything else and answers the generic 500, never the error's own text", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("D1_ERROR: no such table: accounts");
    const answer = errorAnswer(failure);
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: "Une erreur est survenue au niveau du serveur" });
    expect(log).toHaveBeenCalledWith(failure);
    expect(errorAnswer("a thrown string").status).toBe(500);
  });
});

describe("errorResponse", () => {
  it("is JSON { error } with the status, never cached", async () => {
    const res = errorResponse(Refusal.notFound("Dossier introuvable"));
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: "Dossier introuvable" });
  });

  it("keeps the headers a refusal carries", () => {
    const res = errorResponse(Refusal.methodNotAllowed(["GET"]));
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
  });

  it("hides a crash behind the generic message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = errorResponse(new TypeError("Cannot read properties of undefined"));
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('{"error":"Une erreur est survenue au niveau du serveur"}');
  });
});
