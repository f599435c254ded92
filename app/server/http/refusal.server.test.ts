import { afterEach, describe, expect, it, vi } from "vitest";
import { m } from "@common/i18n/words";
import { tIn } from "../../../tests/support/i18n";
import { errorAnswer, errorResponse, Refusal } from "./refusal.server";

const t = tIn("fr");

afterEach(() => vi.restoreAllMocks());

describe("Refusal", () => {
  it("carries the status and the message of each kind of refusal, worded in French by default", () => {
    const cases: [Refusal, number, string][] = [
      [Refusal.badRequest(), 400, "Tous les champs sont obligatoires"],
      [Refusal.badRequest(m("admin.mj.mailInvalid")), 400, "Adresse mail invalide"],
      [Refusal.notAuthenticated(), 401, "Non authentifié"],
      [Refusal.forbidden(), 403, "Authentification incorrecte"],
      [Refusal.forbidden(m("wizard.cannotEdit")), 403, "Vous n'avez pas le droit de modifier ce quiz"],
      [Refusal.notFound(m("common.quizNotFound")), 404, "Quiz introuvable"],
      [Refusal.methodNotAllowed(["POST"]), 405, "Méthode non autorisée"],
      [Refusal.conflict(m("server.game.noQuestion")), 409, "Ce quiz n'a aucune question : ajoutez-en avant de lancer une partie"],
      [Refusal.tooLarge(m("common.photoTooLarge", { mb: 15 })), 413, "La photo dépasse 15 Mo"],
      [Refusal.tooManyRequests(), 429, "Trop de tentatives, réessayez dans quelques minutes"],
    ];
    for (const [refusal, status, message] of cases) {
      expect(refusal).toBeInstanceOf(Error);
      expect({ status: refusal.status, message: t(refusal.words) }).toEqual({ status, message });
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
    const answer = errorAnswer(refusal, "fr");
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
    const answer = errorAnswer(failure, "fr");
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: "Une erreur est survenue au niveau du serveur" });
    expect(log).toHaveBeenCalledWith(failure);
    expect(errorAnswer("a thrown string", "fr").status).toBe(500);
  });
});

describe("errorResponse", () => {
  it("is JSON { error } with the status, never cached", async () => {
    const res = errorResponse(Refusal.notFound(m("common.folderNotFound")), "fr");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: "Dossier introuvable" });
  });

  it("keeps the headers a refusal carries", () => {
    const res = errorResponse(Refusal.methodNotAllowed(["GET"]), "fr");
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
  });

  it("hides a crash behind the generic message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = errorResponse(new TypeError("Cannot read properties of undefined"), "fr");
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('{"error":"Une erreur est survenue au niveau du serveur"}');
  });

  it("words the refusal in the asker's language", async () => {
    expect(await errorResponse(Refusal.notFound(m("common.folderNotFound")), "en").json()).toEqual({ error: "Folder not found" });
    expect(await errorResponse(Refusal.tooManyRequests(), "de").json()).toEqual({ error: "Zu viele Versuche, versuche es in einigen Minuten erneut" });
  });
});
