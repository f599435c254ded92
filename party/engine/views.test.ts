import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "@common/wire/protocol";
import { serverMessages } from "@common/wire/server-to-client";
import { answer, closeRoom, hello, next, start, tick } from "./game";
import { PRESENTER_TOKEN, SPOT0, SPOT1, makeCtx, newGame, ok, quiz, sent } from "./test-fixtures";
import type { GameState } from "./state";
import { presNewQuestion, presNewRoomCallback, revealedCount, revealedQuiz } from "./views";

const T0 = 1_000_000;

/** A presenter and one phone in the lobby of the two-question fixture quiz. */
function lobby() {
  const ctx = makeCtx();
  const withPresenter = ok(hello(newGame(), { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T0 + 100, ctx));
  const joined = ok(hello(withPresenter.state, { role: "player", version: PROTOCOL_VERSION }, T0 + 200, ctx));
  return { presenterHello: withPresenter, state: joined.state };
}

describe("what leaves the room before the reveal", () => {
  it("counts a question as revealed only once its answer was shown", () => {
    const at: Record<string, GameState> = {};
    let s = lobby().state;
    at.lobby = s;
    s = ok(start(s, T0 + 1_000)).state;
    at.starting = s;
    s = ok(tick(s, T0 + 7_000)).state;
    at.question0 = s;
    s = ok(answer(s, "p1", 0, SPOT0, T0 + 8_000)).state;
    at.reveal0 = s;
    s = ok(next(s, T0 + 9_000)).state;
    at.question1 = s;
    s = ok(answer(s, "p1", 1, SPOT1, T0 + 10_000)).state;
    at.reveal1 = s;
    s = ok(next(s, T0 + 11_000)).state;
    at.over = s;
    expect(Object.entries(at).map(([name, state]) => [name, state.phase, revealedCount(state)])).toEqual([
      ["lobby", "lobby", 0],
      ["starting", "starting", 0],
      ["question0", "question", 0],
      ["reveal0", "reveal", 1],
      ["question1", "question", 1],
      ["reveal1", "reveal", 2],
      ["over", "over", 2],
    ]);
    // The open question's spot never leaves: only the revealed ones, as played.
    expect(revealedQuiz(at.question1!)).toEqual({
      name: quiz.name,
      description: quiz.description,
      mapSettings: quiz.mapSettings,
      questionCount: 2,
      questions: [quiz.questions[0]],
    });
    expect(revealedQuiz(at.question0!).questions).toEqual([]);
    expect(revealedQuiz(at.over!).questions).toEqual(quiz.questions);
  });

  it("writes a question's title under the wire's name, titre, for the presenter", () => {
    const s = ok(tick(ok(start(lobby().state, T0 + 1_000)).state, T0 + 7_000)).state;
    const asked = serverMessages.toWire(presNewQuestion(s, T0 + 7_000, 0));
    const question = asked.type === "pres_newQuestion" ? asked.question : null;
    expect(question?.titre).toBe(quiz.questions[0]!.title);
    expect(question).not.toHaveProperty("title");
    const room = serverMessages.toWire(presNewRoomCallback(s));
    const questions = room.type === "pres_newRoom_callback" ? room.quizzData.questions : [];
    expect(questions.map((q) => q.titre)).toEqual(quiz.questions.map((q) => q.title));
    for (const q of questions) expect(q).not.toHaveProperty("title");
  });

  it("shows everything once the game was ended, even halfway", () => {
    const s = ok(tick(ok(start(lobby().state, T0 + 1_000)).state, T0 + 7_000)).state;
    expect(revealedCount(ok(closeRoom(s, T0 + 8_000, "ended")).state)).toBe(2);
  });

  it("gives the presenter the quiz without its unique name, photos at the room's address", () => {
    const { presenterHello } = lobby();
    const room = sent(presenterHello.effects, "caller", "pres_newRoom_callback")[0]!;
    expect(room.quizzData).not.toHaveProperty("uniqueName");
    expect(room.quizzData.questions.map((q) => q.imageUrl)).toEqual(["/api/salle/123456/photos/a.jpg", "/api/salle/123456/photos/b.jpg"]);
    expect(JSON.stringify(room)).not.toContain(quiz.uniqueName);

    const question = ok(tick(ok(start(lobby().state, T0 + 1_000)).state, T0 + 7_000));
    const asked = sent(question.effects, "presenter", "pres_newQuestion")[0]!;
    expect(asked.question.imageUrl).toBe("/api/salle/123456/photos/a.jpg");
  });
});
