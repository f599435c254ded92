import type { Db } from "@db/client";
import type { Account, Folder } from "@db/schema";
import { subtreeIds } from "@common/contracts/dashboard/format";
import type { DashboardData, FolderCardData, QuizCardData, Side } from "@common/contracts/dashboard/types";
import { pictureUrl, questionImageUrl } from "@common/media/urls";
import { canEdit } from "../auth/auth.server";
import { browserAlertsView } from "../http/browser-alerts.server";
import { allFolders, folderTrail, ownerNames } from "../quiz/folders.server";
import { playedGamesPage } from "../history/history.server";
import { listQuizzes, quizCountsByFolder } from "../quiz/quizzes.server";
import type { Translate } from "@common/i18n/ids";

/**
 * What /pres, /mj and their folder pages show the account: the folders and quizzes of `current`
 * (null: the root), with the folder tree the dialogs need, « Parties jouées » (page `gamesPage`) at
 * the root, and the browsers' alerts at the admin's root; `title` is the page's, worded by its route.
 */
export async function dashboardData(
  db: Db,
  account: Account,
  side: Side,
  current: Folder | null,
  gamesPage: number,
  title: string,
  t: Translate,
): Promise<DashboardData> {
  const [tree, counts, quizzes, owners, trail, games, alerts] = await Promise.all([
    allFolders(db, account),
    quizCountsByFolder(db, account),
    listQuizzes(db, account, current?.id ?? null),
    ownerNames(db),
    current ? folderTrail(db, current) : Promise.resolve([]),
    current ? Promise.resolve(null) : playedGamesPage(db, account, side, gamesPage, t),
    current || account.role !== "admin" ? Promise.resolve(null) : browserAlertsView(db),
  ]);

  const children = tree
    .filter((f) => f.parentId === (current?.id ?? null))
    .sort((a, b) => a.name.localeCompare(b.name, "fr", { sensitivity: "base" }));
  const folderCards: FolderCardData[] = children.map((f) => {
    const sub = subtreeIds(tree, f.id);
    let subtreeQuizzes = 0;
    for (const id of sub) subtreeQuizzes += counts.get(id) ?? 0;
    return {
      id: f.id,
      name: f.name,
      ownerId: f.ownerId,
      pictureUrl: f.imageKey ? pictureUrl(f.imageKey) : null,
      folderCount: tree.filter((c) => c.parentId === f.id).length,
      quizCount: counts.get(f.id) ?? 0,
      subtreeFolders: sub.size - 1,
      subtreeQuizzes,
    };
  });
  const quizCards: QuizCardData[] = quizzes.map((q) => ({
    uniqueName: q.uniqueName,
    name: q.name,
    ownerId: q.ownerId,
    folderId: q.folderId,
    playedAt: q.lastTimePlayed,
    questionCount: Number(q.questionCount),
    coverUrl: q.coverKey ? questionImageUrl(q.uniqueName, q.coverKey) : null,
    finished: q.finished,
    streetViewQuestions: q.streetViewQuestions,
  }));
  const ownerIds = new Set([...tree.map((f) => f.ownerId), ...quizzes.map((q) => q.ownerId)]);
  return {
    view: "dashboard",
    side,
    title,
    account: { id: account.id, name: account.name, role: account.role },
    canEdit: canEdit(account),
    folder: current ? { id: current.id, name: current.name, parentId: current.parentId, ownerId: current.ownerId } : null,
    trail: trail.map((f) => ({ id: f.id, name: f.name })),
    parent: current?.parentId ? (trail.find((f) => f.id === current.parentId) ?? null) : null,
    folders: folderCards,
    quizzes: quizCards,
    tree: tree.map((f) => ({ id: f.id, name: f.name, parentId: f.parentId, ownerId: f.ownerId })),
    owners: Object.fromEntries([...ownerIds].map((id) => [id, owners.get(id) ?? "?"])),
    games,
    alerts,
  };
}
