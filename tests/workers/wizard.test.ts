import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { questions, quizzes } from "@db/schema";
import { readExif } from "@common/media/exif";
import { addPhotoQuestion } from "~/server/quiz/quiz-editor.server";
import { fixture, MONT, PHARE } from "../fixtures/images";
import { STREET_VIEW_EMBED } from "../fixtures/street-view";
import { app, callerOf, db, make, type Caller } from "../support/workers";

const BASE = "http://localhost";
// Remix compares a page action's Origin with Host, which a browser always sends.
const ORIGIN = { Origin: BASE, Host: "localhost" };

let admin: Caller;
let camille: Caller; // MJ with the edit right
let bastien: Caller; // MJ without it

beforeAll(async () => {
  admin = await callerOf(await app.admin());
  camille = await callerOf(await make.mj({ name: "Camille", canEdit: true }));
  bastien = await callerOf(await make.mj({ name: "Bastien", canEdit: false }));
});

function post(path: string, who: Caller | null, body?: BodyInit, headers: Record<string, string> = {}) {
  return SELF.fetch(BASE + path, {
    method: "POST",
    headers: { ...ORIGIN, ...(who ? { Cookie: who.cookie } : {}), ...headers },
    body,
    redirect: "manual",
  });
}

async function init(who: Caller, input: Record<string, unknown> = { name: "Bretagne", description: "Phares et abbayes" }) {
  const res = await post("/api/pres/shared/quizz/init", who, JSON.stringify(input), { "Content-Type": "application/json" });
  expect(res.status).toBe(201);
  return res.text();
}

function photoForm(bytes: Uint8Array<ArrayBuffer>, fileName: string, coords: unknown = MONT, name?: string) {
  const form = new FormData();
  form.set("uploadFile", new File([bytes], fileName, { type: "image/jpeg" }));
  if (name !== undefined) form.set("name", name);
  if (coords !== null) form.set("coords", typeof coords === "string" ? coords : JSON.stringify(coords));
  return form;
}

function streetViewForm(fields: Partial<Record<"coords" | "name" | "iframe" | "titre" | "description", string>>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

const addQuestion = (who: Caller | null, quiz: string, form: FormData) =>
  post(`/api/pres/shared/quizz/question/new/${quiz}`, who, form);

async function photoKeys(): Promise<string[]> {
  return (await env.BUCKET.list({ prefix: "photos/" })).objects.map((o) => o.key);
}

const SETTINGS = {
  mapSettings: {
    center: { lat: 48.6, lng: -1.5 },
    zoom: 12,
    bounds: { north: 48.7, south: 48.5, east: -1.4, west: -1.6 },
  },
};

describe("creating a quiz (quizz/init)", () => {
  it("answers 201 with the unique name and files it under the account", async () => {
    const name = await init(camille);
    expect(name).toMatch(/^bretagne-[a-z0-9]{8}$/);
    const [quiz] = await db().select().from(quizzes).where(eq(quizzes.uniqueName, name));
    expect(quiz).toMatchObject({ ownerId: camille.account.id, name: "Bretagne", description: "Phares et abbayes", folderId: null, mapSettings: null });
  });

  it("puts the quiz in the account's own folder, never in someone else's", async () => {
    const own = await make.folder(camille.account, { name: "Côtes" });
    const other = await make.folder(bastien.account, { name: "À lui" });
    const inOwn = await init(camille, { name: "Dans mon dossier", description: "d", folderId: own.id });
    const inOther = await init(camille, { name: "Chez un autre", description: "d", folderId: other.id });
    const rows = await db().select().from(quizzes);
    expect(rows.find((q) => q.uniqueName === inOwn)?.folderId).toBe(own.id);
    expect(rows.find((q) => q.uniqueName === inOther)?.folderId).toBeNull();
  });

  it("requires the title and the description", async () => {
    for (const body of [{ name: "Sans description" }, { name: "  ", description: "x" }, {}, null]) {
      const res = await post("/api/pres/shared/quizz/init", camille, JSON.stringify(body), { "Content-Type": "application/json" });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Tous les champs sont obligatoires" });
    }
  });

  it("refuses nobody (401), a forged cookie and a foreign Origin (403)", async () => {
    const body = JSON.stringify({ name: "x", description: "y" });
    const nobody = await post("/api/pres/shared/quizz/init", null, body);
    expect(nobody.status).toBe(401);
    expect(await nobody.json()).toEqual({ error: "Non authentifié" });
    const forged = await post("/api/pres/shared/quizz/init", { ...camille, cookie: "auth_mj=abc.def.ghi" }, body);
    expect(forged.status).toBe(403);
    const foreign = await SELF.fetch(BASE + "/api/pres/shared/quizz/init", {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: camille.cookie },
      body,
    });
    expect(foreign.status).toBe(403);
  });
});

