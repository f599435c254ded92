import { describe, expect, it } from "vitest";
import type { QuizQuestion } from "../../wire/protocol";
import {
  DEFAULT_BOUNDS,
  playedQuestion,
  publicQuestion,
  questionDescription,
  quizMapView,
  revealedEverywhere,
  type StoredQuestion,
  spotKey,
  spotsStillSecret,
} from "./quiz";

const base: StoredQuestion = {
  name: "tour-eiffel",
  kind: "photo",
  fileKey: "photos/abc123.jpg",
  svPano: null,
  svLat: null,
  svLng: null,
  svHeading: null,
  svPitch: null,
  svFov: null,
  title: null,
  description: null,
  lat: 48.8584,
  lng: 2.2945,
};

describe("public question", () => {
  it("shows a photo through the public image URL", () => {
    expect(publicQuestion("capitales-x7k2", base, 0)).toEqual({
      index: 0,
      name: "tour-eiffel",
      position: { lat: 48.8584, lng: 2.2945 },
      media: { kind: "photo", url: "/api/quizz/images/src/capitales-x7k2/abc123.jpg" },
    });
  });

  it("rebuilds a Street View from the stored numbers and prefers the title", () => {
    const q: StoredQuestion = {
      ...base,
      kind: "streetview",
      fileKey: null,
      title: "Place Stanislas",
      svPano: "PANO_1234abcd",
      svLat: 48.6935,
      svLng: 6.1832,
      svHeading: 90,
      svPitch: 0,
      svFov: 0.8,
    };
    const p = publicQuestion("q", q, 3);
    expect(p.name).toBe("Place Stanislas");
    expect(p.media).toEqual({
      kind: "streetview",
      streetView: { pano: "PANO_1234abcd", lat: 48.6935, lng: 6.1832, heading: 90, pitch: 0, fov: 0.8 },
    });
  });

  it("has no media when the Street View angle is missing", () => {
    expect(publicQuestion("q", { ...base, kind: "streetview", fileKey: null }, 0).media).toEqual({
      kind: "none",
    });
  });
});

const played = (name: string, lat: number): QuizQuestion => ({
  name,
  kind: "photo",
  imageUrl: `/api/quizz/images/src/capitales-x7k2/${name}.jpg`,
  streetview: null,
  lat,
  lng: 2,
  title: "",
  description: "",
});

describe("questions as a room played them", () => {
  it("shows them like the stored ones: title first, photo, Street View rebuilt from its numbers", () => {
    expect(playedQuestion(played("tour", 48), 2)).toEqual({
      index: 2,
      name: "tour",
      position: { lat: 48, lng: 2 },
      media: { kind: "photo", url: "/api/quizz/images/src/capitales-x7k2/tour.jpg" },
    });
    const sv: QuizQuestion = {
      ...played("place", 48.69),
      kind: "streetview",
      imageUrl: null,
      title: "Place Stanislas",
      streetview: { panoId: "PANO_1234abcd", lat: 48.6935, lng: 6.1832, heading: 90, pitch: 0, fov: null },
    };
    expect(playedQuestion(sv, 0)).toMatchObject({
      name: "Place Stanislas",
      media: { kind: "streetview", streetView: { pano: "PANO_1234abcd", lat: 48.6935, lng: 6.1832, heading: 90, pitch: 0, fov: null } },
    });
  });

  it("keeps only what every room playing the quiz has revealed", () => {
    const [a, b, c] = [played("a", 1), played("b", 2), played("c", 3)];
    expect(revealedEverywhere([])).toEqual([]);
    expect(revealedEverywhere([[a, b]])).toEqual([a, b]);
    // The least advanced room decides.
    expect(revealedEverywhere([[a, b, c], [a]])).toEqual([a]);
    expect(revealedEverywhere([[a, b], [], [a, b, c]])).toEqual([]);
    // A room launched after the quiz was reordered: only what both have shown.
    expect(revealedEverywhere([[a, b], [c, a, b]])).toEqual([a, b]);
    expect(revealedEverywhere([[a, c], [b, a, c]])).toEqual([a, c]);
    expect(revealedEverywhere([[b, c], [c, a]])).toEqual([c]);
    // The same question edited between two launches is not the same question.
    expect(revealedEverywhere([[a], [{ ...a, lat: 1.5 }]])).toEqual([]);
  });
});

describe("question description", () => {
  it("uses the question's, else the quiz's, else none (the page words it)", () => {
    expect(questionDescription({ description: "Sous la tour" }, { description: "Quiz" })).toBe(
      "Sous la tour"
    );
    expect(questionDescription({ description: "  " }, { description: "Des monuments" })).toBe(
      "Des monuments"
    );
    expect(questionDescription({ description: null }, { description: "" })).toBeNull();
  });
});

describe("map of a quiz", () => {
  const settings = {
    center: { lat: 48.85, lng: 2.35 },
    zoom: 12,
    bounds: { north: 48.9, south: 48.8, east: 2.42, west: 2.28 },
  };

  it("uses the quiz's map settings", () => {
    expect(quizMapView(settings, [])).toEqual(settings);
  });

  it("frames the questions when the quiz has no settings, France when it has nothing", () => {
    const view = quizMapView(null, [
      { lat: 45, lng: 5 },
      { lat: 46, lng: 6 },
    ]);
    expect(view.bounds.north).toBeCloseTo(46.15, 9);
    expect(view.bounds.west).toBeCloseTo(4.85, 9);
    expect(quizMapView(null, [])).toEqual({ bounds: DEFAULT_BOUNDS });
  });

  it("ignores broken settings", () => {
    const broken = { ...settings, bounds: { north: 10, south: 20, east: 1, west: 0 } };
    expect(quizMapView(broken, []).bounds).toEqual(DEFAULT_BOUNDS);
  });
});


describe("the spots another game of the owner still keeps secret", () => {
  const a = { lat: 45.76234, lng: 4.82268 };
  const b = { lat: 45.75781, lng: 4.83201 };
  const c = { lat: 45.77731, lng: 4.85509 };

  it("are this quiz's spots that a game's quiz shares and has not revealed, to the metre", () => {
    const played = { spots: [a, b, { lat: 48.8584, lng: 2.2945 }], revealed: [a] };
    expect([...spotsStillSecret([a, b, c], [played])]).toEqual([spotKey(b)]);
    // The same spot written with more decimals is the same answer.
    expect([...spotsStillSecret([{ lat: 45.757811, lng: 4.832009 }], [played])]).toEqual([spotKey(b)]);
  });

  it("add up over several games, and are none when no game shares a spot", () => {
    expect(spotsStillSecret([a, b, c], [{ spots: [b], revealed: [] }, { spots: [c], revealed: [] }])).toEqual(new Set([spotKey(b), spotKey(c)]));
    expect(spotsStillSecret([a], [{ spots: [b], revealed: [] }]).size).toBe(0);
  });
});
