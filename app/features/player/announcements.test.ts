import { describe, expect, it } from "vitest";
import type { Locale } from "@common/i18n/locales";
import type { PlayerEndGame, PlayerEndQuestion, RankingLine, ServerMessage } from "@common/wire/protocol";
import { fromWire } from "@common/wire/room-messages";
import { tIn } from "../../../tests/support/i18n";
import { movesFocus, saidOnChange, type Moment } from "./announcements";
import { initialPlayState, playReducer, type PlayState } from "./play-state";
import { clockMark } from "./progress";
import { joinedAs } from "./joined.fixture";

const join = joinedAs();

const question = (questionIndex: number, remainingMs = 30_000): ServerMessage => ({
  type: "player_newQuestion",
  questionIndex,
  questionsNb: 10,
  time: 30,
  remainingMs,
  at: 0,
  help: null,
  media: null,
});

const result = (questionIndex: number, distance: number | null, points: number, rank: number, move: number): PlayerEndQuestion => ({
  type: "player_endQuestion",
  questionIndex,
  questionsNb: 10,
  isLast: false,
  distance,
  pointsQuestion: points,
  pointsTotal: 12.5,
  rank,
  classementMove: move,
  playersCount: 8,
  team: null,
});

const line = (rank: number, points: number): RankingLine => ({ rank, playerID: "p1", pseudo: "Kiwi bleu", marker: "Kiwibleu", points, pointsQuestion: points, classementMove: 0 });

const end = (night: PlayerEndGame["night"] = null): PlayerEndGame => ({
  type: "player_endGame",
  rank: 3,
  pointsTotal: 21,
  playersCount: 8,
  results: [line(3, 21)],
  me: line(3, 21),
  team: null,
  night,
});

type Event = { msg: ServerMessage } | { at: number };

/** A night as the phone lives it: the room's messages and the clock's wake-ups, with what each made the phone say. */
function night(events: Event[], locale: Locale = "fr"): { said: string[]; focus: number } {
  const t = tIn(locale);
  let state: PlayState = playReducer(initialPlayState, { type: "socket", status: "open" });
  let prev: Moment | null = null;
  let now = 0;
  const said: string[] = [];
  let focus = 0;
  for (const e of events) {
    if ("msg" in e) state = playReducer(state, { type: "server", msg: fromWire(e.msg), now });
    else now = e.at;
    const screen = state.screen;
    const next: Moment = { screen, mark: screen.name === "question" ? clockMark(screen.clock, now) : null };
    const words = saidOnChange(locale, state.me, prev, next, now);
    if (words.length) said.push(words.map((w) => t(w)).join(" ").replace(/[\u202f\u00a0]/g, " "));
    if (movesFocus(prev, next)) focus++;
    prev = next;
  }
  return { said, focus };
}

describe("what a screen reader hears of a night on the phone", () => {
  it("says each step once, in order: lobby, start, question, time left, answer received, ring and points, rank, end", () => {
    const { said, focus } = night([
      { msg: join },
      { msg: { type: "player_startGame", startsInMs: 3000 } },
      { at: 3000 },
      { msg: question(2) },
      { at: 10_000 },
      { at: 23_000 },
      { at: 28_000 },
      { msg: { type: "player_answer_callback", questionIndex: 2, tempsReponse: 25_420 } },
      { msg: result(2, 42, 8.5, 2, 3) },
      { msg: question(3) },
      { at: 58_100 },
      { msg: result(3, null, 0, 4, -2) },
      { msg: end() },
    ]);
    expect(said).toEqual([
      "Vous êtes Kiwi bleu. En attente du lancement de la partie.",
      "La partie commence : la première question arrive.",
      "Question 3 sur 10 : 30 secondes pour répondre.",
      "Plus que 10 secondes",
      "Plus que 5 secondes",
      "Réponse reçue en 25,42 s. En attente des autres joueurs.",
      "Résultats de la question 3 : à 42 m, dans le cercle de 50 m, 8,50 points. Vous êtes 2e sur 8. Vous gagnez 3 places. Total : 12,50 points.",
      "Question 4 sur 10 : 30 secondes pour répondre.",
      "Temps écoulé",
      "Résultats de la question 4 : pas de réponse, aucun point. Vous êtes 4e sur 8. Vous perdez 2 places. Total : 12,50 points.",
      "Fin de la partie. Classement final : 3e sur 8. Total : 21,00 points.",
    ]);
    // Every new step but the first takes the focus to its heading.
    expect(focus).toBe(7);
  });

  it("says nothing again when the room sends the same screen after a resync, and nothing at each tick", () => {
    const { said } = night([
      { msg: join },
      { msg: question(0) },
      { at: 1000 },
      { at: 2000 },
      { msg: question(0, 28_000) },
      { msg: { type: "player_answer_callback", questionIndex: 0, tempsReponse: 3000 } },
      { msg: question(0, 20_000) },
      { msg: { type: "player_answer_callback", questionIndex: 0, tempsReponse: 3000 } },
    ]);
    expect(said).toEqual([
      "Vous êtes Kiwi bleu. En attente du lancement de la partie.",
      "Question 1 sur 10 : 30 secondes pour répondre.",
      "Réponse reçue en 3,00 s. En attente des autres joueurs.",
    ]);
  });

  it("says the time a late phone has, and outside the rings when nothing was scored", () => {
    const { said } = night([{ msg: { ...join, phase: "question" } }, { msg: question(0, 12_400) }, { msg: result(0, 650, 0, 8, 0) }]);
    expect(said).toEqual([
      "Question 1 sur 10 : 12 secondes pour répondre.",
      "Résultats de la question 1 : à 650 m, hors des cercles, 0,00 point. Vous êtes 8e sur 8. Total : 12,50 points.",
    ]);
  });

  it("says the round's rank and the night's after a round, first ranks agreed, in the phone's language", () => {
    const nightTop = { round: 2, playersCount: 8, ranking: [line(1, 40)], me: line(1, 40) };
    const steps = [{ msg: join }, { msg: result(0, 12, 9.75, 1, 0) }, { msg: end(nightTop) }];
    expect(night(steps, "en").said.slice(1)).toEqual([
      "Results of question 1: 12 m away, inside the 20 m circle, 9.75 points. You are 1st of 8. Total: 12.50 points.",
      "End of round 2. Round ranking: 3rd of 8. Total: 21.00 points. Ranking of the night: 1st of 8, 40.00 points.",
    ]);
    expect(night(steps, "de").said.slice(1)).toEqual([
      "Ergebnis von Frage 1: 12 m entfernt, im 20-m-Kreis, 9,75 Punkte. Du bist auf Platz 1 von 8. Gesamt: 12,50 Punkte.",
      "Ende der Runde 2. Platz in der Runde: 3 von 8. Gesamt: 21,00 Punkte. Rangliste des Abends: Platz 1 von 8, 40,00 Punkte.",
    ]);
  });
});