describe("photo questions", () => {
  it("stores the photo without its GPS position and the question with the coordinates", async () => {
    const quiz = await init(camille);
    const original = fixture("gpsJpeg");
    expect((await readExif(original)).gps).not.toBeNull();
    const res = await addQuestion(camille, quiz, photoForm(original, "Mont Saint-Michel.jpg", { lat: 48.636, lng: -1.5115 }, ""));
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; name: string; filename: string; imageUrl: string };
    // The name defaults to the file name without its extension.
    expect(created.name).toBe("Mont Saint-Michel");

    const [row] = await db().select().from(questions).where(eq(questions.id, created.id));
    expect(row).toMatchObject({ quizUniqueName: quiz, kind: "photo", lat: 48.636, lng: -1.5115, position: 0 });
    expect(row.fileKey).toMatch(/^photos\/[a-f0-9]{64}\.jpg$/);

    const object = await env.BUCKET.get(row.fileKey!);
    expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
    const stored = new Uint8Array(await object!.arrayBuffer());
    expect(await readExif(stored)).toEqual({ gps: null, orientation: 6 });
    const text = new TextDecoder("latin1").decode(stored);
    expect(text).not.toContain("GPSLatitude");
    expect([...stored.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...stored.subarray(-2)]).toEqual([0xff, 0xd9]);

    // Served by the quiz's image path, and only for this quiz.
    const image = await SELF.fetch(BASE + created.imageUrl);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(stored);
    const elsewhere = await SELF.fetch(`${BASE}/api/quizz/images/src/autre-quiz-abcdefgh/${created.filename}`);
    expect(elsewhere.status).toBe(404);
  });

  it("strips the eXIf chunk of a PNG and accepts typed 'lat,lng' text", async () => {
    const quiz = await init(camille);
    const form = new FormData();
    form.set("uploadFile", new File([fixture("gpsPng")], "phare.png", { type: "image/png" }));
    form.set("name", "Phare");
    form.set("coords", ` ${PHARE.lat} , ${PHARE.lng} `);
    const res = await addQuestion(camille, quiz, form);
    expect(res.status).toBe(201);
    const [row] = await db().select().from(questions).where(eq(questions.quizUniqueName, quiz));
    expect(row.fileKey).toMatch(/\.png$/);
    expect(row).toMatchObject({ lat: PHARE.lat, lng: PHARE.lng, name: "Phare" });
    const stored = new Uint8Array(await (await env.BUCKET.get(row.fileKey!))!.arrayBuffer());
    expect((await readExif(stored)).gps).toBeNull();
  });

  /** A JPEG at the start of 16 MB of zeros: a photo one megabyte over the limit. */
  const sixteenMb = () => {
    const big = new Uint8Array(16 * 1024 * 1024);
    big.set(fixture("plainJpeg"));
    return big;
  };
  it.each([
    {
      what: "a file that is not an image",
      bytes: () => new TextEncoder().encode("<html>pas une photo</html>"),
      file: "photo.jpg",
      status: 400,
      error: "Ce fichier n'est pas une image (JPEG, PNG, WebP ou GIF)",
    },
    { what: "a 16 MB photo", bytes: sixteenMb, file: "enorme.jpg", status: 413, error: "La photo dépasse 15 Mo" },
  ])("refuses $what, storing nothing", async ({ bytes, file, status, error }) => {
    const quiz = await init(camille);
    const before = await photoKeys();
    const res = await addQuestion(camille, quiz, photoForm(bytes(), file));
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error });
    expect(await photoKeys()).toEqual(before);
    expect(await db().select().from(questions).where(eq(questions.quizUniqueName, quiz))).toEqual([]);
  });

  it("asks for coordinates and refuses bad ones", async () => {
    const quiz = await init(camille);
    const cases: [unknown, string][] = [
      [null, "Merci de renseigner des coordonnées"],
      ["  ", "Merci de renseigner des coordonnées"],
      ["48.6;-1.5", "Coordonnées invalides"],
      ["48.6,-1.5,3", "Coordonnées invalides"],
      [{ lat: 95, lng: 0 }, "Coordonnées invalides"],
    ];
    for (const [coords, error] of cases) {
      const res = await addQuestion(camille, quiz, photoForm(fixture("plainJpeg"), "a.jpg", coords));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect(await db().select().from(questions).where(eq(questions.quizUniqueName, quiz))).toEqual([]);
  });

  it("releases the stored photo when the question row cannot be written", async () => {
    const [quiz] = await db().select().from(quizzes).limit(1);
    const ghost = { ...quiz, uniqueName: "quiz-efface-zzzzzzzz" }; // no such quiz: the row is refused
    const bytes = fixture("plainJpeg").slice();
    bytes[bytes.length - 3] ^= 1; // a photo nobody else stored
    const before = await photoKeys();
    await expect(
      addPhotoQuestion(db(), env.BUCKET, ghost, { bytes, type: "image/jpeg", name: "x", spot: MONT }),
    ).rejects.toThrow();
    expect(await photoKeys()).toEqual(before);
  });
});

