import { describe, expect, it } from "vitest";
import type { Bounds, QuizQuestion } from "@common/protocol";
import { buildTargetSettings, DEFAULT_RING_POINTS } from "@common/rules";
import { infoOf, lineOf, meOf, questionOf, revealOf, type DefiPlayer, type LoadedDefi } from "./defi-views.server";

const DEADLINE = 1_800_000_000_000;
const CODE = "AbCdEfGh12345678";
const HELP: Bounds = { south: 48, west: 2, north: 49, east: 3 };

const photo: QuizQuestion = {
  name: "tour",
  kind: "photo",
  imageUrl: "/api/quizz/images/src/paris-x7k2/tour.jpg",
  streetview: null,
  lat: 48.8584,
  lng: 2.2945,
  title: "La tour Eiffel",
  description: "Vue du Trocadéro",
};
const street: QuizQuestion = {
  name: "Place Stanislas",
  kind: "streetview",
  imageUrl: null,
  streetview: { panoId: "PANO_1234abcd", lat: 48.6935, lng: 6.1832, heading: 90, pitch: 0, fov: null },
  lat: 48.6936,
  lng: 6.1833,
  title: "",
  description: "",
};

function loaded(status: "live" | "over" = "live"): LoadedDefi {
  return {
    game: { id: "game-1", status },
    defi: { gameId: "game-1", code: CODE, deadline: DEADLINE, nameMode: "pseudo", joins: 1, seed: 7, help: [HELP, null] },
    settings: { answerTimeSec: 30, helpZoneM: 500, ringPoints: DEFAULT_RING_POINTS, speedPointsMax: 3 },
    snapshot: {
      quiz: {
        name: "Paris et Nancy",
        description: "Deux villes",
        questions: [photo, street],
        mapSettings: { center: { lat: 48, lng: 4 }, zoom: 6, bounds: { north: 50, south: 46, east: 8, west: 0 } },
      },
      targets: buildTargetSettings(DEFAULT_RING_POINTS),
    },
    me: null,
  };
}

const player: DefiPlayer = {
  playerNo: 4,
  name: "Kiwi bleu",
  marker: "kiwi-blue",
  points: 7,
  timeMs: 12_000,
  question: 1,
  openedAt: null,
  openToken: null,
};

describe("a défi's question as it opens", () => {
  it("carries the photo's address of this opening, the help square and the time left, never the spot", () => {
    const q = questionOf(loaded(), 0, "T".repeat(32), 25_000);
    expect(q).toEqual({
      index: 0,
      photoUrl: `/api/defi/${CODE}/photo/${"T".repeat(32)}`,
      streetview: null,
      title: "Question 1",
      remainingMs: 25_000,
      help: HELP,
    });
    // Neither the title nor the spot's coordinates: the reveal alone gives them.
    expect(JSON.stringify(q)).not.toContain("Eiffel");
    expect(JSON.stringify(q)).not.toContain("48.8584");
  });

  it("reads a help square a défi stored under the wire's names, lat1, lon1, lat2, lon2", () => {
    const old = loaded();
    const q = questionOf({ ...old, defi: { ...old.defi, help: [{ lat1: 48, lon1: 2, lat2: 49, lon2: 3 }, null] } }, 0, "T".repeat(32), 25_000);
    expect(q.help).toEqual(HELP);
  });

  it("gives a Street View question its view and no photo address", () => {
    const q = questionOf(loaded(), 1, "T".repeat(32), 30_000);
    expect(q.photoUrl).toBeNull();
    expect(q.streetview).toEqual({ pano: "PANO_1234abcd", lat: 48.6935, lng: 6.1832, heading: 90, pitch: 0, fov: null });
    expect(q.help).toBeNull();
    expect(q.title).toBe("Question 2");
  });
});

describe("a défi's reveal", () => {
  it("gives the spot, the answer's distance, ring and points, and the questions left", () => {
    const at = { lat: 48.86, lng: 2.2945 };
    expect(revealOf(loaded(), 0, { at, distanceM: 178, ring: 2, points: 6, timeMs: 4_000 }, 13)).toEqual({
      index: 0,
      title: "La tour Eiffel",
      spot: { lat: 48.8584, lng: 2.2945 },
      answer: at,
      distanceM: 178,
      ring: 2,
      points: 6,
      timeMs: 4_000,
      total: 13,
      remaining: 1,
    });
  });

  it("shows a missed question with no answer and 0 points, under the question's name when it has no title", () => {
    expect(revealOf(loaded(), 1, null, 7)).toMatchObject({
      title: "Place Stanislas",
      answer: null,
      distanceM: null,
      ring: 0,
      points: 0,
      timeMs: null,
      total: 7,
      remaining: 0,
    });
  });
});

describe("a défi as its link and the phone's state show it", () => {
  it("is open while live and before its deadline", () => {
    expect(infoOf(loaded(), DEADLINE - 1)).toMatchObject({ code: CODE, quizName: "Paris et Nancy", questionCount: 2, answerTimeSec: 30, open: true });
    expect(infoOf(loaded(), DEADLINE).open).toBe(false);
    expect(infoOf(loaded("over"), DEADLINE - 1).open).toBe(false);
  });

  it("tells the phone to resume a question only while it runs and the défi is open", () => {
    const opened = { ...player, openedAt: DEADLINE - 40_000, openToken: "T".repeat(32) };
    expect(meOf(loaded(), opened, DEADLINE - 20_000)).toEqual({
      playerNo: 4,
      name: "Kiwi bleu",
      marker: "kiwi-blue",
      question: 1,
      questionOpen: true,
      total: 7,
      timeMs: 12_000,
    });
    // Its 30 s are up.
    expect(meOf(loaded(), opened, DEADLINE - 5_000).questionOpen).toBe(false);
    // Still within its time, but the défi is over.
    expect(meOf(loaded("over"), opened, DEADLINE - 20_000).questionOpen).toBe(false);
    expect(meOf(loaded(), player, DEADLINE - 20_000).questionOpen).toBe(false);
  });
});

describe("a leaderboard line", () => {
  it("marks the reader's own line and counts a player with no points yet as 0", () => {
    const row = { playerNo: 4, name: "Kiwi bleu", marker: "kiwi-blue", points: null, played: 1 };
    expect(lineOf(row, 3, player)).toEqual({ rank: 3, name: "Kiwi bleu", marker: "kiwi-blue", points: 0, played: 1, me: true });
    expect(lineOf({ ...row, playerNo: 5 }, 3, player).me).toBe(false);
    expect(lineOf(row, 3, null).me).toBe(false);
  });
});
