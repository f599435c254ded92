import { env, SELF } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { questions, quizzes } from "@db/schema";
import { readExif } from "@common/media/exif";
import { fixture, MONT, PHARE } from "../fixtures/images";
import { STREET_VIEW_EMBED } from "../fixtures/street-view";
import type { TestAccount, TestQuiz } from "../support/factory";
import { app, callerOf, db, make, ORIGIN, quizRow, type Caller } from "../support/workers";

let admin: Caller;
let owner: Caller; // MJ with the edit right
let noRight: Caller; // MJ without it
let other: Caller; // another MJ with the edit right
let expired: Caller; // an MJ whose access ended

beforeAll(async () => {
  admin = await callerOf(await app.admin());
  owner = await callerOf(await make.mj({ canEdit: true }));
  noRight = await callerOf(await make.mj({ canEdit: false }));
  other = await callerOf(await make.mj({ canEdit: true }));
  expired = await callerOf(await make.mj({ canEdit: true, expired: true }));
});

function post(path: string, caller: Caller | null, body: BodyInit, headers: Record<string, string> = {}) {
  return SELF.fetch(ORIGIN + path, {
    method: "POST",
    headers: { Origin: ORIGIN, Host: "localhost", ...(caller ? { Cookie: caller.cookie } : {}), ...headers },
    body,
  });
}

const json = (path: string, caller: Caller | null, body: unknown) =>
  post(path, caller, JSON.stringify(body), { "Content-Type": "application/json" });

function form(fields: Record<string, string | File>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const photo = (bytes: Uint8Array<ArrayBuffer>, name = "photo.jpg") => new File([bytes], name, { type: "image/jpeg" });

/** A photo whose bytes (hence R2 key) no other test stored. */
function freshJpeg(seed: number) {
  const bytes = fixture("gpsJpeg").slice();
  bytes[bytes.length - 3] ^= seed;
  return bytes;
}

const rowsOf = (quiz: string) =>
  db().select().from(questions).where(eq(questions.quizUniqueName, quiz)).orderBy(asc(questions.position), asc(questions.id));

const details = { name: "Côte d'Émeraude", description: "Falaises et remparts", speedPointsMax: 7.5 };

/** One quiz per call, owned by `owner`, finished (its map settings confirmed). */
const quizOf = (account: TestAccount = owner.account) => make.quiz(account);

/** The three editing calls of the wizard on `quiz`, each a fresh request. */
function calls(quiz: TestQuiz) {
  const [first, second, third] = quiz.questions;
  return {
    details: (c: Caller | null) => json(`/api/pres/shared/quizz/update/${quiz.uniqueName}`, c, details),
    question: (c: Caller | null) => post(`/api/pres/shared/quizz/question/update/${quiz.uniqueName}/${first!.id}`, c, form({ name: "Renommée" })),
    order: (c: Caller | null) => json(`/api/pres/shared/quizz/question/order/${quiz.uniqueName}`, c, { order: [third!.id, first!.id, second!.id] }),
  };
}

describe("who may edit a quiz (every editing call)", () => {
  for (const call of ["details", "question", "order"] as const) {
    it(`${call}: nobody 401, expired MJ 403, other MJ 404, MJ without the edit right 403; nothing changes`, async () => {
      const quiz = await quizOf();
      const before = { quiz: await quizRow(quiz.uniqueName), rows: await rowsOf(quiz.uniqueName) };
      const send = calls(quiz)[call];
      const expectations: [Caller | null, number, string][] = [
        [null, 401, "Non authentifié"],
        [expired, 403, "Authentification incorrecte"],
        [other, 404, "Quiz introuvable"],
      ];
      for (const [caller, status, error] of expectations) {
        const res = await send(caller);
        expect(res.status).toBe(status);
        expect(await res.json()).toEqual({ error });
      }
      const own = await quizOf(noRight.account);
      const refused = await calls(own)[call](noRight);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "Vous n'avez pas le droit de modifier ce quiz" });
      expect(await quizRow(quiz.uniqueName)).toEqual(before.quiz);
      expect(await rowsOf(quiz.uniqueName)).toEqual(before.rows);
    });

    it(`${call}: the owner with the edit right and the admin may`, async () => {
      for (const caller of [owner, admin]) {
        const res = await calls(await quizOf())[call](caller);
        expect(res.status).toBe(200);
      }
    });
  }

  it("an MJ without the edit right still finishes a quiz of their own in creation", async () => {
    const quiz = await make.quiz(noRight.account, { mapSettings: null });
    for (const res of await Promise.all(Object.values(calls(quiz)).map((send) => send(noRight)))) expect(res.status).toBe(200);
  });

  it("answers a GET with 405 and a foreign Origin with 403", async () => {
    const quiz = await quizOf();
    const get = await SELF.fetch(`${ORIGIN}/api/pres/shared/quizz/update/${quiz.uniqueName}`, { headers: { Cookie: owner.cookie } });
    expect(get.status).toBe(405);
    const foreign = await SELF.fetch(`${ORIGIN}/api/pres/shared/quizz/question/order/${quiz.uniqueName}`, {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: owner.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ order: quiz.questions.map((q) => q.id) }),
    });
    expect(foreign.status).toBe(403);
  });
});

