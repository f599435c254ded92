/** What the dashboard loader sends to the page (plain JSON). */
import type { GamesPage } from "../history/types";

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
  /** Already formatted: 'dd/mm/yyyy HHhMM' or 'Jamais jouée'. */
  playedAt: string;
  questionCount: number;
  coverUrl: string | null;
  /** Its map was confirmed in the wizard: only then can it be launched. */
  finished: boolean;
};

export type DashboardData =
  | { view: "login"; side: Side }
  | {
      view: "dashboard";
      side: Side;
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
    };

/** Answer of every change: what it did, or the French reason it was refused (the server's one error shape). */
export type ActionResult = { message: string } | { error: string };
