import { beforeAll, describe, expect, it } from "vitest";
import { STARTING_MS } from "@party/engine";
import type { TestAccount, TestQuiz } from "../support/factory";
import type { TestPresenter } from "../support/room-sockets";
import { and, eq } from "drizzle-orm";
import { quizzes } from "@db/schema";
import { presenterScreen } from "~/server/rooms/presenter.server";
import { duplicateQuiz } from "~/server/quiz/quizzes.server";
import { tIn } from "../support/i18n";
import { advance, app, appContext, closeRoom, cookieOf, db, get, join, launch, make, png, post, postRound, presenter } from "../support/workers";

// The audience learns the quiz's unique name (the projector's address, the « Retour photo & carte »
// window) and asks the public pages for the answers while the game runs.

const LYON = { center: { lat: 45.76, lng: 4.84 }, zoom: 13, bounds: { north: 45.8, south: 45.72, east: 4.9, west: 4.78 } };
const SPOTS = [
  { name: "Basilique de Fourvière", lat: 45.76234, lng: 4.82268 },
  { name: "Place Bellecour", lat: 45.75781, lng: 4.83201 },
  { name: "Parc de la Tête d'Or", lat: 45.77731, lng: 4.85509 },
];
// As the pages show them: the catalog the page carries holds every sentence it may show, so the
// sentence alone says nothing; shown, it is an element's text.
const PUBLIC_NOTICE = ">Partie en cours : les réponses apparaissent au fil de la partie.<";
const OWNER_NOTICE = ">Partie en cours : le public ne voit que les questions déjà révélées.<";
/** An unknown question number and a not yet revealed one must read the same. */
const NO_QUESTION = "Cette question n&#x27;existe pas dans ce quiz.";

let owner: TestAccount;
let quiz: TestQuiz;
/** The photo file of each question (the third is a Street View). */
let files: (string | null)[];

beforeAll(async () => {
  owner = await make.mj({ name: "Régie Lyon" });
  const photos = await Promise.all([1, 2].map(async (seed) => make.photo(new Uint8Array(await png(seed).arrayBuffer()), "image/png")));
  quiz = await make.quiz(owner, {
    name: "Lyon by night",
    description: "Les lieux de la ville",
    mapSettings: LYON,
    questions: [
      { ...SPOTS[0]!, photo: photos[0]! },
      { ...SPOTS[1]!, photo: photos[1]! },
      { ...SPOTS[2]!, streetview: { pano: "PANO_tete_dor_e2e", lat: SPOTS[2]!.lat, lng: SPOTS[2]!.lng, heading: 90 } },
    ],
  });
  files = [photos[0]!.slice("photos/".length), photos[1]!.slice("photos/".length), null];
});

/** What of question `i` a text gives away: its name, its spot (as data or as shown), its photo. */
function clues(i: number): string[] {
  const s = SPOTS[i]!;
  const out = [s.name.replace("'", "&#x27;"), s.name, String(s.lat), String(s.lng), String(s.lat).replace(".", ","), String(s.lng).replace(".", ",")];
  if (files[i]) out.push(files[i]!);
  return out;
}
const leaked = (text: string, i: number) => clues(i).filter((c) => text.includes(c));

const photoPath = (i: number, name = quiz.uniqueName) => `/api/quizz/images/src/${name}/${files[i]}`;

/**
 * Every public way to a quiz's questions, as anyone sees them (cookie: as its owner or the admin).
 * `legacy` adds Remix's old `?_data=` request (Remix warns about each one in the log).
 */
async function publicViews(cookie?: string, legacy = false, q = quiz.uniqueName) {
  const paths = [
    `/watch?quiz=${q}`,
    `/watch.data?quiz=${q}`,
    ...(legacy ? [`/watch?quiz=${q}&_data=routes%2Fwatch`, `/question?quiz=${q}&questionNumber=1&_data=routes%2Fquestion`] : []),
    ...[0, 1, 2].flatMap((n) => [`/question?quiz=${q}&questionNumber=${n}`, `/question.data?quiz=${q}&questionNumber=${n}`]),
  ];
  const pages = await Promise.all(
    paths.map(async (path) => {
      const res = await get(path, cookie);
      return { path, status: res.status, text: await res.text() };
    }),
  );
  const photos = await Promise.all([0, 1].map(async (i) => (await get(photoPath(i, q), cookie)).status));
  return { pages, all: pages.map((p) => p.text).join("\n"), photos };
}

/** Questions a visitor can learn something of. */
const shown = (views: { all: string }) => [0, 1, 2].filter((i) => leaked(views.all, i).length > 0);

