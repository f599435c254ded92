// `npm run bench:history`: the history of one big game in D1 (not part of npm test).
//
// A 2000-player, 20-question game (40,000 answers) is written the way the room writes it
// (party/d1-ops.ts statementsFor: one drizzle batch per revealed question, then the final totals), then
// read back the way the app reads it (the report of a question, both CSV files). D1 is
// Miniflare's, through wrangler's getPlatformProxy, in memory, with the repository's migrations.
// Prints each figure against its budget and one JSON line; exits 1 when a budget is exceeded.
// Options: BENCH_PLAYERS=2000 BENCH_QUESTIONS=20.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { getPlatformProxy } from "wrangler";
import { METRES_PER_DEGREE } from "../common/util/projection";
import type { QuizSnapshot } from "../common/wire/protocol";
import { createDb } from "../db/client";
import { accounts, games, type Account } from "../db/schema";
import { DEFAULT_SETTINGS, createGame, type GameState, type Seat } from "../party/engine/state";
import { type D1Op, statementsFor } from "../party/d1-ops";
import type { Statement } from "../party/d1-sql";
import { exportCsv, gameReport } from "../app/server/history/history.server";
import { translator } from "../app/server/i18n/i18n.server";

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 20);
/** Budgets, ms (local D1 on a shared 2-core machine; production D1 adds a round trip per batch). */
const BUDGET = {
  buildQuestionMs: 50, // the room's own CPU for one question's rows (the first pays the JIT)
  writeQuestionMs: 1000, // one revealed question, 2000 answers
  writeAllMs: 15_000, // every question and the totals
  reportMs: 1500, // the report page's data: ranking, figures, one question's answers
  answersCsvMs: 5000, // 40,000 lines
  totalsCsvMs: 2000,
};
const ROOT = path.resolve(import.meta.dirname, "..");

