/** What the history's loaders send to the pages (plain JSON), and what the exports read. */
import type { Bounds, QuizQuestion, TargetSetting, TeamResult } from "../../wire/protocol";
import type { DefiAdmin } from "../defi/types";

/** Where a game stands, as a code the screens word: in progress, played to its end, cut short. */
export type GameStatus = "live" | "over" | "interrupted";

/** One line of « Parties jouées ». */
export type PlayedGameRow = {
  id: string;
  /** When it started (ms), shown in the reader's language. */
  playedAt: number;
  quizName: string;
  mode: "player" | "team";
  playersCount: number;
  winner: string | null;
  status: GameStatus;
  /** The admin sees everyone's games: whose it is (null for their own). */
  owner: string | null;
  reportUrl: string;
  /** A défi: until when it takes answers (ms), and whether it still does. */
  defi: { deadline: number; open: boolean } | null;
};

export type GamesPage = {
  rows: PlayedGameRow[];
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
};

/** A player of the game with their final totals (null in a game that never reached its end). */
export type HistoryPlayer = {
  playerNo: number;
  pseudo: string;
  marker: string;
  team: string | null;
  rank: number | null;
  points: number | null;
  timeMs: number | null;
};

export type HistoryAnswer = {
  question: number;
  playerNo: number;
  lat: number;
  lng: number;
  distanceM: number;
  ring: number;
  points: number;
  timeMs: number;
};

export type QuestionSummary = {
  index: number;
  title: string;
  imageUrl: string | null;
  streetview: boolean;
  spot: { lat: number; lng: number };
  answers: number;
  /** Metres, over the answers given; null when nobody answered. */
  averageDistanceM: number | null;
  /** Players whose answer scored, and their share of all the game's players (0..1). */
  scored: number;
  scoredShare: number;
  /** The quickest answer inside a ring. */
  fastest: { pseudo: string; timeMs: number } | null;
};

export type ReportAnswer = { playerNo: number; pseudo: string; marker: string } & Omit<HistoryAnswer, "question" | "playerNo">;

export type ReportData = {
  side: "admin" | "mj";
  /** The page's title, worded by the server. */
  title: string;
  accountName: string;
  game: {
    id: string;
    quizName: string;
    /** When it started (ms). */
    playedAt: number;
    mode: "player" | "team";
    playersCount: number;
    winner: string | null;
    status: GameStatus;
    owner: string | null;
    answerTimeSec: number | null;
  };
  ranking: (HistoryPlayer & { answered: number })[];
  teams: TeamResult[] | null;
  bounds: Bounds | null;
  targets: TargetSetting[];
  questions: QuestionSummary[];
  /** The question shown on the map (0-based) and every answer to it. */
  selected: number;
  answers: ReportAnswer[];
  exports: { answers: string; totals: string };
  backUrl: string;
  /** A défi's link, deadline, state and players, for its owner to manage. */
  defi: DefiAdmin | null;
};

/** The quiz as it was played, kept with the game (games.quiz_snapshot). */
export type PlayedQuizSnapshot = {
  quiz: { name: string; questions: QuizQuestion[]; mapSettings: { bounds: Bounds } };
  targets: TargetSetting[];
};
