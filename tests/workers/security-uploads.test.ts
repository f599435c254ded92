import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, folders, questions } from "@db/schema";
import { cleanImage } from "@common/media/image-clean";
import { readExif } from "@common/media/exif";
import { pictureUrl, questionImageUrl } from "@common/media/urls";
import { fixture, MONT, PHARE, TRAILER } from "../fixtures/images";
import { PHOTO_LONG_SIDE_MAX, PHOTO_TOO_MANY_PIXELS, PICTURE_TOO_MANY_PIXELS } from "@common/rules";
import { cookieOf, db, make, ORIGIN, png } from "../support/workers";
import { tIn } from "../support/i18n";

/** Uploads: who before what, limits on the stream, pictures without metadata. */

const MB = 1024 * 1024;

/**
 * A body that never ends by itself: `head`, then 64 KB chunks, without Content-Length (as a
 * script can send it); `pulled()` tells how much the Worker took of it.
 */
function endlessBody(head: Uint8Array, type: string, totalBytes: number) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const chunk = sent === 0 ? head : new Uint8Array(64 * 1024).fill(0x41);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      // The Worker stopped reading: that is the point.
    },
  });
  return { body: stream, type, pulled: () => sent };
}

/** A multipart upload of a file that never ends. */
function endlessUpload(totalBytes = 40 * MB) {
  const boundary = "----repere-test-boundary";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="uploadFile"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return endlessBody(head, `multipart/form-data; boundary=${boundary}`, totalBytes);
}

function send(path: string, upload: ReturnType<typeof endlessUpload>, cookie?: string) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    body: upload.body,
    headers: { "Content-Type": upload.type, Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  } as RequestInit);
}

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.BUCKET.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

describe("uploads are read only once the caller is known, and never past their limit", () => {
  it("refuses a stranger's upload without reading it", async () => {
    const mj = await make.mj();
    const quiz = await make.quiz(mj);
    for (const path of [
      `/api/pres/shared/quizz/question/new/${quiz.uniqueName}`,
      "/api/pres/admin/mj",
      "/api/pres/admin/replaceSound/0/1.mp3",
      // `.data`: the action's own answer (a document POST also runs the page's loader).
      "/mj/lobby.data",
    ]) {
      const upload = endlessUpload();
      const res = await send(path, upload);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(upload.pulled(), path).toBeLessThan(2 * MB);
    }
    // The dashboard's actions also take a login form: a stranger's body is cut after a few fields.
    const upload = endlessUpload();
    const res = await send("/mj.data?index", upload);
    expect(res.status).toBe(413);
    expect(upload.pulled()).toBeLessThan(2 * MB);
  });

  it("cuts a chunked body without Content-Length at the limit: 413, nothing stored", async () => {
    const mj = await make.mj({ canEdit: true });
    const quiz = await make.quiz(mj);
    const cookie = await cookieOf(mj);
    const before = await bucketKeys();
    const cases: [string, string, number][] = [
      [`/api/pres/shared/quizz/question/new/${quiz.uniqueName}`, "La photo dépasse 15 Mo", 15 * MB],
      ["/mj/lobby.data", "L'image dépasse 5 Mo", 5 * MB],
      ["/mj.data?index", "L'image dépasse 5 Mo", 5 * MB],
    ];
    for (const [path, message, limit] of cases) {
      const upload = endlessUpload();
      const res = await send(path, upload, cookie);
      expect({ path, status: res.status }).toEqual({ path, status: 413 });
      expect(await res.text(), path).toContain(message);
      // Stopped right after the limit, never near the 40 MB offered.
      expect(upload.pulled(), path).toBeGreaterThan(limit);
      expect(upload.pulled(), path).toBeLessThan(limit + 2 * MB);
    }
    const admin = await cookieOf(await make.account({ role: "admin" }));
    for (const path of ["/api/pres/admin/mj", "/api/pres/admin/replaceSound/0/1.mp3"]) {
      const upload = endlessUpload();
      const res = await send(path, upload, admin);
      expect({ path, status: res.status }).toEqual({ path, status: 413 });
      expect(upload.pulled(), path).toBeLessThan(5 * MB + 2 * MB);
    }
    expect(await bucketKeys()).toEqual(before);
  });
});

