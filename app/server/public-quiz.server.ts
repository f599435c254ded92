import { data } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { questions, quizzes, type Question, type Quiz } from "@db/schema";
import { QUIZ_NOT_FOUND } from "@common/public-quiz";
import { UNIQUE_NAME } from "@common/slug";

const Query = z.object({ quiz: z.string().trim().regex(UNIQUE_NAME) });

/**
 * The quiz named by `?quiz=` and its questions in play order, for the public pages (/watch,
 * /question). No login: the unique name is the secret. Throws a French 404 otherwise.
 */
export async function loadPublicQuiz(
  db: Db,
  params: URLSearchParams,
): Promise<{ quiz: Quiz; rows: Question[] }> {
  const parsed = Query.safeParse({ quiz: params.get("quiz") ?? "" });
  if (!parsed.success) throw data({ message: QUIZ_NOT_FOUND }, { status: 404 });
  const name = parsed.data.quiz;
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.uniqueName, name)).limit(1);
  if (!quiz) throw data({ message: QUIZ_NOT_FOUND }, { status: 404 });
  const rows = await db
    .select()
    .from(questions)
    .where(eq(questions.quizUniqueName, name))
    .orderBy(asc(questions.position), asc(questions.id));
  return { quiz, rows };
}
