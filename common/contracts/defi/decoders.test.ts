import { describe, expect, it } from "vitest";
import {
  decodeDefiAdmin,
  decodeDefiCreated,
  decodeDefiJoined,
  decodeDefiLeaderboard,
  decodeDefiOpened,
  decodeDefiQuestionResults,
  decodeDefiReveal,
  decodeDefiState,
} from "./decoders";
import type { DefiAdmin, DefiLeaderboard, DefiQuestionResults, DefiReveal, DefiState } from "./types";

const bounds = { north: 48.9, south: 48.8, east: 2.4, west: 2.3 };
const targets = [
  { max: -1, points: 0, color: "#000" },
  { max: 50, points: 10, color: "#0a0" },
];
const state: DefiState = {
  defi: {
    code: "abc123",
    quizName: "Paris",
    description: "",
    questionCount: 5,
    answerTimeSec: 30,
    speedPointsMax: 0,
    nameMode: "free",
    reveal: "end",
    boardHidden: false,
    adapted: { kind: "double", speed: "stretched", all: false, ask: true },
    deadline: 1_800_000_000_000,
    open: true,
    mapSettings: { center: { lat: 48.85, lng: 2.35 }, zoom: 12, bounds },
    targets,
  },
  me: { playerNo: 3, name: "Kim", marker: "/api/markers/Kim", question: 1, questionOpen: false, adapted: false, total: 10, timeMs: 4200 },
};
const reveal: DefiReveal = {
  index: 0,
  title: null,
  spot: null,
  answer: { lat: 48.85, lng: 2.35 },
  distanceM: null,
  ring: 1,
  points: 10,
  timeMs: 4200,
  total: 10,
  remaining: 4,
};
const line = { rank: 1, name: "Kim", marker: "/api/markers/Kim", points: 10, played: 1, me: true, adapted: false };
const board: DefiLeaderboard = {
  quizName: "Paris",
  open: false,
  practice: false,
  hidden: false,
  adapted: null,
  deadline: 1_800_000_000_000,
  questionCount: 5,
  playersCount: 1,
  lines: [line],
  own: null,
  answersMap: { bounds, targets },
};
const results: DefiQuestionResults = {
  index: 0,
  questionCount: 5,
  title: "Tour Eiffel",
  spot: { lat: 48.858, lng: 2.294 },
  photoUrl: null,
  answers: [{ lat: 48.85, lng: 2.35, ring: 1 }],
  mine: { answer: null, distanceM: null, ring: 0, points: 0, timeMs: null },
};
const admin: DefiAdmin = {
  gameId: "g1",
  code: "abc123",
  path: "/defi/abc123",
  deadline: 1_800_000_000_000,
  open: true,
  nameMode: "pseudo",
  reveal: "each",
  boardHidden: true,
  adapted: { kind: "unlimited", speed: "none", all: false, ask: false, names: ["Kim"] },
  players: [{ playerNo: 1, name: "Kim", points: 10, played: 1, joinedAt: 1, network: "a1", flags: ["fast"], adapted: true }],
  bans: 0,
};

describe("the défi's bodies as the browser reads them", () => {
  it("decodes each well-formed body as it came", () => {
    expect(decodeDefiState(state)).toEqual(state);
    expect(decodeDefiState({ ...state, me: null })).toEqual({ ...state, me: null });
    expect(decodeDefiReveal(reveal)).toEqual(reveal);
    expect(decodeDefiLeaderboard(board)).toEqual(board);
    expect(decodeDefiQuestionResults(results)).toEqual(results);
    expect(decodeDefiAdmin(admin)).toEqual(admin);
    const created = { gameId: "g1", code: "abc123", path: "/defi/abc123", deadline: 1, leftOut: [2] };
    expect(decodeDefiCreated(created)).toEqual(created);
  });

  it("decodes each kind of an opened question", () => {
    const question = { index: 1, photoUrl: "/api/defi/abc123/photo/1", remainingMs: null, help: bounds };
    expect(decodeDefiOpened({ kind: "question", question })).toEqual({ kind: "question", question });
    expect(decodeDefiOpened({ kind: "missed", reveal })).toEqual({ kind: "missed", reveal });
    expect(decodeDefiOpened({ kind: "finished" })).toEqual({ kind: "finished" });
    expect(decodeDefiOpened({ kind: "question", question: { ...question, photoUrl: null } })).toBeNull();
    expect(decodeDefiOpened({ kind: "later" })).toBeNull();
  });

  it("decodes a join: the first question opened with it, or none for a device that already plays", () => {
    const question = { index: 0, photoUrl: "/api/defi/abc123/photo/1", remainingMs: 30_000, help: null };
    expect(decodeDefiJoined({ ...state, question })).toEqual({ ...state, question });
    expect(decodeDefiJoined({ ...state, question: null })).toEqual({ ...state, question: null });
    expect(decodeDefiJoined(state)).toBeNull();
    expect(decodeDefiJoined({ ...state, question: { ...question, remainingMs: "30" } })).toBeNull();
  });

  it("gives null for a body with a field missing or of the wrong type, however deep", () => {
    const { total: _total, ...noTotal } = reveal;
    expect(decodeDefiReveal(noTotal)).toBeNull();
    expect(decodeDefiReveal({ ...reveal, points: "10" })).toBeNull();
    expect(decodeDefiState({ ...state, defi: { ...state.defi, nameMode: "nickname" } })).toBeNull();
    expect(decodeDefiState({ ...state, defi: { ...state.defi, mapSettings: { ...state.defi.mapSettings, zoom: "12" } } })).toBeNull();
    expect(decodeDefiLeaderboard({ ...board, lines: [{ ...line, me: 1 }] })).toBeNull();
    expect(decodeDefiQuestionResults({ ...results, answers: [{ lat: 48.85, ring: 1 }] })).toBeNull();
    expect(decodeDefiAdmin({ ...admin, players: [{ ...admin.players[0], flags: ["bot"] }] })).toBeNull();
    expect(decodeDefiState(null)).toBeNull();
  });
});
