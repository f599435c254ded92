/**
 * A défi's frame: what never changes once it is created (its quiz as played, its settings, its
 * help squares), kept in the Worker's memory by code.
 *
 * Every call a player makes reads the défi; the frame is most of what that read returned (the
 * whole quiz, as JSON inside D1's JSON), and decoding it again on every call was a large part of
 * a call's CPU. Only the rows that change (the deadline, the player) are read each time. A frame
 * is read with the first call that finds it missing, in the same round trip as that call's read.
 *
 * A kept frame is never stale: no statement writes these columns after creation. A code freed by
 * a deleted défi and given to a new one is told apart by its game id, which every read returns.
 */
import { eq, sql } from "drizzle-orm";
import { builtOnce, type Db } from "@db/client";
import { defis, games } from "@db/schema";
import { LruMap } from "@common/util/lru";
import { readStoredQuiz } from "@common/wire/quiz-question";
import type { DefiSettings, DefiSnapshot } from "./defi-views.server";

export type DefiFrame = {
  gameId: string;
  settings: DefiSettings;
  snapshot: DefiSnapshot;
  /** `defis.help`: one help square per question (null: none), as stored. */
  help: unknown;
};

/** Défis whose frames one isolate keeps: a quiz of a hundred questions is some tens of kB. */
export const DEFI_FRAMES_KEPT = 64;

const frames = new LruMap<string, DefiFrame>(DEFI_FRAMES_KEPT);

/** The frame of the défi behind `code`, read with the code: built once. */
export const frameStatement = builtOnce((db) =>
  db
    .select({ gameId: games.id, settings: games.settings, snapshot: games.quizSnapshot, help: defis.help })
    .from(defis)
    .innerJoin(games, eq(games.id, defis.gameId))
    .where(eq(defis.code, sql.placeholder("code")))
    .limit(1)
    .prepare(),
);

type StoredFrame = { gameId: string; settings: unknown; snapshot: unknown; help: unknown };

/** The frame kept for this code, if it belongs to this game. */
export function keptFrame(code: string, gameId?: string): DefiFrame | undefined {
  const frame = frames.get(code);
  return frame && (gameId === undefined || frame.gameId === gameId) ? frame : undefined;
}

/**
 * Keeps a frame as read from D1 and returns it, frozen: every call of the défi shares it, so
 * none may change it.
 */
export function keepFrame(code: string, stored: StoredFrame): DefiFrame {
  const snapshot = stored.snapshot as DefiSnapshot;
  const frame: DefiFrame = deepFreeze({
    gameId: stored.gameId,
    settings: stored.settings as DefiSettings,
    // A défi created before the code said `title` stored its questions' titles as `titre`.
    snapshot: { ...snapshot, quiz: readStoredQuiz(snapshot.quiz) },
    help: stored.help,
  });
  frames.set(code, frame);
  return frame;
}

/** The frame of `code`'s défi, from memory or else from D1 (one read); undefined: no such défi. */
export async function frameOf(db: Db, code: string, gameId: string): Promise<DefiFrame | undefined> {
  const kept = keptFrame(code, gameId);
  if (kept) return kept;
  const [stored] = await frameStatement(db).all({ code });
  return stored && stored.gameId === gameId ? keepFrame(code, stored) : undefined;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
