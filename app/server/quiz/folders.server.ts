import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { chunks, readInChunks, type Db } from "@db/client";
import { accounts, folders, questions, quizzes, type Account, type Folder } from "@db/schema";
import { subtreeIds } from "@common/contracts/dashboard/format";
import { FOLDER_NAME_MAX, copyName } from "@common/rules";
import { canAccess } from "../auth/auth.server";
import { releaseMedia } from "../media/media.server";
import { assertCopyable, copyQuizStatements } from "./quiz-copy.server";
import { MSG } from "@common/contracts/messages";
import { Refusal } from "../http/refusal.server";
import { m } from "@common/i18n/words";
import type { Translate } from "@common/i18n/ids";

/**
 * Folders of the dashboards: a tree per account (parent_id null = root). A tree
 * never mixes accounts: a folder created inside another takes that folder's owner, and things
 * move only between folders of their own owner, so an MJ never loses sight of a sub-folder.
 */
type FolderNode = Pick<Folder, "id" | "ownerId" | "parentId" | "name" | "imageKey">;

const MSG_FOLDER = {
  nameRequired: m("server.folder.nameRequired"),
  nameTooLong: m("server.folder.nameTooLong", { max: FOLDER_NAME_MAX }),
  intoItself: m("server.folder.intoItself"),
  otherOwner: m("server.folder.otherOwner"),
} as const;

function folderName(raw: unknown): string {
  const name = typeof raw === "string" ? raw.trim().replace(/\s+/g, " ") : "";
  if (!name) throw Refusal.badRequest(MSG_FOLDER.nameRequired);
  if (name.length > FOLDER_NAME_MAX) throw Refusal.badRequest(MSG_FOLDER.nameTooLong);
  return name;
}

/** Folders the account may see: all for the admin, their own for an MJ. */
function scope(account: Account): SQL | undefined {
  return account.role === "admin" ? undefined : eq(folders.ownerId, account.id);
}

/** The folders matching `where`, with what a tree needs of each. */
function folderNodes(db: Db, where: SQL | undefined): Promise<FolderNode[]> {
  return db
    .select({
      id: folders.id,
      ownerId: folders.ownerId,
      parentId: folders.parentId,
      name: folders.name,
      imageKey: folders.imageKey,
    })
    .from(folders)
    .where(where);
}

export function allFolders(db: Db, account: Account): Promise<FolderNode[]> {
  return folderNodes(db, scope(account));
}

function ownerFolders(db: Db, ownerId: number): Promise<FolderNode[]> {
  return folderNodes(db, eq(folders.ownerId, ownerId));
}

/** The folder if the account may see it; another MJ's folder is as absent as a missing one. */
export async function requireOwnedFolder(db: Db, account: Account, id: unknown): Promise<Folder> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw Refusal.notFound(MSG.folderNotFound);
  const [folder] = await db.select().from(folders).where(eq(folders.id, n)).limit(1);
  if (!folder || !canAccess(account, folder.ownerId)) throw Refusal.notFound(MSG.folderNotFound);
  return folder;
}

export async function createFolder(
  db: Db,
  account: Account,
  rawName: unknown,
  parentId: number | null,
): Promise<Folder> {
  const name = folderName(rawName);
  const parent = parentId === null ? null : await requireOwnedFolder(db, account, parentId);
  const [folder] = await db
    .insert(folders)
    .values({ name, parentId: parent?.id ?? null, ownerId: parent?.ownerId ?? account.id })
    .returning();
  return folder;
}

export async function renameFolder(db: Db, account: Account, id: unknown, rawName: unknown) {
  const folder = await requireOwnedFolder(db, account, id);
  await db.update(folders).set({ name: folderName(rawName) }).where(eq(folders.id, folder.id));
}

export async function moveFolder(db: Db, account: Account, id: unknown, targetId: unknown) {
  const folder = await requireOwnedFolder(db, account, id);
  const target = await requireOwnedFolder(db, account, targetId);
  if (target.ownerId !== folder.ownerId) throw Refusal.badRequest(MSG_FOLDER.otherOwner);
  const tree = await ownerFolders(db, folder.ownerId);
  if (subtreeIds(tree, folder.id).has(target.id)) throw Refusal.badRequest(MSG_FOLDER.intoItself);
  await db.update(folders).set({ parentId: target.id }).where(eq(folders.id, folder.id));
}

export async function folderToRoot(db: Db, account: Account, id: unknown) {
  const folder = await requireOwnedFolder(db, account, id);
  await db.update(folders).set({ parentId: null }).where(eq(folders.id, folder.id));
}

/** What deleting a folder takes with it: every sub-folder and every quiz in them. */
async function folderContents(db: Db, folder: FolderNode) {
  const tree = await ownerFolders(db, folder.ownerId);
  const ids = [...subtreeIds(tree, folder.id)];
  const inTree = tree.filter((f) => ids.includes(f.id));
  const rows = await readInChunks(ids, (part) =>
    db.select({ uniqueName: quizzes.uniqueName }).from(quizzes).where(inArray(quizzes.folderId, part)),
  );
  const quizNames = rows.map((r) => r.uniqueName);
  return { ids, folders: inTree, quizNames };
}

