/**
 * A quiz question inside the code names its title `title`; the room's messages carry it as the
 * specification's `titre`, and the table of common/wire/server-to-client.ts (`question`)
 * translates both ways. Questions stored before the code said `title` (a room's state, a game's
 * or a défi's quiz snapshot in D1) are read back here.
 */
import type { QuizQuestion, WireQuizQuestion } from "./protocol";
import { question } from "./server-to-client";

/** A stored question under either name (rooms and games stored the wire's `titre` before). */
export function readStoredQuestion(stored: QuizQuestion | WireQuizQuestion): QuizQuestion {
  return "titre" in stored ? question.toCode(stored) : stored;
}

/** A stored quiz snapshot (a room's, a game's, a défi's) with its questions under the code's names. */
export function readStoredQuiz<Q extends { questions: readonly (QuizQuestion | WireQuizQuestion)[] }>(
  stored: Q,
): Omit<Q, "questions"> & { questions: QuizQuestion[] } {
  return { ...stored, questions: stored.questions.map(readStoredQuestion) };
}