describe("Street View questions", () => {
  it("keeps the parsed panorama, position and angle and rebuilds the embed", async () => {
    const quiz = await init(camille);
    const res = await addQuestion(
      camille,
      quiz,
      streetViewForm({ coords: JSON.stringify({ lat: 48.8584, lng: 2.2945 }), name: "Tour", iframe: STREET_VIEW_EMBED, titre: "La tour", description: "Une tour en fer" }),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created).toMatchObject({
      kind: "streetview",
      name: "Tour",
      titre: "La tour",
      coords: { lat: 48.8584, lng: 2.2945 },
      streetView: { pano: "CAoSLEFGMVFpcE5fQ2xhc3Nl", lat: 48.85837, lng: 2.294481, heading: 120.5, pitch: -5.2 },
      imageUrl: null,
    });
    expect(created.embedUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/embed\?pb=/);
    const [row] = await db().select().from(questions).where(eq(questions.quizUniqueName, quiz));
    expect(row).toMatchObject({ svHeading: 120.5, svPitch: -5.2, fileKey: null, description: "Une tour en fer" });
  });

  it("refuses an embed without position and view angle, and missing fields", async () => {
    const quiz = await init(camille);
    const coords = JSON.stringify({ lat: 48.8, lng: 2.3 });
    const noAngle = await addQuestion(
      camille,
      quiz,
      streetViewForm({ coords, iframe: '<iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12"></iframe>', titre: "T", description: "D" }),
    );
    expect(noAngle.status).toBe(400);
    expect(await noAngle.json()).toEqual({ error: "Ce lien Street View ne contient pas la position et l'angle de vue" });
    const noTitle = await addQuestion(camille, quiz, streetViewForm({ coords, iframe: STREET_VIEW_EMBED, description: "D" }));
    expect(await noTitle.json()).toEqual({ error: "Tous les champs sont obligatoires" });
    const noCoords = await addQuestion(camille, quiz, streetViewForm({ iframe: STREET_VIEW_EMBED, titre: "T", description: "D" }));
    expect(await noCoords.json()).toEqual({ error: "Merci de renseigner des coordonnées" });
    expect(await db().select().from(questions).where(eq(questions.quizUniqueName, quiz))).toEqual([]);
  });
});

