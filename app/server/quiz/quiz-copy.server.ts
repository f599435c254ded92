/**
 * Copying quizzes, for « Dupliquer » on a quiz's card (quizzes.server.ts) and on a folder's
 * (folders.server.ts): whether they may be copied, and the statements that copy one.
 */
import { eq, getTableColumns, gt, inArray, sql } from "drizzle-orm";
import { chunks, type Db } from "@db/client";
import { questions, quizzes, type Quiz } from "@db/schema";
import { quizUniqueName } from "@common/util/slug";
import { QUIZ_QUESTIONS_MAX, QUIZ_TOO_LONG_TO_COPY } from "@common/rules";
import { Refusal } from "../http/refusal.server";

/**
 * The statements that copy a quiz and its questions under a new unique name (questions copied
 * by SQL, so a long quiz is still two statements). The copy keeps the owner of the original.
 */
export function copyQuizStatements(
  db: Db,
  quiz: Quiz,
  target: { name: string; folderId: number | null },
): [ReturnType<typeof insertQuiz>, ReturnType<typeof insertQuestionsFrom>] {
  const uniqueName = quizUniqueName(target.name);
  return [
    insertQuiz(db, { ...quiz, uniqueName, name: target.name, folderId: target.folderId }),
    insertQuestionsFrom(db, quiz.uniqueName, uniqueName),
  ];
}

function insertQuiz(db: Db, quiz: Quiz) {
  return db.insert(quizzes).values({ ...quiz, lastTimePlayed: null, createdAt: Date.now() });
}

function insertQuestionsFrom(db: Db, from: string, to: string) {
  const { id: _id, quizUniqueName: _quiz, ...rest } = getTableColumns(questions);
  return db.insert(questions).select(
    db
      .select({ id: sql<number>`null`.as("id"), quizUniqueName: sql<string>`${to}`.as("quiz_unique_name"), ...rest })
      .from(questions)
      .where(eq(questions.quizUniqueName, from)),
  );
}

/**
 * A copy adds every question of its original: refused (409) when one of these quizzes holds
 * more than QUIZ_QUESTIONS_MAX (one kept from before the limit), so no path makes a longer quiz.
 */
export async function assertCopyable(db: Db, quizNames: readonly string[]): Promise<void> {
  for (const part of chunks(quizNames)) {
    const [tooLong] = await db
      .select({ quiz: questions.quizUniqueName })
      .from(questions)
      .where(inArray(questions.quizUniqueName, part))
      .groupBy(questions.quizUniqueName)
      .having(gt(sql`count(*)`, QUIZ_QUESTIONS_MAX))
      .limit(1);
    if (tooLong) throw Refusal.conflict(QUIZ_TOO_LONG_TO_COPY);
  }
}
