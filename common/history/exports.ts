/**
 * The two files of a game's export: one line per player and question (a question a player did
 * not answer has its line too, so a pivot table has no holes), and one line per player with the
 * totals. Pure: the server reads the rows, this writes the files.
 */
import type { TargetSetting } from "../protocol";
import { COLORS, teamName, type ColorKey } from "../rules";
import { decimal, toCsv } from "./csv";
import type { HistoryAnswer, HistoryPlayer } from "./types";

interface ExportInput {
  players: HistoryPlayer[];
  answers: HistoryAnswer[];
  questions: { title: string }[];
  targets: TargetSetting[];
}

/** Players in ranking order; a game that never ended (no ranks) in join order. */
function rankingOrder(players: HistoryPlayer[]): HistoryPlayer[] {
  return [...players].sort(
    (a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.playerNo - b.playerNo
  );
}

export const teamLabel = (team: string | null) =>
  team === null ? "" : team in COLORS ? teamName(team as ColorKey) : team;
const team = (p: HistoryPlayer) => teamLabel(p.team);

export function ringLabel(targets: TargetSetting[], ring: number): string {
  const t = targets[ring];
  return ring > 0 && t && t.max > 0 ? `${t.max} m` : "Hors cible";
}

type AnswerLine = { player: HistoryPlayer; question: number; answer: HistoryAnswer | undefined };

export function answersCsv(input: ExportInput): string {
  const byKey = new Map(input.answers.map((a) => [`${a.playerNo}:${a.question}`, a]));
  function* lines(): Generator<AnswerLine> {
    for (const player of rankingOrder(input.players))
      for (let question = 0; question < input.questions.length; question++)
        yield { player, question, answer: byKey.get(`${player.playerNo}:${question}`) };
  }
  return toCsv<AnswerLine>(
    [
      { title: "Rang", value: (l) => l.player.rank },
      { title: "Joueur", value: (l) => l.player.pseudo },
      { title: "Équipe", value: (l) => team(l.player) },
      { title: "Question", value: (l) => l.question + 1 },
      { title: "Titre", value: (l) => input.questions[l.question]?.title ?? "" },
      { title: "Latitude", value: (l) => decimal(l.answer?.lat, 6), numeric: true },
      { title: "Longitude", value: (l) => decimal(l.answer?.lng, 6), numeric: true },
      { title: "Distance (m)", value: (l) => l.answer?.distanceM ?? null },
      { title: "Cercle", value: (l) => (l.answer ? ringLabel(input.targets, l.answer.ring) : "Sans réponse") },
      { title: "Temps (s)", value: (l) => decimal(l.answer ? l.answer.timeMs / 1000 : null, 3), numeric: true },
      { title: "Points", value: (l) => decimal(l.answer?.points ?? 0, 2), numeric: true },
    ],
    lines()
  );
}

type TotalLine = { player: HistoryPlayer; answered: number; scored: number };

export function totalsCsv(input: ExportInput): string {
  const answered = new Map<number, number>();
  const scored = new Map<number, number>();
  // An interrupted game has no final totals: the sum of what was revealed.
  const sums = new Map<number, number>();
  for (const a of input.answers) {
    answered.set(a.playerNo, (answered.get(a.playerNo) ?? 0) + 1);
    if (a.points > 0) scored.set(a.playerNo, (scored.get(a.playerNo) ?? 0) + 1);
    sums.set(a.playerNo, (sums.get(a.playerNo) ?? 0) + a.points);
  }
  return toCsv<TotalLine>(
    [
      { title: "Rang", value: (l) => l.player.rank },
      { title: "Joueur", value: (l) => l.player.pseudo },
      { title: "Équipe", value: (l) => team(l.player) },
      { title: "Points", value: (l) => decimal(l.player.points ?? sums.get(l.player.playerNo) ?? 0, 2), numeric: true },
      { title: "Temps cumulé (s)", value: (l) => decimal(l.player.timeMs === null ? null : l.player.timeMs / 1000, 3), numeric: true },
      { title: "Réponses", value: (l) => l.answered },
      { title: "Réponses qui marquent", value: (l) => l.scored },
    ],
    rankingOrder(input.players).map((player) => ({
      player,
      answered: answered.get(player.playerNo) ?? 0,
      scored: scored.get(player.playerNo) ?? 0,
    }))
  );
}

/** 'repere-tour-de-lyon-2025-07-14-reponses.csv': a name that sorts and says what it is. */
export function exportFileName(quizName: string, startedAt: number | null, kind: "reponses" | "totaux"): string {
  const slug = quizName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  const day = startedAt ? new Date(startedAt).toISOString().slice(0, 10) : "partie";
  return `repere-${slug || "quiz"}-${day}-${kind}.csv`;
}
