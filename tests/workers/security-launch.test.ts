import { SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, games } from "@db/schema";
import { cookieOf, db, get, launch, make, ORIGIN, postJson, roomState } from "../support/workers";

/** No answer leaks through the map, and the game quota holds under concurrency. */

const UNFINISHED = "Ce quiz n'est pas terminé : confirmez sa carte dans l'éditeur avant de le lancer";

const gamesOf = (ownerId: number) => db().select().from(games).where(eq(games.ownerId, ownerId));

describe("a quiz whose map was never confirmed", () => {
  it("cannot be launched, by the API or the presenter page, and no game is registered", async () => {
    const mj = await make.mj();
    const quiz = await make.quiz(mj, { mapSettings: null });
    const cookie = await cookieOf(mj);
    const api = await postJson("/api/game/launch", { quiz: quiz.uniqueName }, cookie);
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ error: UNFINISHED });

    const page = await SELF.fetch(`${ORIGIN}/mj/${quiz.uniqueName}.data?time=15`, {
      method: "POST",
      body: new URLSearchParams({ intent: "launch" }),
      headers: { Origin: ORIGIN, Cookie: cookie },
      redirect: "manual",
    });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(UNFINISHED);
    expect(await gamesOf(mj.id)).toHaveLength(0);
  });

  it("is marked « À terminer » on its dashboard card, with the reason and the way to finish it", async () => {
    const mj = await make.mj();
    const unfinished = await make.quiz(mj, { name: "Brouillon de phares", mapSettings: null });
    const finished = await make.quiz(mj, { name: "Phares prêts" });
    const html = await (await get("/mj", await cookieOf(mj))).text();
    const card = (name: string) => html.slice(html.indexOf(`data-quiz="${name}"`), html.indexOf("</article>", html.indexOf(`data-quiz="${name}"`)));
    expect(card(unfinished.uniqueName)).toContain("À terminer");
    expect(card(unfinished.uniqueName)).toContain(UNFINISHED.replaceAll("'", "&#x27;"));
    expect(card(unfinished.uniqueName)).toContain(`href="/quiz/${unfinished.uniqueName}/edit"`);
    expect(card(unfinished.uniqueName)).not.toContain("Lancer");
    expect(card(finished.uniqueName)).not.toContain("À terminer");
    expect(card(finished.uniqueName)).toContain("Lancer");
  });

  it("can be finished in the wizard by its owner even without the edit right, which a finished one needs", async () => {
    const mj = await make.mj({ canEdit: false });
    const cookie = await cookieOf(mj);
    const unfinished = await make.quiz(mj, { mapSettings: null });
    expect((await get(`/quiz/${unfinished.uniqueName}/edit`, cookie)).status).toBe(200);
    const finished = await make.quiz(mj);
    expect((await get(`/quiz/${finished.uniqueName}/edit`, cookie)).status).toBe(403);
    // Someone else's unfinished quiz reads as missing.
    expect((await get(`/quiz/${unfinished.uniqueName}/edit`, await cookieOf(await make.mj()))).status).toBe(404);
  });

  it("plays, once confirmed, with exactly the frame its author chose", async () => {
    const frame = { center: { lat: 43.3, lng: 5.4 }, zoom: 9, bounds: { north: 44, south: 42.5, east: 6.5, west: 4 } };
    // Questions far from the frame's centre: nothing of the frame may come from them.
    const l = await launch({ quizSpec: { mapSettings: frame }, spots: [{ lat: 43.9, lng: 4.8 }, { lat: 42.7, lng: 6.3 }] });
    const state = (await roomState(l.room)) as { quiz: { mapSettings: unknown } };
    expect(state.quiz.mapSettings).toEqual(frame);
  });
});

describe("another account's quiz reads like a missing one", () => {
  it("answers 404 « Quiz introuvable » on every route that names a quiz", async () => {
    const owner = await make.mj({ canEdit: true });
    const quiz = await make.quiz(owner);
    const other = await cookieOf(await make.mj({ canEdit: true }));
    const name = quiz.uniqueName;
    const photo = quiz.questions[0]!.fileKey!.slice("photos/".length);
    const form = () => new FormData();
    const calls: [string, Promise<Response>][] = [
      ["get", get(`/api/pres/shared/quizz/get/${name}`, other)],
      ["edit page", get(`/quiz/${name}/edit`, other)],
      ["launch", postJson("/api/game/launch", { quiz: name }, other)],
      ["map", postJson(`/api/pres/shared/quizz/mapSettings/${name}`, { mapSettings: quiz.mapSettings }, other)],
      [
        "new question",
        SELF.fetch(`${ORIGIN}/api/pres/shared/quizz/question/new/${name}`, { method: "POST", body: form(), headers: { Origin: ORIGIN, Cookie: other } }),
      ],
      [
        "delete question",
        SELF.fetch(`${ORIGIN}/api/pres/shared/quizz/question/delete/${name}/${photo}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: other } }),
      ],
      [
        "launch page",
        SELF.fetch(`${ORIGIN}/mj/${name}.data?time=15`, { method: "POST", body: new URLSearchParams({ intent: "launch" }), headers: { Origin: ORIGIN, Cookie: other } }),
      ],
    ];
    for (const intent of ["duplicateQuiz", "deleteQuiz", "rootQuiz"]) {
      calls.push([
        intent,
        SELF.fetch(`${ORIGIN}/mj.data?index`, { method: "POST", body: new URLSearchParams({ intent, quiz: name }), headers: { Origin: ORIGIN, Cookie: other } }),
      ]);
    }
    for (const [what, call] of calls) {
      const res = await call;
      expect({ what, status: res.status }).toEqual({ what, status: 404 });
      if (what !== "edit page") expect(await res.text(), what).toContain("Quiz introuvable");
    }
  });
});

describe("the game quota", () => {
  it("starts exactly 3 of 20 simultaneous launches with 3 games left, and spends games only when they start", async () => {
    const mj = await make.mj({ gamesLeft: 3 });
    const quiz = await make.quiz(mj);
    const cookie = await cookieOf(mj);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postJson("/api/game/launch", { quiz: quiz.uniqueName, time: 15 }, cookie)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(17);
    const refused = answers.find((r) => r.status === 403)!;
    expect(await refused.json()).toEqual({ error: "Vous n'avez plus de parties disponibles" });
    const lobbies = await db().select().from(games).where(and(eq(games.ownerId, mj.id), eq(games.status, "lobby")));
    expect(lobbies).toHaveLength(3);
    // Lobbies hold their games; none is spent before it starts.
    const [row] = await db().select().from(accounts).where(eq(accounts.id, mj.id));
    expect(row!.gamesLeft).toBe(3);

    // An abandoned lobby gives its game back.
    const { roomNumber } = (await answers.find((r) => r.status === 201)!.json()) as { roomNumber: string };
    const close = await SELF.fetch(`${ORIGIN}/api/game/${roomNumber}/close`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie } });
    expect(close.ok).toBe(true);
    expect((await postJson("/api/game/launch", { quiz: quiz.uniqueName }, cookie)).status).toBe(201);
    expect((await postJson("/api/game/launch", { quiz: quiz.uniqueName }, cookie)).status).toBe(403);
  });

  it("leaves an unlimited account unlimited", async () => {
    const mj = await make.mj({ gamesLeft: null });
    const quiz = await make.quiz(mj);
    const cookie = await cookieOf(mj);
    const answers = await Promise.all(Array.from({ length: 8 }, () => postJson("/api/game/launch", { quiz: quiz.uniqueName }, cookie)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
  });
});
