import { describe, expect, it } from "vitest";
import type {
  PlayerEndGame,
  PlayerEndQuestion,
  PlayerJoinRoomCallback,
  RankingLine,
  ServerMessage,
} from "@common/wire/protocol";
import { errorMessage } from "@common/wire/protocol";
import { fromWire } from "@common/wire/room-messages";
import {
  answerToSend,
  initialPlayState,
  playReducer,
  showReconnecting,
  type PlayAction,
  type PlayState,
} from "./play-state";
import { progressAt } from "./progress";
import { joinedAs } from "./joined.fixture";

const join = (phase: PlayerJoinRoomCallback["phase"] = "lobby"): PlayerJoinRoomCallback =>
  joinedAs({ iconType: "random", maxAnswerTime: 60, questionsNb: 3, phase });

const question = (questionIndex: number, remainingMs = 60_000): ServerMessage => ({
  type: "player_newQuestion",
  questionIndex,
  questionsNb: 3,
  time: 60,
  remainingMs,
  at: 0,
  help: questionIndex === 1 ? { lat1: 44.95, lon1: 4.95, lat2: 44.96, lon2: 4.96 } : null,
  media: null,
});

const line = (rank: number, pseudo: string, points: number): RankingLine => ({
  rank,
  playerID: `id-${pseudo}`,
  pseudo,
  marker: pseudo.replace(/\s/g, ""),
  points,
  pointsQuestion: points,
  classementMove: 0,
});

const endQuestion = (questionIndex: number): PlayerEndQuestion => ({
  type: "player_endQuestion",
  questionIndex,
  questionsNb: 3,
  isLast: questionIndex === 2,
  distance: 42,
  pointsQuestion: 8.5,
  pointsTotal: 8.5,
  rank: 1,
  classementMove: 0,
  playersCount: 2,
  team: null,
});

function run(actions: PlayAction[], from: PlayState = initialPlayState): PlayState {
  return actions.reduce(playReducer, from);
}
const server = (msg: ServerMessage, now = 0): PlayAction => ({ type: "server", msg: fromWire(msg), now });
const spot = { lat: 45.01, lng: 5.02 };