async function reveal(pres: TestPresenter, phone: Awaited<ReturnType<typeof join>>, q: number) {
  await phone.next("player_newQuestion", (m) => m.questionIndex === q);
  phone.answer(q, SPOTS[q]!);
  await pres.next("pres_results", (m) => m.questionIndex === q);
}

/** A whole game over sockets and many page reads: more than the default 5 s on a busy machine. */
const GAME = { timeout: 60_000 };

describe("while a quiz is played, its public pages", () => {
  it("show no question before its reveal, then only the revealed ones, then everything once the game is over", GAME, async () => {
    // Not played: everything, as always.
    const before = await publicViews();
    expect(shown(before)).toEqual([0, 1, 2]);
    expect(before.all).not.toContain(PUBLIC_NOTICE);

    const l = await launch({ owner, quiz });
    const pres = await presenter(l);
    const phone = await join(l.room);

    // The lobby: nothing at all, not even how many questions there are.
    let views = await publicViews(undefined, true);
    expect(shown(views)).toEqual([]);
    expect(views.photos).toEqual([404, 404]);
    expect(views.all).toContain(PUBLIC_NOTICE);
    expect(views.all).toContain("Aucune réponse révélée pour l&#x27;instant.");
    expect(views.all).not.toMatch(/sur 3|questionsNb|questionCount/);
    for (const p of views.pages.filter((x) => x.path.startsWith("/question?"))) {
      expect({ path: p.path, status: p.status }).toEqual({ path: p.path, status: 404 });
      // (Remix answers an old `?_data=` request's refusal with its own bare sentence.)
      if (!p.path.includes("_data=")) expect(p.text).toContain(NO_QUESTION);
    }
    // The quiz's owner and the admin see everything, and are told what the public sees.
    const ownerViews = await publicViews(await cookieOf(owner));
    expect(shown(ownerViews)).toEqual([0, 1, 2]);
    expect(ownerViews.photos).toEqual([200, 200]);
    expect(ownerViews.all).toContain(OWNER_NOTICE);
    const adminViews = await publicViews(await app.cookieFor(await app.admin()));
    expect(shown(adminViews)).toEqual([0, 1, 2]);
    // Another game master is the public.
    expect(shown(await publicViews(await cookieOf(await make.mj())))).toEqual([]);

    // The first question is asked: still nothing.
    pres.start();
    await pres.next("pres_startGame_callback");
    await advance(l.room, STARTING_MS);
    await phone.find("player_newQuestion", (m) => m.questionIndex === 0);
    expect(shown(await publicViews())).toEqual([]);

    // Revealed: that question, and only it.
    await reveal(pres, phone, 0);
    views = await publicViews(undefined, true);
    expect(shown(views)).toEqual([0]);
    expect(views.photos).toEqual([200, 404]);
    expect(views.all).toContain(PUBLIC_NOTICE);
    expect(views.all).not.toMatch(/sur 3|sur 1\b/);
    const status = Object.fromEntries(views.pages.map((p) => [p.path, p.status]));
    expect(status[`/question?quiz=${quiz.uniqueName}&questionNumber=0`]).toBe(200);
    expect(status[`/question?quiz=${quiz.uniqueName}&questionNumber=1`]).toBe(404);

    // The second question is asked: its answer is not out yet.
    pres.nextQuestion();
    await phone.find("player_newQuestion", (m) => m.questionIndex === 1);
    expect(shown(await publicViews())).toEqual([0]);

    // A second room plays the same quiz: the least advanced one decides.
    const other = await launch({ owner, quiz });
    expect(shown(await publicViews())).toEqual([]);
    await closeRoom(other);
    expect(shown(await publicViews())).toEqual([0]);

    await reveal(pres, phone, 1);
    expect(shown(await publicViews())).toEqual([0, 1]);
    pres.nextQuestion();
    await reveal(pres, phone, 2);
    pres.nextQuestion();
    await pres.next("pres_endGame");

    // Over: everything again, as before the game.
    views = await publicViews();
    expect(shown(views)).toEqual([0, 1, 2]);
    expect(views.photos).toEqual([200, 200]);
    expect(views.all).not.toContain(PUBLIC_NOTICE);
    pres.close();
    phone.close();
    await closeRoom(l);
    expect(shown(await publicViews())).toEqual([0, 1, 2]);
  });
});

