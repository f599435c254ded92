import { describe, expect, it } from "vitest";
import type { Bounds, QuizQuestion } from "@common/wire/protocol";
import { buildTargetSettings, DEFAULT_RING_POINTS } from "@common/rules";
import { infoOf, lineOf, meOf, questionOf, questionResultsOf, revealOf, samplesOf, type DefiPlayer, type LoadedDefi } from "./defi-views.server";

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

function loaded(status: "live" | "over" = "live", reveal: "end" | "each" = "end"): LoadedDefi {
  return {
    game: { id: "game-1", status },
    defi: { gameId: "game-1", code: CODE, deadline: DEADLINE, nameMode: "pseudo", joins: 1, seed: 7, help: [HELP, null], reveal, boardHidden: false, adapted: null },
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
  photoAt: null,
  roundTrips: [],
  adapted: false,
};

describe("a défi's question as it opens", () => {
  it("carries the photo's address of this opening, the help square and the time left, never the spot", () => {
    const q = questionOf(loaded(), 0, "T".repeat(32), 25_000);
    expect(q).toEqual({
      index: 0,
      photoUrl: `/api/defi/${CODE}/photo/${"T".repeat(32)}`,
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

  it("never carries a Street View view: its address would hold the position", () => {
    const q = questionOf(loaded(), 1, "T".repeat(32), 30_000);
    expect(JSON.stringify(q)).not.toMatch(/PANO_1234abcd|48\.69|6\.18/);
    expect(q.help).toBeNull();
  });
});

describe("a défi's reveal", () => {
  const at = { lat: 48.86, lng: 2.2945 };
  const scored = { at, distanceM: 178, ring: 2, points: 6, timeMs: 4_000 };

  it("gives the ring, the points and the questions left, never the spot, its title or the distance, by default", () => {
    const reveal = revealOf(loaded(), 0, scored, 13);
    expect(reveal).toEqual({
      index: 0,
      title: null,
      spot: null,
      answer: at,
      distanceM: null,
      ring: 2,
      points: 6,
      timeMs: 4_000,
      total: 13,
      remaining: 1,
    });
    expect(JSON.stringify(revealOf(loaded(), 1, null, 7))).not.toMatch(/Stanislas|48\.69|6\.18/);
  });

  it("gives the spot, the title and the distance in a practice défi", () => {
    expect(revealOf(loaded("live", "each"), 0, scored, 13)).toMatchObject({
      title: "La tour Eiffel",
      spot: { lat: 48.8584, lng: 2.2945 },
      distanceM: 178,
      ring: 2,
    });
  });

  it("shows a missed question with no answer and 0 points, under the question's name when it has no title", () => {
    expect(revealOf(loaded("live", "each"), 1, null, 7)).toMatchObject({
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

describe("a question's results once the défi is over", () => {
  const answers = [
    { playerNo: 4, lat: 48.86, lng: 2.29, distanceM: 178, ring: 2, points: 6, timeMs: 4_000 },
    { playerNo: 9, lat: 48.9, lng: 2.3, distanceM: 4_600, ring: 0, points: 0, timeMs: 9_000 },
  ];

  it("gives the spot, the photo at the défi's address, every answer without names, and the reader's own", () => {
    const r = questionResultsOf({ ...loaded("over"), me: player }, 0, answers);
    expect(r).toEqual({
      index: 0,
      questionCount: 2,
      title: "La tour Eiffel",
      spot: { lat: 48.8584, lng: 2.2945 },
      photoUrl: `/api/defi/${CODE}/photos/1`,
      answers: [
        { lat: 48.86, lng: 2.29, ring: 2 },
        { lat: 48.9, lng: 2.3, ring: 0 },
      ],
      mine: { answer: { lat: 48.86, lng: 2.29 }, distanceM: 178, ring: 2, points: 6, timeMs: 4_000 },
    });
  });

  it("says the reader missed a question they played, and has nothing of one they did not reach", () => {
    expect(questionResultsOf({ ...loaded("over"), me: { ...player, playerNo: 5 } }, 0, answers).mine).toEqual({
      answer: null,
      distanceM: null,
      ring: 0,
      points: 0,
      timeMs: null,
    });
    expect(questionResultsOf({ ...loaded("over"), me: { ...player, playerNo: 5 } }, 1, []).mine).toBeNull();
    expect(questionResultsOf(loaded("over"), 0, answers).mine).toBeNull();
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
      adapted: false,
      total: 7,
      timeMs: 12_000,
    });
    // Its 30 s are up.
    expect(meOf(loaded(), opened, DEADLINE - 5_000).questionOpen).toBe(false);
    // A player 400 ms away (their photo asked for 400 ms after the opening) has 400 ms more.
    const far = { ...opened, photoAt: opened.openedAt + 400 };
    expect(meOf(loaded(), far, DEADLINE - 10_000 + 300).questionOpen).toBe(true);
    expect(meOf(loaded(), far, DEADLINE - 10_000 + 400).questionOpen).toBe(false);
    // Still within its time, but the défi is over.
    expect(meOf(loaded("over"), opened, DEADLINE - 20_000).questionOpen).toBe(false);
    expect(meOf(loaded(), player, DEADLINE - 20_000).questionOpen).toBe(false);
    // Adapted time: twice 30 s for the players who have it, nobody else.
    const base = loaded();
    const adapted = { ...base, defi: { ...base.defi, adapted: { kind: "double", speed: "stretched", all: false, ask: false, names: [] } } } satisfies LoadedDefi;
    expect(meOf(adapted, { ...opened, adapted: true }, DEADLINE - 5_000)).toMatchObject({ questionOpen: true, adapted: true });
    expect(meOf(adapted, opened, DEADLINE - 5_000).questionOpen).toBe(false);
  });

  it("gives a question without a limit no time left at all, rather than an infinite one", () => {
    expect(questionOf(loaded(), 0, "T".repeat(32), Number.POSITIVE_INFINITY).remainingMs).toBeNull();
  });
});

describe("a player's round trip", () => {
  it("adds the open question's sample (its opening to its photo's first request) to the stored ones", () => {
    expect(samplesOf({ openedAt: 1_000, photoAt: 1_250, roundTrips: [100, 120] })).toEqual([100, 120, 250]);
    expect(samplesOf({ openedAt: 1_000, photoAt: null, roundTrips: [100, 120] })).toEqual([100, 120]);
    expect(samplesOf({ openedAt: null, photoAt: null, roundTrips: [] })).toEqual([]);
  });
});

describe("a leaderboard line", () => {
  it("marks the reader's own line and counts a player with no points yet as 0", () => {
    const row = { playerNo: 4, name: "Kiwi bleu", marker: "kiwi-blue", points: null, played: 1, adapted: false };
    expect(lineOf(row, 3, player)).toEqual({ rank: 3, name: "Kiwi bleu", marker: "kiwi-blue", points: 0, played: 1, me: true, adapted: false });
    expect(lineOf({ ...row, playerNo: 5 }, 3, player).me).toBe(false);
    expect(lineOf(row, 3, null).me).toBe(false);
  });
});
