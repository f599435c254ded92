import { runDurableObjectAlarm, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { gameAnswers, gamePlayers, games } from "@db/schema";
import { STARTING_MS } from "@party/engine";
import { statementsFor } from "@party/d1-ops";
import { csvForm, parseCsv, readDecimal } from "@common/util/csv";
import { METRES_PER_DEGREE } from "@common/util/projection";
import type { TestAccount } from "../support/factory";
import { advance, app, cookieOf, db, failD1Batches, gameOf, get, inRoom, join, launch, make, pendingD1, presenter, stubOf } from "../support/workers";

const SPOTS = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 45.764, lng: 4.8357 },
] as const;
/** 150 m north of a spot: inside the 200 m ring only. */
const north150 = (s: { lat: number; lng: number }) => ({ lat: s.lat + 150 / METRES_PER_DEGREE, lng: s.lng });

const answersOf = (gameId: string) => db().select().from(gameAnswers).where(eq(gameAnswers.gameId, gameId));
const playersOf = (gameId: string) => db().select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
const gameRow = async (id: string) => (await db().select().from(games).where(eq(games.id, id)))[0]!;

/** A two-question game, started with two phones seated: its first question is open. */
async function atFirstQuestion(owner?: TestAccount) {
  const l = await launch({ spots: SPOTS, ...(owner ? { owner } : {}) });
  const gameId = (await gameOf(l))!.id;
  const pres = await presenter(l);
  const a = await join(l.room);
  const b = await join(l.room);
  pres.start();
  await pres.next("pres_startGame_callback");
  await advance(l.room, STARTING_MS);
  await a.next("player_newQuestion");
  return { l, gameId, pres, a, b };
}

/** A two-question game played to its end by two phones: a answers both, b only the first. */
async function playedGame(owner?: TestAccount) {
  const { l, gameId, pres, a, b } = await atFirstQuestion(owner);
  a.answer(0, SPOTS[0]);
  await a.next("player_answer_callback");
  b.answer(0, north150(SPOTS[0]));
  await pres.next("pres_results");
  pres.nextQuestion();
  await a.next("player_newQuestion", (m) => m.questionIndex === 1);
  a.answer(1, { lat: 45, lng: 4 });
  await a.next("player_answer_callback");
  await advance(l.room, 15_000);
  await pres.next("pres_results", (m) => m.questionIndex === 1);
  pres.nextQuestion();
  const end = await pres.next("pres_endGame");
  await expect.poll(async () => (await gameRow(gameId)).status).toBe("over");
  return { l, gameId, pres, a, b, end };
}