describe("while a quiz is played, its owner's copies of it", () => {
  it("publish none of the answers the game has not revealed, whether copied before the game or during it", GAME, async () => {
    const copyNamed = async (name: string) => {
      const [row] = await db().select().from(quizzes).where(and(eq(quizzes.ownerId, owner.id), eq(quizzes.name, name)));
      return row!.uniqueName;
    };
    const before = await copyNamed(await duplicateQuiz(db(), owner, quiz.uniqueName, tIn()));
    const copies = async () => [await publicViews(undefined, false, before), await publicViews(undefined, false, during!)];
    let during: string | null = null;

    const l = await launch({ owner, quiz });
    const pres = await presenter(l);
    const phone = await join(l.room);
    during = await copyNamed(await duplicateQuiz(db(), owner, quiz.uniqueName, tIn()));
    for (const views of await copies()) {
      expect(shown(views)).toEqual([]);
      expect(views.photos).toEqual([404, 404]);
      expect(views.all).toContain(PUBLIC_NOTICE);
      expect(views.all).not.toMatch(/sur 3/);
    }
    // Its owner still sees everything in them; a quiz of theirs that shares no answer is not concerned.
    expect(shown(await publicViews(await cookieOf(owner), false, during))).toEqual([0, 1, 2]);
    const unrelated = await make.quiz(owner, { name: "Marseille", mapSettings: LYON, questions: [{ name: "Vieux-Port", lat: 43.29512, lng: 5.37425 }] });
    const page = await (await get(`/watch?quiz=${unrelated.uniqueName}`)).text();
    expect(page).toContain("Vieux-Port");
    expect(page).not.toContain(PUBLIC_NOTICE);

    pres.start();
    await pres.next("pres_startGame_callback");
    await advance(l.room, STARTING_MS);
    await reveal(pres, phone, 0);
    for (const views of await copies()) {
      expect(shown(views)).toEqual([0]);
      expect(views.photos).toEqual([200, 404]);
    }
    pres.nextQuestion();
    await reveal(pres, phone, 1);
    pres.nextQuestion();
    await reveal(pres, phone, 2);
    pres.nextQuestion();
    await pres.next("pres_endGame");
    for (const views of await copies()) {
      expect(shown(views)).toEqual([0, 1, 2]);
      expect(views.all).not.toContain(PUBLIC_NOTICE);
    }
    pres.close();
    phone.close();
    await closeRoom(l);
  });
});

/** The presenter page's loader data, as the page gets it. */
async function screenData(room: string, account: TestAccount) {
  const url = new URL(`http://localhost/mj/salle/${room}`);
  const data = await presenterScreen(appContext(), account, room, { side: "mj", folderId: null, url, pageLocale: "fr" });
  if (data.kind !== "game") throw new Error(`pas d'écran de partie : ${data.kind}`);
  return data;
}

