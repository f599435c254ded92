import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { questions, type Question, type Quiz } from "@db/schema";
import {
  parseQuestionNumber,
  publicQuestion,
  QUESTION_NOT_FOUND,
  QUIZ_NOT_FOUND,
  questionDescription,
  quizMapView,
} from "@common/public-quiz";
import { UNIQUE_NAME } from "@common/slug";
import { pageLoader } from "./http.server";
import { findQuiz } from "./quizzes.server";
import { Refusal } from "./refusal.server";

const Query = z.object({ quiz: z.string().trim().regex(UNIQUE_NAME) });

/**
 * The quiz named by `?quiz=` and its questions in play order, for the public pages (/watch,
 * /question). No login: the unique name, with its random suffix, is the secret.
 */
async function loadPublicQuiz(db: Db, params: URLSearchParams): Promise<{ quiz: Quiz; rows: Question[] }> {
  const parsed = Query.safeParse({ quiz: params.get("quiz") ?? "" });
  const quiz = parsed.success ? await findQuiz(db, parsed.data.quiz) : null;
  if (!quiz) throw Refusal.notFound(QUIZ_NOT_FOUND);
  const rows = await db
    .select()
    .from(questions)
    .where(eq(questions.quizUniqueName, quiz.uniqueName))
    .orderBy(asc(questions.position), asc(questions.id));
  return { quiz, rows };
}

/** /watch?quiz={unique name}: the public viewer of a quiz. */
export const watchPage = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const { quiz, rows } = await loadPublicQuiz(context.db, new URL(request.url).searchParams);
  const list = rows.map((q, i) => publicQuestion(quiz.uniqueName, q, i));
  return {
    quiz: { uniqueName: quiz.uniqueName, name: quiz.name, description: quiz.description },
    questions: list,
    map: quizMapView(
      quiz.mapSettings,
      list.map((q) => q.position),
    ),
  };
});

/**
 * /question?quiz={name}&questionNumber={index}: one question, large. questionNumber is the
 * 0-based index of the question in the quiz's order.
 */
export const questionPage = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const params = new URL(request.url).searchParams;
  const { quiz, rows } = await loadPublicQuiz(context.db, params);
  const index = parseQuestionNumber(params.get("questionNumber"), rows.length);
  if (index === null) throw Refusal.notFound(QUESTION_NOT_FOUND);
  const row = rows[index];
  const question = publicQuestion(quiz.uniqueName, row, index);
  return {
    quiz: { name: quiz.name },
    count: rows.length,
    question,
    description: questionDescription(row, quiz),
    map: quizMapView(quiz.mapSettings, [question.position]),
  };
});
