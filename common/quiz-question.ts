/**
 * A quiz question inside the code names its title `title`; the room's messages (quizzData,
 * pres_newQuestion) carry it as the specification's `titre`. The room writes the wire's name
 * (party/engine/views.ts), fromWire (room-messages.ts) reads it back; questions stored before the
 * code said `title` (a room's state, a game's or a défi's quiz snapshot in D1) are read back here
 * too.
 */
import type { QuizQuestion, WireQuizQuestion } from "./protocol";

export function questionToWire({ title, ...rest }: QuizQuestion): WireQuizQuestion {
  return { ...rest, titre: title };
}

export function questionFromWire({ titre, ...rest }: WireQuizQuestion): QuizQuestion {
  return { ...rest, title: titre };
}

/** A stored question under either name (rooms and games stored the wire's `titre` before). */
export function readStoredQuestion(stored: QuizQuestion | WireQuizQuestion): QuizQuestion {
  return "titre" in stored ? questionFromWire(stored) : stored;
}

/** A stored quiz snapshot (a room's, a game's, a défi's) with its questions under the code's names. */
export function readStoredQuiz<Q extends { questions: readonly (QuizQuestion | WireQuizQuestion)[] }>(
  stored: Q,
): Omit<Q, "questions"> & { questions: QuizQuestion[] } {
  return { ...stored, questions: stored.questions.map(readStoredQuestion) };
}
