import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { folders, questions, quizzes } from "@db/schema";
import type { TestAccount } from "../support/factory";
import { app, cookieOf, db, folderRow, get, make, png, post, postData, quizRow, stored, unique } from "../support/workers";

/** Stand-in bytes for stored pictures the test only counts. */
const BYTES = new Uint8Array([1, 2, 3]);

let root: TestAccount;
let owner: TestAccount;
let other: TestAccount;
let expired: TestAccount;
const cookies: Record<"admin" | "owner" | "other" | "expired", string> = {} as never;

beforeAll(async () => {
  root = await app.admin();
  owner = await make.mj();
  other = await make.mj();
  expired = await make.mj({ expired: true });
  cookies.admin = await cookieOf(root);
  cookies.owner = await cookieOf(owner);
  cookies.other = await cookieOf(other);
  cookies.expired = await cookieOf(expired);
});

/** A snapshot of everything an action could change. */
async function snapshot() {
  const f = await db().select().from(folders).orderBy(folders.id);
  const q = await db().select().from(quizzes).orderBy(quizzes.uniqueName);
  const qs = await db().select().from(questions).orderBy(questions.id);
  return JSON.stringify([f, q, qs]);
}

type Fixture = { folderId: number; targetId: number; quizName: string };

/** A fresh little tree of the owner for each case: A (with a quiz) and B, at the root. */
async function fixture(): Promise<Fixture> {
  const a = await make.folder(owner, { name: unique("A") });
  const b = await make.folder(owner, { name: unique("B") });
  const q = await make.quiz(owner, { folder: a });
  return { folderId: a.id, targetId: b.id, quizName: q.uniqueName };
}

const CASES: { intent: string; fields: (f: Fixture) => Record<string, string | File>; changed: (f: Fixture) => Promise<boolean> }[] = [
  {
    intent: "createFolder",
    fields: () => ({ name: "Nouveau dossier refusé" }),
    changed: async () =>
      (await db().select().from(folders).where(eq(folders.name, "Nouveau dossier refusé"))).length > 0,
  },
  {
    intent: "renameFolder",
    fields: (f) => ({ folderId: String(f.folderId), name: "Renommé" }),
    changed: async (f) => (await folderRow(f.folderId))?.name === "Renommé",
  },
  {
    intent: "folderPicture",
    fields: (f) => ({ folderId: String(f.folderId), picture: png(f.folderId) }),
    changed: async (f) => (await folderRow(f.folderId))?.imageKey !== null,
  },
  {
    intent: "moveFolder",
    fields: (f) => ({ folderId: String(f.folderId), targetId: String(f.targetId) }),
    changed: async (f) => (await folderRow(f.folderId))?.parentId === f.targetId,
  },
  {
    intent: "duplicateFolder",
    fields: (f) => ({ folderId: String(f.folderId) }),
    changed: async (f) => {
      const name = (await folderRow(f.folderId))!.name;
      return (await db().select().from(folders).where(eq(folders.name, `${name} (copie)`))).length > 0;
    },
  },
  {
    intent: "deleteFolder",
    fields: (f) => ({ folderId: String(f.folderId) }),
    changed: async (f) => (await folderRow(f.folderId)) === null,
  },
  {
    intent: "rootFolder",
    fields: (f) => ({ folderId: String(f.targetId) }),
    // Put B under A first in the setup below, so that 'root' is a visible change.
    changed: async (f) => (await folderRow(f.targetId))?.parentId === null,
  },
  {
    intent: "duplicateQuiz",
    fields: (f) => ({ quiz: f.quizName }),
    changed: async (f) => {
      const name = (await quizRow(f.quizName))!.name;
      return (await db().select().from(quizzes).where(eq(quizzes.name, `${name} (copie)`))).length > 0;
    },
  },
  {
    intent: "moveQuiz",
    fields: (f) => ({ quiz: f.quizName, targetId: String(f.targetId) }),
    changed: async (f) => (await quizRow(f.quizName))?.folderId === f.targetId,
  },
  {
    intent: "deleteQuiz",
    fields: (f) => ({ quiz: f.quizName }),
    changed: async (f) => (await quizRow(f.quizName)) === null,
  },
  {
    intent: "rootQuiz",
    fields: (f) => ({ quiz: f.quizName }),
    changed: async (f) => (await quizRow(f.quizName))?.folderId === null,
  },
];

async function prepared(intent: string) {
  const f = await fixture();
  if (intent === "rootFolder") await db().update(folders).set({ parentId: f.folderId }).where(eq(folders.id, f.targetId));
  return f;
}