/**
 * Deletes the folder, its sub-folders and their quizzes (the confirm text says so first).
 * D1 rows go in one batch (all or nothing), then the R2 objects nothing refers to any more.
 */
export async function deleteFolder(db: Db, bucket: R2Bucket, account: Account, id: unknown) {
  const folder = await requireOwnedFolder(db, account, id);
  const { ids, folders: tree, quizNames } = await folderContents(db, folder);
  const fileKeys = (
    await readInChunks(quizNames, (part) =>
      db.select({ fileKey: questions.fileKey }).from(questions).where(inArray(questions.quizUniqueName, part)),
    )
  ).map((r) => r.fileKey);
  const statements = [
    ...chunks(quizNames).map((part) => db.delete(questions).where(inArray(questions.quizUniqueName, part))),
    ...chunks(quizNames).map((part) => db.delete(quizzes).where(inArray(quizzes.uniqueName, part))),
    ...chunks(ids).map((part) => db.delete(folders).where(inArray(folders.id, part))),
  ];
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  await releaseMedia(db, bucket, [...fileKeys, ...tree.map((f) => f.imageKey)]);
  return { folders: ids.length, quizzes: quizNames.length };
}

/**
 * Copies the folder with its whole sub-tree beside the original: sub-folders, quizzes and their
 * questions, new unique names, the same R2 objects (keys are content hashes). New folder ids are
 * chosen up front so that the whole copy is one batch; a race on ids fails the batch whole and
 * is retried.
 */
export async function duplicateFolder(db: Db, account: Account, id: unknown, t: Translate): Promise<number> {
  const folder = await requireOwnedFolder(db, account, id);
  await assertCopyable(db, (await folderContents(db, folder)).quizNames);
  for (let attempt = 0; ; attempt++) {
    try {
      return await copyTree(db, folder, t("common.copySuffix"));
    } catch (error) {
      if (attempt >= 2 || !/UNIQUE|constraint/i.test(String(error))) throw error;
    }
  }
}

async function copyTree(db: Db, folder: Folder, copySuffix: string): Promise<number> {
  const { folders: tree, quizNames } = await folderContents(db, folder);
  const [{ maxId }] = await db.select({ maxId: sql<number>`coalesce(max(${folders.id}), 0)` }).from(folders);
  // Parents before children, so that every parent id exists when its child is inserted.
  const ordered: FolderNode[] = [];
  const placed = new Set<number>();
  const visit = (f: FolderNode) => {
    ordered.push(f);
    placed.add(f.id);
    for (const child of tree.filter((c) => c.parentId === f.id && !placed.has(c.id))) visit(child);
  };
  visit(tree.find((f) => f.id === folder.id)!);
  const newId = new Map(ordered.map((f, i) => [f.id, maxId + 1 + i]));
  const now = Date.now();
  const folderInserts = ordered.map((f) =>
    db.insert(folders).values({
      id: newId.get(f.id)!,
      ownerId: f.ownerId,
      parentId: f.id === folder.id ? folder.parentId : newId.get(f.parentId!)!,
      name: f.id === folder.id ? copyName(f.name, FOLDER_NAME_MAX, copySuffix) : f.name,
      imageKey: f.imageKey,
      createdAt: now,
    }),
  );
  const quizRows = await readInChunks(quizNames, (part) => db.select().from(quizzes).where(inArray(quizzes.uniqueName, part)));
  const quizCopies = quizRows.flatMap((quiz) =>
    copyQuizStatements(db, quiz, { name: quiz.name, folderId: newId.get(quiz.folderId!) ?? null }),
  );
  const statements = [...folderInserts, ...quizCopies];
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return newId.get(folder.id)!;
}

export async function setFolderPicture(
  db: Db,
  bucket: R2Bucket,
  account: Account,
  id: unknown,
  key: string,
) {
  const folder = await requireOwnedFolder(db, account, id);
  await db.update(folders).set({ imageKey: key }).where(eq(folders.id, folder.id));
  if (folder.imageKey !== key) await releaseMedia(db, bucket, [folder.imageKey]);
}

/** Breadcrumb from the root down to the folder. */
export async function folderTrail(db: Db, folder: Folder): Promise<FolderNode[]> {
  const tree = await ownerFolders(db, folder.ownerId);
  const byId = new Map(tree.map((f) => [f.id, f]));
  const trail: FolderNode[] = [];
  let current = byId.get(folder.id);
  while (current && !trail.includes(current)) {
    trail.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return trail;
}

export async function ownerNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: accounts.id, name: accounts.name, role: accounts.role }).from(accounts);
  return new Map(rows.map((r) => [r.id, r.name]));
}

