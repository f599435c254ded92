import { describe, expect, it } from "vitest";
import { decodeWizardQuestion, decodeWizardQuestions, decodeWizardQuizDetails } from "./decoders";
import type { WizardQuestion } from "./types";

const photo: WizardQuestion = {
  id: 7,
  position: 0,
  kind: "photo",
  name: "Phare",
  coords: { lat: 47.2, lng: -1.5 },
  filename: "ab12.jpg",
  imageUrl: "/api/quizz/images/src/quiz-x/ab12.jpg",
  titre: null,
  description: null,
  streetView: null,
  embedUrl: null,
};
const streetView: WizardQuestion = {
  ...photo,
  id: 8,
  kind: "streetview",
  filename: null,
  imageUrl: null,
  streetView: { pano: null, lat: 47.2, lng: -1.5, heading: 90, pitch: 0, fov: null },
  embedUrl: "https://www.google.com/maps/embed?pb=x",
};

describe("the wizard's bodies as the browser reads them", () => {
  it("decodes a question, the list and the quiz's details", () => {
    expect(decodeWizardQuestion(photo)).toEqual(photo);
    expect(decodeWizardQuestions([photo, streetView])).toEqual([photo, streetView]);
    expect(decodeWizardQuestions([])).toEqual([]);
    expect(decodeWizardQuizDetails({ name: "Nantes", description: "", speedPointsMax: 0 })).toEqual({
      name: "Nantes",
      description: "",
      speedPointsMax: 0,
    });
  });

  it("gives null for a field missing or of the wrong type", () => {
    const { coords: _coords, ...noCoords } = photo;
    expect(decodeWizardQuestion(noCoords)).toBeNull();
    expect(decodeWizardQuestion({ ...photo, kind: "video" })).toBeNull();
    expect(decodeWizardQuestions([photo, { ...streetView, streetView: { ...streetView.streetView, heading: "90" } }])).toBeNull();
    expect(decodeWizardQuestions({ questions: [photo] })).toBeNull();
    expect(decodeWizardQuizDetails({ name: "Nantes", description: "" })).toBeNull();
  });
});