describe("every dashboard action checks who asks", () => {
  for (const c of CASES) {
    it(`${c.intent}: refused to nobody, another MJ, an expired MJ, another site, the wrong side; done for the owner and the admin`, async () => {
      const f = await prepared(c.intent);
      const before = await snapshot();
      const tries: { path: string; cookie?: string; status: number; origin?: string }[] = [
        { path: "/mj?index", status: 401 },
        { path: "/mj?index", cookie: cookies.other, status: c.intent === "createFolder" ? 200 : 404 },
        { path: "/mj?index", cookie: cookies.expired, status: 403 },
        { path: "/pres?index", cookie: cookies.owner, status: 403 },
        { path: "/mj?index", cookie: cookies.admin, status: 401 },
      ];
      for (const t of tries) {
        const res = await post(t.path, { intent: c.intent, ...c.fields(f) }, t.cookie, t.origin);
        expect({ ...t, got: res.status }).toEqual({ ...t, got: t.status });
        if (t.status === 200) {
          // createFolder: another MJ creates in their own tree, never in the owner's.
          const [made] = await db().select().from(folders).where(eq(folders.name, "Nouveau dossier refusé"));
          expect(made).toMatchObject({ ownerId: other.id, parentId: null });
          await db().delete(folders).where(eq(folders.id, made.id));
        }
        expect(await snapshot()).toBe(before);
        expect(await c.changed(f)).toBe(false);
      }
      // Another site: Remix refuses a cross-site action before ours runs (ours answers 403 on
      // resource routes); either way nothing changes.
      const csrf = await post("/mj?index", { intent: c.intent, ...c.fields(f) }, cookies.owner, "https://evil.example");
      expect(csrf.status).toBeGreaterThanOrEqual(400);
      expect(await snapshot()).toBe(before);

      const byOwner = await post("/mj?index", { intent: c.intent, ...c.fields(f) }, cookies.owner);
      expect(byOwner.status).toBe(200);
      expect(await c.changed(f)).toBe(true);

      const g = await prepared(c.intent);
      const byAdmin = await post("/pres?index", { intent: c.intent, ...c.fields(g) }, cookies.admin);
      expect(byAdmin.status).toBe(200);
      expect(await c.changed(g)).toBe(true);
    });
  }
});

