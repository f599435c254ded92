import { describe, expect, it } from "vitest";
import type { ServerMessage } from "./protocol";
import { decodeServerMessage } from "../client/room-client-decode";
import { fromWire } from "./room-messages";

/** A wire frame as the room writes it, decoded and translated as a page reads it. */
const read = (msg: ServerMessage) => fromWire(decodeServerMessage(JSON.stringify(msg))!);

const WIRE_QUESTION = { name: "q", kind: "streetview" as const, imageUrl: null, streetview: null, lat: 1, lng: 2, titre: "La tour", description: "D" };
const QUESTION = { name: "q", kind: "streetview", imageUrl: null, streetview: null, lat: 1, lng: 2, title: "La tour", description: "D" };

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
    expect(presenter).toMatchObject({ answerTimeMs: 15_000, remainingMs: 14_000, questionCount: 3 });
    expect(presenter).not.toHaveProperty("maxAnswerTime");
    expect(presenter).not.toHaveProperty("questionsNb");

    const phone = read({ type: "player_newQuestion", questionIndex: 0, questionsNb: 3, time: 30, remainingMs: 29_000, help: null, media: null, at: 0 });
    expect(phone).toMatchObject({ answerTimeSec: 30, questionCount: 3 });
    expect(phone).not.toHaveProperty("time");
  });

  it("a question's title: the wire's titre becomes title, in pres_newQuestion and in the presenter's quiz", () => {
    const opened = read({ type: "pres_newQuestion", questionIndex: 0, questionsNb: 1, question: WIRE_QUESTION, maxAnswerTime: 15_000, remainingMs: 1, answeredCount: 0, expectedCount: 0 });
    expect(opened.type === "pres_newQuestion" && opened.question).toEqual(QUESTION);
  });

  it("seat ids, in the presenter's lobby, its kicks and departures, and the phone's seat", () => {
    const entry = { playerID: "p7", pseudo: "Kiwi bleu", marker: "Kiwibleu", color: "bleu" as const, team: null, connected: true };
    const seated = { seatId: "p7", pseudo: "Kiwi bleu", marker: "Kiwibleu", color: "bleu", team: null, connected: true };
    expect(read({ type: "pres_newPlayer", player: entry, playersCount: 1 })).toEqual({ type: "pres_newPlayer", player: seated, playersCount: 1 });
    for (const type of ["pres_playerLeft", "pres_kickPlayer_callback"] as const)
      expect(read({ type, playerID: "p7", pseudo: "Kiwi bleu", playersCount: 0 })).toEqual({ type, seatId: "p7", pseudo: "Kiwi bleu", playersCount: 0 });
    const taken = read({ type: "fruit_selected_callback", status: true, pseudo: "Kiwi bleu", playerID: "p7", token: "p7_x" });
    expect(taken).toEqual({ type: "fruit_selected_callback", status: true, pseudo: "Kiwi bleu", seatId: "p7", token: "p7_x" });
    expect(read({ type: "fruit_selected_callback", status: false })).toEqual({ type: "fruit_selected_callback", status: false });
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
      { seatId: "p1", pseudo: "Kiwi bleu", marker: "Kiwibleu", elapsedMs: 3_421 },
    ]);
    expect(read({ type: "player_answer_callback", questionIndex: 0, tempsReponse: 1_234 })).toEqual({
      type: "player_answer_callback",
      questionIndex: 0,
      elapsedMs: 1_234,
    });
  });

  it("rank moves and points, in every ranking the room sends", () => {
    const line = { rank: 1, playerID: "p1", pseudo: "Kiwi bleu", marker: "Kiwibleu", points: 7.5, pointsQuestion: 7.5, classementMove: 2 };
    const ranked = { rank: 1, seatId: "p1", pseudo: "Kiwi bleu", marker: "Kiwibleu", points: 7.5, questionPoints: 7.5, rankMove: 2 };
    const team = { team: "bleu" as const, name: "Équipe bleue", rank: 1, points: 7.5, classementMove: -1, players: ["Kiwi bleu"] };
    const night = { round: 2, ranking: [line], playersCount: 1 };
    expect(
      read({ type: "pres_endGame", ranking: [line], team_results: [team], playersCount: 1, night })
    ).toEqual({
      type: "pres_endGame",
      ranking: [ranked],
      teams: [{ team: "bleu", name: "Équipe bleue", rank: 1, points: 7.5, rankMove: -1, players: ["Kiwi bleu"] }],
      playersCount: 1,
      night: { round: 2, ranking: [ranked], playersCount: 1 },
    });
    const end = read({ type: "player_endGame", rank: 1, pointsTotal: 7.5, playersCount: 1, results: [line], me: line, team: null, night: { ...night, me: line } });
    expect(end).toMatchObject({ totalPoints: 7.5, ranking: [ranked], me: ranked, night: { ranking: [ranked], me: ranked } });
    expect(end).not.toHaveProperty("results");
    const reveal3 = read({
      type: "pres_results",
      questionIndex: 0,
      questionsNb: 3,
      isLast: false,
      spot: { lat: 45, lng: 5 },
      answers: [],
      results: [line],
      team_results: null,
      playersCount: 1,
      answersCount: 0,
    });
    expect(reveal3).toMatchObject({ questionCount: 3, ranking: [ranked], teams: null });
    expect(JSON.stringify(reveal3)).not.toMatch(/"results"|team_results|questionsNb|classementMove/);
    expect(JSON.stringify(end)).not.toContain("classementMove");
    const reveal = read({
      type: "player_endQuestion",
      questionIndex: 0,
      questionsNb: 3,
      isLast: false,
      distance: 12,
      pointsQuestion: 7.5,
      pointsTotal: 7.5,
      rank: 1,
      classementMove: 3,
      playersCount: 1,
      team: null,
    });
    expect(reveal).toMatchObject({ rankMove: 3, questionCount: 3, questionPoints: 7.5, totalPoints: 7.5 });
    expect(JSON.stringify(reveal)).not.toMatch(/classementMove|questionsNb|pointsQuestion|pointsTotal/);
  });

  it("the room number, the presenter's quiz, its scoring and target, the help squares and their side, in metres", () => {
    const room = read({
      type: "pres_newRoom_callback",
      roomID: "123456",
      quizzData: {
        name: "Lyon",
        description: "",
        questions: [WIRE_QUESTION],
        mapSettings: { center: { lat: 45, lng: 5 }, zoom: 12, bounds: { north: 46, south: 44, east: 6, west: 4 } },
        targetSettings: [{ max: -1, points: 0, color: "#9e9e9e" }],
        pointsSettings: { point_max_temps: 5, circlesPoints: [2, 3, 4, 5] },
      },
      colors: ["bleu"],
      settings: { iconType: "random", mode: "player", answerTimeSec: 30, helpZone: 500, maxPlayer: 50, maxTeam: 6, capacity: 50, photoOnPhones: false },
      helpSettings: [null],
      phase: "lobby",
      playerList: [{ playerID: "p1", pseudo: "Kiwi bleu", marker: "Kiwibleu", color: "bleu", team: null, connected: true }],
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
      photoOnPhones: false,
    });
    expect(room.type === "pres_newRoom_callback" && room.quiz.scoring).toEqual({ speedPointsMax: 5, ringPoints: [2, 3, 4, 5] });
    expect(room).toMatchObject({ quiz: { target: [{ max: -1, points: 0, color: "#9e9e9e" }] }, helpSquares: [null] });
    expect(room.type === "pres_newRoom_callback" && room.quiz.questions).toEqual([QUESTION]);
    expect(room).toMatchObject({ roomNumber: "123456", playerList: [{ seatId: "p1", pseudo: "Kiwi bleu" }] });
    expect(JSON.stringify(room)).not.toMatch(/roomID|playerID|quizzData|pointsSettings|point_max_temps|circlesPoints|targetSettings|helpSettings|helpZone"|titre/);
  });

  it("seats per colour on the pseudo screen", () => {
    const info = {
      colors: ["bleu" as const],
      colorsUsed: { bleu: 1, jaune: 0, rose: 0, rouge: 0, turquoise: 0, vert: 0 },
      max_players: 9,
      fruitsUsed: { bleu: ["kiwi" as const], jaune: [], rose: [], rouge: [], turquoise: [], vert: [] },
      fruits: ["kiwi" as const, "fraise" as const],
    };
    const opened = read({ type: "player_joinPseudoRoom_callback", ...info });
    expect(opened).toMatchObject({ type: "player_joinPseudoRoom_callback", seatsPerColor: 9, colorsUsed: info.colorsUsed });
    expect(opened).not.toHaveProperty("max_players");
    const lost = read({ type: "fruit_selected_callback", status: false, code: "fruit_taken", info });
    expect(lost.type === "fruit_selected_callback" && lost.info).toMatchObject({ seatsPerColor: 9, fruits: ["kiwi", "fraise"] });
    expect(read({ type: "fruit_selected_callback", status: true, pseudo: "Kiwi bleu" })).not.toHaveProperty("info");
  });

  it("leaves a message without a renamed field as it came", () => {
    const msg: ServerMessage = { type: "player_startGame", startsInMs: 3_000 };
    expect(read(msg)).toEqual(msg);
  });
});