describe("player screens follow the room", () => {
  it("goes loading -> lobby -> starting -> question -> answered -> results -> end of game", () => {
    let s = run([{ type: "socket", status: "open" }]);
    expect(s.screen.name).toBe("loading");
    s = run([server(join())], s);
    expect(s.screen.name).toBe("lobby");
    expect(s.me?.pseudo).toBe("Kiwi bleu");
    // The join callback's wire names (playerID, maxAnswerTime, pointsSettings, questionsNb) read as the code's.
    expect(s.me).toMatchObject({ seatId: "p1", answerTimeSec: 60, scoring: { speedPointsMax: 5, ringPoints: [2, 3, 4, 5] }, questionCount: 3 });
    s = run([server({ type: "player_startGame", startsInMs: 5000 }, 1000)], s);
    expect(s.screen).toEqual({ name: "starting", endsAt: 6000 });
    s = run([server(question(0), 6000)], s);
    expect(s.screen.name).toBe("question");
    s = run([{ type: "tap", coords: spot }, { type: "submit" }], s);
    expect(answerToSend(s)).toEqual({ questionIndex: 0, coords: spot });
    s = run([{ type: "answerSent" }], s);
    expect(answerToSend(s)).toBeNull();
    s = run([server({ type: "player_answer_callback", questionIndex: 0, tempsReponse: 3421 })], s);
    expect(s.screen).toEqual({ name: "answered", questionIndex: 0, questionCount: 3, elapsedMs: 3421 });
    s = run([server(endQuestion(0))], s);
    expect(s.screen.name).toBe("endQuestion");
    s = run([server(question(1))], s);
    expect(s.screen.name === "question" && s.screen.help).toEqual({ south: 44.95, west: 4.95, north: 44.96, east: 4.96 });
    expect(s.tap).toBeNull();
    const end: PlayerEndGame = {
      type: "player_endGame",
      rank: 1,
      pointsTotal: 8.5,
      playersCount: 2,
      results: [line(1, "Kiwi bleu", 8.5)],
      me: line(1, "Kiwi bleu", 8.5),
      team: null,
      night: null,
    };
    s = run([server(end)], s);
    expect(s.screen.name).toBe("endGame");
  });

  it("keeps the question's photo when the game shows it on the phones, none otherwise", () => {
    const media = { kind: "photo", url: "/api/salle/123456/photos/a.jpg" } as const;
    const shown = run([server(join("question")), server({ ...question(0), media } as ServerMessage)]);
    expect(shown.screen).toMatchObject({ name: "question", media });
    expect(run([server(join("question")), server(question(0))]).screen).toMatchObject({ name: "question", media: null });
  });

  it("anchors the progress bar on the room's remaining time at reception", () => {
    const s = run([server(join("question")), server(question(0, 30_000), 10_000)]);
    if (s.screen.name !== "question") throw new Error("question attendue");
    // 30 s left of 60 at local time 10 s: half the speed points, and none at 40 s.
    expect(progressAt(s.screen.clock, 5, 10_000).points).toBe(2.5);
    expect(progressAt(s.screen.clock, 5, 40_000).points).toBe(0);
  });

  it("moves its deadline when the presenter gives this seat more time (« Temps adapté »), for that question only", () => {
    const s = run([server(join("question")), server(question(0, 30_000), 10_000)]);
    // At local 20 s, 20 s were left of 60; given twice the time, 80 s are left of 120.
    const extra = (questionIndex: number): ServerMessage => ({ type: "player_extraTime", questionIndex, answerTimeMs: 120_000, remainingMs: 80_000 });
    const given = run([server(extra(0), 20_000)], s);
    if (given.screen.name !== "question") throw new Error("question attendue");
    expect(given.screen.clock).toEqual({ deadlineAt: 100_000, totalMs: 120_000, extended: true });
    expect(progressAt(given.screen.clock, 5, 40_000)).toEqual({ fraction: 0.5, points: 2.5, timeUp: false });
    expect(progressAt(given.screen.clock, 5, 100_000).timeUp).toBe(true);
    // Another question's extra time, or one arriving after the answer, changes nothing.
    expect(run([server(extra(1), 20_000)], s)).toEqual(s);
    const answered = run([server({ type: "player_answer_callback", questionIndex: 0, tempsReponse: 3_000 })], s);
    expect(run([server(extra(0), 20_000)], answered)).toEqual(answered);
  });

  it("places one marker per tap, replacing the previous, and answers only after a tap", () => {
    let s = run([server(join("question")), server(question(0))]);
    s = run([{ type: "submit" }], s);
    expect(s.answer).toBeNull();
    s = run([{ type: "tap", coords: { lat: 1, lng: 2 } }, { type: "tap", coords: spot }], s);
    expect(s.tap).toEqual({ questionIndex: 0, coords: spot });
    s = run([{ type: "submit" }, { type: "tap", coords: { lat: 3, lng: 4 } }], s);
    // Once the answer is on its way the marker stays where it was sent.
    expect(s.tap?.coords).toEqual(spot);
  });

  it("keeps the tapped spot and resends the answer after the socket comes back", () => {
    let s = run([{ type: "socket", status: "open" }, server(join("question")), server(question(0))]);
    s = run([{ type: "tap", coords: spot }, { type: "submit" }, { type: "answerSent" }], s);
    s = run([{ type: "socket", status: "closed" }], s);
    expect(showReconnecting(s)).toBe(true);
    expect(answerToSend(s)).toBeNull();
    s = run([{ type: "socket", status: "open" }, server(join("question"))], s);
    expect(showReconnecting(s)).toBe(false);
    s = run([server(question(0, 20_000), 5000)], s);
    expect(answerToSend(s)).toEqual({ questionIndex: 0, coords: spot });
    expect(s.tap?.coords).toEqual(spot);
  });

  it("stays on 'answered' when a resync replays the question, and ignores the double answer", () => {
    let s = run([{ type: "socket", status: "open" }, server(join("question")), server(question(0))]);
    s = run([server({ type: "player_answer_callback", questionIndex: 0, tempsReponse: 1500 })], s);
    s = run([server(join("question")), server(question(0, 10_000))], s);
    expect(s.screen.name).toBe("answered");
    s = run([server(errorMessage("answer_twice"))], s);
    expect(s.notice).toBeNull();
  });

  it("drops a late answer and says so", () => {
    let s = run([{ type: "socket", status: "open" }, server(join("question")), server(question(0))]);
    s = run([{ type: "tap", coords: spot }, { type: "submit" }, { type: "answerSent" }], s);
    s = run([server(errorMessage("answer_late"))], s);
    expect(s.answer).toBeNull();
    expect(s.notice).toBe("answer_late");
    expect(s.screen.name).toBe("question");
  });

  it("ends on a full room, a kick, a reload or a pseudo to choose", () => {
    expect(run([server(errorMessage("room_full"))]).screen).toEqual({ name: "fatal", code: "room_full" });
    const kicked = run([server(join()), server({ type: "player_kicked", reason: "kick" })]);
    expect(kicked.screen).toEqual({ name: "kicked", reason: "kick" });
    // Nothing moves a page that is leaving, and it shows no reconnection overlay.
    expect(run([server(question(0))], kicked).screen.name).toBe("kicked");
    expect(showReconnecting(run([{ type: "socket", status: "closed" }], kicked))).toBe(false);
    expect(run([server({ type: "reload", version: 2 })]).screen.name).toBe("reload");
    expect(
      run([
        server({
          type: "player_joinPseudoRoom_callback",
          colors: ["bleu"],
          colorsUsed: { bleu: 0, jaune: 0, rose: 0, rouge: 0, turquoise: 0, vert: 0 },
          max_players: 9,
          fruitsUsed: { bleu: [], jaune: [], rose: [], rouge: [], turquoise: [], vert: [] },
          fruits: [],
        }),
      ]).screen.name,
    ).toBe("choosePseudo");
  });

  it("a phone that comes back mid-game lands on the room's current screen", () => {
    const s = run([{ type: "socket", status: "open" }, server(join("reveal")), server(endQuestion(1))]);
    expect(s.screen.name).toBe("endQuestion");
    const lobby = run([server(join("lobby"))]);
    expect(lobby.screen.name).toBe("lobby");
    const starting = run([server(join("starting"))]);
    expect(starting.screen.name).toBe("loading");
  });
});
