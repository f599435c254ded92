import { describe, expect, it } from "vitest";
import type { QuizQuestion } from "./protocol";
import { readStoredQuestion, readStoredQuiz } from "./quiz-question";

const question: QuizQuestion = { name: "Tour", kind: "streetview", imageUrl: null, streetview: null, lat: 48.8584, lng: 2.2945, title: "La tour", description: "En fer" };
const { title, ...rest } = question;
const wire = { ...rest, titre: title };

describe("a quiz question stored under either name of its title", () => {
  it("reads a question or a quiz stored under either name", () => {
    expect(readStoredQuestion(question)).toEqual(question);
    expect(readStoredQuestion(wire)).toEqual(question);
    expect(readStoredQuiz({ name: "Paris", questions: [wire, question] })).toEqual({ name: "Paris", questions: [question, question] });
  });
});
