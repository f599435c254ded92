import { describe, expect, it } from "vitest";
import { errorMessage, PROTOCOL_VERSION, type ServerMessage } from "../wire/protocol";
import { decodeServerMessage } from "./room-client-decode";

const line = { rank: 1, playerID: "p1", pseudo: "Kiwi bleu", marker: "Kiwibleu", points: 7.5, pointsQuestion: 7.5, classementMove: 0 };

/** One message of each kind a room sends, as the room builds them. */
const SAMPLES: ServerMessage[] = [
  { type: "pong", at: 1_700_000_000_000 },
  errorMessage("room_full"),
  { type: "reload", version: PROTOCOL_VERSION + 1 },
  { type: "player_kicked", reason: "kick" },
  { type: "player_startGame", startsInMs: 3_000 },
  { type: "player_newQuestion", questionIndex: 0, questionsNb: 3, time: 30, remainingMs: 29_500, help: null, media: null, at: 1_700_000_000_000 },
  {
    type: "player_newQuestion",
    questionIndex: 1,
    questionsNb: 3,
    time: 30,
    remainingMs: 30_000,
    help: null,
    media: { kind: "photo", url: "/api/salle/123456/photos/a.jpg" },
    at: 1_700_000_000_000,
  },
  { type: "player_answer_callback", questionIndex: 0, tempsReponse: 1_234 },
  {
    type: "player_endQuestion",
    questionIndex: 0,
    questionsNb: 3,
    isLast: false,
    distance: null,
    pointsQuestion: 0,
    pointsTotal: 0,
    rank: 1,
    classementMove: 0,
    playersCount: 1,
    team: null,
  },
  { type: "color_selected_callback", status: true, color: "vert", fruits: ["kiwi"] },
  { type: "fruit_selected_callback", status: false, code: "fruit_taken" },
  { type: "pres_startGame_callback", startsInMs: 3_000 },
  { type: "pres_endGame", ranking: [line], team_results: null, playersCount: 1, night: null },
];

describe("decodeServerMessage", () => {
  it("accepts what the room sends", () => {
    for (const msg of SAMPLES) expect(decodeServerMessage(JSON.stringify(msg))).toEqual(msg);
  });

  it("refuses what is not a message of the protocol", () => {
    for (const data of [
      "",
      "{",
      "null",
      "[]",
      '"pong"',
      JSON.stringify({}),
      JSON.stringify({ type: 3 }),
      JSON.stringify({ type: "pres_startGame" }),
      JSON.stringify({ type: "__proto__" }),
      JSON.stringify({ type: "toString" }),
      JSON.stringify({ type: "player_kicked" }),
      JSON.stringify({ type: "player_answer_callback", questionIndex: "0", tempsReponse: 1 }),
      JSON.stringify({ type: "player_newQuestion", questionIndex: 0, questionsNb: 3, time: 30, remainingMs: 1 }),
      JSON.stringify({ type: "player_newQuestion", questionIndex: 0, questionsNb: 3, time: 30, remainingMs: 1, help: null, media: null }),
      JSON.stringify({ type: "pong" }),
      JSON.stringify({ type: "color_selected_callback", status: true, color: "vert", fruits: [], code: 3 }),
      JSON.stringify({ type: "pres_newPlayer", player: [], playersCount: 1 }),
    ])
      expect(decodeServerMessage(data), data).toBeNull();
    expect(decodeServerMessage(new ArrayBuffer(4))).toBeNull();
    expect(decodeServerMessage(undefined)).toBeNull();
  });
});
