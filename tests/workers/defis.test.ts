import { env, SELF } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, defiPlayers, defis, gameAnswers, gamePlayers, games } from "@db/schema";
import type { DefiAdmin, DefiJoined, DefiLeaderboard, DefiOpened, DefiQuestionResults, DefiReveal, DefiState } from "@common/contracts/defi/types";
import { buildTargetSettings, DEFAULT_RING_POINTS, DEFI_JOINS_PER_ADDRESS, DEFI_MSG, defiSeat, ROUND_TRIP_MAX_MS } from "@common/rules";
import { haversineMeters } from "@common/rules/geo";
import { scoreAnswer } from "@common/rules/scoring";
import { createDefi } from "~/server/defi/defi-create.server";
import { defiLeaderboard } from "~/server/defi/defi-leaderboard.server";
import { answerDefiQuestion, openDefiQuestion } from "~/server/defi/defi-play.server";
import { joinDefi } from "~/server/defi/defi-join.server";
import { liveGameCount } from "~/server/rooms/rooms.server";
import type { TestAccount } from "../support/factory";
import { cookieOf, db, get, make, png, postJson, refusal } from "../support/workers";
import { gameReport, playedGamesPage } from "~/server/history/history.server";
import { translator } from "~/server/i18n/i18n.server";

const SPOTS = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 48.8606, lng: 2.3376 },
  { lat: 48.853, lng: 2.3499 },
] as const;
const HOUR = 3_600_000;
/** What a French reader gets: the refusals of requests without a language. */
const fr = translator("fr");
/** 150 m north of a spot: inside the 200 m ring only. */
const north = (s: { lat: number; lng: number }, m: number) => ({ lat: s.lat + m / 111_195, lng: s.lng });

/** A finished quiz of three real photos, owned by `owner` (a new MJ unless given). */
async function photoQuiz(owner?: TestAccount) {
  const mj = owner ?? (await make.mj());
  const keys: string[] = [];
  for (let i = 0; i < SPOTS.length; i++) keys.push(await make.photo(new Uint8Array(await png(100 + i).arrayBuffer())));
  const quiz = await make.quiz(mj, { questions: SPOTS.map((s, i) => ({ ...s, photo: keys[i]! })) });
  return { mj, quiz, keys, cookie: await cookieOf(mj) };
}

type Created = { gameId: string; code: string; path: string; deadline: number };

async function create(cookie: string, body: Record<string, unknown>) {
  return postJson("/api/defis/new", { deadline: Date.now() + 2 * HOUR, answerTimeSec: 30, helpZoneM: 500, nameMode: "pseudo", ...body }, cookie);
}

async function newDefi(
  options: { nameMode?: "free" | "pseudo"; owner?: TestAccount; reveal?: "end" | "each"; boardHidden?: boolean; adapted?: Record<string, unknown> } = {},
) {
  const q = await photoQuiz(options.owner);
  const res = await create(q.cookie, {
    quiz: q.quiz.uniqueName,
    nameMode: options.nameMode ?? "pseudo",
    ...(options.reveal ? { reveal: options.reveal } : {}),
    ...(options.boardHidden ? { boardHidden: true } : {}),
    ...(options.adapted ? { adapted: options.adapted } : {}),
  });
  expect(res.status).toBe(201);
  return { ...q, defi: (await res.json()) as Created };
}

/** A POST as a phone sends it, from network address `ip` when given (`CF-Connecting-IP`). */
function postFrom(path: string, body: unknown, cookie: string | undefined, ip: string | undefined) {
  if (!ip) return postJson(path, body, cookie);
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: {
      "Content-Type": "application/json",
      Host: "localhost",
      Origin: "http://localhost",
      "CF-Connecting-IP": ip,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

/** A phone: its own cookie jar of one cookie, the défi's device cookie once it has joined. */
function phoneOf(code: string, ip?: string) {
  let device = "";
  const api = (path: string) => `/api/defi/${code}/${path}`;
  return {
    get device() {
      return device;
    },
    /** The device's token itself (the cookie's value), as the server functions take it. */
    get token() {
      return device.split("=")[1]!;
    },
    async join(name?: string, adapted?: boolean) {
      const body = { ...(name === undefined ? {} : { name }), ...(adapted === undefined ? {} : { adapted }) };
      const res = await postFrom(api("join"), body, device || undefined, ip);
      const set = res.headers.get("Set-Cookie");
      if (set) device = set.split(";")[0]!;
      return res;
    },
    open: () => postFrom(api("open"), {}, device || undefined, ip),
    answer: (question: number, at: { lat: number; lng: number }) => postFrom(api("answer"), { question, ...at }, device || undefined, ip),
    state: () => get(api("state"), device || undefined),
    ranking: () => get(api("ranking"), device || undefined),
    answers: (n: number) => get(api(`answers/${n}`), device || undefined),
  };
}

/** « Commencer » at `now` through the server function: the device's token; its first question opens then. */
const joinAt = async (code: string, now: number) => (await joinDefi(db(), null, { code, address: "192.0.2.1" }, now)).device!;

/** A new défi, one phone joined, its first question opened now through the server function. */
async function openedFirstQuestion(reveal: "end" | "each" = "end") {
  const { defi } = await newDefi({ reveal });
  const t0 = Date.now();
  return { defi, device: await joinAt(defi.code, t0), t0 };
}

const json = async <T>(res: Response) => (await res.json()) as T;
const gameRow = async (id: string) => (await db().select().from(games).where(eq(games.id, id)))[0]!;
const playerRows = (gameId: string) => db().select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));

