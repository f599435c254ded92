/**
 * The two files of a game's export: one line per player and question (a question a player did
 * not answer has its line too, so a pivot table has no holes), and one line per player with the
 * totals, in the reader's language (titles, words) and its spreadsheet's form (csv.ts). Pure: the
 * server reads the rows, this writes the files.
 */
import type { TargetSetting } from "../../wire/protocol";
import { COLORS } from "../../rules";
import type { Translate } from "../../i18n/ids";
import type { Locale } from "../../i18n/locales";
import { csvForm, decimal, toCsv } from "../../util/csv";
import type { HistoryAnswer, HistoryPlayer } from "./types";

/** The language a file is written in: its words, and its spreadsheet's form. */
export type ExportLanguage = { t: Translate; locale: Locale };

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

/** A team's name ('Équipe bleue', 'Blue team'); a team the app does not know keeps its own. */
export const teamLabel = (team: string | null, t: Translate) =>
  team === null ? "" : Object.hasOwn(COLORS, team) ? t("history.team", { color: team }) : team;

/** The ring an answer fell in, by its outer radius ('20 m'), or off the target. */
export function ringLabel(targets: TargetSetting[], ring: number, t: Translate): string {
  const target = targets[ring];
  return ring > 0 && target && target.max > 0 ? t("history.ring.metres", { m: target.max }) : t("history.ring.out");
}

type AnswerLine = { player: HistoryPlayer; question: number; answer: HistoryAnswer | undefined };

export function answersCsv(input: ExportInput, { t, locale }: ExportLanguage): string {
  const form = csvForm(locale);
  const team = (p: HistoryPlayer) => teamLabel(p.team, t);
  const byKey = new Map(input.answers.map((a) => [`${a.playerNo}:${a.question}`, a]));
  function* lines(): Generator<AnswerLine> {
    for (const player of rankingOrder(input.players))
      for (let question = 0; question < input.questions.length; question++)
        yield { player, question, answer: byKey.get(`${player.playerNo}:${question}`) };
  }
  return toCsv<AnswerLine>(
    [
      { title: t("history.csv.rank"), value: (l) => l.player.rank },
      { title: t("history.csv.player"), value: (l) => l.player.pseudo },
      { title: t("history.csv.team"), value: (l) => team(l.player) },
      { title: t("history.csv.question"), value: (l) => l.question + 1 },
      { title: t("history.csv.title"), value: (l) => input.questions[l.question]?.title ?? "" },
      { title: t("history.csv.latitude"), value: (l) => decimal(l.answer?.lat, 6, form), numeric: true },
      { title: t("history.csv.longitude"), value: (l) => decimal(l.answer?.lng, 6, form), numeric: true },
      { title: t("history.csv.distance"), value: (l) => l.answer?.distanceM ?? null },
      { title: t("history.csv.ring"), value: (l) => (l.answer ? ringLabel(input.targets, l.answer.ring, t) : t("history.csv.noAnswer")) },
      { title: t("history.csv.time"), value: (l) => decimal(l.answer ? l.answer.timeMs / 1000 : null, 3, form), numeric: true },
      { title: t("history.csv.points"), value: (l) => decimal(l.answer?.points ?? 0, 2, form), numeric: true },
    ],
    lines(),
    form,
  );
}

type TotalLine = { player: HistoryPlayer; answered: number; scored: number };

export function totalsCsv(input: ExportInput, { t, locale }: ExportLanguage): string {
  const form = csvForm(locale);
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
      { title: t("history.csv.rank"), value: (l) => l.player.rank },
      { title: t("history.csv.player"), value: (l) => l.player.pseudo },
      { title: t("history.csv.team"), value: (l) => teamLabel(l.player.team, t) },
      { title: t("history.csv.points"), value: (l) => decimal(l.player.points ?? sums.get(l.player.playerNo) ?? 0, 2, form), numeric: true },
      {
        title: t("history.csv.totalTime"),
        value: (l) => decimal(l.player.timeMs === null ? null : l.player.timeMs / 1000, 3, form),
        numeric: true,
      },
      { title: t("history.csv.answers"), value: (l) => l.answered },
      { title: t("history.csv.scoring"), value: (l) => l.scored },
    ],
    rankingOrder(input.players).map((player) => ({
      player,
      answered: answered.get(player.playerNo) ?? 0,
      scored: scored.get(player.playerNo) ?? 0,
    })),
    form,
  );
}

/**
 * 'repere-tour-de-lyon-2025-07-14-reponses.csv' ('…-answers.csv' in English): a name that sorts
 * and says what it is.
 */
export function exportFileName(quizName: string, startedAt: number | null, kind: "answers" | "totals", t: Translate): string {
  const slug = quizName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  const day = startedAt ? new Date(startedAt).toISOString().slice(0, 10) : t("history.csv.fileGame");
  const what = t(kind === "answers" ? "history.csv.fileAnswers" : "history.csv.fileTotals");
  return `repere-${slug || "quiz"}-${day}-${what}.csv`;
}
