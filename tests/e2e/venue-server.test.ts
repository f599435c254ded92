/**
 * What the server `npm start` runs (and these tests run) must carry at a venue: a class starting
 * a défi all at once, every call of it reaching the Worker, and a connection that stays usable
 * after the Worker refused an upload without reading it. Both broke with a proxy in front of the
 * Worker: POSTs answered 503 « Your worker restarted mid-request », and the next request on the
 * refused upload's connection waited minutes.
 */
import { request as httpRequest, Agent } from "node:http";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PHOTO_TOO_LARGE, QUESTION_PHOTO_MAX_BYTES } from "@common/rules";
import { gamePlayers } from "@db/schema";
import { postJson } from "../support/app";
import { tIn } from "../support/i18n";
import { app, baseURL, make } from "../support/e2e";
import { PARIS_MAP, seedPicture, TOUR } from "../fixtures/paris";

/**
 * One HTTP/1.1 request on `agent`; resolves with the status, the body and the cookie set.
 * `chunks` are written one by one without a Content-Length (chunked), as a script streams an
 * upload. The server may close a kept-alive connection between two requests: after refusing a
 * body it did not read, or when its next request waited too long to be read on a busy machine.
 * A request that finds its reused connection closed before any answer is sent again on a new one,
 * as browsers do and as Node's documentation advises; an answer, a 503 included, is never retried.
 */
function send(
  agent: Agent,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; chunks?: Buffer[] } = {},
  retried = false,
) {
  const method = init.method ?? "GET";
  return new Promise<{ status: number; body: string; cookie?: string }>((resolve, reject) => {
    let answered = false;
    const req = httpRequest(`${baseURL}${path}`, { agent, method, headers: init.headers }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, cookie: res.headers["set-cookie"]?.[0] }));
      res.on("error", reject);
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The rest of a refused upload may meet the closed connection after its answer came.
      if (answered) return;
      if (req.reusedSocket && !retried && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
        resolve(send(agent, path, init, true));
      } else reject(error);
    });
    // Far beyond a loaded machine's answer, far below the minutes it waited behind a proxy.
    req.setTimeout(20_000, () => req.destroy(new Error(`pas de réponse à ${method} ${path} en 20 s`)));
    for (const chunk of init.chunks ?? []) req.write(chunk);
    req.end(init.body);
  });
}

const PLAYERS = 100;

describe("a class starting a défi at once", () => {
  it(`${PLAYERS} phones join, open the first question and load its photo, all at once: every call answered by the app`, async () => {
    const owner = await make.mj();
    const quiz = await make.quiz(owner, {
      name: "Tous ensemble",
      mapSettings: PARIS_MAP,
      questions: [{ ...TOUR, photo: await make.photo(seedPicture("tour.jpg")) }],
    });
    const created = await postJson(
      app,
      "/api/defis/new",
      { quiz: quiz.uniqueName, deadline: Date.now() + 86_400_000, answerTimeSec: 30, helpZoneM: null, nameMode: "pseudo" },
      await app.cookieFor(owner),
    );
    expect(created.status).toBe(201);
    const { code, gameId } = (await created.json()) as { code: string; gameId: string };

    /** A phone: a connection of its own, kept alive between its calls, as a browser holds one. */
    const phone = async (i: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const json = { "Content-Type": "application/json", Origin: app.origin };
      try {
        // An address of its own, as in a class behind several: the per-address join budget is
        // not what this test is about.
        const joined = await send(agent, `/api/defi/${code}/join`, { method: "POST", headers: { ...json, "CF-Connecting-IP": `198.51.100.${i + 1}` }, body: "{}" });
        if (joined.status !== 200) return `rejoindre : ${joined.status} ${joined.body.slice(0, 100)}`;
        const device = joined.cookie!.split(";")[0]!;
        const opened = await send(agent, `/api/defi/${code}/open`, { method: "POST", headers: { ...json, Cookie: device }, body: "{}" });
        if (opened.status !== 200) return `ouvrir : ${opened.status} ${opened.body.slice(0, 100)}`;
        const { question } = JSON.parse(opened.body) as { question: { photoUrl: string } };
        const photo = await send(agent, question.photoUrl, { headers: { Cookie: device } });
        return photo.status === 200 ? "ok" : `photo : ${photo.status} ${photo.body.slice(0, 100)}`;
      } finally {
        agent.destroy();
      }
    };
    const outcomes = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => phone(i)));
    expect(outcomes.filter((o) => o !== "ok")).toEqual([]);

    const [players] = await app.db.select({ n: count() }).from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
    expect(players!.n).toBe(PLAYERS);
  });
});

describe("an upload refused before it is all read", () => {
  it("answers 413 in French, and the next page asked on the same kept-alive connection comes at once", async () => {
    const owner = await make.mj({ canEdit: true });
    const quiz = await make.quiz(owner, { name: "Trop lourde", mapSettings: PARIS_MAP, questions: [{ ...TOUR }] });
    const cookie = await app.cookieFor(owner);
    // One connection, kept alive between requests, as a browser tab holds one to its server.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await send(agent, "/")).status).toBe(200);
      // A photo past the limit, streamed: the app stops reading it at the limit and refuses it.
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      const upload = await send(agent, `/api/pres/shared/quizz/question/new/${quiz.uniqueName}`, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=----repere", Origin: app.origin, Cookie: cookie },
        chunks: Array(Math.ceil(QUESTION_PHOTO_MAX_BYTES / chunk.length) + 1).fill(chunk),
      });
      expect(upload).toEqual({ status: 413, body: JSON.stringify({ error: tIn()(PHOTO_TOO_LARGE) }) });
      const next = await send(agent, `/watch?quiz=${quiz.uniqueName}`);
      expect(next.status).toBe(200);
      expect(next.body).toContain("Trop lourde");
    } finally {
      agent.destroy();
    }
  });
});