describe("creating a défi", () => {
  it("gives an unguessable link, stores one game without a room number and spends one of the MJ's games", async () => {
    const mj = await make.mj({ gamesLeft: 2 });
    const rooms = await liveGameCount(db());
    const { defi, quiz } = await newDefi({ owner: mj });
    expect(defi.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(defi.path).toBe(`/defi/${defi.code}`);
    const game = await gameRow(defi.gameId);
    expect(game).toMatchObject({ kind: "defi", status: "live", quizUniqueName: quiz.uniqueName, playersCount: 0 });
    expect(game.roomNumber).toBe(`defi:${defi.gameId}`);
    expect(game.startedAt).not.toBeNull();
    expect(game.settings).toMatchObject({ answerTimeSec: 30, helpZoneM: 500, ringPoints: DEFAULT_RING_POINTS });
    const [account] = await db().select().from(accounts).where(eq(accounts.id, mj.id));
    expect(account!.gamesLeft).toBe(1);
    // Not a live room: 'Redémarrer' and the room check never see it.
    expect(await liveGameCount(db())).toBe(rooms);
    expect((await get(`/api/game/check/${encodeURIComponent(game.roomNumber)}`)).status).not.toBe(200);
  });

  it("refuses without games left, on an unfinished or someone else's quiz, for an expired MJ, with bad options", async () => {
    const broke = await make.mj({ gamesLeft: 0 });
    const q = await photoQuiz(broke);
    const none = await create(q.cookie, { quiz: q.quiz.uniqueName });
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({ error: "Vous n'avez plus de parties disponibles" });
    expect(await db().select().from(defis).where(eq(defis.code, "x"))).toEqual([]);

    const mine = await photoQuiz();
    const unfinished = await make.quiz(mine.mj, { mapSettings: null });
    expect((await create(mine.cookie, { quiz: unfinished.uniqueName })).status).toBe(409);
    const other = await photoQuiz();
    expect((await create(mine.cookie, { quiz: other.quiz.uniqueName })).status).toBe(404);

    const bad = [
      [{ deadline: Date.now() - 1000 }, fr(DEFI_MSG.deadlinePast)],
      [{ deadline: "demain" }, fr(DEFI_MSG.deadlinePast)],
      [{ answerTimeSec: 31 }, "Temps de réponse invalide"],
      [{ helpZoneM: 123 }, "Zone d'aide invalide"],
      [{ nameMode: "team" }, fr(DEFI_MSG.nameMode)],
    ] as const;
    for (const [body, error] of bad) {
      const res = await create(mine.cookie, { quiz: mine.quiz.uniqueName, ...body });
      expect({ body, status: res.status, json: await res.json() }).toEqual({ body, status: 400, json: { error } });
    }
    const expired = await make.mj({ expired: true });
    const expiredQuiz = await make.quiz(expired);
    const late = await createDefi(db(), expired, {
      quiz: expiredQuiz.uniqueName,
      deadline: Date.now() + HOUR,
      answerTimeSec: 30,
      helpZoneM: null,
      nameMode: "free",
      reveal: "end",
      boardHidden: false,
      adapted: null,
    }).catch((e) => e);
    expect(late.status).toBe(403);
    const anonymous = await postJson("/api/defis/new", { quiz: mine.quiz.uniqueName });
    expect(anonymous.status).toBe(401);
  });
});

describe("playing a défi", () => {
  it("opens a question on the server's clock, serves its photo only at the opening's address, and tells the ring and points after the answer", async () => {
    const { defi, keys } = await newDefi();
    const phone = phoneOf(defi.code);
    const joined = await phone.join();
    expect(joined.status).toBe(200);
    const cookie = joined.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toContain(`Path=/api/defi/${defi.code}`);
    // « Commencer » opens the first question with the join.
    const { me, defi: info, question } = await json<DefiJoined>(joined);
    expect(me!.name).toMatch(/^[A-ZÉ][a-zè]+ [a-z]+$/);
    expect(me!.questionOpen).toBe(true);
    expect(question).toMatchObject({ index: 0, remainingMs: 30_000 });
    expect(JSON.stringify({ info, question })).not.toContain(String(SPOTS[0].lat));
    const photo = await get(question!.photoUrl);
    expect(photo.status).toBe(200);
    const original = await env.BUCKET.get(keys[0]!);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(new Uint8Array(await original!.arrayBuffer()));

    // The same device coming back gets the same question, still running, at the same address.
    const again = await json<DefiOpened>(await phone.open());
    expect(again).toMatchObject({ kind: "question", question: { index: 0, photoUrl: question!.photoUrl } });
    expect(JSON.stringify(again)).not.toContain(String(SPOTS[0].lat));

    const res = await phone.answer(0, north(SPOTS[0], 150));
    expect(res.status).toBe(200);
    const reveal = await json<DefiReveal>(res);
    expect(reveal).toMatchObject({ index: 0, spot: null, title: null, distanceM: null, ring: 1, remaining: 2 });
    expect(reveal.points).toBeGreaterThan(2);
    expect(reveal.total).toBe(reveal.points);
    // The opening's address died with the answer.
    expect((await get(question!.photoUrl)).status).toBe(404);
  });

  it("scores exactly as a live game, with the time measured from the stored opening", async () => {
    const { defi, device, t0 } = await openedFirstQuestion();
    const at = north(SPOTS[0], 40);
    const reveal = await answerDefiQuestion(db(), device, { code: defi.code, question: 0, ...at }, t0 + 12_345);
    const expected = scoreAnswer(haversineMeters(SPOTS[0], at), 12_345, 30_000, 5, buildTargetSettings(DEFAULT_RING_POINTS));
    expect(reveal).toMatchObject({ ring: expected.ring, points: expected.points, timeMs: 12_345 });
    const [answer] = await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId));
    expect(answer).toMatchObject({ question: 0, timeMs: 12_345, ring: 3, points: expected.points, distanceM: 40 });
    const [row] = await playerRows(defi.gameId);
    expect(row).toMatchObject({ points: expected.points, timeMs: 12_345 });
  });

  it("reveals a question's title from a défi stored when the snapshot said `titre` (practice défi)", async () => {
    const { defi } = await newDefi({ reveal: "each" });
    const row = await gameRow(defi.gameId);
    const stored = row.quizSnapshot as { quiz: { questions: Record<string, unknown>[] } };
    const questions = stored.quiz.questions.map(({ title: _title, ...q }, i) => ({ ...q, titre: i === 0 ? "La tour de fer" : "" }));
    await db().update(games).set({ quizSnapshot: { ...stored, quiz: { ...stored.quiz, questions } } }).where(eq(games.id, defi.gameId));
    const phone = phoneOf(defi.code);
    await phone.join();
    const t0 = Date.now();
    await openDefiQuestion(db(), phone.token, { code: defi.code }, t0);
    const reveal = await answerDefiQuestion(db(), phone.token, { code: defi.code, question: 0, ...SPOTS[0] }, t0 + 1_000);
    expect(reveal.title).toBe("La tour de fer");
  });

  it("tells a défi from a deleted one whose code it was given: its own quiz, settings and photos", async () => {
    const older = await newDefi();
    const newer = await newDefi();
    // The newer défi's first photo differs from the older's, and so does its time.
    const photoKey = await make.photo(new Uint8Array(await png(200).arrayBuffer()));
    const stored = (await gameRow(newer.defi.gameId)).quizSnapshot as { quiz: { questions: { imageUrl: string }[] } };
    const questions = stored.quiz.questions.map((q, i) => (i === 0 ? { ...q, imageUrl: q.imageUrl.replace(/[^/]+$/, photoKey.split("/")[1]!) } : q));
    await db()
      .update(games)
      .set({ quizSnapshot: { ...stored, quiz: { ...stored.quiz, questions } }, settings: sql`json_set(${games.settings}, '$.answerTimeSec', 90)` })
      .where(eq(games.id, newer.defi.gameId));
    const info = async (code: string) => (await json<DefiState>(await get(`/api/defi/${code}/state`))).defi;
    // Both read once: the Worker keeps what never changes of each.
    expect(await info(older.defi.code)).toMatchObject({ quizName: older.quiz.name, answerTimeSec: 30 });
    expect(await info(newer.defi.code)).toMatchObject({ quizName: newer.quiz.name, answerTimeSec: 90 });
    await db().delete(defis).where(eq(defis.gameId, older.defi.gameId));
    await db().update(defis).set({ code: older.defi.code }).where(eq(defis.gameId, newer.defi.gameId));
    expect(await info(older.defi.code)).toMatchObject({ quizName: newer.quiz.name, answerTimeSec: 90 });
    const phone = phoneOf(older.defi.code);
    await phone.join();
    const opened = await json<DefiOpened>(await phone.open());
    if (opened.kind !== "question") throw new Error(opened.kind);
    expect(opened.question.remainingMs).toBeGreaterThan(60_000);
    const photo = await get(opened.question.photoUrl!, phone.device);
    expect(photo.status).toBe(200);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(new Uint8Array(await png(200).arrayBuffer()));
  });

  it("counts a question left open past its time as missed: 0 points, the whole time, the spot shown in a practice défi", async () => {
    const { defi, device, t0 } = await openedFirstQuestion("each");
    const late = await refusal(answerDefiQuestion(db(), device, { code: defi.code, question: 0, ...SPOTS[0] }, t0 + 30_000));
    expect(late).toEqual({ status: 409, error: fr(DEFI_MSG.late) });
    const back = await openDefiQuestion(db(), device, { code: defi.code }, t0 + 45_000);
    expect(back).toMatchObject({ kind: "missed", reveal: { index: 0, spot: SPOTS[0], answer: null, points: 0, remaining: 2 } });
    const [row] = await playerRows(defi.gameId);
    expect(row).toMatchObject({ points: 0, timeMs: 30_000 });
    expect(await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId))).toEqual([]);
    const next = await openDefiQuestion(db(), device, { code: defi.code }, t0 + 46_000);
    expect(next).toMatchObject({ kind: "question", question: { index: 1, remainingMs: 30_000 } });
  });

  it("resumes the device's player: one device, one attempt", async () => {
    const { defi } = await newDefi({ nameMode: "free" });
    const phone = phoneOf(defi.code);
    const first = await json<DefiState>(await phone.join("Zoé"));
    await phone.open();
    const second = await phone.join("Quelqu'un d'autre");
    expect(second.headers.get("Set-Cookie")).toBeNull();
    expect((await json<DefiState>(second)).me).toMatchObject({ playerNo: first.me!.playerNo, name: "Zoé", questionOpen: true });
    expect((await json<DefiState>(await phone.state())).me).toMatchObject({ name: "Zoé", question: 0, questionOpen: true });
    expect(await playerRows(defi.gameId)).toHaveLength(1);
    expect((await gameRow(defi.gameId)).playersCount).toBe(1);
  });

  it("takes free names by the rule, unique without case or accents", async () => {
    const { defi } = await newDefi({ nameMode: "free" });
    expect((await json<DefiState>(await phoneOf(defi.code).join("  Élodie  L’Huillier "))).me!.name).toBe("Élodie L'Huillier");
    const taken = await phoneOf(defi.code).join("elodie l'huillier");
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: fr(DEFI_MSG.nameTaken) });
    for (const [name, error] of [["A", fr(DEFI_MSG.nameLength)], ["<b>Bob</b>", fr(DEFI_MSG.nameChars)], [undefined, fr(DEFI_MSG.nameLength)]] as const) {
      const res = await phoneOf(defi.code).join(name);
      expect({ name, status: res.status, body: await res.json() }).toEqual({ name, status: 400, body: { error } });
    }
    expect(await playerRows(defi.gameId)).toHaveLength(1);
  });

  it("numbers colour and fruit pseudos once every pair is taken, as live rooms do", async () => {
    const { defi } = await newDefi();
    const names: string[] = [];
    for (let i = 0; i < 56; i++) names.push((await json<DefiState>(await phoneOf(defi.code).join())).me!.name);
    expect(new Set(names).size).toBe(56);
    expect(names.slice(0, 54).every((n) => !/\d$/.test(n))).toBe(true);
    expect(names[54]).toBe(`${names[0]} 2`);
  });
});

