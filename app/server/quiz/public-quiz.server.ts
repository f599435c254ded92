import type { AppLoadContext, HeadersFunction } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { questions, type Quiz } from "@db/schema";
import {
  playedQuestion,
  publicQuestion,
  type PublicQuestion,
  type QuestionPageData,
  QUESTION_NOT_FOUND,
  QUIZ_NOT_FOUND,
  questionDescription,
  quizMapView,
} from "@common/contracts/public/quiz";
import { UNIQUE_NAME } from "@common/util/slug";
import { publicScope, shownAt, type Viewers } from "./played-quiz.server";
import { findQuiz } from "./quizzes.server";
import { Refusal } from "../http/refusal.server";
import { m } from "@common/i18n/words";
import type { Words } from "@common/i18n/ids";

/** `?quiz=` of /watch and /question: a quiz's unique name (anything else names no quiz). */
export const PublicQuizQuery = z.object({ quiz: z.string().trim().regex(UNIQUE_NAME) });

/** What the public pages say while a room plays the quiz (played-quiz.server.ts). */
const PLAYING_NOTICE = {
  /** To the public, who sees only the questions already revealed. */
  public: m("public.playing.public"),
  /** To the quiz's owner and the admin, who see everything. */
  owner: m("public.playing.owner"),
} as const;

interface PublicQuiz {
  quiz: Quiz;
  questions: PublicQuestion[];
  /** Each question's description, as /question shows it (null: none). */
  descriptions: (string | null)[];
  /** Null while nobody plays the quiz; else the sentence the page shows. */
  notice: Words | null;
  /** False while the public sees only some questions: their count says nothing of the rest. */
  whole: boolean;
}

/**
 * The quiz of that unique name and the questions this visitor may see, in play order. No login:
 * the unique name, with its random suffix, is the secret; while a room plays the quiz, only the
 * questions it has revealed (played-quiz.server.ts).
 */
async function loadPublicQuiz(context: AppLoadContext, viewers: Viewers, uniqueName: string): Promise<PublicQuiz> {
  const quiz = await findQuiz(context.db, uniqueName);
  if (!quiz) throw Refusal.notFound(QUIZ_NOT_FOUND);
  const scope = await publicScope(context, viewers, quiz);
  if (scope.questions) {
    const shown = scope.questions.filter((q) => shownAt(scope, q));
    return {
      quiz,
      questions: shown.map(playedQuestion),
      descriptions: shown.map((q) => questionDescription(q, quiz)),
      notice: PLAYING_NOTICE.public,
      whole: false,
    };
  }
  const rows = await context.db
    .select()
    .from(questions)
    .where(eq(questions.quizUniqueName, quiz.uniqueName))
    .orderBy(asc(questions.position), asc(questions.id));
  if (scope.secret.size > 0) {
    // Another quiz of the owner is played and shares answers with this one: those stay out, and
    // the rest count as revealed ones do (no « sur N », indexes among those shown).
    const visible = rows.filter((q) => shownAt(scope, q));
    return {
      quiz,
      questions: visible.map((q, i) => publicQuestion(quiz.uniqueName, q, i)),
      descriptions: visible.map((q) => questionDescription(q, quiz)),
      notice: PLAYING_NOTICE.public,
      whole: false,
    };
  }
  return {
    quiz,
    questions: rows.map((q, i) => publicQuestion(quiz.uniqueName, q, i)),
    descriptions: rows.map((q) => questionDescription(q, quiz)),
    notice: scope.playing ? PLAYING_NOTICE.owner : null,
    whole: true,
  };
}

/**
 * What these pages show changes with the game and with who asks: kept out of every cache (a
 * shared one would hand the owner's full page to the public).
 */
export const publicPageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** /watch?quiz={unique name}: the public viewer of a quiz. */
export async function watchPage(context: AppLoadContext, viewers: Viewers, uniqueName: string) {
  const { quiz, questions: list, notice, whole } = await loadPublicQuiz(context, viewers, uniqueName);
  return {
    quiz: { uniqueName: quiz.uniqueName, name: quiz.name, description: quiz.description },
    questions: list,
    notice,
    whole,
    map: quizMapView(
      quiz.mapSettings,
      list.map((q) => q.position),
    ),
  };
}

/**
 * /question?quiz={name}&questionNumber={index}: one question, large. `index` is the 0-based index
 * of the question in the quiz's order (while the quiz is played, among the questions revealed: a
 * later one is as missing as one past the end).
 */
export async function questionPage(
  context: AppLoadContext,
  viewers: Viewers,
  uniqueName: string,
  index: number | null,
): Promise<QuestionPageData> {
  const { quiz, questions: list, descriptions, notice, whole } = await loadPublicQuiz(context, viewers, uniqueName);
  const question = index === null ? undefined : list[index];
  if (!question) throw Refusal.notFound(QUESTION_NOT_FOUND);
  return {
    quizName: quiz.name,
    // « sur N » only when N is the whole quiz.
    subtitle: whole ? m("public.questionOf", { n: question.index + 1, total: list.length }) : m("public.question", { n: question.index + 1 }),
    question,
    description: descriptions[question.index] ?? null,
    notice,
    map: quizMapView(quiz.mapSettings, [question.position]),
  };
}
