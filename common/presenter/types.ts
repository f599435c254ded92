/** What the presenter routes' loader sends to the page (plain JSON). */
import type { Side } from "../dashboard/types";

export type PresenterPageData =
  | { kind: "launch"; side: Side; error: string | null; dashboard: string }
  | { kind: "ended"; side: Side; dashboard: string }
  | {
      kind: "game";
      side: Side;
      room: string;
      token: string;
      mode: "player" | "team";
      lobbyPicture: string;
      /** For the QR code and the address to type. */
      origin: string;
      host: string;
      dashboard: string;
      /** What « Autre quiz » offers: the quizzes the account may launch (admin: all). */
      quizzes: RoundQuiz[];
    };

/** A quiz « Autre quiz » offers, named on the page by `ref`, never by its unique name. */
export interface RoundQuiz {
  ref: string;
  name: string;
  questionCount: number;
  /** Positions (from 1) of its Street View questions, which players' devices never show. */
  streetViewQuestions: number[];
  /** The quiz of the round that just ended. */
  current: boolean;
}
