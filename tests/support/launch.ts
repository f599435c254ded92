/**
 * The one way tests launch a room: through the app, like a presenter (POST /api/game/launch
 * runs the same checks and registry as the presenter page), for an MJ and a quiz made by the
 * factory unless given.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Locale } from "@common/i18n/locales";
import type { LatLng } from "@common/wire/protocol";
import { gameAnswers, games, type Game, type GameAnswer } from "@db/schema";
import { postJson, type Kit } from "./app";
import { PARIS_SPOTS, type QuizSpec, type TestAccount, type TestQuiz } from "./factory";
import { seatPhones, TestPhone, TestPresenter, type ClientOptions } from "./room-sockets";

/** The launch form's fields, as /api/game/launch takes them. */
export interface LaunchSettings {
  mode?: "player" | "team";
  icon?: "random" | "defined";
  /** Seconds to answer. */
  time?: number;
  help_zone?: number | "non";
  max_player?: number;
  max_team?: number;
  /** « Photo sur les téléphones »: "oui" (absent: off). */
  photo_phones?: "oui";
  /** « Langue de la soirée »: the big screen's language (absent: the request's, French here). */
  lang?: Locale;
}

export interface LaunchOptions extends LaunchSettings {
  /** Who launches (an MJ made for the occasion by default). */
  owner?: TestAccount;
  /** Which quiz (made for the occasion from `spots` or `quizSpec` by default). */
  quiz?: TestQuiz;
  spots?: readonly LatLng[];
  quizSpec?: QuizSpec;
}

export interface LaunchedRoom {
  room: string;
  /** The presenter token. */
  token: string;
  owner: TestAccount;
  quiz: TestQuiz;
  /** The questions' true spots, in order. */
  spots: LatLng[];
  /** The owner's session cookie. */
  cookie: string;
}

/** Launches a room; refusals throw with the app's status and message. */
export async function launchRoom(kit: Kit, options: LaunchOptions = {}): Promise<LaunchedRoom> {
  const { owner: givenOwner, quiz: givenQuiz, spots, quizSpec, ...settings } = options;
  const owner = givenOwner ?? (await kit.make.mj());
  const quiz =
    givenQuiz ??
    (await kit.make.quiz(owner, {
      ...quizSpec,
      questions: quizSpec?.questions ?? (spots ?? PARIS_SPOTS).map((s) => ({ lat: s.lat, lng: s.lng })),
    }));
  const cookie = await kit.app.cookieFor(owner);
  const res = await postJson(kit.app, "/api/game/launch", { quiz: quiz.uniqueName, time: 15, ...settings }, cookie);
  if (res.status !== 201) throw new Error(`lancement refusé : ${res.status} ${await res.text()}`);
  const { roomNumber, token } = (await res.json()) as { roomNumber: string; token: string };
  return { room: roomNumber, token, owner, quiz, spots: quiz.questions.map((q) => ({ lat: q.lat, lng: q.lng })), cookie };
}

/** The room's row in the games registry (its latest game). */
export async function gameOf(kit: Kit, l: LaunchedRoom): Promise<Game | undefined> {
  const [row] = await kit.app.db
    .select()
    .from(games)
    .where(and(eq(games.roomNumber, l.room), eq(games.ownerId, l.owner.id)))
    .orderBy(desc(games.createdAt))
    .limit(1);
  return row;
}

/** The answers the room wrote to the game's history (one row per player and question answered). */
export async function answersOf(kit: Kit, l: LaunchedRoom): Promise<GameAnswer[]> {
  const game = await gameOf(kit, l);
  if (!game) return [];
  return kit.app.db.select().from(gameAnswers).where(eq(gameAnswers.gameId, game.id));
}

/**
 * Plays a whole round from the lobby: the presenter starts it, each phone answers each question
 * at its spot, the presenter turns to the next question after each reveal. Messages are taken
 * (next), so the following round's questions are waited for afresh. Returns the presenter's end.
 */
