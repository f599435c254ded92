import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { make } from "../support/workers";

// Public pages (/map, /watch, /question), rendered by the real Worker from D1 (no login, no Maps
// key here).

const QUIZ = "monuments-de-france-k3v9x2pq";
const BARE = "quiz-sans-description-z8w7m6n5";

beforeAll(async () => {
  const owner = await make.mj({ name: "Camille" });
  await make.quiz(owner, {
    uniqueName: QUIZ,
    name: "Monuments de France",
    description: "Des lieux que tout le monde connaît",
    mapSettings: {
      center: { lat: 46.5, lng: 2.5 },
      zoom: 6,
      bounds: { north: 51, south: 42, east: 8, west: -4.5 },
    },
    questions: [
      {
        name: "Mont-Saint-Michel",
        photo: "photos/" + "a".repeat(64) + ".jpg",
        description: "Une abbaye au milieu de la baie",
        lat: 48.636,
        lng: -1.5115,
      },
      {
        name: "place-stanislas",
        title: "Place Stanislas",
        streetview: { pano: "PANO_abcdefgh", lat: 48.6936, lng: 6.1832, heading: 200, pitch: 5 },
        lat: 48.6936,
        lng: 6.1832,
      },
    ],
  });
  await make.quiz(owner, {
    uniqueName: BARE,
    name: "Quiz sans description",
    description: "",
    mapSettings: null,
    questions: [{ name: "Un phare", photo: null, lat: 47.5, lng: -3.1 }],
  });
});

const get = (path: string) => SELF.fetch(`http://localhost${path}`);

describe("/watch", () => {
  it("lists the questions of a quiz with their thumbnails and the offline map", async () => {
    const res = await get(`/watch?quiz=${QUIZ}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Monuments de France — Repère</title>");
    expect(html).toMatch(/<h1>Monuments de France<\/h1>/);
    expect(html).toContain("Des lieux que tout le monde connaît");
    expect(html).toContain("Mont-Saint-Michel");
    expect(html).toContain("Place Stanislas");
    expect(html).toContain(`/api/quizz/images/src/${QUIZ}/${"a".repeat(64)}.jpg`);
    expect(html).toContain("Street View");
    // The first question is selected at start and marked on the map.
    expect(html).toContain('aria-label="1. Mont-Saint-Michel"');
    expect(html).toContain("Question 1 sur 2");
    expect(html).toContain("Carte hors ligne");
    expect(html).toContain('name="robots" content="noindex"');
  });

  it("answers a clear 404 for an unknown or missing quiz", async () => {
    for (const path of ["/watch?quiz=inconnu-aaaaaaaa", "/watch", "/watch?quiz=%3Cscript%3E"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("Ce quiz n&#x27;existe pas ou n&#x27;est plus disponible.");
    }
  });
});

describe("/question", () => {
  it("shows the quiz name, the question's own description, its photo and the map", async () => {
    const res = await get(`/question?quiz=${QUIZ}&questionNumber=0`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1>Monuments de France<\/h1>/);
    expect(html).toContain("Une abbaye au milieu de la baie");
    expect(html).toContain(`src="/api/quizz/images/src/${QUIZ}/${"a".repeat(64)}.jpg"`);
    expect(html).toContain("Retour au classement");
    expect(html).toContain('aria-label="Emplacement"');
  });

  it("falls back to the quiz's description, and shows the Street View embed without a Maps key", async () => {
    const html = await (await get(`/question?quiz=${QUIZ}&questionNumber=1`)).text();
    expect(html).toContain("Place Stanislas");
    expect(html).toContain("Des lieux que tout le monde connaît");
    // No Maps key in this environment: the share-dialog embed needs none, rebuilt from the numbers.
    expect(html).toContain(
      'src="https://www.google.com/maps/embed?pb=!4v0!6m7!1m6!1sPANO_abcdefgh!2m2!1d48.6936!2d6.1832!3f200!4f5"',
    );
  });

  it("says that no description is available when neither the question nor the quiz has one", async () => {
    const html = await (await get(`/question?quiz=${BARE}&questionNumber=0`)).text();
    expect(html).toContain("Aucune description disponible pour cette question.");
  });

  it("answers a clear 404 for a bad question number or an unknown quiz", async () => {
    for (const [path, message] of [
      [`/question?quiz=${QUIZ}&questionNumber=2`, "Cette question n&#x27;existe pas dans ce quiz."],
      [`/question?quiz=${QUIZ}&questionNumber=-1`, "Cette question n&#x27;existe pas dans ce quiz."],
      [`/question?quiz=${QUIZ}&questionNumber=abc`, "Cette question n&#x27;existe pas dans ce quiz."],
      [`/question?quiz=${QUIZ}`, "Cette question n&#x27;existe pas dans ce quiz."],
      [
        "/question?quiz=inconnu-aaaaaaaa&questionNumber=0",
        "Ce quiz n&#x27;existe pas ou n&#x27;est plus disponible.",
      ],
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain(message);
    }
  });
});

describe("/map", () => {
  it("renders the bare offline map on the server", async () => {
    const res = await get("/map");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Carte hors ligne");
    expect(html).toContain("Touchez la carte pour lire les coordonnées du point.");
  });
});