describe("the history of a game", () => {
  it("keeps every answer and player in their tables, and the summary in the game's row", async () => {
    const { l, gameId, a, b, end } = await playedGame();
    const answers = await answersOf(gameId);
    const no = (p: { playerID: string }) => Number(p.playerID.slice(1));
    const byKey = new Map(answers.map((x) => [`${x.question}:${x.playerNo}`, x]));
    expect(answers).toHaveLength(3);
    expect(byKey.get(`0:${no(a)}`)).toMatchObject({ distanceM: 0, ring: 4, lat: SPOTS[0].lat, lng: SPOTS[0].lng });
    expect(byKey.get(`0:${no(b)}`)).toMatchObject({ ring: 1, distanceM: 150 });
    expect(byKey.get(`1:${no(a)}`)).toMatchObject({ ring: 0, points: 0 });
    expect(byKey.get(`0:${no(b)}`)!.points).toBeGreaterThan(2);
    expect(byKey.get(`1:${no(b)}`)).toBeUndefined();

    const players = (await playersOf(gameId)).sort((x, y) => x.rank! - y.rank!);
    expect(players.map((p) => [p.pseudo, p.rank, p.points])).toEqual(
      end.ranking.map((r: { pseudo: string; rank: number; points: number }) => [r.pseudo, r.rank, r.points])
    );
    const row = await gameRow(gameId);
    expect(row).toMatchObject({ playersCount: 2, winner: end.ranking[0].pseudo, quizName: l.quiz.name });
    expect((row.quizSnapshot as { quiz: { questions: unknown[] } }).quiz.questions).toHaveLength(2);
  });

  it("writes a question's answers exactly once: D1 failing, then a batch whose reply was lost", async () => {
    const { l, gameId, pres, a, b } = await atFirstQuestion();
    await expect.poll(async () => (await gameRow(gameId)).status).toBe("live");
    await failD1Batches(l.room, 2);
    a.answer(0, SPOTS[0]);
    b.answer(0, north150(SPOTS[0]));
    await pres.next("pres_results");
    // The reveal owes D1 its answers: stored with the state, not written yet.
    expect(await pendingD1(l.room)).toEqual([expect.objectContaining({ kind: "answers", question: 0 })]);
    expect(await answersOf(gameId)).toHaveLength(0);
    expect(await runDurableObjectAlarm(stubOf(l.room))).toBe(true); // fails again
    expect(await answersOf(gameId)).toHaveLength(0);

    // D1 took the batch but its reply never came back: the same statements land a second time.
    await inRoom(l.room, async (r) => {
      const [first, ...rest] = statementsFor(db(), r.game.outbox.ops[0]!, r.game.state);
      await db().batch([first!, ...rest]);
    });
    expect(await answersOf(gameId)).toHaveLength(2);
    expect(await runDurableObjectAlarm(stubOf(l.room))).toBe(true);
    await expect.poll(async () => (await pendingD1(l.room)).length).toBe(0);
    await runDurableObjectAlarm(stubOf(l.room));
    const answers = await answersOf(gameId);
    expect(answers).toHaveLength(2);
    expect(await playersOf(gameId)).toHaveLength(2);
    expect((await gameRow(gameId)).playersCount).toBe(2);
  });
});

