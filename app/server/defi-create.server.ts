/** « Créer un défi » on the dashboard: the défi's rows written at once, one of the owner's games spent. */
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { quotaLeft, spendGame } from "@db/quota";
import { defis, games, type Account } from "@db/schema";
import type { CreateDefiInput } from "@common/defi/schemas";
import type { Bounds } from "@common/protocol";
import { secureRandom } from "@common/random";
import { buildTargetSettings, deadlineProblem, DEFI_CODE_LENGTH } from "@common/rules";
import { helpZone } from "@common/rules/geo";
import { readCirclesPoints } from "./circles-points.server";
import { randomToken } from "./defi-device.server";
import { defiPath, type DefiSettings, type DefiSnapshot } from "./defi-views.server";
import { GAME_MSG, playableQuiz, requireGameMaster } from "./games.server";
import { Refusal } from "./refusal.server";

/** A défi's code: 12 random bytes, 16 URL-safe characters. */
const newCode = () => randomToken((DEFI_CODE_LENGTH * 3) / 4);

/** 'defi:{game id}': the registry's column holds no room number for a défi, so it never blocks one. */
const noRoom = (gameId: string) => `defi:${gameId}`;

/**
 * « Créer un défi »: for an admin or an MJ whose account has not expired, on a finished quiz of
 * theirs. One of the owner's games is spent at once (the launch's quota condition, checked in the
 * statement that inserts the row). Refusals: 400 a bad deadline, 403 expired or no games left,
 * 404 not their quiz, 409 nothing to play.
 */
export async function createDefi(
  db: Db,
  account: Account,
  input: CreateDefiInput,
  now = Date.now(),
): Promise<{ gameId: string; code: string; path: string; deadline: number }> {
  requireGameMaster(account);
  const problem = deadlineProblem(input.deadline, now);
  if (problem) throw Refusal.badRequest(problem);
  const { quiz, snapshot } = await playableQuiz(db, account, input.quiz);
  const ringPoints = await readCirclesPoints(db);
  const settings: DefiSettings = {
    answerTimeSec: input.answerTimeSec,
    helpZoneM: input.helpZoneM,
    ringPoints,
    speedPointsMax: quiz.speedPointsMax,
  };
  const played: DefiSnapshot = {
    quiz: { name: quiz.name, description: quiz.description, questions: snapshot.questions, mapSettings: snapshot.mapSettings },
    targets: buildTargetSettings(ringPoints),
  };
  const side = input.helpZoneM;
  const help: (Bounds | null)[] = snapshot.questions.map((q) => (side === null ? null : helpZone(q, side, secureRandom)));
  const gameId = crypto.randomUUID();
  const code = newCode();
  const [seed] = crypto.getRandomValues(new Uint32Array(1));
  // One D1 batch: drizzle 0.45 cannot batch its raw statements that carry parameters on D1, so
  // each goes to D1 as the SQL and parameters drizzle wrote for it.
  const statement = (q: { sql: string; params: unknown[] }) => db.$client.prepare(q.sql).bind(...q.params);
  const [inserted] = await db.$client.batch([
    statement(
      db
        .run(sql`
          INSERT INTO ${games} (id, quiz_unique_name, owner_id, room_number, status, kind, mode, settings, created_at,
                                started_at, quiz_name, quiz_snapshot, players_count)
          SELECT ${gameId}, ${quiz.uniqueName}, ${account.id}, ${noRoom(gameId)}, 'live', 'defi', 'player',
                 ${JSON.stringify(settings)}, ${now}, ${now}, ${quiz.name}, ${JSON.stringify(played)}, 0
          WHERE ${quotaLeft(account.id)}`)
        .getQuery(),
    ),
    statement(spendGame(db, gameId).toSQL()),
    statement(
      db
        .run(sql`
          INSERT INTO ${defis} (game_id, code, deadline, name_mode, seed, help)
          SELECT ${gameId}, ${code}, ${input.deadline}, ${input.nameMode}, ${seed! % 1_000_000_007}, ${JSON.stringify(help)}
          WHERE EXISTS (SELECT 1 FROM ${games} WHERE ${games.id} = ${gameId})`)
        .getQuery(),
    ),
  ]);
  if (inserted!.meta.changes !== 1) throw Refusal.forbidden(GAME_MSG.noGamesLeft);
  return { gameId, code, path: defiPath(code), deadline: input.deadline };
}
