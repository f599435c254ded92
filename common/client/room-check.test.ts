import { describe, expect, it } from "vitest";
import { tIn } from "../../tests/support/i18n";
import { checkRoom, normaliseRoomInput } from "./room-check";

const t = tIn("fr");
/** The check's answer, its message worded in French as the home page words it. */
const said = async (result: ReturnType<typeof checkRoom>) => {
  const r = await result;
  return r.ok ? r : { ok: false, error: t(r.error) };
};

const answer = (status: number, body?: unknown) =>
  (async () => new Response(body === undefined ? null : JSON.stringify(body), { status })) as typeof fetch;

describe("room number input", () => {
  it("keeps digits and drops spaces", () => {
    expect(normaliseRoomInput(" 123 456 ")).toBe("123456");
  });
  it("refuses empty and non-numeric input", () => {
    expect(normaliseRoomInput("")).toBeNull();
    expect(normaliseRoomInput("12a456")).toBeNull();
    expect(normaliseRoomInput("-12")).toBeNull();
    expect(normaliseRoomInput(undefined)).toBeNull();
  });
});

describe("room check answers", () => {
  it("goes to /play for random icons and /join for defined icons", async () => {
    expect(await checkRoom("123456", answer(200, { random: true }))).toEqual({ ok: true, path: "/play/123456" });
    expect(await checkRoom("123456", answer(200, { random: false }))).toEqual({ ok: true, path: "/join/123456" });
  });
  it("turns 400, 404, 429 and the rest into the French messages the join page shows", async () => {
    expect(await said(checkRoom("1", answer(400)))).toEqual({ ok: false, error: "Tous les champs sont obligatoires" });
    expect(await said(checkRoom("1", answer(404)))).toEqual({
      ok: false,
      error: "Cette salle n'existe pas ou n'est pas accessible",
    });
    expect(await said(checkRoom("1", answer(429)))).toEqual({ ok: false, error: "Trop de tentatives, réessayez dans quelques minutes" });
    expect(await said(checkRoom("1", answer(500)))).toEqual({ ok: false, error: "Une erreur est survenue au niveau du serveur" });
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await said(checkRoom("1", offline))).toEqual({ ok: false, error: "Une erreur est survenue au niveau du serveur" });
  });
});
