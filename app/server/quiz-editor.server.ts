/**
 * The quiz wizard's server side: create a quiz, add and remove questions, save its map settings,
 * discard a quiz abandoned during its creation. Every function takes an account already checked
 * by requireAccount; the rules of who may change what live here, once.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { folders, questions, quizzes, type Account, type MapSettings, type Question, type Quiz } from "@db/schema";
import { WIZARD_MSG, type WizardQuestion } from "@common/wizard/types";
import { canAccess, canEdit } from "./auth.server";
import { questionImageUrl } from "@common/media-urls";
import { putMedia, releaseMedia } from "./media.server";
import { IMAGE_EXTENSION, type ImageType } from "@common/sniff";
import { quizUniqueName, UNIQUE_NAME } from "@common/slug";
import { streetViewEmbedUrl, type StreetView } from "@common/streetview";
import type { LatLng } from "@common/protocol";

export function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });
}

export async function findQuiz(db: Db, uniqueName: string | undefined): Promise<Quiz | null> {
  if (!uniqueName || !UNIQUE_NAME.test(uniqueName)) return null;
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.uniqueName, uniqueName)).limit(1);
  return quiz ?? null;
}

/**
 * A quiz whose map settings were never confirmed is still being built in the wizard that created
 * it: its owner may finish it even without the edit right. Once confirmed, changing it is editing
 * (spec §6: an MJ edits only with can_edit).
 */
export function inCreation(quiz: Quiz): boolean {
  return quiz.mapSettings === null;
}

export function mayChange(account: Account, quiz: Quiz): boolean {
  return canAccess(account, quiz.ownerId) && (canEdit(account) || inCreation(quiz));
}

/** The quiz, or a thrown 404 / 403 JSON answer. */
export async function requireQuiz(
  db: Db,
  account: Account,
  uniqueName: string | undefined,
  need: "read" | "change",
): Promise<Quiz> {
  const quiz = await findQuiz(db, uniqueName);
  if (!quiz) throw jsonError(404, WIZARD_MSG.quizNotFound);
  const allowed = need === "read" ? canAccess(account, quiz.ownerId) : mayChange(account, quiz);
  if (!allowed) throw jsonError(403, WIZARD_MSG.cannotEdit);
  return quiz;
}

/** A folder the account may put a quiz into, or null (the quiz then goes to the root). */
export async function usableFolder(db: Db, account: Account, folderId: number | null | undefined) {
  if (!folderId || !Number.isSafeInteger(folderId)) return null;
  const [folder] = await db.select().from(folders).where(eq(folders.id, folderId)).limit(1);
  return folder && canAccess(account, folder.ownerId) ? folder : null;
}

export async function createQuiz(
  db: Db,
  account: Account,
  input: { name: string; description: string; folderId?: number | null },
): Promise<string> {
  const folder = await usableFolder(db, account, input.folderId);
  // The suffix makes a clash very unlikely; one retry covers it.
  for (let attempt = 0; ; attempt++) {
    const uniqueName = quizUniqueName(input.name);
    try {
      await db.insert(quizzes).values({
        uniqueName,
        ownerId: account.id,
        folderId: folder?.id ?? null,
        name: input.name,
        description: input.description,
      });
      return uniqueName;
    } catch (error) {
      if (attempt >= 1) throw error;
    }
  }
}

const fileNameOf = (key: string) => key.slice(key.lastIndexOf("/") + 1);

export function toWizardQuestion(quizName: string, q: Question): WizardQuestion {
  const streetView: StreetView | null =
    q.kind === "streetview" && q.svLat !== null && q.svLng !== null && q.svHeading !== null && q.svPitch !== null
      ? { pano: q.svPano, lat: q.svLat, lng: q.svLng, heading: q.svHeading, pitch: q.svPitch, fov: q.svFov }
      : null;
  return {
    id: q.id,
    position: q.position,
    kind: q.kind,
    name: q.name,
    coords: { lat: q.lat, lng: q.lng },
    filename: q.fileKey ? fileNameOf(q.fileKey) : null,
    imageUrl: q.fileKey ? questionImageUrl(quizName, q.fileKey) : null,
    titre: q.titre,
    description: q.description,
    streetView,
    embedUrl: streetView ? streetViewEmbedUrl(streetView) : null,
  };
}

export async function listQuestions(db: Db, quizName: string): Promise<WizardQuestion[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(eq(questions.quizUniqueName, quizName))
    .orderBy(asc(questions.position), asc(questions.id));
  return rows.map((q) => toWizardQuestion(quizName, q));
}

