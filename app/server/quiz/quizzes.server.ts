import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { questions, quizzes, type Account, type Quiz } from "@db/schema";
import { MSG } from "@common/contracts/messages";
import { WIZARD_MSG } from "@common/contracts/wizard/types";
import { canAccess, canEdit } from "../auth/auth.server";
import { requireOwnedFolder } from "./folders.server";
import { assertCopyable, copyQuizStatements } from "./quiz-copy.server";
import { releaseMedia } from "../media/media.server";
import { UNIQUE_NAME } from "@common/util/slug";
import { QUIZ_TITLE_MAX, copyName } from "@common/rules";
import { Refusal } from "../http/refusal.server";
import type { Translate } from "@common/i18n/ids";
import { m } from "@common/i18n/words";

/**
 * The quiz list of the dashboards and what its cards change (delete, duplicate, move, back to
 * the root). Creating and editing quizzes is the wizard's (quiz-editor.server.ts).
 */

type QuizListItem = {
  uniqueName: string;
  name: string;
  ownerId: number;
  folderId: number | null;
  lastTimePlayed: number | null;
  questionCount: number;
  /** Photo of the first question, for the card's cover; null for Street View or no question. */
  coverKey: string | null;
  /** Its map was confirmed (see inCreation): it can be launched. */
  finished: boolean;
  /** Positions (from 1) of its Street View questions: never shown on a player's device (player-media.ts). */
  streetViewQuestions: number[];
};

/** Quizzes directly in a folder (null = root, "all" = every folder) that the account may see, by name. */
export async function listQuizzes(db: Db, account: Account, folderId: number | null | "all"): Promise<QuizListItem[]> {
  const where: SQL[] = [];
  if (folderId !== "all") where.push(folderId === null ? isNull(quizzes.folderId) : eq(quizzes.folderId, folderId));
  if (account.role !== "admin") where.push(eq(quizzes.ownerId, account.id));
  const rows = await db
    .select({
      uniqueName: quizzes.uniqueName,
      name: quizzes.name,
      ownerId: quizzes.ownerId,
      folderId: quizzes.folderId,
      lastTimePlayed: quizzes.lastTimePlayed,
      questionCount: sql<number>`(select count(*) from ${questions} where ${questions.quizUniqueName} = ${quizzes.uniqueName})`,
      coverKey: sql<string | null>`(select ${questions.fileKey} from ${questions} where ${questions.quizUniqueName} = ${quizzes.uniqueName} order by ${questions.position} limit 1)`,
      mapSettings: quizzes.mapSettings,
      streetView: sql<string | null>`(select group_concat(n) from (select row_number() over (order by ${questions.position}) as n, ${questions.kind} as kind from ${questions} where ${questions.quizUniqueName} = ${quizzes.uniqueName}) where kind = 'streetview')`,
    })
    .from(quizzes)
    .where(and(...where))
    .orderBy(asc(quizzes.createdAt));
  return rows
    .map(({ mapSettings, streetView, ...row }) => ({
      ...row,
      finished: !inCreation({ mapSettings }),
      streetViewQuestions: streetView ? streetView.split(",").map(Number).sort((a, b) => a - b) : [],
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "fr", { sensitivity: "base" }));
}

/** Number of quizzes per folder id (null = root) among what the account may see. */
export async function quizCountsByFolder(db: Db, account: Account): Promise<Map<number | null, number>> {
  const rows = await db
    .select({ folderId: quizzes.folderId, n: sql<number>`count(*)` })
    .from(quizzes)
    .where(account.role === "admin" ? undefined : eq(quizzes.ownerId, account.id))
    .groupBy(quizzes.folderId);
  return new Map(rows.map((r) => [r.folderId, Number(r.n)]));
}

/**
 * What a caller wants to do with a quiz: see it (dashboard cards, launching, reading its
 * questions), build it (the wizard's calls: an MJ without the edit right may still finish a quiz
 * they are creating), or edit it (the edit page: the edit right is needed).
 */
type QuizAccess = "see" | "build" | "edit";

/**
 * The quiz, or a thrown refusal. Another account's quiz is refused exactly like a missing one
 * (404 « Quiz introuvable »), so nobody learns which names exist; a quiz of one's own that the
 * account may not change is a 403.
 */
export async function requireOwnedQuiz(
  db: Db,
  account: Account,
  uniqueName: unknown,
  access: QuizAccess = "see",
): Promise<Quiz> {
  const quiz = typeof uniqueName === "string" ? await findQuiz(db, uniqueName) : null;
  if (!quiz || !canAccess(account, quiz.ownerId)) throw Refusal.notFound(MSG.quizNotFound);
  const allowed = access === "see" || canEdit(account) || (access === "build" && inCreation(quiz));
  if (!allowed) throw Refusal.forbidden(WIZARD_MSG.cannotEdit);
  return quiz;
}

/** The quiz of that name, whoever owns it, or null (for the checks above and the public pages). */
export async function findQuiz(db: Db, uniqueName: string): Promise<Quiz | null> {
  if (!UNIQUE_NAME.test(uniqueName)) return null;
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.uniqueName, uniqueName)).limit(1);
  return quiz ?? null;
}