describe("JSON bodies", () => {
  /** A JSON string that never ends. */
  const endlessJson = () => endlessBody(new TextEncoder().encode('{"name":"'), "application/json", 8 * MB);

  it("every JSON route cuts an endless body at 64 KB with 413, the wizard's included", async () => {
    const mj = await make.mj({ canEdit: true });
    const quiz = await make.quiz(mj);
    const cookie = await cookieOf(mj);
    for (const path of [
      `/api/pres/shared/quizz/update/${quiz.uniqueName}`,
      `/api/pres/shared/quizz/question/order/${quiz.uniqueName}`,
      `/api/pres/shared/quizz/mapSettings/${quiz.uniqueName}`,
      "/api/pres/shared/quizz/init",
      "/api/game/launch",
      "/api/auth/mj/login",
    ]) {
      const upload = endlessJson();
      const res = await send(path, upload, cookie);
      expect({ path, status: res.status }).toEqual({ path, status: 413 });
      expect(await res.json(), path).toEqual({ error: "La requête est trop volumineuse" });
      expect(upload.pulled(), path).toBeLessThan(MB);
    }
  });
});

describe("every stored picture keeps its image data only", () => {
  /** What a client fetching the picture gets back. */
  async function served(url: string) {
    const res = await SELF.fetch(`${ORIGIN}${url}`);
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }

  async function expectClean(bytes: Uint8Array, original: Uint8Array) {
    const text = new TextDecoder("latin1").decode(bytes);
    for (const trace of [String(MONT.lat), String(PHARE.lat), "GPS", "xmpmeta", "Photoshop", "Pris a", "Display P3", TRAILER]) {
      expect(text, trace).not.toContain(trace);
    }
    expect((await readExif(bytes)).gps).toBeNull();
    expect(bytes).toEqual((await cleanImage(original))!.bytes);
  }

  const formOf = (fields: Record<string, string | File>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return form;
  };
  const postForm = (path: string, form: FormData, cookie: string, method = "POST") =>
    SELF.fetch(`${ORIGIN}${path}`, { method, body: form, headers: { Origin: ORIGIN, Cookie: cookie }, redirect: "manual" });

  it("question photos, folder pictures, lobby pictures and MJ photos, in all four formats", async () => {
    const mj = await make.mj({ canEdit: true });
    const cookie = await cookieOf(mj);

    // A question photo (JPEG with EXIF GPS, XMP, IPTC, ICC, a comment and a trailer).
    const quiz = await make.quiz(mj, { questions: [] });
    const jpeg = fixture("loadedJpeg");
    let res = await postForm(
      `/api/pres/shared/quizz/question/new/${quiz.uniqueName}`,
      formOf({ uploadFile: new File([jpeg], "mont.jpg", { type: "image/jpeg" }), coords: JSON.stringify(MONT) }),
      cookie,
    );
    expect(res.status).toBe(201);
    const [question] = await db().select().from(questions).where(eq(questions.quizUniqueName, quiz.uniqueName));
    await expectClean(await served(questionImageUrl(quiz.uniqueName, question!.fileKey!)), jpeg);
    // Sideways photos stay upright.
    expect((await readExif(await served(questionImageUrl(quiz.uniqueName, question!.fileKey!)))).orientation).toBe(6);

    // A folder picture (PNG with eXIf, iTXt XMP, tEXt, tIME, ICC and a trailer).
    const folder = await make.folder(mj);
    const png = fixture("loadedPng");
    res = await postForm("/mj.data?index", formOf({ intent: "folderPicture", folderId: String(folder.id), picture: new File([png], "phare.png", { type: "image/png" }) }), cookie);
    expect(res.status).toBe(200);
    const [folderRow] = await db().select().from(folders).where(eq(folders.id, folder.id));
    await expectClean(await served(pictureUrl(folderRow!.imageKey!)), png);

    // A lobby picture (WebP with ICC, EXIF, XMP and a trailer).
    const webp = fixture("loadedWebp");
    res = await postForm("/mj/lobby.data", formOf({ picture: new File([webp], "lobby.webp", { type: "image/webp" }) }), cookie);
    expect(res.status).toBe(200);
    let [account] = await db().select().from(accounts).where(eq(accounts.id, mj.id));
    await expectClean(await served(pictureUrl(account!.lobbyPictureKey!)), webp);

    // An MJ photo set by the admin (GIF with a comment, an XMP block and a trailer).
    const admin = await cookieOf(await make.account({ role: "admin" }));
    const gif = fixture("loadedGif");
    res = await postForm(
      "/api/pres/admin/mj",
      formOf({ id: String(mj.id), name: mj.name, mail: mj.mail, password: "", expiration: "2099-01-01", nb_game: "", photo_file: new File([gif], "moi.gif", { type: "image/gif" }) }),
      admin,
      "PATCH",
    );
    expect(res.status).toBe(200);
    [account] = await db().select().from(accounts).where(eq(accounts.id, mj.id));
    await expectClean(await served(pictureUrl(account!.photoKey!)), gif);
  });

  it("refuses a file that only starts like a picture, and stores nothing", async () => {
    const mj = await make.mj();
    const folder = await make.folder(mj);
    const before = await bucketKeys();
    const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode("pas une image")]);
    const res = await postForm(
      "/mj.data?index",
      formOf({ intent: "folderPicture", folderId: String(folder.id), picture: new File([fake], "x.png", { type: "image/png" }) }),
      await cookieOf(mj),
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Cette image est illisible");
    expect(await bucketKeys()).toEqual(before);
  });
});