/** Deterministic pseudo-random numbers, so that every run writes the same game. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

function bigGame(): GameState {
  const random = rng(42);
  const quiz: QuizSnapshot = {
    uniqueName: "bench-histoire-0000",
    name: "Grande soirée",
    description: "",
    mapSettings: { center: { lat: 46.5, lng: 2.5 }, zoom: 6, bounds: { north: 51, south: 42, east: 8, west: -5 } },
    questions: Array.from({ length: QUESTIONS }, (_, q) => ({
      name: `Question ${q + 1}`,
      kind: "photo" as const,
      imageUrl: `/photos/${q}.jpg`,
      streetview: null,
      lat: 44 + (q % 6),
      lng: -1 + (q % 7),
      title: `Lieu ${q + 1}`,
      description: "",
    })),
  };
  const made = createGame({
    roomNumber: "424242",
    quiz,
    settings: { ...DEFAULT_SETTINGS, maxPlayer: PLAYERS },
    presenterToken: "bench-presenter-token-0123456789",
    now: Date.now(),
    random,
  });
  if (!made.ok) throw new Error(made.code);
  const seats: Seat[] = Array.from({ length: PLAYERS }, (_, i) => {
    const answers: Seat["answers"] = {};
    let score = 0;
    for (let q = 0; q < QUESTIONS; q++) {
      const spot = quiz.questions[q]!;
      const d = random() * 2000;
      const ring = d <= 20 ? 4 : d <= 50 ? 3 : d <= 100 ? 2 : d <= 200 ? 1 : 0;
      const p = ring ? ring + 1 + random() * 5 : 0;
      score += p;
      answers[q] = { lat: spot.lat + d / METRES_PER_DEGREE, lng: spot.lng, t: Math.floor(random() * 60_000), d, ring, p };
    }
    return {
      id: `p${i + 1}`,
      no: i + 1,
      secret: "s".repeat(24),
      color: "bleu",
      fruit: "kiwi",
      n: i + 1,
      pseudo: `Kiwi bleu ${i + 1}`,
      marker: "Kiwibleu",
      team: null,
      score,
      timeMs: 600_000,
      answers,
      connected: true,
      lastSeen: 0,
      joinedAt: 0,
    };
  });
  return { ...made.state, phase: "over", questionIndex: QUESTIONS - 1, seats };
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const verdict = (x: number, budget: number) => (x <= budget ? "ok" : "DÉPASSÉ");

async function main() {
  // Only the D1 binding: the Worker's other bindings (the room, assets) play no part here.
  const dir = mkdtempSync(path.join(tmpdir(), "repere-bench-history-"));
  const config = path.join(dir, "wrangler.json");
  writeFileSync(
    config,
    JSON.stringify({
      name: "bench-history",
      compatibility_date: "2026-04-26",
      d1_databases: [{ binding: "DB", database_name: "bench", database_id: "00000000-0000-0000-0000-000000000000" }],
    }),
  );
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: config, persist: false });
  const DB = proxy.env.DB;
  try {
    const migrations = path.join(ROOT, "db/migrations");
    for (const file of readdirSync(migrations).filter((f) => f.endsWith(".sql")).sort()) {
      for (const sql of readFileSync(path.join(migrations, file), "utf8").split("--> statement-breakpoint")) {
        if (sql.trim()) await DB.prepare(sql).run();
      }
    }
    const db = createDb(DB);
    // As the room sends an op: one batch (drizzle's batch takes a non-empty list).
    const batch = (statements: Statement[]) => db.batch(statements as [Statement, ...Statement[]]);
    const [admin] = await db
      .insert(accounts)
      .values({ role: "admin", name: "Banc d'essai", mail: "bench@repere.test", passwordHash: "x" })
      .returning();
    const gameId = crypto.randomUUID();
    const state = bigGame();
    await db.insert(games).values({
      id: gameId,
      quizUniqueName: state.quiz.uniqueName,
      ownerId: admin!.id,
      roomNumber: "424242",
      status: "live",
      mode: "player",
      settings: state.settings,
      createdAt: Date.now(),
      startedAt: Date.now(),
    });
    const sizeBefore = (await DB.prepare("SELECT 1").run()).meta.size_after ?? 0;

    // Writes, as the room sends them.
    const build: number[] = [];
    const write: number[] = [];
    const t0 = performance.now();
    for (let q = 0; q < QUESTIONS; q++) {
      const op: D1Op = { kind: "answers", gameId, question: q, at: Date.now() };
      // The room's own CPU: the question's rows, their JSON and the drizzle statements.
      const b = performance.now();
      const statements = statementsFor(db, op, state);
      build.push(performance.now() - b);
      const w = performance.now();
      await batch(statements);
      write.push(performance.now() - w);
    }
    const over = performance.now();
    const overResult = (await batch(statementsFor(db, { kind: "over", gameId, at: Date.now() }, state))) as D1Result[];
    const overMs = performance.now() - over;
    const writeAllMs = performance.now() - t0;
    const sizeAfter = overResult.at(-1)?.meta.size_after ?? 0;

    // A retry of everything (replies lost): nothing is added.
    const retry = performance.now();
    for (let q = 0; q < QUESTIONS; q++) await batch(statementsFor(db, { kind: "answers", gameId, question: q, at: 0 }, state));
    const retryMs = performance.now() - retry;
    const count = (await DB.prepare("SELECT COUNT(*) AS n FROM game_answers WHERE game_id = ?").bind(gameId).first<{ n: number }>())!.n;
    if (count !== PLAYERS * QUESTIONS) throw new Error(`${count} réponses en base au lieu de ${PLAYERS * QUESTIONS}`);

    // Reads, as the app does them.
    const r = performance.now();
    // The export and the report as a French game master reads them (French Excel's form).
    const french = { t: translator("fr"), locale: "fr" as const };
    const report = await gameReport(db, admin as Account, "admin", gameId, 7, french.t);
    const reportMs = performance.now() - r;
    if (report.answers.length !== PLAYERS || report.ranking.length !== PLAYERS) throw new Error("rapport incomplet");
    const c = performance.now();
    const answersCsv = (await exportCsv(db, admin as Account, gameId, "answers", french)).body;
    const answersCsvMs = performance.now() - c;
    const tc = performance.now();
    const totalsCsv = (await exportCsv(db, admin as Account, gameId, "totals", french)).body;
    const totalsCsvMs = performance.now() - tc;
    const lines = answersCsv.split("\r\n").length - 2;
    if (lines !== PLAYERS * QUESTIONS) throw new Error(`${lines} lignes de CSV au lieu de ${PLAYERS * QUESTIONS}`);

    const worst = (xs: number[]) => Math.max(...xs);
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const rows: [string, number, number][] = [
      ["construire une question (CPU de la salle), pire", worst(build), BUDGET.buildQuestionMs],
      [`écrire une question (${PLAYERS} réponses), pire`, worst(write), BUDGET.writeQuestionMs],
      ["écrire tout (questions et totaux)", writeAllMs, BUDGET.writeAllMs],
      ["lire le rapport d'une question", reportMs, BUDGET.reportMs],
      ["exporter le CSV des réponses", answersCsvMs, BUDGET.answersCsvMs],
      ["exporter le CSV des totaux", totalsCsvMs, BUDGET.totalsCsvMs],
    ];
    console.log(`Historique d'une partie de ${PLAYERS} joueurs × ${QUESTIONS} questions (${count} réponses), D1 local :`);
    for (const [label, value, budget] of rows) console.log(`  ${label.padEnd(52)} ${ms(value).padStart(9)}  budget ${ms(budget).padStart(9)}  ${verdict(value, budget)}`);
    console.log(`  construire une question, médiane                     ${ms(mid(build)).padStart(9)}`);
    console.log(`  écrire une question, médiane                         ${ms(mid(write)).padStart(9)}`);
    console.log(`  totaux de fin de partie                              ${ms(overMs).padStart(9)}`);
    console.log(`  tout renvoyer (réponses perdues), sans doublon       ${ms(retryMs).padStart(9)}`);
    console.log(`  taille de la base : +${((sizeAfter - sizeBefore) / 1e6).toFixed(1)} Mo ; CSV ${(answersCsv.length / 1e6).toFixed(1)} Mo et ${(totalsCsv.length / 1e3).toFixed(0)} ko`);
    console.log(
      JSON.stringify({
        players: PLAYERS,
        questions: QUESTIONS,
        answers: count,
        build_question_p50_ms: Math.round(mid(build)),
        build_question_max_ms: Math.round(worst(build)),
        write_question_p50_ms: Math.round(mid(write)),
        write_question_max_ms: Math.round(worst(write)),
        write_all_ms: Math.round(writeAllMs),
        retry_all_ms: Math.round(retryMs),
        report_ms: Math.round(reportMs),
        answers_csv_ms: Math.round(answersCsvMs),
        totals_csv_ms: Math.round(totalsCsvMs),
        db_growth_bytes: sizeAfter - sizeBefore,
      }),
    );
    process.exitCode = rows.every(([, v, b]) => v <= b) ? 0 : 1;
  } finally {
    await proxy.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
