/** What the presenter routes' loader sends to the page (plain JSON). */
import type { Messages } from "@lingui/core";
import type { Words } from "../../i18n/ids";
import type { Locale } from "../../i18n/locales";
import type { Side } from "../dashboard/types";

/**
 * The night's words: the big screen speaks the language chosen at launch, whatever the language
 * of the browser showing it (compiled messages of the areas it can show, as a page's root sends).
 */
export type NightCatalog = { locale: Locale; messages: Messages };

export type PresenterPageData =
  | { kind: "launch"; side: Side; error: Words | null; dashboard: string; title: string }
  | { kind: "ended"; side: Side; dashboard: string; title: string }
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
      /** The page's title, in the night's language: the room's number, never the quiz. */
      title: string;
      catalog: NightCatalog;
    };

/**
 * What the end of a round's form gets back when the server refuses it: words the big screen says
 * in the night's language (`error`: a failure the server worded itself, in the page's language).
 */
export type RoundRefused = { refused?: Words; error?: string };

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
