import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accounts, folders, games, settings, type Account } from "@db/schema";
import { verifyPassword } from "~/server/auth/password.server";
import type { TestAccount } from "../support/factory";
import { app, cookieOf, db, folderRow, get, make, ORIGIN, png, post, quizRow, shownMarkup, stored, unique } from "../support/workers";

/**
 * The administrator's tools (MJ table and sounds, 'Redémarrer'): who may use
 * them, and what they do to D1 and R2.
 */

/** An ID3v2 tag then MPEG-1 layer III frames (128 kbit/s, 44.1 kHz): enough for isMp3. */
function mp3(seed = 0, name = "son.mp3"): File {
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const bytes = new Uint8Array(10 + frame.length * 3);
  bytes.set([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  for (let i = 0; i < 3; i++) bytes.set(frame, 10 + i * frame.length);
  bytes[bytes.length - 1] = seed;
  return new File([bytes], name, { type: "audio/mpeg" });
}

async function r2Keys(prefix: string): Promise<string[]> {
  return (await env.BUCKET.list({ prefix })).objects.map((o) => o.key);
}

async function soundSettings(): Promise<Record<string, string> | null> {
  const [row] = await db().select().from(settings).where(eq(settings.key, "sounds"));
  return (row?.value as Record<string, string>) ?? null;
}

async function account(id: number): Promise<Account | null> {
  const [row] = await db().select().from(accounts).where(eq(accounts.id, id));
  return row ?? null;
}

async function liveGame(ownerId: number, roomNumber: string) {
  return (await make.game({ quiz: "quiz", owner: ownerId, roomNumber })).id;
}

async function gameRow(id: string) {
  const [row] = await db().select().from(games).where(eq(games.id, id));
  return row;
}

function mjFields(overrides: Record<string, string | File> = {}): Record<string, string | File> {
  return {
    name: "Camille Martin",
    mail: `${unique("camille")}@Example.FR`,
    password: "mot-de-passe-camille",
    expiration: "2099-12-31",
    nb_game: "12",
    edition: "on",
    ...overrides,
  };
}

let theAdmin: TestAccount;
let asAdmin: string;
let asMj: string;
let asExpired: string;
type Who = "nobody" | "mj" | "expired";
const cookieFor = (who: Who) => (who === "nobody" ? undefined : who === "mj" ? asMj : asExpired);

beforeAll(async () => {
  theAdmin = await app.admin();
  asAdmin = await cookieOf(theAdmin);
  asMj = await cookieOf(await make.mj());
  asExpired = await cookieOf(await make.mj({ expired: true }));
});

describe("who may use the admin tools", () => {
  const refusals: [Who, number, string][] = [
    ["nobody", 401, "Non authentifié"],
    ["mj", 403, "Authentification incorrecte"],
    ["expired", 403, "Authentification incorrecte"],
  ];

  it("sends everyone but the admin from the admin screens back to the admin login", async () => {
    for (const path of ["/pres/mj", "/pres/sound", "/pres/restart"]) {
      for (const who of ["nobody", "mj", "expired"] as const) {
        const res = await get(path, cookieFor(who));
        expect(res.status, `${who} ${path}`).toBe(302);
        expect(res.headers.get("Location")).toBe("/pres");
      }
    }
    const screens: [string, string[]][] = [
      ["/pres/mj", ["Maîtres du jeu", "Ajouter un MJ"]],
      ["/pres/sound", ["Gérer les sons", "Son d&#x27;attente", "Classement intermédiaire", "Classement final", "Bip", "Sons des photos"]],
      ["/pres/restart", ["Terminer toutes les parties en cours ?"]],
    ];
    for (const [path, texts] of screens) {
      const res = await get(path, asAdmin);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      for (const text of texts) expect(html, `${path}: ${text}`).toContain(text);
    }
  });

  it("deletes a stale admin cookie on the way to the login", async () => {
    const res = await get("/pres/mj", "auth_admin=not-a-token");
    expect(res.status).toBe(302);
    expect(res.headers.get("Set-Cookie")).toMatch(/^auth_admin=;.*Max-Age=0/);
  });

  it("answers the admin JSON reads with 401 / 403 to others and the data to the admin", async () => {
    for (const path of ["/api/pres/admin/mj/list", "/api/pres/admin/soundList"]) {
      for (const [who, status, error] of refusals) {
        const res = await get(path, cookieFor(who));
        expect(res.status, `${who} ${path}`).toBe(status);
        expect(await res.json()).toEqual({ error });
      }
      const res = await get(path, asAdmin);
      expect(res.status).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
    }
  });

  it("refuses every change to others and changes nothing", async () => {
    const target = await make.mj();
    const before = await account(target.id);
    const count = async () => (await db().select().from(accounts)).length;
    const accountsBefore = await count();
    const calls: [string, () => Record<string, string | File>][] = [
      ["/api/pres/admin/mj", () => mjFields()],
      ["/api/pres/admin/mj", () => mjFields({ id: String(target.id), name: "Pirate" })],
      [`/api/pres/admin/mj/delete/${target.id}`, () => ({})],
      ["/api/pres/admin/replaceSound/4/5.mp3", () => ({ file: mp3() })],
      ["/api/pres/admin/resetSound/5", () => ({})],
    ];
    for (const [path, fields] of calls) {
      for (const [who, status, error] of refusals) {
        const res = await post(path, fields(), cookieFor(who));
        expect(res.status, `${who} ${path}`).toBe(status);
        expect(await res.json()).toEqual({ error });
      }
      // The admin's own cookie from another site: refused before anything is read.
      const res = await post(path, fields(), asAdmin, "https://evil.example");
      expect(res.status, `cross-site ${path}`).toBe(403);
    }
    expect(await account(target.id)).toEqual(before);
    expect(await count()).toBe(accountsBefore);
    expect(await soundSettings()).toBeNull();
    expect(await r2Keys("sounds/")).toEqual([]);
  });

  it("lets only the admin restart, and a refused restart ends nothing", async () => {
    const owner = await make.mj();
    const gameId = await liveGame(owner.id, "310001");
    for (const who of ["nobody", "mj", "expired"] as const) {
      const res = await post("/pres/restart", { confirm: "yes" }, cookieFor(who));
      expect(res.status, who).toBe(302);
      expect(res.headers.get("Location")).toBe("/pres");
    }
    // Another site: Remix refuses a cross-site action before ours runs...
    const crossSite = await post("/pres/restart", { confirm: "yes" }, asAdmin, "https://evil.example");
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    // ...and ours compares the Origin with the address asked for, whatever Host says.
    const body = new FormData();
    body.append("confirm", "yes");
    const proxied = await SELF.fetch(`${ORIGIN}/pres/restart`, {
      method: "POST",
      body,
      headers: { Cookie: asAdmin, Host: "evil.example", Origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(proxied.status).toBe(403);
    expect(await proxied.text()).toContain("Authentification incorrecte");
    expect((await gameRow(gameId)).status).toBe("lobby");
  });
});

describe("the MJ table: listing, checks and French messages", () => {
  it("adds an MJ: mail in lower case, password hashed, end of the chosen day, games and edit mode", async () => {
    const fields = mjFields({ expiration: "2099-01-15" });
    const res = await post("/api/pres/admin/mj", fields, asAdmin);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: "MJ « Camille Martin » ajouté" });
    const mail = String(fields.mail).toLowerCase();
    const [row] = await db().select().from(accounts).where(eq(accounts.mail, mail));
    expect(row.role).toBe("mj");
    expect(row.name).toBe("Camille Martin");
    expect(row.passwordHash).not.toContain("mot-de-passe-camille");
    expect(await verifyPassword("mot-de-passe-camille", row.passwordHash)).toBe(true);
    expect(new Date(row.expiration!).toISOString()).toBe("2099-01-15T22:59:59.999Z");
    expect(row.gamesLeft).toBe(12);
    expect(row.canEdit).toBe(true);
    // The new MJ can log in.
    const login = await SELF.fetch(`${ORIGIN}/api/auth/mj/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identifiant: mail, password: "mot-de-passe-camille" }),
    });
    expect(login.status).toBe(200);
    // The list never carries a password.
    const list = (await (await get("/api/pres/admin/mj/list", asAdmin)).json()) as Record<string, unknown>[];
    const listed = list.find((m) => m.id === row.id)!;
    expect(listed).toMatchObject({ name: "Camille Martin", mail, expirationLabel: "15/01/2099", expired: false, gamesLeft: 12, canEdit: true });
    expect(JSON.stringify(list)).not.toMatch(/pbkdf2|password/i);
  });

  it("needs name, mail, password and expiry; empty games means unlimited", async () => {
    for (const missing of ["name", "mail", "password", "expiration"]) {
      const fields = mjFields({ [missing]: "  " });
      const res = await post("/api/pres/admin/mj", fields, asAdmin);
      expect(res.status, missing).toBe(400);
      expect(await res.json()).toEqual({ error: "Veuillez remplir tous les champs obligatoires !" });
      if (missing !== "mail") {
        expect(await db().select().from(accounts).where(eq(accounts.mail, String(fields.mail).toLowerCase()))).toEqual([]);
      }
    }
    const fields = mjFields({ nb_game: "", edition: "" });
    expect((await post("/api/pres/admin/mj", fields, asAdmin)).status).toBe(201);
    const [row] = await db().select().from(accounts).where(eq(accounts.mail, String(fields.mail).toLowerCase()));
    expect(row.gamesLeft).toBeNull();
    expect(row.canEdit).toBe(false);
  });

  it("refuses a mail already used (any case), a bad mail, a short password, a bad date or game count", async () => {
    const taken = await make.mj();
    const cases: [Record<string, string>, string][] = [
      [{ mail: taken.mail.toUpperCase() }, "Cette adresse mail est déjà utilisée par un autre compte"],
      [{ mail: "admin@repere.test" }, "Cette adresse mail est déjà utilisée par un autre compte"],
      [{ mail: "pas-un-mail" }, "Adresse mail invalide"],
      [{ password: "court" }, "Le mot de passe doit contenir au moins 12 caractères"],
      [{ password: "onze-signes" }, "Le mot de passe doit contenir au moins 12 caractères"],
      [{ expiration: "2099-02-30" }, "Date d'expiration invalide"],
      [{ nb_game: "-2" }, "Le nombre de parties doit être un nombre entier positif (vide = illimité)"],
      [{ nb_game: "2.5" }, "Le nombre de parties doit être un nombre entier positif (vide = illimité)"],
    ];
    const before = (await db().select().from(accounts)).length;
    for (const [overrides, error] of cases) {
      const res = await post("/api/pres/admin/mj", mjFields(overrides), asAdmin);
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect((await db().select().from(accounts)).length).toBe(before);
  });

  it("stores a photo checked by content, serves it, and stores nothing for a fake one", async () => {
    const fields = mjFields({ photo_file: png(4242) });
    expect((await post("/api/pres/admin/mj", fields, asAdmin)).status).toBe(201);
    const [row] = await db().select().from(accounts).where(eq(accounts.mail, String(fields.mail).toLowerCase()));
    expect(row.photoKey).toMatch(/^pictures\/[a-f0-9]{64}\.png$/);
    expect(await stored(row.photoKey!)).toBe(true);
    const file = row.photoKey!.slice("pictures/".length);
    const served = await get(`/api/quizz/images/src/mj_pic/${file}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect((await get("/api/quizz/images/src/mj_pic/../../secret")).status).toBe(404);

    const picturesBefore = await r2Keys("pictures/");
    const fake = new File([new TextEncoder().encode("<svg>not really</svg>")], "photo.png", { type: "image/png" });
    const refused = mjFields({ photo_file: fake });
    const res = await post("/api/pres/admin/mj", refused, asAdmin);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Ce fichier n'est pas une image (JPEG, PNG, WebP ou GIF)" });
    expect(await db().select().from(accounts).where(eq(accounts.mail, String(refused.mail).toLowerCase()))).toEqual([]);
    expect(await r2Keys("pictures/")).toEqual(picturesBefore);
  });

  it("edits an MJ: empty password keeps it, a new one replaces it, a new photo releases the old", async () => {
    const fields = mjFields({ photo_file: png(7001) });
    await post("/api/pres/admin/mj", fields, asAdmin);
    const [row] = await db().select().from(accounts).where(eq(accounts.mail, String(fields.mail).toLowerCase()));
    const oldPhoto = row.photoKey!;

    let res = await post(
      "/api/pres/admin/mj",
      { id: String(row.id), name: "Camille Durand", mail: "Camille.Durand@example.fr", password: "", expiration: "2020-06-01", nb_game: "" },
      asAdmin,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "« Camille Durand » enregistré" });
    let now = (await account(row.id))!;
    expect(now).toMatchObject({ name: "Camille Durand", mail: "camille.durand@example.fr", gamesLeft: null, canEdit: false, photoKey: oldPhoto });
    expect(now.passwordHash).toBe(row.passwordHash);
    const listed = ((await (await get("/api/pres/admin/mj/list", asAdmin)).json()) as { id: number; expired: boolean }[]).find(
      (m) => m.id === row.id,
    );
    expect(listed?.expired).toBe(true);

    // PATCH, the method the specification gives this call, works too.
    const body = new FormData();
    for (const [k, v] of Object.entries({ id: String(row.id), name: "Camille Durand", mail: "camille.durand@example.fr", password: "nouveau-secret", expiration: "2099-06-01", nb_game: "3", edition: "on" })) {
      body.append(k, v);
    }
    body.append("file", png(7002));
    res = await SELF.fetch(`${ORIGIN}/api/pres/admin/mj`, { method: "PATCH", body, headers: { Cookie: asAdmin, Origin: ORIGIN, Host: "localhost" } });
    expect(res.status).toBe(200);
    now = (await account(row.id))!;
    expect(await verifyPassword("nouveau-secret", now.passwordHash)).toBe(true);
    expect(now.gamesLeft).toBe(3);
    expect(now.canEdit).toBe(true);
    expect(now.photoKey).not.toBe(oldPhoto);
    expect(await stored(now.photoKey!)).toBe(true);
    expect(await stored(oldPhoto)).toBe(false);

    // 'Retirer' the photo.
    res = await post(
      "/api/pres/admin/mj",
      { id: String(row.id), name: "Camille Durand", mail: "camille.durand@example.fr", expiration: "2099-06-01", remove_photo: "on" },
      asAdmin,
    );
    expect(res.status).toBe(200);
    const photo = now.photoKey!;
    expect((await account(row.id))!.photoKey).toBeNull();
    expect(await stored(photo)).toBe(false);
  });

  it("answers 404 'Utilisateur introuvable' for a deleted MJ or the admin, and a taken mail on edit", async () => {
    const other = await make.mj();
    const edited = await make.mj();
    const base = { name: "Nom", mail: `${unique("x")}@example.fr`, expiration: "2099-01-01" };
    for (const id of ["999999", String(theAdmin.id), "abc"]) {
      const res = await post("/api/pres/admin/mj", { ...base, id }, asAdmin);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: "Utilisateur introuvable" });
    }
    expect((await account(theAdmin.id))!.name).toBe(theAdmin.name);
    const res = await post("/api/pres/admin/mj", { ...base, id: String(edited.id), mail: other.mail }, asAdmin);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Cette adresse mail est déjà utilisée par un autre compte" });
    expect((await account(edited.id))!.mail).toBe(edited.mail);
  });

  it("deletes an MJ without losing anything: folders and quizzes go to the admin in 'Quiz de …', live games end", async () => {
    await post("/api/pres/admin/mj", mjFields({ name: "Léa Petit", mail: "lea.petit@example.fr", photo_file: png(9100) }), asAdmin);
    const [lea] = await db().select().from(accounts).where(eq(accounts.mail, "lea.petit@example.fr"));
    const top = await make.folder(lea, { name: "Voyages" });
    const sub = await make.folder(lea, { name: "Europe", parent: top });
    const rootQuiz = await make.quiz(lea);
    const topQuiz = await make.quiz(lea, { folder: top });
    const subQuiz = await make.quiz(lea, { folder: sub });
    const gameId = await liveGame(lea.id, "310002");
    const pastId = unique("past");
    await make.game({ id: pastId, quiz: rootQuiz, owner: lea, roomNumber: "310003", status: "closed" });

    // The page tells what will happen before it does.
    const list = (await (await get("/api/pres/admin/mj/list", asAdmin)).json()) as { id: number; quizCount: number; folderCount: number; liveGames: number }[];
    expect(list.find((m) => m.id === lea.id)).toMatchObject({ quizCount: 3, folderCount: 2, liveGames: 1 });

    const res = await post(`/api/pres/admin/mj/delete/${lea.id}`, {}, asAdmin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "« Léa Petit » supprimé ; 3 quiz et 2 dossiers rangés dans « Quiz de Léa Petit »" });

    expect(await account(lea.id)).toBeNull();
    const [received] = await db().select().from(folders).where(and(eq(folders.ownerId, theAdmin.id), eq(folders.name, "Quiz de Léa Petit")));
    expect(received.parentId).toBeNull();
    expect(await folderRow(top.id)).toMatchObject({ ownerId: theAdmin.id, parentId: received.id, name: "Voyages" });
    expect(await folderRow(sub.id)).toMatchObject({ ownerId: theAdmin.id, parentId: top.id });
    expect(await quizRow(rootQuiz.uniqueName)).toMatchObject({ ownerId: theAdmin.id, folderId: received.id });
    expect(await quizRow(topQuiz.uniqueName)).toMatchObject({ ownerId: theAdmin.id, folderId: top.id });
    expect(await quizRow(subQuiz.uniqueName)).toMatchObject({ ownerId: theAdmin.id, folderId: sub.id });
    expect(await gameRow(gameId)).toMatchObject({ status: "closed", ownerId: theAdmin.id });
    expect((await gameRow(pastId)).ownerId).toBe(theAdmin.id);
    expect(await stored(lea.photoKey!)).toBe(false);

    // Deleting again: the MJ is gone.
    const again = await post(`/api/pres/admin/mj/delete/${lea.id}`, {}, asAdmin);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "Utilisateur introuvable" });
  });

  it("deletes an MJ who owns nothing without creating an empty folder, and never deletes the admin", async () => {
    const empty = await make.mj();
    const foldersBefore = (await db().select().from(folders)).length;
    const res = await post(`/api/pres/admin/mj/delete/${empty.id}`, {}, asAdmin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: `« ${empty.name} » supprimé` });
    expect(await account(empty.id)).toBeNull();
    expect((await db().select().from(folders)).length).toBe(foldersBefore);
    const self = await post(`/api/pres/admin/mj/delete/${theAdmin.id}`, {}, asAdmin);
    expect(self.status).toBe(404);
    expect(await account(theAdmin.id)).not.toBeNull();
  });
});