export async function playRound(
  pres: TestPresenter,
  plays: [TestPhone, LatLng[]][],
  /** Skips the 'starting' countdown (workerd moves the room's clock); real time otherwise. */
  skipStarting?: () => Promise<void>,
) {
  pres.start();
  await pres.next("pres_startGame_callback");
  if (skipStarting) await skipStarting();
  const questions = plays[0]![1].length;
  for (let q = 0; q < questions; q++) {
    for (const [phone, spots] of plays) {
      await phone.next("player_newQuestion", (m) => m.questionIndex === q);
      phone.answer(q, spots[q]!);
    }
    await pres.next("pres_results", (m) => m.questionIndex === q);
    pres.nextQuestion();
  }
  return pres.next("pres_endGame");
}

/**
 * The presenter page's end-of-round buttons, as its form posts them at the room's address:
 * « Rejouer » (intent replay) or « Autre quiz » (intent round, with a quiz as the page names it
 * and launch options). Returns the status and where the page goes next.
 */
export async function postRound(kit: Kit, l: LaunchedRoom, fields: Record<string, string>, cookie = l.cookie) {
  const res = await kit.app.fetch(`/mj/salle/${l.room}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: kit.app.origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ room: l.room, ...fields }).toString(),
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("Location"), text: res.status >= 400 ? await res.text() : "" };
}

/** 'Nouvelle partie': the room ends, phones are told 'ended'. */
export async function closeRoom(kit: Kit, l: Pick<LaunchedRoom, "room" | "cookie">) {
  const res = await kit.app.fetch(`/api/game/${l.room}/close`, { method: "POST", headers: { Cookie: l.cookie, Origin: kit.app.origin } });
  if (!res.ok) throw new Error(`fermeture refusée : ${res.status} ${await res.text()}`);
}

/** The full ranking the owner can fetch. */
export async function fetchRanking(kit: Kit, l: LaunchedRoom) {
  const res = await kit.app.fetch(`/api/game/${l.room}/ranking`, { headers: { Cookie: l.cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The launched room's presenter, its screen received. */
async function presenterOf(kit: Kit, l: Pick<LaunchedRoom, "room" | "token">, options: ClientOptions = {}) {
  const pres = new TestPresenter(kit.app.sockets, l.room, { token: l.token, ...options });
  await pres.next("pres_newRoom_callback");
  return pres;
}

/** A phone that says hello (with `token`, to resume a seat) and waits for its seat. */
async function joinRoom(kit: Kit, room: string, options: ClientOptions = {}) {
  return new TestPhone(kit.app.sockets, room, options).seated();
}

/** A socket to the room that says nothing until the test does (no automatic hello, no retry). */
async function connectRoom(kit: Kit, room: string, options: ClientOptions = {}) {
  const phone = new TestPhone(kit.app.sockets, room, { hello: false, reconnect: false, ...options });
  await phone.open();
  return phone;
}

/** The room helpers bound to one app (workers.ts, e2e.ts). */
export function roomsOf(kit: Kit) {
  return {
    launch: (options: LaunchOptions = {}) => launchRoom(kit, options),
    presenter: (l: Pick<LaunchedRoom, "room" | "token">, options?: ClientOptions) => presenterOf(kit, l, options),
    join: (room: string, options?: ClientOptions) => joinRoom(kit, room, options),
    /** A phone that has not said hello yet (it will, on open, unless `hello: false`). */
    phone: (room: string, options?: ClientOptions) => new TestPhone(kit.app.sockets, room, options),
    seatPhones: (room: string, n: number, options?: ClientOptions) => seatPhones(kit.app.sockets, room, n, options),
    connect: (room: string, options?: ClientOptions) => connectRoom(kit, room, options),
    gameOf: (l: LaunchedRoom) => gameOf(kit, l),
    answersOf: (l: LaunchedRoom) => answersOf(kit, l),
    closeRoom: (l: LaunchedRoom) => closeRoom(kit, l),
    postRound: (l: LaunchedRoom, fields: Record<string, string>, cookie?: string) => postRound(kit, l, fields, cookie),
    fetchRanking: (l: LaunchedRoom) => fetchRanking(kit, l),
  };
}