describe("who may see a game played", () => {
  it("the owner and the admin; another MJ and a game that never started get 404, nobody logs in", async () => {
    const owner = await make.mj();
    const other = await make.mj();
    const admin = await app.admin();
    const { gameId, l } = await playedGame(owner);
    const [mine, theirs, adm] = await Promise.all([cookieOf(owner), cookieOf(other), cookieOf(admin)]);
    const notStarted = (await gameOf(await launch({ owner, spots: SPOTS })))!.id;

    const report = (side: "pres" | "mj", id: string, cookie?: string) => get(`/${side}/parties/${id}`, cookie);
    const csv = (id: string, kind: "answers" | "totals", cookie?: string) => get(`/api/history/${id}/${kind}`, cookie);

    const page = await report("mj", gameId, mine);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Rapport — ${l.quiz.name}`);
    expect((await report("pres", gameId, adm)).status).toBe(200);
    for (const kind of ["answers", "totals"] as const) {
      expect((await csv(gameId, kind, mine)).status).toBe(200);
      expect((await csv(gameId, kind, adm)).status).toBe(200);
      const refused = await csv(gameId, kind, theirs);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: "Partie introuvable" });
      expect((await csv(gameId, kind)).status).toBe(401);
      expect((await csv(notStarted, kind, mine)).status).toBe(404);
      expect((await csv("not-a-game", kind, adm)).status).toBe(404);
    }
    expect((await report("mj", gameId, theirs)).status).toBe(404);
    expect(await (await report("mj", gameId, theirs)).text()).not.toContain(l.quiz.name);
    expect((await report("mj", notStarted, mine)).status).toBe(404);
    // Nobody, or the MJ's cookie on the admin side: that side's login.
    for (const res of [await report("mj", gameId), await report("pres", gameId, mine)]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/(mj|pres)$/);
    }
  });
});

describe("the CSV export", () => {
  it("has a BOM, ';' and decimal commas, one line per player and question, and the room's own totals", async () => {
    const owner = await make.mj();
    const { gameId, end, a } = await playedGame(owner);
    const cookie = await cookieOf(owner);
    const res = await get(`/api/history/${gameId}/answers`, cookie);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="repere-.*-reponses\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes));
    expect(rows[0]!.join(";")).toBe("Rang;Joueur;Équipe;Question;Titre;Latitude;Longitude;Distance (m);Cercle;Temps (s);Points");
    expect(rows).toHaveLength(1 + 2 * 2);
    const lineA0 = rows.find((r) => r[1] === a.pseudo && r[3] === "1")!;
    expect(readDecimal(lineA0[5]!)).toBeCloseTo(SPOTS[0].lat, 6);
    expect(lineA0[8]).toBe("20 m");

    const totals = parseCsv(await (await get(`/api/history/${gameId}/totals`, cookie)).text());
    expect(totals.slice(1).map((r) => [Number(r[0]), r[1], readDecimal(r[3]!)])).toEqual(
      end.ranking.map((r: { rank: number; pseudo: string; points: number }) => [r.rank, r.pseudo, r.points])
    );
    // Each player's answer points add up to their total.
    for (const t of totals.slice(1)) {
      const sum = rows.slice(1).filter((r) => r[1] === t[1]).reduce((s, r) => s + readDecimal(r[10]!), 0);
      expect(sum).toBeCloseTo(readDecimal(t[3]!), 1);
    }
  });
});

describe("the CSV export in the asker's language", () => {
  it("writes English Excel's form in English (',' and decimal points) and German Excel's in German, titles and words in each", async () => {
    const owner = await make.mj();
    const { gameId, a, b } = await playedGame(owner);
    const cookie = await cookieOf(owner);

    const en = await get(`/api/history/${gameId}/answers`, `${cookie}; lang=en`);
    expect(en.headers.get("Content-Disposition")).toMatch(/^attachment; filename="repere-.*-answers\.csv"$/);
    const bytes = new Uint8Array(await en.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("Rank,Player,Team,Question,Title,Latitude,Longitude,Distance (m),Ring,Time (s),Points\r\n")).toBe(true);
    const rows = parseCsv(text, csvForm("en"));
    const lineA0 = rows.find((r) => r[1] === a.pseudo && r[3] === "1")!;
    expect(lineA0[5]).toBe(SPOTS[0].lat.toFixed(6));
    expect(lineA0[8]).toBe("20 m");
    expect(lineA0[10]).toMatch(/^\d+\.\d\d$/);
    // b did not answer the second question.
    expect(rows.find((r) => r[1] === b.pseudo && r[3] === "2")![8]).toBe("No answer");

    // Accept-Language chooses when the device never did.
    const de = await SELF.fetch(`http://localhost/api/history/${gameId}/totals`, { headers: { Cookie: cookie, "Accept-Language": "de-DE,de;q=0.9" } });
    expect(de.headers.get("Content-Disposition")).toMatch(/-summen\.csv"$/);
    const totals = parseCsv(await de.text(), csvForm("de"));
    expect(totals[0]).toEqual(["Platz", "Spieler", "Team", "Punkte", "Gesamtzeit (s)", "Antworten", "Antworten mit Punkten"]);
    expect(totals[1]![3]).toMatch(/^\d+,\d\d$/);
  });
});

describe("a game stored when its quiz snapshot said `titre`", () => {
  it("still names its questions by their title in the report and the CSV", async () => {
    const owner = await make.mj();
    const { gameId } = await playedGame(owner);
    const row = await gameRow(gameId);
    const stored = row.quizSnapshot as { quiz: { questions: Record<string, unknown>[] } };
    const questions = stored.quiz.questions.map(({ title: _title, ...q }, i) => ({ ...q, titre: `Vue n° ${i + 1}` }));
    await db().update(games).set({ quizSnapshot: { ...stored, quiz: { ...stored.quiz, questions } } }).where(eq(games.id, gameId));
    const cookie = await cookieOf(owner);
    const rows = parseCsv(await (await get(`/api/history/${gameId}/answers`, cookie)).text());
    const titles = new Set(rows.slice(1).map((r) => `${r[3]}:${r[4]}`));
    expect(titles).toEqual(new Set(["1:Vue n° 1", "2:Vue n° 2"]));
    expect(await (await get(`/mj/parties/${gameId}`, cookie)).text()).toContain("Vue n° 2");
  });
});

describe("a team game's report and export", () => {
  it("ranks the teams, names each player's team, and the CSV says the same", async () => {
    const owner = await make.mj();
    const l = await launch({ owner, spots: SPOTS, mode: "team", max_team: 2 });
    const gameId = (await gameOf(l))!.id;
    const pres = await presenter(l);
    const phones = [await join(l.room), await join(l.room), await join(l.room), await join(l.room)];
    pres.start();
    await pres.next("pres_startGame_callback");
    await advance(l.room, STARTING_MS);
    // The first phone on the spot, the others far: its team wins.
    for (const [i, p] of phones.entries()) p.answer(0, i === 0 ? SPOTS[0] : { lat: 0, lng: 0 });
    const results = await pres.next("pres_results");
    pres.nextQuestion();
    await advance(l.room, 15_000);
    await pres.next("pres_results", (m) => m.questionIndex === 1);
    pres.nextQuestion();
    const end = await pres.next("pres_endGame");
    await expect.poll(async () => (await gameRow(gameId)).status).toBe("over");
    const teamOf = new Map((await playersOf(gameId)).map((p) => [p.pseudo, p.team]));
    const winnerTeam = teamOf.get(phones[0]!.pseudo!);
    expect(new Set(teamOf.values())).toEqual(new Set(["bleu", "jaune"]));
    expect(results.team_results![0]!.team).toBe(winnerTeam);

    const cookie = await cookieOf(owner);
    const html = await (await get(`/mj/parties/${gameId}`, cookie)).text();
    expect(html).toContain("Classement des équipes");
    const teamNames = end.team_results!.map((t: { name: string }) => t.name);
    expect(teamNames).toHaveLength(2);
    // The teams' table lists them in the room's order, winner first.
    const order = teamNames.map((name: string) => html.indexOf(`>${name}</th>`));
    expect(order.every((i: number) => i > 0)).toBe(true);
    expect(order[0]).toBeLessThan(order[1]);

    const rows = parseCsv(await (await get(`/api/history/${gameId}/answers`, cookie)).text());
    const teamCol = rows[0]!.indexOf("Équipe");
    const label = (team: string | null | undefined) => (team === "bleu" ? "Équipe bleue" : "Équipe jaune");
    for (const p of phones) {
      const lines = rows.filter((r) => r[1] === p.pseudo);
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line[teamCol]).toBe(label(teamOf.get(p.pseudo!)));
    }
  });
});