describe("the quiz's title, description and speed points", () => {
  it("renames the quiz, changes its description and its speed points", async () => {
    const quiz = await quizOf();
    const res = await json(`/api/pres/shared/quizz/update/${quiz.uniqueName}`, owner, details);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(details);
    expect(await quizRow(quiz.uniqueName)).toMatchObject({ ...details, uniqueName: quiz.uniqueName, mapSettings: quiz.mapSettings });
  });

  it("keeps the speed points when they are not sent, and a new quiz may set them", async () => {
    const quiz = await make.quiz(owner.account, { speedPointsMax: 9 });
    await json(`/api/pres/shared/quizz/update/${quiz.uniqueName}`, owner, { name: "Autre", description: "d" });
    expect((await quizRow(quiz.uniqueName))?.speedPointsMax).toBe(9);
    const created = await json("/api/pres/shared/quizz/init", owner, { name: "Rapide", description: "d", speedPointsMax: 0 });
    expect(created.status).toBe(201);
    expect((await quizRow(await created.text()))?.speedPointsMax).toBe(0);
    const byDefault = await json("/api/pres/shared/quizz/init", owner, { name: "Normal", description: "d" });
    expect((await quizRow(await byDefault.text()))?.speedPointsMax).toBe(5);
  });

  it("refuses empty or too long fields and speed points out of range, changing nothing", async () => {
    const quiz = await quizOf();
    const cases: [unknown, string][] = [
      [{ ...details, name: "  " }, "Tous les champs sont obligatoires"],
      [{ ...details, description: undefined }, "Tous les champs sont obligatoires"],
      [{ ...details, name: "x".repeat(101) }, "Le titre ne doit pas dépasser 100 caractères"],
      [{ ...details, speedPointsMax: 101 }, "Les points de rapidité vont de 0 à 100 (un chiffre après la virgule au plus)"],
      [{ ...details, speedPointsMax: -1 }, "Les points de rapidité vont de 0 à 100 (un chiffre après la virgule au plus)"],
      [{ ...details, speedPointsMax: "5" }, "Les points de rapidité vont de 0 à 100 (un chiffre après la virgule au plus)"],
      [null, "Tous les champs sont obligatoires"],
    ];
    for (const [body, error] of cases) {
      const res = await json(`/api/pres/shared/quizz/update/${quiz.uniqueName}`, owner, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    const init = await json("/api/pres/shared/quizz/init", owner, { name: "T", description: "d", speedPointsMax: 1000 });
    expect(init.status).toBe(400);
    expect(await quizRow(quiz.uniqueName)).toMatchObject({ name: quiz.name, description: quiz.description, speedPointsMax: 5 });
  });
});

describe("editing one question", () => {
  it("renames it and moves it, only the fields sent changing", async () => {
    const quiz = await quizOf();
    const [q] = quiz.questions;
    const url = `/api/pres/shared/quizz/question/update/${quiz.uniqueName}/${q!.id}`;
    const renamed = await post(url, owner, form({ name: "Le phare" }));
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: q!.id, name: "Le phare", coords: { lat: q!.lat, lng: q!.lng } });
    const moved = await post(url, owner, form({ coords: ` ${PHARE.lat} , ${PHARE.lng} ` }));
    expect(await moved.json()).toMatchObject({ name: "Le phare", coords: PHARE });
    const [row] = await db().select().from(questions).where(eq(questions.id, q!.id));
    expect(row).toMatchObject({ name: "Le phare", lat: PHARE.lat, lng: PHARE.lng, fileKey: q!.fileKey, position: 0 });
  });

  it("replaces its photo: the new one stored without its position, the old one gone once unused", async () => {
    const quiz = await make.quiz(owner.account, { questions: [] });
    const add = await post(`/api/pres/shared/quizz/question/new/${quiz.uniqueName}`, owner, form({ uploadFile: photo(freshJpeg(8)), coords: JSON.stringify(MONT) }));
    const created = (await add.json()) as { id: number; filename: string };
    const oldKey = `photos/${created.filename}`;
    expect(await env.BUCKET.head(oldKey)).not.toBeNull();

    const res = await post(`/api/pres/shared/quizz/question/update/${quiz.uniqueName}/${created.id}`, owner, form({ uploadFile: photo(freshJpeg(16), "nouvelle.jpg") }));
    expect(res.status).toBe(200);
    const updated = (await res.json()) as { filename: string; name: string; imageUrl: string };
    expect(updated.filename).not.toBe(created.filename);
    expect(updated.name).toBe("photo"); // the name stays: only the photo was sent
    expect(await env.BUCKET.head(oldKey)).toBeNull();
    const stored = new Uint8Array(await (await env.BUCKET.get(`photos/${updated.filename}`))!.arrayBuffer());
    expect((await readExif(stored)).gps).toBeNull();
    expect((await SELF.fetch(ORIGIN + updated.imageUrl)).status).toBe(200);
  });

  it("keeps the old photo when another question still uses it", async () => {
    const bytes = freshJpeg(32);
    const key = await make.photo(bytes);
    const quiz = await make.quiz(owner.account, { photos: [key, key] });
    const res = await post(
      `/api/pres/shared/quizz/question/update/${quiz.uniqueName}/${quiz.questions[0]!.id}`,
      owner,
      form({ uploadFile: photo(freshJpeg(64)) }),
    );
    expect(res.status).toBe(200);
    expect(await env.BUCKET.head(key)).not.toBeNull();
  });

  it("edits the title, description and embed of a Street View question", async () => {
    const quiz = await make.quiz(owner.account, {
      questions: [{ lat: 48.85, lng: 2.29, name: "Tour", title: "La tour", description: "En fer", streetview: { pano: "abcdefghij", lat: 48.85, lng: 2.29 } }],
    });
    const url = `/api/pres/shared/quizz/question/update/${quiz.uniqueName}/${quiz.questions[0]!.id}`;
    const res = await post(url, owner, form({ titre: "La dame de fer", description: "Puddlée", iframe: STREET_VIEW_EMBED }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: "Tour",
      titre: "La dame de fer",
      description: "Puddlée",
      streetView: { pano: "CAoSLEFGMVFpcE5fQ2xhc3Nl", lat: 48.85837, lng: 2.294481, heading: 120.5, pitch: -5.2 },
    });
    const noPhoto = await post(url, owner, form({ uploadFile: photo(fixture("plainJpeg")) }));
    expect(noPhoto.status).toBe(400);
    expect(await noPhoto.json()).toEqual({ error: "Seule une question photo a une photo à remplacer" });
    const badEmbed = await post(url, owner, form({ iframe: "<iframe src='https://example.com'></iframe>" }));
    expect(await badEmbed.json()).toEqual({ error: "Ce lien Street View ne contient pas la position et l'angle de vue" });
  });

  it("refuses bad fields and someone else's question, changing nothing and storing nothing", async () => {
    const quiz = await quizOf();
    const elsewhere = await quizOf();
    const [q] = quiz.questions;
    const url = `/api/pres/shared/quizz/question/update/${quiz.uniqueName}/${q!.id}`;
    const before = await rowsOf(quiz.uniqueName);
    const objects = (await env.BUCKET.list({ prefix: "photos/" })).objects.length;
    const cases: [FormData, number, string][] = [
      [form({ coords: "48.6;-1.5" }), 400, "Coordonnées invalides"],
      [form({ name: " " }), 400, "Tous les champs sont obligatoires"],
      [form({ name: "x".repeat(121) }), 400, "Le nom ne doit pas dépasser 120 caractères"],
      [form({ uploadFile: photo(new TextEncoder().encode("<html>")) }), 400, "Ce fichier n'est pas une image (JPEG, PNG, WebP ou GIF)"],
      [form({ name: "ok", coords: "95,0" }), 400, "Coordonnées invalides"],
    ];
    for (const [body, status, error] of cases) {
      const res = await post(url, owner, body);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ error });
    }
    const foreign = await post(`/api/pres/shared/quizz/question/update/${quiz.uniqueName}/${elsewhere.questions[0]!.id}`, owner, form({ name: "x" }));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: "Cette question n'existe pas" });
    expect((await post(`/api/pres/shared/quizz/question/update/${quiz.uniqueName}/abc`, owner, form({ name: "x" }))).status).toBe(404);
    expect(await rowsOf(quiz.uniqueName)).toEqual(before);
    expect((await env.BUCKET.list({ prefix: "photos/" })).objects.length).toBe(objects);
  });
});