async function nextPosition(db: Db, quizName: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${questions.position})` })
    .from(questions)
    .where(eq(questions.quizUniqueName, quizName));
  return (row?.max ?? -1) + 1;
}

/**
 * Stores the photo (already sniffed and stripped of its position) then its row. If the row
 * cannot be written, the object is released again: nothing is left half-stored (DESIGN §3).
 */
export async function addPhotoQuestion(
  db: Db,
  bucket: R2Bucket,
  quiz: Quiz,
  photo: { bytes: Uint8Array<ArrayBuffer>; type: ImageType; name: string; coords: LatLng },
): Promise<WizardQuestion> {
  const key = await putMedia(bucket, "photos", photo.bytes, photo.type, IMAGE_EXTENSION[photo.type]);
  try {
    const [row] = await db
      .insert(questions)
      .values({
        quizUniqueName: quiz.uniqueName,
        position: await nextPosition(db, quiz.uniqueName),
        name: photo.name,
        kind: "photo",
        fileKey: key,
        lat: photo.coords.lat,
        lng: photo.coords.lng,
      })
      .returning();
    return toWizardQuestion(quiz.uniqueName, row);
  } catch (error) {
    await releaseMedia(db, bucket, [key]);
    throw error;
  }
}

export async function addStreetViewQuestion(
  db: Db,
  quiz: Quiz,
  input: { name: string; titre: string; description: string; streetView: StreetView; coords: LatLng },
): Promise<WizardQuestion> {
  const sv = input.streetView;
  const [row] = await db
    .insert(questions)
    .values({
      quizUniqueName: quiz.uniqueName,
      position: await nextPosition(db, quiz.uniqueName),
      name: input.name,
      kind: "streetview",
      svPano: sv.pano,
      svLat: sv.lat,
      svLng: sv.lng,
      svHeading: sv.heading,
      svPitch: sv.pitch,
      svFov: sv.fov,
      titre: input.titre,
      description: input.description,
      lat: input.coords.lat,
      lng: input.coords.lng,
    })
    .returning();
  return toWizardQuestion(quiz.uniqueName, row);
}

/**
 * Removes one question, named by its id or (spec path) by its photo's file name. The row goes
 * first, then the photo if no other row still uses it.
 */
export async function deleteQuestion(db: Db, bucket: R2Bucket, quiz: Quiz, ref: string): Promise<boolean> {
  const byId = /^\d{1,15}$/.test(ref);
  if (!byId && !/^[a-f0-9]{64}\.(jpg|png|webp|gif)$/.test(ref)) return false;
  const [row] = await db
    .select()
    .from(questions)
    .where(
      and(
        eq(questions.quizUniqueName, quiz.uniqueName),
        byId ? eq(questions.id, Number(ref)) : eq(questions.fileKey, `photos/${ref}`),
      ),
    )
    .orderBy(asc(questions.position))
    .limit(1);
  if (!row) return false;
  await db.delete(questions).where(eq(questions.id, row.id));
  await releaseMedia(db, bucket, [row.fileKey]);
  return true;
}

export async function saveMapSettings(db: Db, quiz: Quiz, mapSettings: MapSettings): Promise<void> {
  await db.update(quizzes).set({ mapSettings }).where(eq(quizzes.uniqueName, quiz.uniqueName));
}

/**
 * 'Annuler' in a wizard that created the quiz (spec §2): rows first, in one batch, then the
 * photos nothing else uses. A quiz whose map settings were confirmed is never discarded this way.
 */
export async function discardQuiz(db: Db, bucket: R2Bucket, account: Account, quiz: Quiz): Promise<boolean> {
  if (!canAccess(account, quiz.ownerId) || !inCreation(quiz)) return false;
  const rows = await db
    .select({ fileKey: questions.fileKey })
    .from(questions)
    .where(eq(questions.quizUniqueName, quiz.uniqueName));
  await db.batch([
    db.delete(questions).where(eq(questions.quizUniqueName, quiz.uniqueName)),
    db.delete(quizzes).where(eq(quizzes.uniqueName, quiz.uniqueName)),
  ]);
  await releaseMedia(db, bucket, rows.map((r) => r.fileKey));
  return true;
}

/** Where the wizard returns: the dashboard of the account's side, in the quiz's folder if any. */
export async function dashboardPath(db: Db, account: Account, folderId: number | null | undefined): Promise<string> {
  const side = account.role === "admin" ? "/pres" : "/mj";
  if (!folderId) return side;
  const [folder] = await db.select().from(folders).where(eq(folders.id, folderId)).limit(1);
  if (!folder || !canAccess(account, folder.ownerId)) return side;
  return `${side}/${folder.id}/${encodeURIComponent(folder.name)}/folder`;
}
