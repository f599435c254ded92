import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM helper shared with `npm start`
import { applyMigrations, startServer } from "../../scripts/lib/server.mjs";
import { E2E_JWT_SECRET, gameRow, launchRoomViaApp, type Served, type Spot } from "./lib/room-app";
import { Presenter, closeAll, seatPhones } from "./lib/sockets";

const north = (s: Spot, m: number): Spot => ({ lat: s.lat + m / 111_195, lng: s.lng });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

type Server = { url: string; stop(): Promise<void> };

const dir = mkdtempSync(path.join(tmpdir(), "repere-restart-"));
const persistTo = path.join(dir, "state");
const registryPath = path.join(dir, "registry");
const vars = { ADMIN_MAIL: "admin@repere.test", ADMIN_PASSWORD: "admin-restart-password", JWT_SECRET: E2E_JWT_SECRET };
let server: Server | null = null;
const clients: { close(): void }[] = [];

afterAll(async () => {
  closeAll(clients);
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("a server restart in the middle of a question", () => {
  it("loses nothing: seats, answers, scores and the question's deadline carry on", { timeout: 240_000 }, async () => {
    const port = await freePort();
    applyMigrations({ persistTo, registryPath });
    server = (await startServer({ port, persistTo, registryPath, vars, quiet: true })) as Server;
    const served: Served = { baseURL: server.url, persistTo };
    // 30 s questions: long enough to restart inside one, short enough to wait for its deadline.
    const l = await launchRoomViaApp(served, { time: 30 });
    const opts = { baseURL: served.baseURL, room: l.room };
    const pres = new Presenter({ ...opts, token: l.token });
    clients.push(pres);
    await pres.next("pres_newRoom_callback");
    const phones = await seatPhones(opts, 6);
    clients.push(...phones);
    pres.start();

    // Question 1: everyone answers, the reveal gives each a total.
    await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 0)));
    phones.forEach((p, i) => p.answer(0, north(l.spots[0]!, 10 * i)));
    const first = await Promise.all(phones.map((p) => p.next("player_endQuestion", (m) => m.questionIndex === 0)));
    pres.nextQuestion();

    // Question 2: half the room answers, then the server goes down.
    await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 1)));
    for (const p of phones.slice(0, 3)) p.answer(1, l.spots[1]!);
    const acks = await Promise.all(
      phones.slice(0, 3).map((p) => p.next("player_answer_callback", (m) => m.questionIndex === 1))
    );
    const openedAt = Date.now();
    await server.stop();
    server = null;
    await new Promise((r) => setTimeout(r, 1_000));
    server = (await startServer({ port, persistTo, registryPath, vars, quiet: true })) as Server;

    // partysocket comes back on its own; each phone says hello with its token.
    const back = await Promise.all(phones.map((p) => p.next("player_joinRoom_callback", () => p.opens > 1, 60_000)));
    back.forEach((cb, i) => expect(cb.playerID).toBe(phones[i]!.playerID));
    const screens = await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 1)));
    for (const s of screens) expect(s.remainingMs).toBeLessThan(30_000);
    for (const [i, p] of phones.slice(0, 3).entries()) {
      const again = await p.next("player_answer_callback", (m) => m.questionIndex === 1);
      expect(again.tempsReponse).toBe(acks[i]!.tempsReponse);
    }
    await pres.next("pres_newQuestion", (m) => m.questionIndex === 1 && m.answeredCount === 3, 60_000);
    // A second answer is still refused after the restart.
    phones[0]!.answer(1, l.spots[1]!);
    expect((await phones[0]!.next("error")).code).toBe("answer_twice");

    // Nobody else answers: the deadline set before the restart ends the question.
    const ends = await Promise.all(
      phones.map((p) => p.next("player_endQuestion", (m) => m.questionIndex === 1, 60_000))
    );
    expect(Date.now() - openedAt).toBeLessThan(60_000);
    ends.forEach((end, i) => {
      expect(end.answered).toBe(i < 3);
      // Totals keep full precision; each shown figure is rounded to 2 decimals.
      expect(Math.abs(end.pointsTotal - (first[i]!.pointsTotal + end.pointsQuestion))).toBeLessThanOrEqual(0.011);
    });

    // The game finishes normally and D1 gets the results.
    pres.nextQuestion();
    await Promise.all(phones.map((p) => p.next("player_newQuestion", (m) => m.questionIndex === 2)));
    for (const p of phones) p.answer(2, l.spots[2]!);
    await pres.next("pres_results", (m) => m.questionIndex === 2);
    pres.nextQuestion();
    const final = await pres.next("pres_endGame");
    const mine = await Promise.all(phones.map((p) => p.next("player_endGame")));
    mine.forEach((m, i) => {
      expect(m.pointsTotal).toBeGreaterThanOrEqual(ends[i]!.pointsTotal);
      expect(final.ranking.find((r: { playerID: string }) => r.playerID === phones[i]!.playerID).points).toBe(m.pointsTotal);
    });
    await expect.poll(() => gameRow(l)?.status, { timeout: 20_000 }).toBe("over");
    const stored = JSON.parse(gameRow(l)!.results!) as { ranking: unknown[]; answers: unknown[] };
    expect(stored.ranking).toHaveLength(6);
    expect(stored.answers).toHaveLength(6 + 3 + 6);
  });
});