describe("reordering questions", () => {
  it("puts the questions in the order given, positions 0..n-1", async () => {
    const quiz = await quizOf();
    const [a, b, c] = quiz.questions.map((q) => q.id);
    const res = await json(`/api/pres/shared/quizz/question/order/${quiz.uniqueName}`, owner, { order: [c, a, b] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: number }[]).map((q) => q.id)).toEqual([c, a, b]);
    expect((await rowsOf(quiz.uniqueName)).map((r) => [r.id, r.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
  });

  it("refuses an order that is not exactly the quiz's questions", async () => {
    const quiz = await quizOf();
    const elsewhere = await quizOf();
    const [a, b, c] = quiz.questions.map((q) => q.id);
    const before = await rowsOf(quiz.uniqueName);
    for (const order of [[a, b], [a, b, c, c], [a, a, b], [a, b, elsewhere.questions[0]!.id], [a, b, -1]]) {
      const res = await json(`/api/pres/shared/quizz/question/order/${quiz.uniqueName}`, owner, { order });
      expect(res.status).toBe(400);
    }
    const missing = await json(`/api/pres/shared/quizz/question/order/${quiz.uniqueName}`, owner, {});
    expect(await missing.json()).toEqual({ error: "Cet ordre ne reprend pas exactement les questions du quiz" });
    expect(await rowsOf(quiz.uniqueName)).toEqual(before);
    expect((await rowsOf(elsewhere.uniqueName)).map((r) => r.position)).toEqual([0, 1, 2]);
  });
});

describe("the edit page", () => {
  it("carries the quiz's speed points for step 1", async () => {
    const quiz = await make.quiz(owner.account, { speedPointsMax: 12.5 });
    // The loader's data as the page's router fetches it (Remix's turbo-stream: keys and values apart).
    const data = await SELF.fetch(`${ORIGIN}/quiz/${quiz.uniqueName}/edit.data`, { headers: { Cookie: owner.cookie } });
    expect(data.status).toBe(200);
    const text = await data.text();
    expect(text).toContain('"speedPointsMax"');
    expect(text).toContain("12.5");
    const [row] = await db().select().from(quizzes).where(eq(quizzes.uniqueName, quiz.uniqueName));
    expect(row!.speedPointsMax).toBe(12.5);
  });
});
