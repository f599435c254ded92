/** « Créer un défi » on the dashboard: the défi's rows written at once, one of the owner's games spent. */
import { and, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { quotaLeft, spendGame } from "@db/quota";
import { accounts, defis, games, type Account } from "@db/schema";
import { intoColumns, NULL, value } from "@party/d1-sql";
import type { CreateDefiInput } from "@common/contracts/defi/schemas";
import type { DefiCreated } from "@common/contracts/defi/types";
import type { Bounds } from "@common/wire/protocol";
import { secureRandom } from "@common/util/random";
import {
  buildTargetSettings,
  checkAdaptedNames,
  deadlineProblem,
  DEFI_CODE_LENGTH,
  DEFI_MSG,
  showsOnPlayerDevice,
  streetViewPositions,
  type AdaptedTime,
} from "@common/rules";
import { helpZone } from "@common/rules/geo";
import { readCirclesPoints } from "../admin/circles-points.server";
import { randomToken } from "./defi-device.server";
import { defiPath, type DefiSettings, type DefiSnapshot } from "./defi-views.server";
import { GAME_MSG, playableQuiz, requireGameMaster } from "../rooms/games.server";
import { Refusal } from "../http/refusal.server";

/** A défi's code: 12 random bytes, 16 URL-safe characters. */
const newCode = () => randomToken((DEFI_CODE_LENGTH * 3) / 4);

/** 'defi:{game id}': the registry's column holds no room number for a défi, so it never blocks one. */
const noRoom = (gameId: string) => `defi:${gameId}`;

/**
 * « Créer un défi »: for an admin or an MJ whose account has not expired, on a finished quiz of
 * theirs. One of the owner's games is spent at once (the launch's quota condition, checked in the
 * statement that inserts the row). Street View questions are left out (`leftOut`: their
 * positions in the quiz, from 1). Adapted time is stored as set, its names by the name rule (kept
 * for free names only, and only when not the whole défi has it). Refusals: 400 a bad deadline or
 * adapted time's name, 403 expired or no games left,
 * 404 not their quiz, 409 nothing to play (or nothing but Street View).
 */
export async function createDefi(
  db: Db,
  account: Account,
  input: CreateDefiInput,
  now = Date.now(),
): Promise<DefiCreated> {
  requireGameMaster(account);
  const problem = deadlineProblem(input.deadline, now);
  if (problem) throw Refusal.badRequest(problem);
  const adapted = adaptedOf(input);
  const { quiz, snapshot } = await playableQuiz(db, account, input.quiz);
  // Street View questions stay out (player-media.ts): their view would give the phone the answer.
  const leftOut = streetViewPositions(snapshot.questions);
  const questions = snapshot.questions.filter(showsOnPlayerDevice);
  if (questions.length === 0) throw Refusal.conflict(DEFI_MSG.allStreetView);
  const ringPoints = await readCirclesPoints(db);
  const settings: DefiSettings = {
    answerTimeSec: input.answerTimeSec,
    helpZoneM: input.helpZoneM,
    ringPoints,
    speedPointsMax: quiz.speedPointsMax,
  };
  const played: DefiSnapshot = {
    quiz: { name: quiz.name, description: quiz.description, questions, mapSettings: snapshot.mapSettings },
    targets: buildTargetSettings(ringPoints),
  };
  const side = input.helpZoneM;
  const help: (Bounds | null)[] = questions.map((q) => (side === null ? null : helpZone(q, side, secureRandom)));
  const gameId = crypto.randomUUID();
  const code = newCode();
  const [seed] = crypto.getRandomValues(new Uint32Array(1));
  // One batch: the game's row goes in under the quota condition (from the owner's own row), the
  // game is spent and the défi's row follows only if the game's went in.
  const [inserted] = await db.batch([
    db.insert(games).select(
      db
        .select(
          intoColumns(games, {
            id: value(gameId),
            quizUniqueName: value(quiz.uniqueName),
            ownerId: value(account.id),
            roomNumber: value(noRoom(gameId)),
            status: value("live"),
            kind: value("defi"),
            mode: value("player"),
            settings: value(JSON.stringify(settings)),
            results: NULL,
            createdAt: value(now),
            startedAt: value(now),
            endedAt: NULL,
            quizName: value(quiz.name),
            quizSnapshot: value(JSON.stringify(played)),
            playersCount: value(0),
            winner: NULL,
          }),
        )
        .from(accounts)
        .where(and(eq(accounts.id, account.id), quotaLeft(account.id))),
    ),
    spendGame(db, gameId),
    db.insert(defis).select(
      db
        .select(
          intoColumns(defis, {
            gameId: value(gameId),
            code: value(code),
            deadline: value(input.deadline),
            nameMode: value(input.nameMode),
            joins: value(0),
            seed: value(seed! % 1_000_000_007),
            help: value(JSON.stringify(help)),
            reveal: value(input.reveal),
            boardHidden: value(input.boardHidden ? 1 : 0),
            adapted: adapted ? value(JSON.stringify(adapted)) : NULL,
          }),
        )
        .from(games)
        .where(eq(games.id, gameId)),
    ),
  ]);
  if (inserted!.meta.changes !== 1) throw Refusal.forbidden(GAME_MSG.noGamesLeft);
  return { gameId, code, path: defiPath(code), deadline: input.deadline, leftOut };
}

/** The adapted time to store: its names checked, none kept where no name is typed or everyone has it. */
function adaptedOf(input: CreateDefiInput): AdaptedTime | null {
  const a = input.adapted;
  if (!a) return null;
  const listed = a.all || input.nameMode !== "free" ? [] : a.names;
  const checked = checkAdaptedNames(listed);
  if (!checked.ok) throw Refusal.badRequest(checked.error);
  return { kind: a.kind, speed: a.kind === "unlimited" ? "none" : a.speed, all: a.all, ask: a.all ? false : a.ask, names: checked.names };
}
