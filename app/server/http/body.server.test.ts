import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readBody, readForm, readJson } from "./body.server";
import { m } from "@common/i18n/words";
import { refusal } from "../../../tests/support/refusal";

/** A body sent in chunks with no Content-Length, as a script can; counts what was pulled. */
function chunked(chunks: number, chunkBytes: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x61));
    },
  });
  const request = new Request("http://localhost/x", { method: "POST", body: stream, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("reading a body within its limit", () => {
  it("cuts a chunked body without Content-Length as soon as it passes the limit", async () => {
    const body = chunked(1000, 1024);
    expect(await refusal(readBody(body.request, 10 * 1024, m("common.pictureTooLarge", { mb: 0.01 })))).toEqual({ status: 413, error: "L'image dépasse 0,01 Mo" });
    // It stopped pulling right after the limit: the rest of the megabyte was never received.
    expect(body.pulled()).toBeLessThan(20);
  });

  it("refuses a declared length over the limit before reading anything", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: "x".repeat(5 * 1024),
      headers: { "Content-Length": String(5 * 1024) },
    });
    expect((await refusal(readBody(request, 1024))).status).toBe(413);
    expect(request.bodyUsed).toBe(false);
  });

  it("reads a body within the limit, whole", async () => {
    const body = chunked(3, 1000);
    expect((await readBody(body.request, 3000)).length).toBe(3000);
  });

  it("reads forms and refuses what is not one", async () => {
    const form = new FormData();
    form.set("room", "123456");
    const ok = await readForm(new Request("http://localhost/", { method: "POST", body: form }), 64 * 1024);
    expect(ok?.get("room")).toBe("123456");
    const text = await readForm(new Request("http://localhost/", { method: "POST", body: "room=1", headers: { "Content-Type": "text/plain" } }), 1024);
    expect(text).toBeNull();
  });

  it("reads JSON only when it is declared as JSON", async () => {
    const post = (body: string, type: string) => new Request("http://localhost/", { method: "POST", body, headers: { "Content-Type": type } });
    expect(await readJson(post('{"a":1}', "application/json; charset=utf-8"))).toEqual({ a: 1 });
    expect(await readJson(post("{oops", "application/json"))).toBeNull();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      expect(await refusal(readJson(post('{"a":1}', type)))).toEqual({
        status: 415,
        error: "Requête invalide : le contenu doit être envoyé en JSON",
      });
    }
    expect((await refusal(readJson(post(`"${"x".repeat(70_000)}"`, "application/json")))).status).toBe(413);
  });
});

describe("every route reads its body through this module", () => {
  it("no route or server module reads a request's body itself (which would take it whole, at any size)", () => {
    const app = new URL("../../", import.meta.url);
    const files = (d: string) => readdirSync(new URL(d, app), { recursive: true, encoding: "utf8" }).map((f) => `${d}/${f}`);
    const direct = /\brequest\.(json|text|formData|arrayBuffer|blob)\(/;
    const checked = [...files("routes"), ...files("server")].filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"));
    // The folders' modules are read too, not only the top level's.
    expect(checked).toContain("server/defi/defi-play.server.ts");
    const offenders = checked
      .filter((f) => f !== "server/http/body.server.ts")
      .flatMap((f) => {
        const source = readFileSync(new URL(f, app), "utf8");
        // The home page's clientAction runs in the browser, on the browser's own form.
        const server = source.replace(/export async function clientAction[\s\S]*?\n}\n/, "");
        return direct.test(server) ? [f] : [];
      });
    expect(offenders).toEqual([]);
  });
});
