/** What the dashboard loader sends to the page (plain JSON). */
import type { GamesPage } from "../history/types";
import type { Words } from "../../i18n/ids";

export type Side = "admin" | "mj";

export type TreeFolder = { id: number; name: string; parentId: number | null; ownerId: number };

export type FolderCardData = {
  id: number;
  name: string;
  ownerId: number;
  pictureUrl: string | null;
  /** Direct children. */
  folderCount: number;
  quizCount: number;
  /** Everything deleting it would take (sub-folders at any depth, their quizzes). */
  subtreeFolders: number;
  subtreeQuizzes: number;
};

export type QuizCardData = {
  uniqueName: string;
  name: string;
  ownerId: number;
  folderId: number | null;
  /** When it was last played (ms), worded on the screen; null: never. */
  playedAt: number | null;
  questionCount: number;
  coverUrl: string | null;
  /** Its map was confirmed in the wizard: only then can it be launched. */
  finished: boolean;
  /** Positions (from 1) of its Street View questions, which players' devices never show. */
  streetViewQuestions: number[];
};

export type DashboardData =
  | { view: "login"; side: Side; title: string }
  | {
      view: "dashboard";
      side: Side;
      /** The page's title, worded by the server (a route's meta has no hooks). */
      title: string;
      account: { id: number; name: string; role: "admin" | "mj" };
      canEdit: boolean;
      folder: TreeFolder | null;
      trail: { id: number; name: string }[];
      parent: { id: number; name: string } | null;
      folders: FolderCardData[];
      quizzes: QuizCardData[];
      /** Every folder the account may see, for the folder chooser. */
      tree: TreeFolder[];
      /** Names of the owners of what is shown (the admin sees everyone's things). */
      owners: Record<number, string>;
      /** « Parties jouées », on the home dashboard only (null in a folder). */
      games: GamesPage | null;
      /** « Alertes du navigateur », on the admin's home dashboard only (null elsewhere). */
      alerts: BrowserAlertsView | null;
    };

/** What the browsers reported of the pages' Content-Security-Policies (app/server/http/browser-alerts.server.ts). */
export type BrowserAlertsView = {
  /** Every report received since the installation. */
  total: number;
  /** Per directive, by policy: the enforced one, and Google's strict one on trial (Report-Only). */
  counts: { directive: string; enforced: number; trial: number }[];
  /** The last reports, newest first. */
  recent: { id: number; at: number; page: string; directive: string; blocked: string; trial: boolean }[];
};

/**
 * Answer of every change of a page: what it did, as words the page words in its language, or the
 * reason it was refused, already worded by the server (its one error shape).
 */
export type ActionResult = { message: Words } | { error: string };
