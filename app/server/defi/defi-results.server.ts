/**
 * A défi's answers once it is over (the deadline passed, or its MJ ended it): each question's
 * spot, photo and everyone's answers, for the players' end page and the leaderboard. Nothing of
 * it while the défi is open: a second attempt must learn nothing the first did not.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { gameAnswers } from "@db/schema";
import type { DefiQuestionResults } from "@common/contracts/defi/types";
import { DEFI_MSG } from "@common/rules";
import { finishIfDue, loadDefi } from "./defi-store.server";
import { isOpen, questionCount, questionResultsOf } from "./defi-views.server";
import { servePhotoOf } from "./defi-play.server";
import { Refusal } from "../http/refusal.server";
import { answerColumns } from "../history/history.server";

/** The défi behind `code` once it is over, and the question asked for (from 1 in the address). */
async function overDefi(db: Db, device: string | null, code: string | undefined, question: string | undefined, now: number) {
  const l = await loadDefi(db, code, device);
  await finishIfDue(db, l, now);
  if (isOpen(l, now)) throw Refusal.conflict(DEFI_MSG.notOverYet);
  const index = /^[1-9][0-9]{0,2}$/.test(question ?? "") ? Number(question) - 1 : -1;
  if (index < 0 || index >= questionCount(l)) throw Refusal.notFound(DEFI_MSG.notFound);
  return { l, index };
}

/** GET /api/defi/{code}/answers/{n}: question n's spot, every answer, and the device's own. */
export async function defiQuestionResults(
  db: Db,
  device: string | null,
  input: { code: string | undefined; question: string | undefined },
  now = Date.now(),
): Promise<DefiQuestionResults> {
  const { l, index } = await overDefi(db, device, input.code, input.question, now);
  const answers = await db
    .select({ playerNo: gameAnswers.playerNo, ...answerColumns })
    .from(gameAnswers)
    .where(and(eq(gameAnswers.gameId, l.game.id), eq(gameAnswers.question, index)));
  return questionResultsOf(l, index, answers);
}

/** GET /api/defi/{code}/photos/{n}: question n's photo, to anyone with the link once the défi is over. */
export async function defiResultPhoto(
  db: Db,
  bucket: R2Bucket,
  conditions: Headers,
  input: { code: string | undefined; question: string | undefined },
  now = Date.now(),
): Promise<Response> {
  const { l, index } = await overDefi(db, null, input.code, input.question, now);
  return servePhotoOf(l.snapshot.quiz.questions[index], bucket, conditions);
}