describe("folders", () => {
  it("creates a folder inside the current folder, owned by that folder's owner; the name is required", async () => {
    const parent = await make.folder(owner, { name: unique("Parent") });
    const path = `/pres/${parent.id}/${encodeURIComponent(parent.name)}/folder`;
    let res = await post(path, { intent: "createFolder", name: "   " }, cookies.admin);
    expect(res.status).toBe(400);
    res = await post(path, { intent: "createFolder", name: "  Sous   dossier " }, cookies.admin);
    expect(res.status).toBe(200);
    const [child] = await db().select().from(folders).where(eq(folders.parentId, parent.id));
    expect(child).toMatchObject({ name: "Sous dossier", ownerId: owner.id });
  });

  it("never moves a folder into itself or one of its sub-folders, nor into another account's folder", async () => {
    const top = await make.folder(owner, { name: unique("Top") });
    const mid = await make.folder(owner, { name: unique("Mid"), parent: top });
    const low = await make.folder(owner, { name: unique("Low"), parent: mid });
    for (const target of [top.id, mid.id, low.id]) {
      const res = await post("/mj?index", { intent: "moveFolder", folderId: String(top.id), targetId: String(target) }, cookies.owner);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Impossible de déplacer un dossier dans lui-même ou dans un de ses sous-dossiers");
    }
    expect((await folderRow(top.id))!.parentId).toBeNull();
    const foreign = await make.folder(other, { name: unique("Autre") });
    const res = await post("/pres?index", { intent: "moveFolder", folderId: String(top.id), targetId: String(foreign.id) }, cookies.admin);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Ce dossier appartient à un autre compte");
    // Moving the sub-folder up and back works.
    expect((await post("/mj?index", { intent: "rootFolder", folderId: String(low.id) }, cookies.owner)).status).toBe(200);
    expect((await folderRow(low.id))!.parentId).toBeNull();
    expect((await post("/mj?index", { intent: "moveFolder", folderId: String(low.id), targetId: String(top.id) }, cookies.owner)).status).toBe(200);
    expect((await folderRow(low.id))!.parentId).toBe(top.id);
  });

  it("duplicates a whole sub-tree: folders, quizzes, questions, same R2 keys, new unique names", async () => {
    const top = await make.folder(owner, { name: unique("Voyages"), imageKey: "pictures/top.png" });
    const sub = await make.folder(owner, { name: "Europe", parent: top });
    const deep = await make.folder(owner, { name: "Capitales", parent: sub });
    const q1 = await make.quiz(owner, { folder: top, name: "Tour du monde", photos: ["photos/t1.jpg", "photos/t2.jpg"] });
    const q2 = await make.quiz(owner, { folder: deep, name: "Paris", photos: ["photos/p1.jpg"], lastTimePlayed: Date.now() });
    const res = await post("/mj?index", { intent: "duplicateFolder", folderId: String(top.id) }, cookies.owner);
    expect(res.status).toBe(200);
    const [copy] = await db().select().from(folders).where(eq(folders.name, `${top.name} (copie)`));
    expect(copy).toMatchObject({ parentId: null, ownerId: owner.id, imageKey: "pictures/top.png" });
    const [subCopy] = await db().select().from(folders).where(eq(folders.parentId, copy.id));
    expect(subCopy.name).toBe("Europe");
    const [deepCopy] = await db().select().from(folders).where(eq(folders.parentId, subCopy.id));
    expect(deepCopy.name).toBe("Capitales");
    const [q1Copy] = await db().select().from(quizzes).where(eq(quizzes.folderId, copy.id));
    const [q2Copy] = await db().select().from(quizzes).where(eq(quizzes.folderId, deepCopy.id));
    expect(q1Copy.name).toBe("Tour du monde");
    expect(q1Copy.uniqueName).not.toBe(q1.uniqueName);
    expect(q1Copy.uniqueName).toMatch(/^tour-du-monde-[a-z0-9]{8}$/);
    expect(q2Copy.lastTimePlayed).toBeNull();
    const copied = await db().select().from(questions).where(eq(questions.quizUniqueName, q1Copy.uniqueName));
    expect(copied.map((q) => [q.position, q.fileKey, q.name])).toEqual([
      [0, "photos/t1.jpg", "Question 1"],
      [1, "photos/t2.jpg", "Question 2"],
    ]);
    expect(await db().select().from(questions).where(eq(questions.quizUniqueName, q2Copy.uniqueName))).toHaveLength(1);
    // The originals are untouched.
    expect(await db().select().from(questions).where(eq(questions.quizUniqueName, q2.uniqueName))).toHaveLength(1);
    expect((await folderRow(sub.id))!.parentId).toBe(top.id);
  });

  it("deletes a folder with its sub-folders and quizzes, and only the R2 objects nothing else uses", async () => {
    for (const key of ["pictures/del-top.png", "photos/del-only.jpg", "photos/del-shared.jpg"]) await make.putObject(key, BYTES, "image/jpeg");
    const top = await make.folder(owner, { name: unique("Corbeille"), imageKey: "pictures/del-top.png" });
    const sub = await make.folder(owner, { name: "Sous", parent: top });
    const q1 = await make.quiz(owner, { folder: sub, photos: ["photos/del-only.jpg", "photos/del-shared.jpg"] });
    const q2 = await make.quiz(owner, { folder: top, photos: [] });
    const keeper = await make.quiz(owner, { photos: ["photos/del-shared.jpg"] });
    const res = await post("/mj?index", { intent: "deleteFolder", folderId: String(top.id) }, cookies.owner);
    expect(res.status).toBe(200);
    expect(await db().select().from(folders).where(inArray(folders.id, [top.id, sub.id]))).toEqual([]);
    expect(await db().select().from(quizzes).where(inArray(quizzes.uniqueName, [q1.uniqueName, q2.uniqueName]))).toEqual([]);
    expect(await db().select().from(questions).where(eq(questions.quizUniqueName, q1.uniqueName))).toEqual([]);
    expect(await quizRow(keeper.uniqueName)).not.toBeNull();
    expect(await stored("pictures/del-top.png")).toBe(false);
    expect(await stored("photos/del-only.jpg")).toBe(false);
    expect(await stored("photos/del-shared.jpg")).toBe(true);
  });

  it("takes a folder picture checked by content, at most 5 MB, and releases the old one", async () => {
    const f = await make.folder(owner, { name: unique("Photo") });
    const fields = (picture: File) => ({ intent: "folderPicture", folderId: String(f.id), picture });
    let res = await post("/mj?index", fields(new File([new TextEncoder().encode("<svg></svg>")], "x.png", { type: "image/png" })), cookies.owner);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("pas une image");
    res = await post("/mj?index", fields(png(1, 5 * 1024 * 1024 + 1)), cookies.owner);
    expect(res.status).toBe(413);
    expect((await folderRow(f.id))!.imageKey).toBeNull();
    res = await post("/mj?index", fields(png(2)), cookies.owner);
    expect(res.status).toBe(200);
    const first = (await folderRow(f.id))!.imageKey!;
    expect(first).toMatch(/^pictures\/[a-f0-9]{64}\.png$/);
    expect(await stored(first)).toBe(true);
    const served = await get(`/api/quizz/images/src/pictures/${first.split("/")[1]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    res = await post("/mj?index", fields(png(3)), cookies.owner);
    const second = (await folderRow(f.id))!.imageKey!;
    expect(second).not.toBe(first);
    expect(await stored(first)).toBe(false);
    expect(await stored(second)).toBe(true);
    expect((await get("/api/quizz/images/src/pictures/..%2Fphotos%2Fa.jpg")).status).toBe(404);
  });
});

describe("quizzes", () => {
  it("duplicates a quiz beside the original with 'X (copie)' and copies of its questions", async () => {
    const f = await make.folder(owner, { name: unique("Q") });
    const original = await make.quiz(owner, { folder: f, name: "Monuments", photos: ["photos/m1.jpg", "photos/m2.jpg"] });
    const res = await post("/mj?index", { intent: "duplicateQuiz", quiz: original.uniqueName }, cookies.owner);
    expect(res.status).toBe(200);
    const [copy] = await db().select().from(quizzes).where(eq(quizzes.name, "Monuments (copie)"));
    expect(copy).toMatchObject({ folderId: f.id, ownerId: owner.id, description: original.description, lastTimePlayed: null });
    const rows = await db().select().from(questions).where(eq(questions.quizUniqueName, copy.uniqueName));
    expect(rows.map((r) => r.fileKey)).toEqual(["photos/m1.jpg", "photos/m2.jpg"]);
  });

  it("deletes a quiz's rows, then the photos nothing else uses", async () => {
    await make.putObject("photos/q-only.jpg", BYTES, "image/jpeg");
    await make.putObject("photos/q-shared.jpg", BYTES, "image/jpeg");
    const q = await make.quiz(owner, { photos: ["photos/q-only.jpg", "photos/q-shared.jpg"] });
    await make.quiz(owner, { photos: ["photos/q-shared.jpg"] });
    const res = await post("/mj?index", { intent: "deleteQuiz", quiz: q.uniqueName }, cookies.owner);
    expect(res.status).toBe(200);
    expect(await quizRow(q.uniqueName)).toBeNull();
    expect(await db().select().from(questions).where(eq(questions.quizUniqueName, q.uniqueName))).toEqual([]);
    expect(await stored("photos/q-only.jpg")).toBe(false);
    expect(await stored("photos/q-shared.jpg")).toBe(true);
  });

  it("moves a quiz only into a folder of its own owner", async () => {
    const q = await make.quiz(owner);
    const foreign = await make.folder(other, { name: unique("Autre") });
    const res = await post("/pres?index", { intent: "moveQuiz", quiz: q.uniqueName, targetId: String(foreign.id) }, cookies.admin);
    expect(res.status).toBe(400);
    expect((await quizRow(q.uniqueName))!.folderId).toBeNull();
    // The other MJ cannot even see the target.
    const mine = await make.folder(owner, { name: unique("Mien") });
    const res2 = await post("/mj?index", { intent: "moveQuiz", quiz: q.uniqueName, targetId: String(foreign.id) }, cookies.owner);
    expect(res2.status).toBe(404);
    const res3 = await post("/mj?index", { intent: "moveQuiz", quiz: q.uniqueName, targetId: String(mine.id) }, cookies.owner);
    expect(res3.status).toBe(200);
    expect((await quizRow(q.uniqueName))!.folderId).toBe(mine.id);
  });
});

describe("what each account sees", () => {
  it("an MJ sees only their folders and quizzes, the admin everyone's; folder pages need login and ownership", async () => {
    const mine = await make.folder(owner, { name: unique("Mon dossier") });
    const theirs = await make.folder(other, { name: unique("Leur dossier") });
    const myQuiz = await make.quiz(owner, { name: unique("Mon quiz"), lastTimePlayed: Date.UTC(2025, 2, 14, 19, 5) });
    const theirQuiz = await make.quiz(other, { name: unique("Leur quiz") });
    const ownerPage = await (await get("/mj", cookies.owner)).text();
    expect(ownerPage).toContain(mine.name);
    expect(ownerPage).toContain(myQuiz.name);
    expect(ownerPage).toContain("14/03/2025 20h05"); // Paris time
    expect(ownerPage).not.toContain(theirs.name);
    expect(ownerPage).not.toContain(theirQuiz.name);
    const adminPage = await (await get("/pres", cookies.admin)).text();
    for (const name of [mine.name, theirs.name, myQuiz.name, theirQuiz.name]) expect(adminPage).toContain(name);

    const path = (side: string, f: { id: number; name: string }) => `/${side}/${f.id}/${encodeURIComponent(f.name)}/folder`;
    expect(await (await get(path("mj", mine))).text()).toContain(">Identifiant<");
    expect((await get(path("mj", theirs), cookies.owner)).status).toBe(404);
    expect((await get(path("mj", mine), cookies.expired)).headers.get("Set-Cookie")).toMatch(/^auth_mj=;/);
    const inside = await make.quiz(owner, { folder: mine, name: unique("Dedans") });
    const sub = await make.folder(owner, { name: unique("Sous-dossier"), parent: mine });
    const folderPage = await (await get(path("mj", mine), cookies.owner)).text();
    expect(folderPage).toContain("Retour");
    expect(folderPage).toContain(inside.name);
    expect(folderPage).toContain(sub.name);
    expect(folderPage).not.toContain(myQuiz.name);
    expect(folderPage).toContain(`href="/quiz/new?folderId=${mine.id}"`);
    expect((await get(path("pres", theirs), cookies.admin)).status).toBe(200);
    // A stale name in the address goes to the right one.
    const stale = await get(`/mj/${mine.id}/ancien-nom/folder`, cookies.owner);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe(path("mj", mine));
    const subPage = await (await get(path("mj", sub), cookies.owner)).text();
    expect(subPage).toContain(`href="${path("mj", mine).replace(/&/g, "&amp;")}"`);
  });
});

describe("lobby picture and points screens", () => {
  it("lobby: login required; an MJ's own picture, else the admin's, else the default", async () => {
    expect((await get("/mj/lobby")).headers.get("Location")).toBe("/mj");
    expect((await get("/pres/lobby", cookies.owner)).headers.get("Location")).toBe("/pres");
    const fresh = await make.mj();
    const freshCookie = await cookieOf(fresh);
    expect(await (await get("/mj/lobby", freshCookie)).text()).toContain("/lobby-default.jpg");
    expect((await postData("/mj/lobby", { picture: png(40) })).status).toBe(401);
    expect((await postData("/mj/lobby", { picture: png(40) }, cookies.expired)).status).toBe(403);
    let res = await postData("/pres/lobby", { picture: png(41) }, cookies.admin);
    expect(res.status).toBe(200);
    const adminKey = (await app.admin()).lobbyPictureKey!;
    expect(await (await get("/mj/lobby", freshCookie)).text()).toContain(adminKey.split("/")[1]);
    res = await postData("/mj/lobby", { picture: png(42) }, freshCookie);
    expect(res.status).toBe(200);
    const page = await (await get("/mj/lobby", freshCookie)).text();
    expect(page).toContain("Votre photo");
    expect(page).toContain("Mettre à jour");
    expect((await app.admin()).lobbyPictureKey).toBe(adminKey);
    res = await postData("/mj/lobby", { intent: "reset" }, freshCookie);
    expect(res.status).toBe(200);
    expect(await (await get("/mj/lobby", freshCookie)).text()).toContain(adminKey.split("/")[1]);
  });

  it("points: admin only, four numeric fields, saved in settings", async () => {
    expect((await get("/pres/points", cookies.owner)).headers.get("Location")).toBe("/pres");
    const page = await (await get("/pres/points", cookies.admin)).text();
    expect(page).toContain("Modifier les points des couronnes de la cible");
    for (const r of ["200 m", "100 m", "50 m", "20 m"]) expect(page).toContain(r);
    expect(page).toContain("Sauvegarder");
    const fields = { ring200: "3", ring100: "4,5", ring50: "6", ring20: "10" };
    expect((await postData("/pres/points", fields)).status).toBe(401);
    expect((await postData("/pres/points", fields, cookies.owner)).status).toBe(403);
    let res = await postData("/pres/points", { ...fields, ring20: "" }, cookies.admin);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Tous les champs sont obligatoires");
    res = await postData("/pres/points", { ...fields, ring20: "dix" }, cookies.admin);
    expect(res.status).toBe(400);
    const stored = await env.DB.prepare("select value from settings where key = 'circlesPoints'").first<{ value: string }>();
    expect(stored).toBeNull();
    res = await postData("/pres/points", fields, cookies.admin);
    expect(res.status).toBe(200);
    const saved = await env.DB.prepare("select value from settings where key = 'circlesPoints'").first<{ value: string }>();
    expect(JSON.parse(saved!.value)).toEqual([3, 4.5, 6, 10]);
    expect(await (await get("/pres/points", cookies.admin)).text()).toContain('value="4.5"');
  });
});