describe("what a défi refuses, tried as an attack", () => {
  it("reads a question's photo from R2 once: the next players get the same bytes and headers from the Worker's memory", async () => {
    const { defi, keys } = await newDefi();
    const photoOf = async () => {
      const phone = phoneOf(defi.code);
      await phone.join();
      const opened = await json<DefiOpened>(await phone.open());
      if (opened.kind !== "question") throw new Error(opened.kind);
      return opened.question.photoUrl!;
    };
    const first = await get(await photoOf());
    const bytes = new Uint8Array(await first.arrayBuffer());
    const etag = first.headers.get("ETag")!;
    // Gone from R2 (as if R2 were unreachable): the Worker still has it.
    await env.BUCKET.delete(keys);
    const url = await photoOf();
    const second = await get(url);
    expect(second.status).toBe(200);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
    for (const h of ["Content-Type", "ETag", "Cache-Control", "X-Content-Type-Options"]) expect(second.headers.get(h)).toBe(first.headers.get(h));
    const cached = await SELF.fetch(`https://example.com${url}`, { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);
  });

  it("never gives a question's photo or spot before that player opens it", async () => {
    const { defi, quiz, keys } = await newDefi();
    const phone = phoneOf(defi.code);
    await phone.join();
    const opened = await json<DefiOpened>(await phone.open());
    if (opened.kind !== "question") throw new Error(opened.kind);
    const token = opened.question.photoUrl!.split("/").pop()!;
    const file = (k: string) => k.split("/").pop()!;
    // The quiz's own public photo address, even guessed with its unique name: not while the défi is open.
    for (const key of keys) expect((await get(`/api/quizz/images/src/${quiz.uniqueName}/${file(key)}`)).status).toBe(404);
    const watch = await get(`/watch?quiz=${quiz.uniqueName}`);
    expect(await watch.text()).not.toContain(file(keys[1]!));
    // Another défi's code with this token, a made-up token, a token of the right shape: 404.
    const other = await newDefi();
    expect((await get(`/api/defi/${other.defi.code}/photo/${token}`)).status).toBe(404);
    expect((await get(`/api/defi/${defi.code}/photo/${"A".repeat(32)}`)).status).toBe(404);
    expect((await get(`/api/defi/${defi.code}/photo/../../quizz/images`)).status).toBe(404);
    // An answer to a question not opened (the next one) and from a device that has no player.
    const future = await phone.answer(1, SPOTS[1]);
    expect(future.status).toBe(409);
    expect(await future.json()).toEqual({ error: fr(DEFI_MSG.notOpened) });
    const stranger = await postJson(`/api/defi/${defi.code}/answer`, { question: 0, ...SPOTS[0] });
    expect(stranger.status).toBe(403);
    const forged = await postJson(`/api/defi/${defi.code}/answer`, { question: 0, ...SPOTS[0] }, `repere_defi=${"B".repeat(43)}`);
    expect(forged.status).toBe(403);
    const nobody = await postJson(`/api/defi/${defi.code}/open`, {});
    expect(nobody.status).toBe(403);
    // Nothing was stored by the refused answers.
    expect(await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId))).toEqual([]);
  });

  it("refuses a second answer, a replayed one, bad coordinates and unknown codes", async () => {
    const { defi } = await newDefi();
    const phone = phoneOf(defi.code);
    await phone.join();
    await phone.open();
    expect((await phone.answer(0, { lat: 91, lng: 0 })).status).toBe(400);
    expect((await postJson(`/api/defi/${defi.code}/answer`, { question: "0", lat: 1, lng: 1 }, phone.device)).status).toBe(400);
    const [first, replay] = await Promise.all([phone.answer(0, SPOTS[0]), phone.answer(0, north(SPOTS[0], 10))]);
    expect([first.status, replay.status].sort()).toEqual([200, 409]);
    const again = await phone.answer(0, SPOTS[0]);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: fr(DEFI_MSG.answered) });
    expect(await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId))).toHaveLength(1);
    expect((await playerRows(defi.gameId))[0]!.points).toBeGreaterThan(0);
    for (const code of ["short", "A".repeat(16), "%27%20OR%201%3D1%20--%20xxxx"]) {
      expect((await get(`/api/defi/${code}/state`)).status).toBe(404);
      expect((await get(`/defi/${code}`)).status).toBe(404);
    }
  });

  it("shows names, totals and ranks on the leaderboard, never a spot or an answer", async () => {
    const { defi } = await newDefi();
    const phone = phoneOf(defi.code);
    await phone.join();
    await phone.open();
    await phone.answer(0, north(SPOTS[0], 30));
    const text = await (await phone.ranking()).text();
    for (const value of [SPOTS[0].lat, north(SPOTS[0], 30).lat]) expect(text).not.toContain(String(value).slice(0, 6));
    const board = JSON.parse(text) as DefiLeaderboard;
    expect(Object.keys(board.lines[0]!).sort()).toEqual(["adapted", "marker", "me", "name", "played", "points", "rank"]);
    // Another device reads it without its own line.
    const stranger = await json<DefiLeaderboard>(await get(`/api/defi/${defi.code}/ranking`));
    expect(stranger.lines[0]!.me).toBe(false);
    expect(stranger.own).toBeNull();
  });
});