describe("200 questions per quiz", () => {
  const FULL = { error: "Un quiz compte 200 questions au plus : supprimez-en une pour en ajouter une autre" };
  const spots = (n: number) => Array.from({ length: n }, (_, i) => ({ lat: 48 + i / 1000, lng: 2 }));
  const countOf = async (quiz: string) => (await db().select().from(questions).where(eq(questions.quizUniqueName, quiz))).length;

  it("refuses a 201st question, photo or Street View, with a French message, storing nothing", async () => {
    const quiz = await make.quiz(camille.account, { questions: spots(200), mapSettings: null });
    const before = await photoKeys();
    const photo = fixture("plainJpeg").slice();
    photo[photo.length - 3] ^= 2; // bytes nobody else stored
    const refusedPhoto = await addQuestion(camille, quiz.uniqueName, photoForm(photo, "deux-cent-unieme.jpg"));
    expect(refusedPhoto.status).toBe(409);
    expect(await refusedPhoto.json()).toEqual(FULL);
    const coords = JSON.stringify({ lat: 48.8584, lng: 2.2945 });
    const refusedStreetView = await addQuestion(camille, quiz.uniqueName, streetViewForm({ coords, iframe: STREET_VIEW_EMBED, titre: "T", description: "D" }));
    expect(refusedStreetView.status).toBe(409);
    expect(await refusedStreetView.json()).toEqual(FULL);
    expect(await countOf(quiz.uniqueName)).toBe(200);
    expect(await photoKeys()).toEqual(before);
  });

  it("lets exactly one of ten parallel adds take the 200th place", async () => {
    const quiz = await make.quiz(camille.account, { questions: spots(199), mapSettings: null });
    const coords = JSON.stringify({ lat: 48.8584, lng: 2.2945 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        addQuestion(camille, quiz.uniqueName, streetViewForm({ coords, iframe: STREET_VIEW_EMBED, titre: `T${i}`, description: "D" })).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((s) => s === 409)).toHaveLength(9);
    expect(await countOf(quiz.uniqueName)).toBe(200);
    // The new one went last.
    const rows = await db().select().from(questions).where(eq(questions.quizUniqueName, quiz.uniqueName));
    expect(Math.max(...rows.map((r) => r.position))).toBe(199);
  });

  it("refuses to duplicate a quiz of more than 200 questions (kept from before the limit), alone or in a folder", async () => {
    const folder = await make.folder(camille.account, { name: "Trop long" });
    const long = await make.quiz(camille.account, { questions: spots(201), folder });
    const dashboard = (fields: Record<string, string>) =>
      post("/mj?index", camille, new URLSearchParams(fields), { "Content-Type": "application/x-www-form-urlencoded" });
    const attempts: Record<string, string>[] = [{ intent: "duplicateQuiz", quiz: long.uniqueName }, { intent: "duplicateFolder", folderId: String(folder.id) }];
    for (const fields of attempts) {
      const res = await dashboard(fields);
      expect({ fields, status: res.status }).toEqual({ fields, status: 409 });
      expect(await res.text()).toContain("Un quiz de plus de 200 questions ne peut pas être dupliqué");
    }
    expect(await db().select().from(quizzes).where(eq(quizzes.name, `${long.name} (copie)`))).toEqual([]);
    // 200 is fine.
    const fits = await make.quiz(camille.account, { questions: spots(200) });
    expect((await dashboard({ intent: "duplicateQuiz", quiz: fits.uniqueName })).status).toBe(200);
  });
});

describe("listing and deleting questions", () => {
  it("lists the questions in order for the owner and the admin only", async () => {
    const quiz = await init(camille);
    await addQuestion(camille, quiz, photoForm(fixture("plainJpeg"), "premier.jpg"));
    await addQuestion(camille, quiz, streetViewForm({ coords: "48.85,2.29", iframe: STREET_VIEW_EMBED, titre: "Deuxième", description: "D" }));
    const own = await SELF.fetch(`${BASE}/api/pres/shared/quizz/get/${quiz}`, { headers: { Cookie: camille.cookie } });
    expect(((await own.json()) as { name: string }[]).map((q) => q.name)).toEqual(["premier", "Deuxième"]);
    const byAdmin = await SELF.fetch(`${BASE}/api/pres/shared/quizz/get/${quiz}`, { headers: { Cookie: admin.cookie } });
    expect(byAdmin.status).toBe(200);
    const other = await SELF.fetch(`${BASE}/api/pres/shared/quizz/get/${quiz}`, { headers: { Cookie: bastien.cookie } });
    expect(other.status).toBe(404);
    const nobody = await SELF.fetch(`${BASE}/api/pres/shared/quizz/get/${quiz}`);
    expect(nobody.status).toBe(401);
  });

  it("deletes the photo from R2 only when no question uses it any more", async () => {
    const quiz = await init(camille);
    const copy = await init(camille, { name: "Copie", description: "même photo" });
    const bytes = fixture("gpsJpeg").slice();
    bytes[bytes.length - 3] ^= 4; // a photo no other test stored
    const first = (await (await addQuestion(camille, quiz, photoForm(bytes, "mont.jpg"))).json()) as { id: number; filename: string };
    const again = (await (await addQuestion(camille, copy, photoForm(bytes, "mont.jpg"))).json()) as { id: number; filename: string };
    expect(again.filename).toBe(first.filename); // content hash: one object
    const key = `photos/${first.filename}`;

    const viaGet = await SELF.fetch(`${BASE}/api/pres/shared/quizz/question/delete/${quiz}/${first.id}`, { headers: { Cookie: camille.cookie } });
    expect(viaGet.status).toBe(405); // changes are POSTs only
    expect(await env.BUCKET.head(key)).not.toBeNull();

    const removed = await post(`/api/pres/shared/quizz/question/delete/${quiz}/${first.id}`, camille);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual([]);
    expect(await env.BUCKET.head(key)).not.toBeNull(); // still used by the copy

    const byFile = await post(`/api/pres/shared/quizz/question/delete/${copy}/${again.filename}`, camille);
    expect(byFile.status).toBe(200);
    expect(await env.BUCKET.head(key)).toBeNull();

    const missing = await post(`/api/pres/shared/quizz/question/delete/${copy}/${again.id}`, camille);
    expect(missing.status).toBe(404);
  });
});

describe("map settings (mapSettings)", () => {
  it("saves center, bounds and zoom once the quiz has a question", async () => {
    const quiz = await init(camille);
    const json = { "Content-Type": "application/json" };
    const early = await post(`/api/pres/shared/quizz/mapSettings/${quiz}`, camille, JSON.stringify(SETTINGS), json);
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual({ error: "Définir au moins une question" });

    await addQuestion(camille, quiz, photoForm(fixture("plainJpeg"), "a.jpg"));
    const res = await post(`/api/pres/shared/quizz/mapSettings/${quiz}`, camille, JSON.stringify(SETTINGS), json);
    expect(res.status).toBe(200);
    const [row] = await db().select().from(quizzes).where(eq(quizzes.uniqueName, quiz));
    expect(row.mapSettings).toEqual(SETTINGS.mapSettings);
  });

  it("refuses a centre outside the bounds and malformed settings", async () => {
    const quiz = await init(camille);
    await addQuestion(camille, quiz, photoForm(fixture("plainJpeg"), "a.jpg"));
    const json = { "Content-Type": "application/json" };
    const outside = { mapSettings: { ...SETTINGS.mapSettings, center: { lat: 49, lng: -1.5 } } };
    const res = await post(`/api/pres/shared/quizz/mapSettings/${quiz}`, camille, JSON.stringify(outside), json);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Le centre doit être à l'intérieur des limites" });
    for (const bad of [{}, { mapSettings: { ...SETTINGS.mapSettings, zoom: 40 } }, { mapSettings: { ...SETTINGS.mapSettings, bounds: { north: 1, south: 2, east: 3, west: 4 } } }]) {
      const r = await post(`/api/pres/shared/quizz/mapSettings/${quiz}`, camille, JSON.stringify(bad), json);
      expect(r.status).toBe(400);
    }
    const [row] = await db().select().from(quizzes).where(eq(quizzes.uniqueName, quiz));
    expect(row.mapSettings).toBeNull();
  });
});

describe("who may change a quiz", () => {
  it("answers another MJ's quiz like a missing one (404) on every wizard call, and nobody (401)", async () => {
    const quiz = await init(camille);
    const q = (await (await addQuestion(camille, quiz, photoForm(fixture("plainJpeg"), "a.jpg"))).json()) as { id: number };
    const calls = (who: Caller | null) => [
      addQuestion(who, quiz, photoForm(fixture("plainJpeg"), "b.jpg")),
      post(`/api/pres/shared/quizz/question/delete/${quiz}/${q.id}`, who),
      post(`/api/pres/shared/quizz/mapSettings/${quiz}`, who, JSON.stringify(SETTINGS), { "Content-Type": "application/json" }),
    ];
    for (const res of await Promise.all(calls(bastien))) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Quiz introuvable" });
    }
    for (const res of await Promise.all(calls(null))) expect(res.status).toBe(401);
    expect(await db().select().from(questions).where(eq(questions.quizUniqueName, quiz))).toHaveLength(1);
  });

  it("lets an MJ without the edit right build a new quiz, but not change it once finished", async () => {
    const quiz = await init(bastien, { name: "Sans édition", description: "d" });
    const added = await addQuestion(bastien, quiz, photoForm(fixture("plainJpeg"), "a.jpg"));
    expect(added.status).toBe(201);
    const done = await post(`/api/pres/shared/quizz/mapSettings/${quiz}`, bastien, JSON.stringify(SETTINGS), { "Content-Type": "application/json" });
    expect(done.status).toBe(200);
    const later = await addQuestion(bastien, quiz, photoForm(fixture("plainJpeg"), "b.jpg"));
    expect(later.status).toBe(403);

    const page = await SELF.fetch(`${BASE}/quiz/${quiz}/edit`, { headers: { Cookie: bastien.cookie } });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Vous n&#x27;avez pas le droit de modifier ce quiz");
  });

  it("opens the edit page for the owner with the edit right and for the admin, at the questions step", async () => {
    const quiz = await init(camille, { name: "À éditer", description: "d" });
    await addQuestion(camille, quiz, photoForm(fixture("plainJpeg"), "vue-du-port.jpg"));
    for (const who of [camille, admin]) {
      const page = await SELF.fetch(`${BASE}/quiz/${quiz}/edit`, { headers: { Cookie: who.cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Modifier le quiz");
      expect(html).toContain("vue-du-port");
      expect(html).toContain("Actualiser questions");
    }
    const stranger = await callerOf(await make.mj({ name: "Dora", canEdit: true }));
    expect((await SELF.fetch(`${BASE}/quiz/${quiz}/edit`, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    const nobody = await SELF.fetch(`${BASE}/quiz/${quiz}/edit`);
    expect(nobody.status).toBe(401);
    expect(await nobody.text()).toContain("Non authentifié");
  });
});

describe("'Annuler' in a new quiz's wizard", () => {
  it("deletes the quiz, its questions and the photos only it used, then goes back to the folder", async () => {
    const folder = await make.folder(camille.account, { name: "Îles" });
    const quiz = await init(camille, { name: "Abandonné", description: "d", folderId: folder.id });
    const photo = fixture("gpsJpeg").slice();
    photo[photo.length - 3] ^= 2; // used by this quiz only
    const q = (await (await addQuestion(camille, quiz, photoForm(photo, "a.jpg"))).json()) as { filename: string };
    const form = new FormData();
    form.set("intent", "discard");
    form.set("quiz", quiz);
    const res = await post("/quiz/new", camille, form);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/mj/${folder.id}/${encodeURIComponent("Îles")}/folder`);
    expect(await db().select().from(quizzes).where(eq(quizzes.uniqueName, quiz))).toEqual([]);
    expect(await db().select().from(questions).where(eq(questions.quizUniqueName, quiz))).toEqual([]);
    expect(await env.BUCKET.head(`photos/${q.filename}`)).toBeNull();
  });

  it("never deletes a finished quiz, nor another MJ's", async () => {
    const finished = await init(camille, { name: "Fini", description: "d" });
    await addQuestion(camille, finished, photoForm(fixture("plainJpeg"), "a.jpg"));
    await post(`/api/pres/shared/quizz/mapSettings/${finished}`, camille, JSON.stringify(SETTINGS), { "Content-Type": "application/json" });
    const others = await init(camille, { name: "À Camille", description: "d" });
    for (const [who, quiz] of [[camille, finished], [bastien, others]] as const) {
      const form = new FormData();
      form.set("intent", "discard");
      form.set("quiz", quiz);
      const res = await post("/quiz/new", who, form);
      expect(res.status).toBe(302);
      expect(await db().select().from(quizzes).where(eq(quizzes.uniqueName, quiz))).toHaveLength(1);
    }
  });

  it("shows the wizard to a logged-in account and a French refusal to nobody", async () => {
    const page = await SELF.fetch(`${BASE}/quiz/new`, { headers: { Cookie: camille.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Nouveau quiz");
    expect(html).toContain("Titre");
    const nobody = await SELF.fetch(`${BASE}/quiz/new`);
    expect(nobody.status).toBe(401);
    expect(await nobody.text()).toContain("Non authentifié");
  });
});

describe("the wizard in the asker's language", () => {
  it("words its pages and its refusals in the browser's language, French staying the reference", async () => {
    const quiz = await init(camille, { name: "Leuchttürme", description: "Bretagne" });
    const page = (path: string, language: string) =>
      SELF.fetch(BASE + path, { headers: { Cookie: camille.cookie, "Accept-Language": language } }).then((r) => r.text());

    const german = await page("/quiz/new", "de-DE,de;q=0.9");
    expect(german).toContain('<html lang="de"');
    expect(german).toContain("<title>Neues Quiz — Repère</title>");
    expect(german).toContain("Titel und Beschreibung");
    const english = await page(`/quiz/${quiz}/edit`, "en-US,en;q=0.9");
    expect(english).toContain("<title>Edit the quiz — Repère</title>");
    expect(english).toContain("Add a question");
    const french = await page(`/quiz/${quiz}/edit`, "fr-FR");
    expect(french).toContain("<title>Modifier le quiz — Repère</title>");
    expect(french).toContain("Ajouter une question");

    // The API's refusals, worded by the server for the one who asked.
    const outside = { mapSettings: { ...SETTINGS.mapSettings, center: { lat: 0, lng: 0 } } };
    await addQuestion(camille, quiz, photoForm(fixture("plainJpeg"), "a.jpg"));
    const refused = await post(`/api/pres/shared/quizz/mapSettings/${quiz}`, camille, JSON.stringify(outside), {
      "Content-Type": "application/json",
      "Accept-Language": "de-DE",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "Der Mittelpunkt muss innerhalb der Grenzen liegen" });
    const empty = await post("/api/pres/shared/quizz/init", camille, JSON.stringify({ name: "", description: "" }), {
      "Content-Type": "application/json",
      "Accept-Language": "en-GB",
    });
    expect(await empty.json()).toEqual({ error: "All fields are required" });
  });
});