/**
 * A quiz whose map settings were never confirmed is still being built in the wizard that created
 * it: its owner may finish it even without the edit right. Once confirmed, changing it is editing.
 */
export function inCreation(quiz: Pick<Quiz, "mapSettings">): boolean {
  return quiz.mapSettings === null;
}

/** The dashboard's 'Supprimer' on a quiz card. */
export async function deleteQuiz(db: Db, bucket: R2Bucket, account: Account, uniqueName: unknown) {
  const quiz = await requireOwnedQuiz(db, account, uniqueName);
  await removeQuiz(db, bucket, quiz);
  return quiz;
}

/** D1 rows first (questions then the quiz, one batch), then the photos nothing else uses. */
export async function removeQuiz(db: Db, bucket: R2Bucket, quiz: Quiz): Promise<void> {
  const keys = await db
    .select({ fileKey: questions.fileKey })
    .from(questions)
    .where(eq(questions.quizUniqueName, quiz.uniqueName));
  await db.batch([
    db.delete(questions).where(eq(questions.quizUniqueName, quiz.uniqueName)),
    db.delete(quizzes).where(eq(quizzes.uniqueName, quiz.uniqueName)),
  ]);
  await releaseMedia(db, bucket, keys.map((k) => k.fileKey));
}

/** How many questions a quiz holds. */
export async function questionCount(db: Db, quizName: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(questions).where(eq(questions.quizUniqueName, quizName));
  return Number(row?.n ?? 0);
}

/** 'X' -> 'X (copie)' beside the original, in the same folder; returns the copy's name. */
export async function duplicateQuiz(db: Db, account: Account, uniqueName: unknown, t: Translate): Promise<string> {
  const quiz = await requireOwnedQuiz(db, account, uniqueName);
  await assertCopyable(db, [quiz.uniqueName]);
  const name = copyName(quiz.name, QUIZ_TITLE_MAX, t("common.copySuffix"));
  await db.batch(copyQuizStatements(db, quiz, { name, folderId: quiz.folderId }));
  return name;
}

export async function moveQuiz(db: Db, account: Account, uniqueName: unknown, folderId: unknown) {
  const quiz = await requireOwnedQuiz(db, account, uniqueName);
  const folder = await requireOwnedFolder(db, account, folderId);
  if (folder.ownerId !== quiz.ownerId) throw Refusal.badRequest(m("server.folder.otherOwner"));
  await db.update(quizzes).set({ folderId: folder.id }).where(eq(quizzes.uniqueName, quiz.uniqueName));
}

export async function quizToRoot(db: Db, account: Account, uniqueName: unknown) {
  const quiz = await requireOwnedQuiz(db, account, uniqueName);
  await db.update(quizzes).set({ folderId: null }).where(eq(quizzes.uniqueName, quiz.uniqueName));
}