describe("« Parties jouées »", () => {
  it("lists the account's games newest first, ten a page; the admin sees everyone's", async () => {
    const owner = await make.mj();
    const other = await make.mj();
    const base = Date.UTC(2025, 0, 1, 20);
    const row = (ownerId: number, i: number, started: boolean) => ({
      id: crypto.randomUUID(),
      quizUniqueName: "quiz-disparu-0000",
      ownerId,
      roomNumber: String(100000 + Math.floor(Math.random() * 899999)),
      status: "closed" as const,
      mode: "player" as const,
      settings: {},
      createdAt: base,
      startedAt: started ? base + i * 86_400_000 : null,
      quizName: `Soirée ${i + 1}`,
      playersCount: i,
      winner: `Kiwi bleu ${i}`,
      results: { ranking: [], teams: null },
    });
    const rows = [...Array.from({ length: 12 }, (_, i) => row(owner.id, i, true)), row(owner.id, 99, false), row(other.id, 50, true)];
    for (const r of rows) await db().insert(games).values(r);
    const cookie = await cookieOf(owner);
    // React separates adjacent text with empty comments in server HTML.
    const page = async (path: string, c: string) => (await (await get(path, c)).text()).replace(/<!-- -->/g, "");
    const first = await page("/mj", cookie);
    expect(first).toContain("Parties jouées");
    expect(first).toContain("12 parties · page 1 sur 2");
    const order = [...first.matchAll(/>Soirée (\d+)<\/th>/g)].map((m) => Number(m[1]));
    expect(order).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(first).not.toContain("Soirée 51"); // another account's
    expect(first).not.toContain("Soirée 100"); // never started
    const second = await page("/mj?parties=2", cookie);
    expect([...second.matchAll(/>Soirée (\d+)<\/th>/g)].map((m) => Number(m[1]))).toEqual([2, 1]);
    expect(second).toContain("Terminée");

    const admin = await page("/pres", await cookieOf(await app.admin()));
    expect(admin).toContain("Soirée 51");
  });
});