describe("sounds: 'Sound management' and the sound files", () => {
  it("lists the seven sounds in order and serves the shipped defaults", async () => {
    const list = (await (await get("/api/pres/admin/soundList", asAdmin)).json()) as string[];
    expect(list).toEqual([1, 2, 3, 4, 5, 6, 7].map((id) => `/api/sound/${id}?v=0`));
    const res = await get("/api/sound/1");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/sounds/1.mp3");
    expect((await get("/api/sound/8")).status).toBe(404);
  });

  it("refuses a file that is not an mp3 (by name or by content) and stores nothing", async () => {
    const fake = new File([png(1)], "faux.mp3", { type: "audio/mpeg" });
    let res = await post("/api/pres/admin/replaceSound/4/5.mp3", { file: fake }, asAdmin);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Ce fichier n'est pas un mp3" });
    res = await post("/api/pres/admin/replaceSound/4/5.mp3", { file: mp3(1, "musique.wav") }, asAdmin);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Seuls les fichiers .mp3 sont acceptés" });
    res = await post("/api/pres/admin/replaceSound/4/5.mp3", {}, asAdmin);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Choisissez un fichier .mp3" });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1).fill(0xff)], "gros.mp3");
    res = await post("/api/pres/admin/replaceSound/4/5.mp3", { file: big }, asAdmin);
    expect(res.status).toBe(413);
    // A sound of another category, or no such sound.
    for (const path of ["/api/pres/admin/replaceSound/0/5.mp3", "/api/pres/admin/replaceSound/4/9.mp3", "/api/pres/admin/replaceSound/4/x.mp3"]) {
      res = await post(path, { file: mp3(2) }, asAdmin);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: "Son introuvable" });
    }
    expect(await soundSettings()).toBeNull();
    expect(await r2Keys("sounds/")).toEqual([]);
  });

  it("replaces a sound: served from R2, listed with a new version, the previous one released", async () => {
    let res = await post("/api/pres/admin/replaceSound/4/5.mp3", { file: mp3(10) }, asAdmin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Son remplacé" });
    const first = (await soundSettings())!["5"];
    expect(first).toMatch(/^sounds\/[a-f0-9]{64}\.mp3$/);
    expect(await r2Keys("sounds/")).toEqual([first]);

    const served = await get("/api/sound/5");
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(served.headers.get("Cache-Control")).toBe("no-cache");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(await mp3(10).arrayBuffer()));

    res = await post("/api/pres/admin/replaceSound/0/1.mp3", { file: mp3(11) }, asAdmin);
    expect(res.status).toBe(200);
    const list = (await (await get("/api/pres/admin/soundList", asAdmin)).json()) as string[];
    const keys = (await soundSettings())!;
    expect(list).toHaveLength(7);
    expect(list[0]).toBe(`/api/sound/1?v=${keys["1"].slice(7, 19)}`);
    expect(list[4]).toBe(`/api/sound/5?v=${first.slice(7, 19)}`);
    expect(list[1]).toBe("/api/sound/2?v=0");

    // The sound page shows which sounds were replaced.
    const page = await shownMarkup(await get("/pres/sound", asAdmin));
    expect(page.match(/Personnalisé/g)).toHaveLength(2);

    res = await post("/api/pres/admin/replaceSound/4/5.mp3", { file: mp3(12) }, asAdmin);
    expect(res.status).toBe(200);
    const second = (await soundSettings())!["5"];
    expect(second).not.toBe(first);
    expect(await stored(first)).toBe(false);
    expect((await soundSettings())!["1"]).toBe(keys["1"]);

    // Back to the shipped sound.
    res = await post("/api/pres/admin/resetSound/5", {}, asAdmin);
    expect(res.status).toBe(200);
    expect(await stored(second)).toBe(false);
    expect((await soundSettings())!["5"]).toBeUndefined();
    expect((await get("/api/sound/5")).status).toBe(302);
    expect((await post("/api/pres/admin/resetSound/12", {}, asAdmin)).status).toBe(404);
  });
});