describe("a stored picture has a pixel count as well as a byte count", () => {
  const postForm = (path: string, fields: Record<string, string | File>, cookie: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return SELF.fetch(`${ORIGIN}${path}`, { method: "POST", body: form, headers: { Origin: ORIGIN, Cookie: cookie }, redirect: "manual" });
  };

  it("refuses a picture of a few bytes that declares more pixels than a browser should allocate, and stores nothing", async () => {
    const mj = await make.mj({ canEdit: true });
    const cookie = await cookieOf(mj);
    const before = await bucketKeys();
    // A lobby picture declaring 30,000 x 30,000 pixels (900 megapixels: 3.6 GB for a browser to draw).
    const bomb = png(7, undefined, { width: 30_000, height: 30_000 });
    expect(bomb.size).toBeLessThan(200);
    let res = await postForm("/mj/lobby.data", { picture: bomb }, cookie);
    expect(res.status).toBe(413);
    expect(await res.text()).toContain(JSON.stringify(tIn()(PICTURE_TOO_MANY_PIXELS)).slice(1, -1));
    // A question photo past what the wizard ever sends (PHOTO_LONG_SIDE_MAX on its long side).
    const quiz = await make.quiz(mj, { questions: [] });
    const side = PHOTO_LONG_SIDE_MAX + 1;
    res = await postForm(
      `/api/pres/shared/quizz/question/new/${quiz.uniqueName}`,
      { uploadFile: png(8, undefined, { width: side, height: side }), coords: JSON.stringify(MONT) },
      cookie,
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: tIn()(PHOTO_TOO_MANY_PIXELS) });
    expect(await bucketKeys()).toEqual(before);
    expect(await db().select().from(questions).where(eq(questions.quizUniqueName, quiz.uniqueName))).toEqual([]);
    // The largest a wizard sends still goes in.
    res = await postForm(
      `/api/pres/shared/quizz/question/new/${quiz.uniqueName}`,
      { uploadFile: png(9, undefined, { width: PHOTO_LONG_SIDE_MAX, height: PHOTO_LONG_SIDE_MAX }), coords: JSON.stringify(MONT) },
      cookie,
    );
    expect(res.status).toBe(201);
  });
});