describe("the presenter's screen", () => {
  it("is at an address naming the room, and nothing on it names the quiz", GAME, async () => {
    const cookie = await cookieOf(owner);
    const folder = await make.folder(owner, { name: "Soirées" });
    const launched = await post(`/mj/${quiz.uniqueName}?time=15&folderId=${folder.id}`, { intent: "launch" }, cookie);
    expect(launched.status).toBe(302);
    const address = launched.headers.get("Location")!;
    expect(address).toMatch(new RegExp(`^/mj/salle/\\d{6}\\?folderId=${folder.id}$`));
    const room = address.match(/\d{6}/)![0];

    for (const path of [address, `/mj/salle/${room}.data`]) {
      const res = await get(path, cookie);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      expect(text, path).not.toContain(quiz.uniqueName);
      expect(text, path).toContain("Lyon by night");
    }
    const html = await (await get(address, cookie)).text();
    expect(html).toContain(`<title>Salle ${room.slice(0, 3)} ${room.slice(3)} — Repère</title>`);

    // A tab of before (bookmarked, reloaded) goes to the room's address.
    for (const [old, now] of [
      [`/mj/${quiz.uniqueName}?room=${room}&folderId=${folder.id}`, `/mj/salle/${room}?folderId=${folder.id}`],
      [`/pres/${quiz.uniqueName}/team?room=${room}`, `/pres/salle/${room}`],
      [`/pres/${quiz.uniqueName}?room=${room}`, `/pres/salle/${room}`],
    ]) {
      const res = await get(old!, cookie);
      expect({ old, status: res.status, location: res.headers.get("Location") }).toEqual({ old, status: 302, location: now });
    }
    // The launch routes still launch.
    expect(await (await get(`/mj/${quiz.uniqueName}?time=15`, cookie)).text()).toContain("Lancement de la partie");
    // Somebody else's room is no screen of theirs.
    expect(await (await get(`/mj/salle/${room}`, await cookieOf(await make.mj()))).text()).toContain("Cette partie est terminée");

    // The room tells its presenter the quiz without its name; the photos come from the room's address.
    const { token } = await screenData(room, owner);
    const pres = await presenter({ room, token });
    expect(JSON.stringify(pres.all("pres_newRoom_callback"))).not.toContain(quiz.uniqueName);
    const urls = pres.last("pres_newRoom_callback")!.quizzData.questions.map((q) => q.imageUrl);
    expect(urls).toEqual([`/api/salle/${room}/photos/${files[0]}`, `/api/salle/${room}/photos/${files[1]}`, null]);
    expect((await get(urls[0]!, cookie)).status).toBe(200);
    // Those answer the room's owner and the admin only.
    expect((await get(urls[0]!)).status).toBe(401);
    expect((await get(urls[0]!, await cookieOf(await make.mj()))).status).toBe(404);
    expect((await get(urls[0]!, await app.cookieFor(await app.admin()))).status).toBe(200);
    pres.close();
    expect((await post(address, { intent: "close", room }, cookie)).headers.get("Location")).toBe(`/mj/${folder.id}/x/folder`);
    expect((await get(urls[0]!, cookie)).status).toBe(404);
  });

  it("offers « Autre quiz » without naming any quiz, and plays the chosen one at the same address", GAME, async () => {
    const other = await make.quiz(owner, { name: "Autre tour de Lyon", mapSettings: LYON, questions: [{ ...SPOTS[1]! }] });
    const l = await launch({ owner, quiz });
    const pres = await presenter(l);
    const phone = await join(l.room);
    pres.start();
    await pres.next("pres_startGame_callback");
    await advance(l.room, STARTING_MS);
    for (const q of [0, 1, 2]) {
      await reveal(pres, phone, q);
      pres.nextQuestion();
    }
    await pres.next("pres_endGame");

    const page = (await (await get(`/mj/salle/${l.room}`, l.cookie)).text()) + (await (await get(`/mj/salle/${l.room}.data`, l.cookie)).text());
    expect(page).not.toContain(quiz.uniqueName);
    expect(page).not.toContain(other.uniqueName);
    const { quizzes } = await screenData(l.room, owner);
    const offered = quizzes.find((q) => q.name === "Autre tour de Lyon")!;
    expect(offered).toMatchObject({ current: false, questionCount: 1 });
    expect(quizzes.find((q) => q.name === "Lyon by night")).toMatchObject({ current: true });
    expect(page).toContain(offered.ref);

    // « Autre quiz », then « Rejouer »: the same address every round.
    expect(await postRound(l, { intent: "round", quiz: offered.ref, time: "15" })).toMatchObject({ status: 302, location: `/mj/salle/${l.room}` });
    await pres.next("pres_newRoom_callback", (m) => m.phase === "lobby" && m.quizzData.name === "Autre tour de Lyon");
    // A ref that names nothing of this account's starts nothing.
    expect((await postRound(l, { intent: "round", quiz: "AAAAAAAAAAAAAAAA", time: "15" })).status).toBe(400);
    pres.close();
    phone.close();
    await closeRoom(l);
  });
});

describe("« Retour photo & carte »", () => {
  it("opens, at the room's address, only the question just revealed, for the room's owner and the admin", GAME, async () => {
    const l = await launch({ owner, quiz });
    const pres = await presenter(l);
    const phone = await join(l.room);
    const page = `/salle/${l.room}/question`;

    // Nothing revealed yet.
    let res = await get(page, l.cookie);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Aucune question n&#x27;a encore été révélée dans cette salle.");

    pres.start();
    await pres.next("pres_startGame_callback");
    await advance(l.room, STARTING_MS);
    await reveal(pres, phone, 0);
    res = await get(page, l.cookie);
    expect(res.status).toBe(200);
    let html = await res.text();
    expect(html).not.toContain(quiz.uniqueName);
    expect(leaked(html, 0).length).toBeGreaterThan(0);
    expect(html).toContain(`/api/salle/${l.room}/photos/${files[0]}`);
    expect(html).toContain("Question 1 sur 3");
    expect(html).toContain("Retour au classement");
    expect(leaked(html, 1)).toEqual([]);
    expect(leaked(html, 2)).toEqual([]);

    // The next question is open: the page still shows the one just revealed, never the open one.
    pres.nextQuestion();
    await phone.find("player_newQuestion", (m) => m.questionIndex === 1);
    html = await (await get(page, l.cookie)).text();
    expect(leaked(html, 1)).toEqual([]);
    await reveal(pres, phone, 1);
    html = await (await get(page, l.cookie)).text();
    expect(leaked(html, 1).length).toBeGreaterThan(0);
    expect(leaked(html, 0)).toEqual([]);

    // The admin too; nobody else.
    expect((await get(page, await app.cookieFor(await app.admin()))).status).toBe(200);
    expect((await get(page)).status).toBe(401);
    expect((await get(page, await cookieOf(await make.mj()))).status).toBe(404);
    expect((await get("/salle/999999/question", l.cookie)).status).toBe(404);

    pres.close();
    phone.close();
    await closeRoom(l);
  });
});
