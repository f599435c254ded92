import { describe, expect, it } from "vitest";
import type { ServerMessage } from "./protocol";
import { decodeServerMessage } from "./room-client-decode";
import { fromWire } from "./room-messages";

/** A wire frame as the room writes it, decoded and translated as a page reads it. */
const read = (msg: ServerMessage) => fromWire(decodeServerMessage(JSON.stringify(msg))!);

describe("fromWire: the wire's names become the code's", () => {
  it("answer times: milliseconds for the presenter, seconds for the phone, each named with its unit", () => {
    const presenter = read({
      type: "pres_newQuestion",
      questionIndex: 0,
      questionsNb: 3,
      question: { name: "q", kind: "photo", imageUrl: "/x.jpg", streetview: null, lat: 0, lng: 0, titre: "", description: "" },
      maxAnswerTime: 15_000,
      remainingMs: 14_000,
      answeredCount: 0,
      expectedCount: 2,
    });
    expect(presenter).toMatchObject({ answerTimeMs: 15_000, remainingMs: 14_000 });
    expect(presenter).not.toHaveProperty("maxAnswerTime");

    const phone = read({ type: "player_newQuestion", questionIndex: 0, questionsNb: 3, time: 30, remainingMs: 29_000, help: null });
    expect(phone).toMatchObject({ answerTimeSec: 30 });
    expect(phone).not.toHaveProperty("time");
  });

  it("the time an answer took, in milliseconds, on the presenter and on the phone", () => {
    const notice = read({
      type: "pres_playerAnswered",
      questionIndex: 0,
      answers: [{ playerID: "p1", pseudo: "Kiwi bleu", marker: "Kiwibleu", time: 3_421 }],
      answeredCount: 1,
      expectedCount: 2,
    });
    expect(notice.type === "pres_playerAnswered" && notice.answers).toEqual([
      { playerID: "p1", pseudo: "Kiwi bleu", marker: "Kiwibleu", elapsedMs: 3_421 },
    ]);
    expect(read({ type: "player_answer_callback", questionIndex: 0, tempsReponse: 1_234 })).toEqual({
      type: "player_answer_callback",
      questionIndex: 0,
      elapsedMs: 1_234,
    });
  });

  it("the help square's side, in metres", () => {
    const room = read({
      type: "pres_newRoom_callback",
      roomID: "123456",
      quizzData: {
        name: "Lyon",
        description: "",
        questions: [],
        mapSettings: { center: { lat: 45, lng: 5 }, zoom: 12, bounds: { north: 46, south: 44, east: 6, west: 4 } },
        targetSettings: [],
        pointsSettings: { point_max_temps: 5, circlesPoints: [2, 3, 4, 5] },
      },
      colors: ["bleu"],
      settings: { iconType: "random", mode: "player", answerTimeSec: 30, helpZone: 500, maxPlayer: 50, maxTeam: 6, capacity: 50 },
      helpSettings: [],
      phase: "lobby",
      playerList: [],
      playersCount: 0,
      locked: false,
    });
    expect(room.type === "pres_newRoom_callback" && room.settings).toEqual({
      iconType: "random",
      mode: "player",
      answerTimeSec: 30,
      helpZoneM: 500,
      maxPlayer: 50,
      maxTeam: 6,
      capacity: 50,
    });
  });

  it("leaves a message without a renamed field as it came", () => {
    const msg: ServerMessage = { type: "player_startGame", startsInMs: 3_000 };
    expect(read(msg)).toEqual(msg);
  });
});
