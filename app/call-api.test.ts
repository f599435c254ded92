import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@common/contracts/messages";
import { PHOTO_TOO_LARGE } from "@common/rules";
import { said } from "@common/i18n/words";
import { decodeAdminDone } from "@common/contracts/admin/decoders";
import { decoderOf, textBody, type Decoder } from "@common/contracts/decode";
import { num, object } from "@common/wire/codec";
import { callApi } from "./call-api";

/** Whatever the body is (the refusals' tests: their decoder is never asked). */
const anyBody: Decoder<unknown> = (body) => body;

// A real HTTP server answering as the app's routes and as a proxy in front of them would.
let server: Server;
let base = "";
const seen: { method?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method, type: req.headers["content-type"], body });
      const send = (status: number, text: string, type = "application/json") => {
        res.writeHead(status, { "Content-Type": type });
        res.end(text);
      };
      if (req.url === "/ok") return send(200, JSON.stringify({ message: "« Kim » enregistré" }));
      if (req.url === "/text") return send(200, "quiz-abc", "text/plain");
      if (req.url === "/refused") return send(404, JSON.stringify({ error: "Utilisateur introuvable" }));
      if (req.url === "/proxy-413") return send(413, "<html>Too large</html>", "text/html");
      if (req.url === "/proxy-502") return send(502, "<html>Bad gateway</html>", "text/html");
      if (req.url === "/half") return send(200, '{"lines": [1, 2', "application/json");
      send(500, "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("callApi", () => {
  it("sends JSON as a POST and reads the answer's JSON", async () => {
    const r = await callApi(`${base}/ok`, decodeAdminDone, { json: { name: "Kim" } });
    expect(r).toEqual({ ok: true, value: { message: "« Kim » enregistré" }, status: 200 });
    expect(seen.at(-1)).toMatchObject({ method: "POST", type: "application/json", body: '{"name":"Kim"}' });
  });

  it("reads a success as text when asked", async () => {
    expect(await callApi(`${base}/text`, textBody, { read: "text" })).toEqual({ ok: true, value: "quiz-abc", status: 200 });
    expect(seen.at(-1)?.method).toBe("GET");
  });

  it("gives the server's own French sentence for a refusal", async () => {
    expect(await callApi(`${base}/refused`, anyBody, { method: "PATCH", json: {} })).toEqual({
      ok: false,
      error: said("Utilisateur introuvable"),
      status: 404,
    });
  });

  it("gives a sentence by status when a proxy answered with a page of its own", async () => {
    expect(await callApi(`${base}/proxy-413`, anyBody, { form: new FormData() })).toEqual({ ok: false, error: MSG.bodyTooLarge, status: 413 });
    expect(await callApi(`${base}/proxy-413`, anyBody, { fallback: { 413: PHOTO_TOO_LARGE } })).toMatchObject({ error: PHOTO_TOO_LARGE });
    expect(await callApi(`${base}/proxy-502`, anyBody)).toEqual({ ok: false, error: MSG.serverError, status: 502 });
  });

  it("says the network failed when nothing answered, or a success came cut", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await callApi(`http://127.0.0.1:${port}/ok`, anyBody)).toEqual({ ok: false, error: MSG.network, status: 0 });
    expect(await callApi(`${base}/half`, anyBody)).toEqual({ ok: false, error: MSG.network, status: 200 });
  });

  it("lets an aborted call end as aborted, not as a network failure", async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(callApi(`${base}/ok`, anyBody, { signal: abort.signal })).rejects.toThrow();
  });

  it("gives the network message for a success whose body is not what the call's contract says", async () => {
    // /ok answers { message }: a contract that wants a count is not met, whatever the status.
    const count = decoderOf<{ count: number }>()(object({ count: num() }));
    expect(await callApi(`${base}/ok`, count, { json: {} })).toEqual({ ok: false, error: MSG.network, status: 200 });
    expect(await callApi(`${base}/text`, decodeAdminDone, { read: "text" })).toEqual({ ok: false, error: MSG.network, status: 200 });
  });

  it("asks a stubbed fetch's body of the decoder, and turns its null into the error result", async () => {
    const real = globalThis.fetch;
    const seenBodies: unknown[] = [];
    globalThis.fetch = () => Promise.resolve(new Response(JSON.stringify({ message: 7 }), { status: 201 }));
    try {
      const decode: Decoder<{ message: string }> = (body) => {
        seenBodies.push(body);
        return decodeAdminDone(body);
      };
      expect(await callApi("/api/pres/admin/mj", decode, { form: new FormData() })).toEqual({ ok: false, error: MSG.network, status: 201 });
      expect(seenBodies).toEqual([{ message: 7 }]);
    } finally {
      globalThis.fetch = real;
    }
  });
});