describe("the leaderboard and the deadline", () => {
  it("ranks by total, then the lower cumulated time, exact ties sharing a rank, and adds the reader's own line", async () => {
    const { defi } = await newDefi();
    const t0 = Date.now();
    const plan = [
      { ms: [5_000, 5_000], m: [10, 10] },
      { ms: [5_000, 5_000], m: [10, 10] },
      { ms: [2_000, 9_000], m: [10, 10] },
      { ms: [1_000, 1_000], m: [5_000, 5_000] },
      { ms: [3_000, 3_000], m: [150, 150] },
    ];
    const devices: string[] = [];
    for (const p of plan) {
      const device = await joinAt(defi.code, t0);
      devices.push(device);
      for (let q = 0; q < 2; q++) {
        await openDefiQuestion(db(), device, { code: defi.code }, t0);
        await answerDefiQuestion(db(), device, { code: defi.code, question: q, ...north(SPOTS[q]!, p.m[q]!) }, t0 + p.ms[q]!);
      }
    }
    const answers = await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId));
    const sums = new Map<number, { points: number; time: number }>();
    for (const a of answers) {
      const s = sums.get(a.playerNo) ?? { points: 0, time: 0 };
      sums.set(a.playerNo, { points: s.points + a.points, time: s.time + a.timeMs });
    }
    const independent = [...sums.entries()].sort((a, b) => b[1].points - a[1].points || a[1].time - b[1].time || a[0] - b[0]);
    const board = await defiLeaderboard(db(), devices[3]!, { code: defi.code }, t0 + 20_000);
    const names = new Map((await playerRows(defi.gameId)).map((p) => [p.playerNo, p.pseudo]));
    expect(board.lines.map((l) => l.name)).toEqual(independent.map(([no]) => names.get(no)));
    expect(board.lines.map((l) => l.rank)).toEqual([1, 1, 3, 4, 5]);
    expect(board.lines.find((l) => l.me)?.points).toBe(0);
    expect(board.playersCount).toBe(5);
    expect(board.open).toBe(true);
  });

  it("after the deadline: « Défi terminé », ranks written, the game over in the history", async () => {
    const { defi, mj } = await newDefi();
    const phone = phoneOf(defi.code);
    await phone.join();
    await phone.open();
    await phone.answer(0, SPOTS[0]);
    const ended = await postJson(`/api/defis/${defi.gameId}`, { action: "end" }, await cookieOf(mj));
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ open: false, players: [{ playerNo: 1 }] });
    const game = await gameRow(defi.gameId);
    expect(game).toMatchObject({ status: "over", playersCount: 1 });
    expect(game.winner).toBeTruthy();
    expect((await playerRows(defi.gameId))[0]!.rank).toBe(1);
    const late = await phoneOf(defi.code).join();
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: "Défi terminé" });
    expect((await phone.open()).status).toBe(409);
    expect((await json<DefiLeaderboard>(await phone.ranking())).open).toBe(false);
    const page = await get(`/defi/${defi.code}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Défi terminé");
  });

  it("ends by itself at its deadline, on the first read after it", async () => {
    const { defi } = await newDefi();
    await phoneOf(defi.code).join();
    await db().update(defis).set({ deadline: Date.now() - 1 }).where(eq(defis.gameId, defi.gameId));
    expect((await gameRow(defi.gameId)).status).toBe("live");
    const board = await json<DefiLeaderboard>(await get(`/api/defi/${defi.code}/ranking`));
    expect(board.open).toBe(false);
    expect((await gameRow(defi.gameId)).status).toBe("over");
  });
});

describe("the MJ's actions", () => {
  it("moves the deadline, renames and removes a player's line, for the owner and the admin only", async () => {
    const { defi, mj } = await newDefi({ nameMode: "free" });
    const owner = await cookieOf(mj);
    const a = phoneOf(defi.code);
    const b = phoneOf(defi.code);
    await a.join("Alice");
    await b.join("Bruno");
    await b.open();
    await b.answer(0, SPOTS[0]);
    const manage = (body: unknown, cookie = owner) => postJson(`/api/defis/${defi.gameId}`, body, cookie);

    const stranger = await cookieOf(await make.mj());
    for (const body of [{ action: "end" }, { action: "remove", playerNo: 1 }]) {
      const refused = await manage(body, stranger);
      expect(refused.status).toBe(404);
    }
    expect((await manage({ action: "what" })).status).toBe(400);

    const later = Date.now() + 48 * HOUR;
    expect(await json(await manage({ action: "deadline", deadline: later }))).toMatchObject({ deadline: later, open: true });
    expect((await manage({ action: "deadline", deadline: Date.now() - HOUR })).status).toBe(400);

    const taken = await manage({ action: "rename", playerNo: 1, name: "BRUNO" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: fr(DEFI_MSG.nameTaken) });
    expect((await manage({ action: "rename", playerNo: 1, name: "x" })).status).toBe(400);
    expect((await manage({ action: "rename", playerNo: 99, name: "Xavier" })).status).toBe(404);
    const renamed = await json<{ players: { name: string }[] }>(await manage({ action: "rename", playerNo: 1, name: "Alice Dupont" }));
    expect(renamed.players.map((p) => p.name).sort()).toEqual(["Alice Dupont", "Bruno"]);
    // The old name is free again; the device keeps its player under the new name.
    expect((await json<DefiState>(await a.state())).me!.name).toBe("Alice Dupont");

    const removed = await json<{ players: { name: string }[] }>(await manage({ action: "remove", playerNo: 2 }));
    expect(removed.players.map((p) => p.name)).toEqual(["Alice Dupont"]);
    expect(await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId))).toEqual([]);
    expect(await db().select().from(defiPlayers).where(and(eq(defiPlayers.gameId, defi.gameId), eq(defiPlayers.playerNo, 2)))).toEqual([]);
    expect((await gameRow(defi.gameId)).playersCount).toBe(1);
    // A removed device starts again from nothing.
    expect((await b.state()).status).toBe(200);
    expect((await json<DefiState>(await b.state())).me).toBeNull();

    const admin = await make.account({ role: "admin" });
    expect((await postJson(`/api/defis/${defi.gameId}`, { action: "end" }, await cookieOf(admin))).status).toBe(200);
    expect((await gameRow(defi.gameId)).status).toBe("over");
    // Moving the deadline of an ended défi reopens it.
    expect(await json(await manage({ action: "deadline", deadline: later }))).toMatchObject({ open: true, deadline: later });
  }, 30_000);
});

describe("the MJ against scripted lines", () => {
  it("sees the lines that look scripted and removes them in bulk, as a ban of their devices and networks", async () => {
    const { defi, mj } = await newDefi();
    const owner = await cookieOf(mj);
    const manage = (body: unknown) => postJson(`/api/defis/${defi.gameId}`, body, owner);
    // A script: 10 lines from one network, each answering the first question on the spot at once.
    const bots = Array.from({ length: 10 }, () => phoneOf(defi.code, "203.0.113.66"));
    for (const bot of bots) {
      await bot.join();
      await bot.open();
      await bot.answer(0, SPOTS[0]);
    }
    // Two people from their own networks; one came later.
    const alice = phoneOf(defi.code, "198.51.100.10");
    await alice.join();
    await alice.open();
    await alice.answer(0, north(SPOTS[0], 400));
    const view = await json<DefiAdmin>(await manage({ action: "deadline", deadline: Date.now() + 3 * HOUR }));
    const botLines = view.players.filter((p) => p.flags.length > 0);
    expect(botLines).toHaveLength(10);
    expect(botLines[0]!.flags).toEqual(["network", "fast", "same"]);
    expect(view.players.find((p) => p.flags.length === 0)!.network).not.toBe(botLines[0]!.network);

    const removed = await json<DefiAdmin>(await manage({ action: "removeFlag", flag: "fast" }));
    expect(removed.players).toHaveLength(1);
    expect(removed.bans).toBe(11);
    expect(await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId))).toHaveLength(1);
    expect((await gameRow(defi.gameId)).playersCount).toBe(1);
    // Neither the same device nor a new one from the same network may join again.
    const again = await bots[0]!.join();
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ error: fr(DEFI_MSG.banned) });
    expect((await phoneOf(defi.code, "203.0.113.66").join()).status).toBe(403);
    expect((await phoneOf(defi.code, "203.0.113.67").join()).status).toBe(200);
    expect((await manage({ action: "removeFlag", flag: "same" })).status).toBe(404);
  });

  it("removes by network and by time range, and a single line with or without its network", async () => {
    const { defi, mj } = await newDefi();
    const manage = async (body: unknown) => json<DefiAdmin>(await postJson(`/api/defis/${defi.gameId}`, body, await cookieOf(mj)));
    const first = phoneOf(defi.code, "192.0.2.1");
    await first.join();
    const t = Date.now();
    const later = [phoneOf(defi.code, "192.0.2.2"), phoneOf(defi.code, "192.0.2.2"), phoneOf(defi.code, "192.0.2.3"), phoneOf(defi.code, "192.0.2.4")];
    for (const p of later) await p.join();
    let view = await manage({ action: "deadline", deadline: Date.now() + 3 * HOUR });
    const network = view.players.find((p) => p.playerNo === 2)!.network;
    view = await manage({ action: "removeNetwork", network });
    expect(view.players.map((p) => p.playerNo)).toEqual([1, 4, 5]);
    view = await manage({ action: "removeTime", from: t, to: Date.now() + 1 });
    expect(view.players.map((p) => p.playerNo)).toEqual([1]);
    expect((await phoneOf(defi.code, "192.0.2.3").join()).status).toBe(403);
    // One line, its device only: its network (a class behind one address) still joins.
    const classmate = phoneOf(defi.code, "192.0.2.1");
    await manage({ action: "remove", playerNo: 1 });
    expect((await first.join()).status).toBe(403);
    expect((await classmate.join()).status).toBe(200);
    // With its network: nobody from it joins again.
    view = await manage({ action: "remove", playerNo: 6, network: true });
    expect(view.players).toEqual([]);
    expect((await phoneOf(defi.code, "192.0.2.1").join()).status).toBe(403);
  });

  it("reopens an ended or expired défi with a new deadline: same link, players and lines", async () => {
    const { defi, mj } = await newDefi();
    const owner = await cookieOf(mj);
    const phone = phoneOf(defi.code);
    await phone.join();
    await phone.open();
    await phone.answer(0, SPOTS[0]);
    await postJson(`/api/defis/${defi.gameId}`, { action: "end" }, owner);
    expect((await playerRows(defi.gameId))[0]!.rank).toBe(1);
    const deadline = Date.now() + 24 * HOUR;
    const reopened = await postJson(`/api/defis/${defi.gameId}`, { action: "deadline", deadline }, owner);
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toMatchObject({ open: true, deadline, players: [{ playerNo: 1, played: 1 }] });
    expect(await gameRow(defi.gameId)).toMatchObject({ status: "live", endedAt: null, winner: null });
    expect((await playerRows(defi.gameId))[0]!.rank).toBeNull();
    // The same device carries on where it was; a new one joins.
    expect((await json<DefiState>(await phone.state())).me).toMatchObject({ question: 1 });
    expect((await json<DefiOpened>(await phone.open())).kind).toBe("question");
    expect((await phoneOf(defi.code).join()).status).toBe(200);
    // Expired by its deadline alone, then reopened.
    await db().update(defis).set({ deadline: Date.now() - 1 }).where(eq(defis.gameId, defi.gameId));
    expect((await phone.ranking()).status).toBe(200);
    expect((await gameRow(defi.gameId)).status).toBe("over");
    expect((await postJson(`/api/defis/${defi.gameId}`, { action: "deadline", deadline }, owner)).status).toBe(200);
    expect((await gameRow(defi.gameId)).status).toBe("live");
  });
});

describe("a défi in the history", () => {
  it("is listed in « Parties jouées » with its deadline, reported with its players and exported as CSV", async () => {
    const { defi, mj } = await newDefi({ nameMode: "free" });
    const phone = phoneOf(defi.code);
    await phone.join("Léa");
    await phone.open();
    await phone.answer(0, north(SPOTS[0], 20));
    const page = await playedGamesPage(db(), mj, "mj", 1, translator("fr"));
    expect(page.rows[0]).toMatchObject({ id: defi.gameId, playersCount: 1, status: "live", defi: { open: true } });
    const report = await gameReport(db(), mj, "mj", defi.gameId, 1, translator("fr"));
    expect(report.defi).toMatchObject({ code: defi.code, open: true, players: [{ name: "Léa", played: 1 }] });
    expect(report.ranking).toMatchObject([{ pseudo: "Léa", rank: 1, answered: 1 }]);
    const csv = await (await get(`/api/history/${defi.gameId}/answers`, await cookieOf(mj))).text();
    expect(csv).toContain("Léa");
    expect((await get(`/api/history/${defi.gameId}/answers`, await cookieOf(await make.mj()))).status).toBe(404);
    await db().update(defis).set({ deadline: Date.now() - 1 }).where(eq(defis.gameId, defi.gameId));
    expect((await playedGamesPage(db(), mj, "mj", 1, translator("fr"))).rows[0]).toMatchObject({ status: "over", defi: { open: false } });
    expect((await gameReport(db(), mj, "mj", defi.gameId, 1, translator("fr"))).game.status).toBe("over");
    expect((await gameRow(defi.gameId)).status).toBe("over");
  });
});

describe("a script filling a défi", () => {
  it("gets at most the cap from a burst of 400 joins sent at once from one address; a class behind another still plays", { timeout: 90_000 }, async () => {
    const { defi } = await newDefi();
    const burst = await Promise.all(Array.from({ length: 400 }, () => phoneOf(defi.code, "203.0.113.7").join()));
    const statuses = burst.map((r) => r.status);
    const joined = statuses.filter((s) => s === 200).length;
    expect(joined).toBeLessThanOrEqual(DEFI_JOINS_PER_ADDRESS);
    expect(joined).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const refused = burst.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ error: "Trop de tentatives, réessayez dans quelques minutes" });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await playerRows(defi.gameId)).toHaveLength(joined);
    expect((await gameRow(defi.gameId)).playersCount).toBe(joined);
    // A refused join takes no number: the players are numbered 1..joined, with no gap.
    const numbers = (await playerRows(defi.gameId)).map((p) => p.playerNo).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: joined }, (_, i) => i + 1));
    // A class of 40 behind its school's address, all at once.
    const school = await Promise.all(Array.from({ length: 40 }, () => phoneOf(defi.code, "198.51.100.1").join()));
    expect(school.map((r) => r.status)).toEqual(Array(40).fill(200));
    // Every player has the seat of their number, as the phone was told, whichever join read the
    // défi before the others had taken theirs.
    const [{ seed }] = await db().select({ seed: defis.seed }).from(defis).where(eq(defis.gameId, defi.gameId));
    const rows = await playerRows(defi.gameId);
    expect(rows).toHaveLength(joined + 40);
    for (const row of rows) expect({ pseudo: row.pseudo, marker: row.marker }).toEqual(defiSeat(row.playerNo, seed!));
    const told = await Promise.all([...burst.filter((r) => r.status === 200), ...school].map((r) => json<DefiState>(r)));
    expect(told.map((t) => t.me!.name).sort()).toEqual(rows.map((r) => r.pseudo).sort());
    // The same address, in another défi.
    const other = await newDefi();
    expect((await phoneOf(other.defi.code, "203.0.113.7").join()).status).toBe(200);
  });

  it("learns nothing from a first attempt that gives a spot: the two-attempt takeover", async () => {
    const { defi } = await newDefi();
    const seen: string[] = [];
    const keep = async (res: Response) => {
      seen.push(await res.clone().text());
      return res;
    };
    // The first attempt: every question answered at (0, 0), everything it receives kept.
    const scout = phoneOf(defi.code);
    await keep(await scout.join());
    for (let q = 0; q < SPOTS.length; q++) {
      const opened = await json<DefiOpened>(await keep(await scout.open()));
      if (opened.kind !== "question") throw new Error(opened.kind);
      seen.push(JSON.stringify(opened));
      await keep(await scout.answer(q, { lat: 0.001, lng: 0.001 }));
    }
    await keep(await scout.state());
    await keep(await scout.ranking());
    await keep(await get(`/defi/${defi.code}`));
    await keep(await get(`/defi/${defi.code}/classement`));
    const all = seen.join("\n");
    // A spot's coordinate as a number of its own (not the digits inside a longer number).
    const coordinate = (x: number) => new RegExp(`(?<![\\d.])${String(x).replace(".", "\\.")}(?!\\d)`);
    for (const spot of SPOTS) {
      expect(all).not.toMatch(coordinate(spot.lat));
      expect(all).not.toMatch(coordinate(spot.lng));
    }
    // Nor a distance, from which three attempts would place the spot.
    expect(all).not.toMatch(/"distanceM":\d/);
    // The answers wait for the end of the défi.
    for (let n = 1; n <= SPOTS.length; n++) {
      expect((await scout.answers(n)).status).toBe(409);
      expect((await get(`/api/defi/${defi.code}/photos/${n}`)).status).toBe(409);
    }
  });
});

describe("a Street View question and a player's device", () => {
  const VIEW = { pano: "PANO_secret_1234", lat: 45.7597, lng: 4.8422, heading: 120, pitch: 2 };

  it("is left out of the défi, which says so at creation: nothing a phone receives carries its position", async () => {
    const mj = await make.mj();
    const photoKey = await make.photo(new Uint8Array(await png(7).arrayBuffer()));
    const quiz = await make.quiz(mj, {
      questions: [
        { ...SPOTS[0], photo: photoKey },
        { lat: 45.7598, lng: 4.8423, streetview: VIEW },
        { ...SPOTS[1], photo: photoKey },
      ],
    });
    const res = await create(await cookieOf(mj), { quiz: quiz.uniqueName });
    expect(res.status).toBe(201);
    const created = await json<Created & { leftOut: number[] }>(res);
    expect(created.leftOut).toEqual([2]);
    const phone = phoneOf(created.code);
    const seen: string[] = [await (await phone.join()).text()];
    for (let q = 0; ; q++) {
      const text = await (await phone.open()).text();
      seen.push(text);
      const opened = JSON.parse(text) as DefiOpened;
      if (opened.kind !== "question") break;
      seen.push(await (await phone.answer(q, SPOTS[0])).text());
    }
    const all = seen.join("\n");
    for (const secret of [VIEW.pano, "45.759", "45.7598", "4.842"]) expect(all).not.toContain(secret);
    expect((await json<DefiState>(await phone.state())).defi.questionCount).toBe(2);
  });

  it("cannot make a défi of a quiz of Street View questions only", async () => {
    const mj = await make.mj();
    const quiz = await make.quiz(mj, { questions: [{ lat: 45.7598, lng: 4.8423, streetview: VIEW }] });
    const res = await create(await cookieOf(mj), { quiz: quiz.uniqueName });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: fr(DEFI_MSG.allStreetView) });
  });
});

describe("the end of a défi: the full reveal", () => {
  it("shows each question's spot, photo and everyone's answers once the défi is over, to players and to the leaderboard", async () => {
    const { defi, mj, keys } = await newDefi();
    const a = phoneOf(defi.code);
    const b = phoneOf(defi.code);
    await a.join();
    await b.join();
    await a.open();
    await a.answer(0, north(SPOTS[0], 30));
    await b.open();
    await b.answer(0, north(SPOTS[0], 150));
    await b.open();
    expect((await a.answers(1)).status).toBe(409);
    await postJson(`/api/defis/${defi.gameId}`, { action: "end" }, await cookieOf(mj));

    const mine = await json<DefiQuestionResults>(await a.answers(1));
    expect(mine).toMatchObject({ index: 0, questionCount: 3, spot: SPOTS[0], photoUrl: `/api/defi/${defi.code}/photos/1` });
    expect(mine.answers).toHaveLength(2);
    expect(mine.mine).toMatchObject({ distanceM: 30, ring: 3 });
    expect(mine.mine!.answer!.lat).toBeCloseTo(north(SPOTS[0], 30).lat, 6);
    // b opened the second question and never answered it: missed when the défi ended.
    expect((await json<DefiQuestionResults>(await b.answers(2))).mine).toEqual({ answer: null, distanceM: null, ring: 0, points: 0, timeMs: null });
    expect((await json<DefiQuestionResults>(await a.answers(2))).mine).toBeNull();
    // Anyone with the link: no own answer, everything else.
    const anyone = await json<DefiQuestionResults>(await get(`/api/defi/${defi.code}/answers/1`));
    expect(anyone).toMatchObject({ spot: SPOTS[0], mine: null });
    const photo = await get(`/api/defi/${defi.code}/photos/1`);
    expect(photo.status).toBe(200);
    const original = await env.BUCKET.get(keys[0]!);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(new Uint8Array(await original!.arrayBuffer()));
    for (const n of ["0", "4", "x"]) expect((await get(`/api/defi/${defi.code}/answers/${n}`)).status).toBe(404);
    const board = await json<DefiLeaderboard>(await get(`/api/defi/${defi.code}/ranking`));
    expect(board.answersMap).toMatchObject({ targets: buildTargetSettings(DEFAULT_RING_POINTS) });
  });

  it("shows the spot after each answer in a practice défi, which its leaderboard says", async () => {
    const { defi } = await newDefi({ reveal: "each" });
    const phone = phoneOf(defi.code);
    await phone.join();
    await phone.open();
    const reveal = await json<DefiReveal>(await phone.answer(0, north(SPOTS[0], 150)));
    expect(reveal).toMatchObject({ spot: SPOTS[0], distanceM: 150, ring: 1 });
    expect(await json<DefiLeaderboard>(await phone.ranking())).toMatchObject({ practice: true, hidden: false });
  });

  it("hides the leaderboard until the end when its MJ chose so", async () => {
    const { defi, mj } = await newDefi({ boardHidden: true });
    const phone = phoneOf(defi.code);
    await phone.join();
    await phone.open();
    await phone.answer(0, SPOTS[0]);
    const hidden = await json<DefiLeaderboard>(await phone.ranking());
    expect(hidden).toMatchObject({ hidden: true, practice: false, lines: [], own: null, playersCount: 1 });
    await postJson(`/api/defis/${defi.gameId}`, { action: "end" }, await cookieOf(mj));
    const shown = await json<DefiLeaderboard>(await phone.ranking());
    expect(shown).toMatchObject({ hidden: false, open: false });
    expect(shown.lines).toHaveLength(1);
    expect(shown.lines[0]!.me).toBe(true);
  });
});

describe("a fair clock at any distance", () => {
  /** Moves the player's stored instants `ms` earlier: the same as that much time having passed. */
  const earlier = async (gameId: string, ms: number, photo = false) =>
    db()
      .update(defiPlayers)
      .set({ openedAt: sql`${defiPlayers.openedAt} - ${ms}`, ...(photo ? { photoAt: sql`${defiPlayers.photoAt} - ${ms}` } : {}) })
      .where(eq(defiPlayers.gameId, gameId));

  /**
   * A phone `roundTripMs` away: its photo's request reaches the server that long after the
   * opening was handed out. `since` is when the opening was asked for: real time passes in the
   * test too, and the answer's credited time may hold it, never more.
   */
  async function farPhone(roundTripMs: number) {
    const { defi } = await newDefi();
    const phone = phoneOf(defi.code);
    const since = Date.now();
    // « Commencer » opens the first question.
    const { question } = await json<DefiJoined>(await phone.join());
    await earlier(defi.gameId, roundTripMs);
    expect((await get(question!.photoUrl)).status).toBe(200);
    return { defi, phone, since };
  }

  it("takes a far player's round trip off their time, measured by the server from the opening to the photo's request", async () => {
    const { defi, phone, since } = await farPhone(300);
    // They answer 5 s after the question appeared on their screen: the server sees 5.3 s.
    await earlier(defi.gameId, 5_000, true);
    expect((await phone.answer(0, SPOTS[0])).status).toBe(200);
    const passed = Date.now() - since;
    const [row] = await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId));
    expect(row!.timeMs).toBeGreaterThanOrEqual(5_000);
    expect(row!.timeMs).toBeLessThanOrEqual(5_000 + passed);
    expect((await db().select().from(defiPlayers).where(eq(defiPlayers.gameId, defi.gameId)))[0]!.roundTrips).toHaveLength(1);
  });

  it("counts a far player's answer sent in the last second, though it arrives after the bare deadline", async () => {
    const { defi, phone } = await farPhone(480);
    // Sent 400 ms before the end on their screen, it reaches the server 30.08 s after the opening.
    await earlier(defi.gameId, 30_000 - 400, true);
    const res = await phone.answer(0, SPOTS[0]);
    expect(res.status).toBe(200);
    const [row] = await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId));
    expect(row!.timeMs).toBeLessThan(30_000);
  });

  it("gives a script faking a slow network at most 500 ms", async () => {
    // The script holds its photo request 4 s, then answers 10 s after the opening.
    const { defi, phone, since } = await farPhone(4_000);
    await earlier(defi.gameId, 6_000, true);
    expect((await phone.answer(0, SPOTS[0])).status).toBe(200);
    const passed = Date.now() - since;
    const [row] = await db().select().from(gameAnswers).where(eq(gameAnswers.gameId, defi.gameId));
    expect(row!.timeMs).toBeGreaterThanOrEqual(10_000 - ROUND_TRIP_MAX_MS);
    expect(row!.timeMs).toBeLessThanOrEqual(10_000 - ROUND_TRIP_MAX_MS + passed);
    // Nor more than the bound on its deadline: 30.6 s after the opening is too late.
    const late = await farPhone(4_000);
    await earlier(late.defi.gameId, 30_000 - 3_400, true);
    const refused = await late.phone.answer(0, SPOTS[0]);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: fr(DEFI_MSG.late) });
  });
});

describe("names a player types", () => {
  it("refuses a name with nothing visible, a look-alike of another line, and an overlong one with the length rule's words", async () => {
    const { defi } = await newDefi({ nameMode: "free" });
    expect((await phoneOf(defi.code).join("Zoé")).status).toBe(200);
    const cases = [
      ["\u3164\u3164\u3164", 400, fr(DEFI_MSG.nameInvisible)],
      ["\u0301\u0301\u0301", 400, fr(DEFI_MSG.nameInvisible)],
      ["Zo\u0301\u0302\u0303\u0304e", 400, fr(DEFI_MSG.nameMarks)],
      ["Zое", 409, fr(DEFI_MSG.nameTaken)],
      ["Z0É", 409, fr(DEFI_MSG.nameTaken)],
      ["x".repeat(300), 400, fr(DEFI_MSG.nameLength)],
    ] as const;
    for (const [name, status, error] of cases) {
      const res = await phoneOf(defi.code).join(name);
      expect({ name, status: res.status, body: await res.json() }).toEqual({ name, status, body: { error } });
    }
    // 15 characters as a person reads them, 27 code points.
    expect((await phoneOf(defi.code).join(Array(4).fill("नमस्ते").join(" "))).status).toBe(200);
    expect(await playerRows(defi.gameId)).toHaveLength(2);
  });
});

describe("« Temps adapté »", () => {
  const targets = buildTargetSettings(DEFAULT_RING_POINTS);
  /** Opens the phone's current question through the server function at `t0`, and answers it `after` ms later. */
  async function answerAfter(code: string, token: string, question: number, at: { lat: number; lng: number }, after: number) {
    const t0 = Date.now();
    await openDefiQuestion(db(), token, { code }, t0);
    return answerDefiQuestion(db(), token, { code, question, ...at }, t0 + after);
  }

  it("gives the whole défi twice the time, speed points counted over it, and says so to players and on the leaderboard", async () => {
    const { defi } = await newDefi({ adapted: { kind: "double", speed: "stretched", all: true } });
    const phone = phoneOf(defi.code);
    const state = await json<DefiState>(await phone.join());
    expect(state.defi.adapted).toEqual({ kind: "double", speed: "stretched", all: true, ask: false });
    expect(state.me!.adapted).toBe(true);
    const opened = await json<DefiOpened>(await phone.open());
    expect(opened.kind === "question" && opened.question.remainingMs).toBeGreaterThan(55_000);
    await db().update(defiPlayers).set({ openedAt: sql`${defiPlayers.openedAt} - 40000` }).where(eq(defiPlayers.gameId, defi.gameId));
    const reveal = await json<DefiReveal>(await phone.answer(0, SPOTS[0]));
    const expected = scoreAnswer(0, reveal.timeMs!, 60_000, 5, targets);
    expect(reveal.timeMs).toBeGreaterThanOrEqual(40_000);
    expect(reveal.points).toBeCloseTo(expected.points, 6);
    expect(expected.timePoints).toBeGreaterThan(0);
    const board = await json<DefiLeaderboard>(await phone.ranking());
    expect(board.adapted).toEqual({ kind: "double", speed: "stretched", all: true, ask: false });
    expect(board.lines.map((l) => l.adapted)).toEqual([true]);
  });

  it("goes to the names the MJ listed and to players who ask, only those lines, scored without speed points when the MJ chose so", async () => {
    const { defi } = await newDefi({ nameMode: "free", adapted: { kind: "double", speed: "none", all: false, ask: true, names: ["Zoé", "Jean-Marc"] } });
    const info = await json<DefiState>(await get(`/api/defi/${defi.code}/state`));
    // Whom it names stays with the MJ.
    expect(JSON.stringify(info)).not.toMatch(/Zoé|Jean-Marc/);
    const zoe = phoneOf(defi.code);
    const lea = phoneOf(defi.code);
    const tom = phoneOf(defi.code);
    expect((await json<DefiState>(await zoe.join("Z0E"))).me!.adapted).toBe(true);
    expect((await json<DefiState>(await lea.join("Léa", true))).me!.adapted).toBe(true);
    expect((await json<DefiState>(await tom.join("Tom"))).me!.adapted).toBe(false);
    // 40 s: past the défi's 30 s, within the adapted 60 s; its points are the ring's alone.
    const late = await refusal(answerAfter(defi.code, tom.token, 0, SPOTS[0], 40_000));
    expect(late).toEqual({ status: 409, error: fr(DEFI_MSG.late) });
    const adapted = await answerAfter(defi.code, lea.token, 0, SPOTS[0], 40_000);
    expect(adapted.points).toBe(scoreAnswer(0, 40_000, 60_000, 0, targets).points);
    expect(adapted.points).toBe(DEFAULT_RING_POINTS[3]);
    const quick = await answerAfter(defi.code, zoe.token, 0, SPOTS[0], 1_000);
    expect(quick.points).toBe(DEFAULT_RING_POINTS[3]);
    const board = await json<DefiLeaderboard>(await tom.ranking());
    expect(board.adapted).toEqual({ kind: "double", speed: "none", all: false, ask: true });
    expect(Object.fromEntries(board.lines.map((l) => [l.name, l.adapted]))).toEqual({ Z0E: true, Léa: true, Tom: false });
  });

  it("is not given to a player who asks when the MJ did not allow asking", async () => {
    const { defi } = await newDefi({ adapted: { kind: "double", speed: "stretched", all: false, ask: false } });
    expect((await json<DefiState>(await phoneOf(defi.code).join(undefined, true))).me!.adapted).toBe(false);
  });

  it("with no limit: the question waits, no speed points, never missed", async () => {
    const { defi } = await newDefi({ adapted: { kind: "unlimited", speed: "stretched", all: true } });
    const phone = phoneOf(defi.code);
    await phone.join();
    const opened = await json<DefiOpened>(await phone.open());
    expect(opened).toMatchObject({ kind: "question", question: { remainingMs: null } });
    const t0 = Date.now();
    expect(await openDefiQuestion(db(), phone.token, { code: defi.code }, t0 + 3_600_000)).toMatchObject({ kind: "question", question: { remainingMs: null } });
    await db().update(defiPlayers).set({ openedAt: sql`${defiPlayers.openedAt} - 600000` }).where(eq(defiPlayers.gameId, defi.gameId));
    const reveal = await json<DefiReveal>(await phone.answer(0, SPOTS[0]));
    expect(reveal.points).toBe(DEFAULT_RING_POINTS[3]);
    expect(reveal.timeMs).toBeGreaterThanOrEqual(600_000);
    expect((await json<DefiLeaderboard>(await phone.ranking())).adapted).toMatchObject({ kind: "unlimited", speed: "none" });
  });

  it("is refused when it is not one of the rule's choices or names someone the name rule refuses", async () => {
    const { cookie, quiz } = await photoQuiz();
    const bad = [
      [{ kind: "triple", speed: "stretched", all: true }, fr(DEFI_MSG.adapted)],
      [{ kind: "double", speed: "fast", all: true }, fr(DEFI_MSG.adapted)],
      [{ kind: "double", speed: "none" }, fr(DEFI_MSG.adapted)],
      ["yes", fr(DEFI_MSG.adapted)],
      [{ kind: "double", speed: "none", all: false, names: ["Zoé", "<b>x</b>"] }, "Nom invalide dans la liste du temps adapté : « <b>x</b> »"],
      [{ kind: "double", speed: "none", all: false, names: Array.from({ length: 201 }, (_, i) => `Joueur ${i}`) }, fr(DEFI_MSG.adaptedNames)],
    ] as const;
    for (const [adapted, error] of bad) {
      const res = await create(cookie, { quiz: quiz.uniqueName, nameMode: "free", adapted });
      expect({ adapted, status: res.status, json: await res.json() }).toEqual({ adapted, status: 400, json: { error } });
    }
  });

  it("is given to a line or taken back by the MJ, whose list of names is theirs to change", async () => {
    const { defi, mj } = await newDefi({ nameMode: "free", adapted: { kind: "double", speed: "stretched", all: false, ask: false, names: ["Zoé"] } });
    const owner = await cookieOf(mj);
    const manage = (body: unknown) => postJson(`/api/defis/${defi.gameId}`, body, owner);
    const tom = phoneOf(defi.code);
    await tom.join("Tom");
    const given = await json<DefiAdmin>(await manage({ action: "adapted", playerNo: 1, on: true }));
    expect(given.players[0]).toMatchObject({ name: "Tom", adapted: true });
    expect(given.adapted).toMatchObject({ names: ["Zoé"] });
    expect((await json<DefiState>(await tom.state())).me!.adapted).toBe(true);
    expect((await json<DefiAdmin>(await manage({ action: "adapted", playerNo: 1, on: false }))).players[0]!.adapted).toBe(false);
    expect((await manage({ action: "adapted", playerNo: 99, on: true })).status).toBe(404);
    expect((await json<DefiAdmin>(await manage({ action: "adaptedNames", names: ["Inès", "  inès "] }))).adapted).toMatchObject({ names: ["Inès"] });
    expect((await json<DefiState>(await phoneOf(defi.code).join("Ines"))).me!.adapted).toBe(true);
    expect((await json<DefiState>(await phoneOf(defi.code).join("Zoé"))).me!.adapted).toBe(false);
    const plain = await newDefi({ owner: mj });
    const refused = await postJson(`/api/defis/${plain.defi.gameId}`, { action: "adapted", playerNo: 1, on: true }, owner);
    expect({ status: refused.status, json: await refused.json() }).toEqual({ status: 409, json: { error: fr(DEFI_MSG.adaptedNone) } });
  });
});