describe("'Redémarrer'", () => {
  it("asks first, then ends every live game and says how many", async () => {
    // Games of earlier tests may still be live: count them from the registry.
    const owner = await make.mj();
    await liveGame(owner.id, "320001");
    await liveGame(theAdmin.id, "320002");
    const live = (await db().select().from(games)).filter((g) => g.status !== "closed").length;

    let res = await post("/pres/restart", {}, asAdmin);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Terminer toutes les parties en cours ?");
    expect((await db().select().from(games)).filter((g) => g.status !== "closed").length).toBe(live);

    res = await post("/pres/restart", { confirm: "yes" }, asAdmin);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/pres/restart?ended=${live}`);
    expect((await db().select().from(games)).filter((g) => g.status !== "closed")).toEqual([]);
    const page = await (await get(`/pres/restart?ended=${live}`, asAdmin)).text();
    expect(page).toContain(`${live} parties terminées`);

    res = await post("/pres/restart", { confirm: "yes" }, asAdmin);
    expect(res.headers.get("Location")).toBe("/pres/restart?ended=0");
    expect(await (await get("/pres/restart?ended=0", asAdmin)).text()).toContain("Aucune partie en cours");
    expect(await (await get("/pres/restart?ended=1", asAdmin)).text()).toContain("1 partie terminée");
  });
});
